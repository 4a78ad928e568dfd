import DetectionCore

// MARK: - Location fixes between the shims and the core

extension LocationFix {
    /// The core's fix for a location: same position and horizontal accuracy; the time is the timestamp's
    /// seconds since the reference date (the stream clock, see `Date`).
    ///
    /// - Parameter location: the location.
    /// - Returns: nil when its coordinate is not a position (see `Coordinate.init?(_:)`).
    public init?(_ location: CLLocation) {
        guard let coordinate = Coordinate(location.coordinate) else { return nil }
        self.init(
            coordinate: coordinate, horizontalAccuracyMeters: location.horizontalAccuracy,
            timestampSeconds: location.timestamp.timeIntervalSinceReferenceDate)
    }
}

extension CLLocation {
    /// The location a team's code receives for a core fix: same position and horizontal accuracy, timestamp
    /// `Date(timeIntervalSinceReferenceDate: t)`; altitude 0 with vertical accuracy −1 (SensorBench simulates
    /// no altitude, and −1 is Core Location's "altitude invalid").
    ///
    /// - Parameter fix: the core's fix.
    public init(_ fix: LocationFix) {
        self.init(
            coordinate: CLLocationCoordinate2D(fix.coordinate), altitude: 0,
            horizontalAccuracy: fix.horizontalAccuracyMeters, verticalAccuracy: -1,
            timestamp: Date(timeIntervalSinceReferenceDate: fix.timestampSeconds))
    }
}

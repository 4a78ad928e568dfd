import DetectionCore

// MARK: - Core Location-shaped location

/// A position report, as Core Location's `CLLocation` (a class there; an immutable struct here with the same
/// read-only properties and initialiser labels).
public struct CLLocation: Sendable, Equatable {
    /// The position.
    public let coordinate: CLLocationCoordinate2D
    /// Altitude above mean sea level, metres (meaningful only when `verticalAccuracy` ≥ 0).
    public let altitude: CLLocationDistance
    /// Radius of the horizontal uncertainty circle, metres; negative when the position is invalid.
    public let horizontalAccuracy: CLLocationAccuracy
    /// Altitude uncertainty, metres; negative when the altitude is invalid.
    public let verticalAccuracy: CLLocationAccuracy
    /// When the fix was made.
    public let timestamp: Date

    /// A location at a latitude and longitude: altitude 0, horizontal accuracy 0 and vertical accuracy −1 (the
    /// altitude is not known), as Apple's. Apple stamps it with the current time; here it is the reference date
    /// (`Date(timeIntervalSinceReferenceDate: 0)`), so results never depend on the clock.
    ///
    /// - Parameters:
    ///   - latitude: degrees.
    ///   - longitude: degrees.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
            horizontalAccuracy: 0, verticalAccuracy: -1, timestamp: Date(timeIntervalSinceReferenceDate: 0))
    }

    /// A location with every field given, as Apple's
    /// `init(coordinate:altitude:horizontalAccuracy:verticalAccuracy:timestamp:)`.
    ///
    /// - Parameters:
    ///   - coordinate: the position.
    ///   - altitude: metres.
    ///   - horizontalAccuracy: metres; negative for an invalid position.
    ///   - verticalAccuracy: metres; negative for an invalid altitude.
    ///   - timestamp: when the fix was made.
    public init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
        verticalAccuracy: CLLocationAccuracy, timestamp: Date
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.timestamp = timestamp
    }

    /// The distance to `location` along the WGS-84 ellipsoid, metres: the geodesic (Karney's method,
    /// DetectionCore's `Geodesic.distanceMeters`, about 15 nm accurate). Altitudes are ignored, as Apple's.
    ///
    /// - Parameter location: the other location.
    /// - Returns: metres, ≥ 0; NaN when either coordinate is not a position (latitude beyond a pole or not
    ///   finite, longitude not finite), so a `distance(from:) < radius` test is false for it.
    public func distance(from location: CLLocation) -> CLLocationDistance {
        guard let a = Coordinate(coordinate), let b = Coordinate(location.coordinate) else { return .nan }
        return Geodesic.distanceMeters(a, b)
    }
}

import DetectionCore

// MARK: - Coordinates between the shims and the core

extension Coordinate {
    /// The core's validated coordinate for a Core Location one.
    ///
    /// - Parameter coordinate: degrees, as given.
    /// - Returns: nil when the latitude is beyond a pole or either value is not finite (the longitude is
    ///   normalised to [−180, 180)).
    public init?(_ coordinate: CLLocationCoordinate2D) {
        self.init(latitudeDegrees: coordinate.latitude, longitudeDegrees: coordinate.longitude)
    }
}

extension CLLocationCoordinate2D {
    /// The Core Location coordinate of a core one (same degrees).
    ///
    /// - Parameter coordinate: the core's coordinate.
    public init(_ coordinate: Coordinate) {
        self.init(latitude: coordinate.latitudeDegrees, longitude: coordinate.longitudeDegrees)
    }
}

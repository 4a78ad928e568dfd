// MARK: - Core Location-shaped coordinate

/// A latitude–longitude pair in degrees on WGS-84, as Core Location's `CLLocationCoordinate2D`.
///
/// Stored as given, unvalidated, as Apple's C struct is; `CLLocationCoordinate2DIsValid(_:)` says whether it is
/// a real position.
public struct CLLocationCoordinate2D: Sendable, Equatable {
    /// Latitude in degrees, positive north.
    public var latitude: CLLocationDegrees
    /// Longitude in degrees, positive east.
    public var longitude: CLLocationDegrees

    /// (0, 0), as the C struct's zero initialiser.
    public init() {
        latitude = 0
        longitude = 0
    }

    /// A coordinate with the given degrees.
    ///
    /// - Parameters:
    ///   - latitude: degrees.
    ///   - longitude: degrees.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Whether `coord` is a position: latitude in [−90, 90] and longitude in [−180, 180], both finite (Apple's rule).
///
/// - Parameter coord: the coordinate.
/// - Returns: true when both are in range.
public func CLLocationCoordinate2DIsValid(_ coord: CLLocationCoordinate2D) -> Bool {
    coord.latitude >= -90 && coord.latitude <= 90 && coord.longitude >= -180 && coord.longitude <= 180
}

/// A coordinate from latitude and longitude, as Core Location's C function.
///
/// - Parameters:
///   - latitude: degrees.
///   - longitude: degrees.
/// - Returns: the coordinate, unvalidated.
public func CLLocationCoordinate2DMake(
    _ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees
) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

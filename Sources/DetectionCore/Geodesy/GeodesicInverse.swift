/// The solution of the inverse geodesic problem between two points.
public struct GeodesicInverse: Sendable, Equatable {
    /// Length of the shortest geodesic on the WGS-84 ellipsoid, in metres.
    public let distanceMeters: Double
    /// Azimuth of the geodesic at the first point, degrees clockwise from north, in (−180, 180].
    ///
    /// For coincident or exactly antipodal points every azimuth (or a whole family) is valid; the value returned
    /// there is a convention and should not be compared.
    public let initialBearingDegrees: Double
    /// Azimuth of the geodesic where it arrives at the second point (forward direction), in (−180, 180].
    public let finalBearingDegrees: Double

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - distanceMeters: geodesic length in metres.
    ///   - initialBearingDegrees: forward azimuth at the first point, degrees.
    ///   - finalBearingDegrees: forward azimuth at the second point, degrees.
    public init(distanceMeters: Double, initialBearingDegrees: Double, finalBearingDegrees: Double) {
        self.distanceMeters = distanceMeters
        self.initialBearingDegrees = initialBearingDegrees
        self.finalBearingDegrees = finalBearingDegrees
    }
}

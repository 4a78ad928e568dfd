/// One position report, shaped like Core Location's `CLLocation`.
public struct LocationFix: Sendable, Equatable {
    /// Reported position.
    public var coordinate: Coordinate
    /// Radius of the 68 % horizontal uncertainty circle, metres. Negative means the fix is invalid, as in Core
    /// Location (`horizontalAccuracy < 0`).
    public var horizontalAccuracyMeters: Double
    /// Time of the fix, seconds on any monotonic clock shared by the fixes of one stream.
    public var timestampSeconds: Double

    /// Creates a fix.
    ///
    /// - Parameters:
    ///   - coordinate: reported position.
    ///   - horizontalAccuracyMeters: uncertainty radius in metres; negative when invalid.
    ///   - timestampSeconds: time of the fix in seconds.
    public init(coordinate: Coordinate, horizontalAccuracyMeters: Double, timestampSeconds: Double) {
        self.coordinate = coordinate
        self.horizontalAccuracyMeters = horizontalAccuracyMeters
        self.timestampSeconds = timestampSeconds
    }
}

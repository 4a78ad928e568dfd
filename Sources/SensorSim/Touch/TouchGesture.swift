/// One labelled gesture of a touch timeline: its kind, its points, and its drawn parameters.
public struct TouchGesture: Sendable, Equatable {
    public let kind: TouchGestureKind
    /// Index of the first point in the timeline's arrays.
    public let firstPoint: Int
    /// Number of points (≥ 1).
    public let pointCount: Int
    /// Time of the first and the last point, s.
    public let startSeconds: Double
    public let endSeconds: Double
    /// The values drawn for this gesture, by name (see ``TouchRanges``).
    public let parameters: [String: Double]
}

/// One labelled gesture of a touch timeline: its kind, its points, and its drawn parameters.
package struct TouchGesture: Sendable, Equatable {
    package let kind: TouchGestureKind
    /// Index of the first point in the timeline's arrays.
    package let firstPoint: Int
    /// Number of points (≥ 1).
    package let pointCount: Int
    /// Time of the first and the last point, s.
    package let startSeconds: Double
    package let endSeconds: Double
    /// The values drawn for this gesture, by name (see ``TouchRanges``).
    package let parameters: [String: Double]
}

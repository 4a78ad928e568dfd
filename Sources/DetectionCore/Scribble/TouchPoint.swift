// MARK: - Touch point

/// One touch location as UIKit reports it (`UITouch.location(in:)` and `UITouch.timestamp`).
public struct TouchPoint: Sendable, Equatable {
    /// Horizontal position in points.
    public var x: Double
    /// Vertical position in points.
    public var y: Double
    /// Time in seconds on any monotonic clock (UIKit: seconds since boot).
    public var timestampSeconds: Double

    /// A touch at (x, y) points at `timestampSeconds`.
    ///
    /// - Parameters:
    ///   - x: horizontal position in points.
    ///   - y: vertical position in points.
    ///   - timestampSeconds: time in seconds.
    public init(x: Double, y: Double, timestampSeconds: Double) {
        self.x = x
        self.y = y
        self.timestampSeconds = timestampSeconds
    }
}

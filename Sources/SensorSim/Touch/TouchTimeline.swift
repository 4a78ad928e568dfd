/// A generated touch timeline: point arrays and the gestures that label them.
///
/// Between gestures the finger is up (no points). Feed a gesture's points, then call the detector's
/// `touchEnded()`.
public struct TouchTimeline: Sendable {
    public let durationSeconds: Double
    public let x: [Double]
    public let y: [Double]
    public let t: [Double]
    /// The gestures, in time order.
    public let gestures: [TouchGesture]
}

/// Everything that describes a kind of touch timeline.
public struct TouchTimelineParameters: Sendable, Equatable {
    /// Length, s.
    public var durationSeconds: Double
    /// Touch sample rate, Hz (UIKit reports 60 or 120 Hz; Apple Pencil 240 Hz).
    public var touchRateHz: Double
    /// Finger-up time between gestures, s.
    public var idleSeconds: UniformRange
    /// Relative weight of each gesture kind when the next gesture is chosen (scribble included). Missing is 0.
    public var weights: [TouchGestureKind: Double]
    public var ranges: TouchRanges

    /// Default weights (an assumption: scribbling is one gesture in twenty).
    public static let defaultWeights: [TouchGestureKind: Double] = [
        .scribble: 1, .tap: 8, .swipe: 4, .scroll: 5, .circle: 1, .signature: 1,
    ]

    public init(
        durationSeconds: Double = 600, touchRateHz: Double = 60, idleSeconds: UniformRange = UniformRange(0.3, 3),
        weights: [TouchGestureKind: Double] = defaultWeights, ranges: TouchRanges = TouchRanges()
    ) {
        self.durationSeconds = durationSeconds
        self.touchRateHz = touchRateHz
        self.idleSeconds = idleSeconds
        self.weights = weights
        self.ranges = ranges
    }
}

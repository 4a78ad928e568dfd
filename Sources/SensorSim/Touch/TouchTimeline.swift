/// A generated touch timeline: point arrays and the gestures that label them.
///
/// Between gestures the finger is up (no points). Feed a gesture's points, then call the detector's
/// `touchEnded()`.
package struct TouchTimeline: Sendable {
    package let durationSeconds: Double
    package let x: [Double]
    package let y: [Double]
    package let t: [Double]
    /// The gestures, in time order.
    package let gestures: [TouchGesture]
}

/// Everything that describes a kind of touch timeline.
package struct TouchTimelineParameters: Sendable, Equatable {
    /// Length, s.
    package var durationSeconds: Double
    /// Touch sample rate, Hz (UIKit reports 60 or 120 Hz; Apple Pencil 240 Hz).
    package var touchRateHz: Double
    /// Finger-up time between gestures, s.
    package var idleSeconds: UniformRange
    /// Relative weight of each gesture kind when the next gesture is chosen (scribble included). Missing is 0.
    package var weights: [TouchGestureKind: Double]
    package var ranges: TouchRanges

    /// Default weights (an assumption: scribbling is one gesture in twenty).
    package static let defaultWeights: [TouchGestureKind: Double] = [
        .scribble: 1, .tap: 8, .swipe: 4, .scroll: 5, .circle: 1, .signature: 1,
    ]

    package init(
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

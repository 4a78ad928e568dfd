/// How many deliberate shakes a timeline holds.
package enum ShakeSchedule: Sendable, Equatable {
    /// Exactly this many shakes per timeline.
    case count(Int)
    /// A Poisson number of shakes with this mean rate per minute.
    case perMinute(Double)
}

/// Everything that describes one kind of motion timeline; a scenario fixes it, each trial draws one timeline.
package struct MotionTimelineParameters: Sendable, Equatable {
    /// Length of the timeline, s.
    package var durationSeconds: Double
    /// The sensor reporting it.
    package var sensor: AccelerometerSensor
    /// Relative weight of each everyday activity when the next segment is chosen (per segment, not per unit of
    /// time: short events such as `put-down` take little time even with a large weight). Missing means 0.
    package var weights: [MotionActivity: Double]
    /// How many shakes are inserted.
    package var shakes: ShakeSchedule
    /// Least time between two shakes, and between a shake and either end of the timeline, s.
    package var minimumGapSeconds: Double
    /// The parameter ranges of every activity.
    package var ranges: MotionRanges

    /// Default weights (an assumption: an ordinary day of a phone in use, see the README (shake study)).
    package static let defaultWeights: [MotionActivity: Double] = [
        .still: 3, .walking: 3, .pocketWalk: 2, .running: 0.5, .pickUp: 2, .putDown: 2, .tapping: 2, .vehicle: 1,
    ]

    /// Parameters with the documented defaults: 10 minutes, default sensor, 6 shakes at least 15 s apart.
    package init(
        durationSeconds: Double = 600, sensor: AccelerometerSensor = AccelerometerSensor(),
        weights: [MotionActivity: Double] = defaultWeights, shakes: ShakeSchedule = .count(6),
        minimumGapSeconds: Double = 15, ranges: MotionRanges = MotionRanges()
    ) {
        self.durationSeconds = durationSeconds
        self.sensor = sensor
        self.weights = weights
        self.shakes = shakes
        self.minimumGapSeconds = minimumGapSeconds
        self.ranges = ranges
    }

    /// The most shakes that always fit: n·dₘₐₓ + (n + 1)·gap ≤ duration.
    package var maximumShakesThatFit: Int {
        let d = ranges.shakeDurationSeconds.max
        let g = minimumGapSeconds
        guard durationSeconds > g, d + g > 0 else { return 0 }
        return Int(((durationSeconds - g) / (d + g)).rounded(.down))
    }
}

/// TurnBack's heading core: integrates the gyroscope's vertical rotation rate into yaw, remembers the marked
/// heading, and tells how far the user must turn to face it again.
///
/// ## Sign convention
/// Core Motion's z axis points out of the screen, so with the phone flat and face up a positive z rotation rate
/// is a counter-clockwise turn seen from above: a turn to the **left**. Yaw therefore increases when the user
/// turns left. ``turnAngleRadians`` is `markedYaw − currentYaw`, wrapped to (−π, π]: the rotation (positive =
/// counter-clockwise = to the left) that brings the user back to the marked heading. After turning 30° to the
/// right since the mark, the turn angle is +30°: "30° to your left".
///
/// ## Integration
/// Rate samples are integrated with the trapezoidal rule over each interval between consecutive accepted
/// samples, so irregular intervals are handled exactly for rates that vary linearly between samples. Attitude
/// yaw samples (already wrapped to (−π, π], as `CMAttitude.yaw`) are unwrapped by taking the shortest step
/// between consecutive readings, which is right while the phone turns less than π between samples.
///
/// ## Bad samples
/// Never traps. A sample is skipped and counted when its value or timestamp is NaN or infinite, when its
/// timestamp is not later than the previous accepted one, or when the gap since the previous accepted sample
/// exceeds ``Configuration/maximumGapSeconds`` (integrating across a gap would invent rotation). A skipped gap
/// sample restarts integration from itself: its time becomes the new reference, no rotation is added.
public struct HeadingTracker: Sendable {
    /// Tunable limits of the tracker.
    public struct Configuration: Sendable, Equatable, Codable {
        /// Longest interval, in seconds, that is integrated across. Default 0.5 s: fifty samples at Core Motion's
        /// usual 100 Hz, long enough for scheduling hiccups, short enough that a suspended app is not bridged.
        public var maximumGapSeconds: Double

        public init(maximumGapSeconds: Double = 0.5) {
            self.maximumGapSeconds = maximumGapSeconds
        }
    }

    /// What happened to one sample.
    public enum SampleOutcome: Sendable, Equatable {
        case accepted
        case skippedNonFinite
        case skippedTimeNotIncreasing
        case skippedGap
        /// The first sample only sets the time reference.
        case started
    }

    /// Counts of accepted and skipped samples since creation.
    public struct Counters: Sendable, Equatable {
        public var accepted = 0
        public var nonFinite = 0
        public var timeNotIncreasing = 0
        public var gaps = 0
        /// All skipped samples.
        public var skipped: Int { nonFinite + timeNotIncreasing + gaps }
    }

    public let configuration: Configuration
    /// Integrated, unwrapped yaw since the tracker started, in radians (positive = counter-clockwise).
    public var yawRadians: Double { yaw }
    /// The yaw at the last ``mark()``, or `nil` before the first mark.
    public private(set) var markedYawRadians: Double?
    /// Counts of accepted and skipped samples.
    public var counters: Counters { sampleCounters }

    // The state the per-sample path writes is internal rather than private so that `consumeRotationRate` can be
    // `@inlinable`: an app's or a study's loop in another module then inlines it.
    @usableFromInline var yaw: Double = 0
    @usableFromInline var sampleCounters = Counters()
    @usableFromInline var lastTimestamp: Double?
    @usableFromInline var lastRate: Double = 0
    @usableFromInline var lastWrappedYaw: Double?

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Remembers the current heading as the one to come back to.
    public mutating func mark() {
        markedYawRadians = yaw
    }

    /// The turn that faces the marked heading again, in radians wrapped to (−π, π]; positive means to the left.
    ///
    /// Correct for any finite accumulated yaw (the exact IEEE remainder is used, see ``Angle/wrapped(_:)``), not
    /// only within ±3π as two `if` statements would be. `nil` before the first mark.
    public var turnAngleRadians: Double? {
        guard let marked = markedYawRadians else { return nil }
        return Angle.wrapped(marked - yaw)
    }

    /// Feeds one gyroscope sample: the rotation rate about the phone's z axis in rad/s at `timestampSeconds`.
    @inlinable @discardableResult
    public mutating func consumeRotationRate(_ zRadiansPerSecond: Double, timestampSeconds t: Double) -> SampleOutcome {
        let (outcome, dt) = admit(zRadiansPerSecond, at: t)
        switch outcome {
        case .accepted:
            yaw += 0.5 * (lastRate + zRadiansPerSecond) * dt
            lastRate = zRadiansPerSecond
        case .started, .skippedGap:
            lastRate = zRadiansPerSecond
        case .skippedNonFinite, .skippedTimeNotIncreasing:
            break
        }
        return outcome
    }

    /// Feeds one attitude yaw as Core Motion reports it, wrapped to (−π, π], and unwraps it.
    @discardableResult
    public mutating func consumeAttitudeYaw(_ wrappedYawRadians: Double, timestampSeconds t: Double) -> SampleOutcome {
        let (outcome, _) = admit(wrappedYawRadians, at: t)
        switch outcome {
        case .accepted:
            // Shortest signed step between two wrapped readings; finite inputs make `wrapped` non-nil.
            yaw += Angle.wrapped(wrappedYawRadians - (lastWrappedYaw ?? wrappedYawRadians)) ?? 0
            lastWrappedYaw = wrappedYawRadians
        case .started, .skippedGap:
            // Across a long gap the phone may have turned by more than π: the step is unknowable, none is added.
            lastWrappedYaw = wrappedYawRadians
        case .skippedNonFinite, .skippedTimeNotIncreasing:
            break
        }
        return outcome
    }

    // MARK: - Admission

    /// The checks both inputs share: updates the time reference and the counters, and returns the outcome with
    /// the interval to integrate over (0 unless accepted).
    @inlinable @inline(__always)
    mutating func admit(_ value: Double, at t: Double) -> (SampleOutcome, Double) {
        guard value.isFinite, t.isFinite else {
            sampleCounters.nonFinite += 1
            return (.skippedNonFinite, 0)
        }
        guard let previous = lastTimestamp else {
            lastTimestamp = t
            sampleCounters.accepted += 1
            return (.started, 0)
        }
        let dt = t - previous
        guard dt > 0 else {
            sampleCounters.timeNotIncreasing += 1
            return (.skippedTimeNotIncreasing, 0)
        }
        lastTimestamp = t
        guard dt <= configuration.maximumGapSeconds else {
            sampleCounters.gaps += 1
            return (.skippedGap, 0)
        }
        sampleCounters.accepted += 1
        return (.accepted, dt)
    }
}

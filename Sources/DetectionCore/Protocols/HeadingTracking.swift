// MARK: - Heading tracking

/// What a heading tracker decides: gyroscope rotation rates or fused attitude yaws in, the heading out (the
/// accumulated yaw and the turn back to a marked direction).
///
/// SensorBench's own `HeadingTracker` conforms; so can a team's tracker (TurnBack's arrow). The driver feeds only
/// samples of one input, one listed in `headingInputs`, and makes a fresh tracker per walk.
///
/// Units: radians and radians per second, positive counter-clockwise seen from above with the phone face up
/// (Core Motion's z axis out of the screen: a turn to the left); time in seconds on a monotonic clock.
public protocol HeadingTracking {
    /// The inputs this tracker can read (at least one).
    var headingInputs: [HeadingTrackerInput] { get }

    /// Yaw accumulated since the tracker started, radians, unwrapped (positive = counter-clockwise).
    var yawRadians: Double { get }

    /// The turn that faces the marked heading again, radians in (−π, π], positive to the left; nil before the
    /// first `mark()`.
    var turnAngleRadians: Double? { get }

    /// Feeds one sample of an input listed in `headingInputs`.
    ///
    /// - Parameter sample: the reading and its time.
    mutating func consume(_ sample: HeadingSample)

    /// Remembers the current heading as the one to come back to.
    mutating func mark()
}

/// The two streams a heading tracker can read.
public enum HeadingTrackerInput: String, Sendable, Equatable, CaseIterable {
    /// The gyroscope's rotation rate about the device z axis (`CMDeviceMotion.rotationRate.z`), integrated.
    case rotationRate = "rotation-rate"
    /// Core Motion's fused `CMAttitude.yaw`, wrapped to (−π, π], unwrapped by the tracker.
    case attitudeYaw = "attitude-yaw"
}

/// One heading-tracker input sample.
public enum HeadingSample: Sendable, Equatable {
    /// A rotation rate about the device z axis, rad/s, at a time in seconds.
    case rotationRate(zRadiansPerSecond: Double, timestampSeconds: Double)
    /// A fused attitude yaw, radians wrapped to (−π, π], at a time in seconds.
    case attitudeYaw(yawRadians: Double, timestampSeconds: Double)

    /// The sample's time in seconds.
    public var timestampSeconds: Double {
        switch self {
        case .rotationRate(_, let t), .attitudeYaw(_, let t): t
        }
    }

    /// Which input the sample belongs to.
    public var input: HeadingTrackerInput {
        switch self {
        case .rotationRate: .rotationRate
        case .attitudeYaw: .attitudeYaw
        }
    }
}

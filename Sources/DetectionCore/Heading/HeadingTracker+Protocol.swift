// MARK: - HeadingTracking conformance

extension HeadingTracker: HeadingTracking {
    /// Both: the tracker integrates rotation rates and unwraps attitude yaws.
    public var headingInputs: [HeadingTrackerInput] { HeadingTrackerInput.allCases }

    /// Forwards to `consumeRotationRate(_:timestampSeconds:)` or `consumeAttitudeYaw(_:timestampSeconds:)`.
    ///
    /// - Parameter sample: the reading and its time.
    public mutating func consume(_ sample: HeadingSample) {
        switch sample {
        case .rotationRate(let rate, let t): consumeRotationRate(rate, timestampSeconds: t)
        case .attitudeYaw(let yaw, let t): consumeAttitudeYaw(yaw, timestampSeconds: t)
        }
    }
}

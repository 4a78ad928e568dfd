/// One labelled stretch of a motion timeline: what the phone did, where, and with which drawn parameters.
public struct MotionSegment: Sendable, Equatable {
    /// The activity.
    public let activity: MotionActivity
    /// Index of the first sample.
    public let startSample: Int
    /// Number of samples (≥ 1).
    public let sampleCount: Int
    /// The values drawn for this segment, by parameter name (`MotionRanges.fields` names; `bumps` for the
    /// number of vehicle bumps and `taps` for the number of taps, which are counts, not range draws).
    public let parameters: [String: Double]

    /// One past the last sample.
    public var endSample: Int { startSample + sampleCount }
}

/// One labelled stretch of a motion timeline: what the phone did, where, and with which drawn parameters.
package struct MotionSegment: Sendable, Equatable {
    /// The activity.
    package let activity: MotionActivity
    /// Index of the first sample.
    package let startSample: Int
    /// Number of samples (≥ 1).
    package let sampleCount: Int
    /// The values drawn for this segment, by parameter name (`MotionRanges.fields` names; `bumps` for the
    /// number of vehicle bumps and `taps` for the number of taps, which are counts, not range draws).
    package let parameters: [String: Double]

    /// One past the last sample.
    package var endSample: Int { startSample + sampleCount }
}

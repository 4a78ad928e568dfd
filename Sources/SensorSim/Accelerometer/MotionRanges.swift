/// The ranges every motion parameter is drawn from (uniform between min and max), per activity.
///
/// The defaults, and where each comes from, are documented in the README (shake study); ``fields`` lists every
/// parameter with its scenario key (`motion.<activity>.<name>`), unit and the limits a scenario may use.
package struct MotionRanges: Sendable, Equatable {
    // MARK: - Deliberate shake

    /// Shake frequency, Hz.
    package var shakeFrequencyHz = UniformRange(3, 7)
    /// Peak acceleration along the shake axis, g.
    package var shakePeakG = UniformRange(1, 3)
    /// Shake duration, s.
    package var shakeDurationSeconds = UniformRange(0.4, 2)
    /// Cross-axis amplitude as a fraction of the peak (elliptical motion), 0…1.
    package var shakeCrossAxisFraction = UniformRange(0, 0.3)
    /// Raised-cosine onset and offset ramp, s each.
    package var shakeRampSeconds = UniformRange(0.05, 0.15)

    // MARK: - Continuous everyday motions

    /// Length of a standing-still segment, s.
    package var stillSegmentSeconds = UniformRange(5, 60)
    /// Walking with the phone in hand: step cadence, Hz.
    package var walkingCadenceHz = UniformRange(1.6, 2.4)
    /// Walking in hand: vertical bounce amplitude, g.
    package var walkingAmplitudeG = UniformRange(0.1, 0.4)
    /// Walking in hand: segment length, s.
    package var walkingSegmentSeconds = UniformRange(10, 90)
    // Gait: pocket walking, stairs and running share one shape (``MotionTimelineGenerator``): a thigh swing at the
    // stride frequency and a step bounce, plus at every step a train of peaksPerStep sharp half-sine spikes
    // impactSeconds wide, peakSpacingSeconds apart, each on its own random axis (the phone turns in the pocket) and
    // of height impactG·U(½, 1), every other step (the far leg's) scaled by farStepFraction; a spike after a
    // step's first points back against the one before it with probability reboundFraction.
    //
    // The defaults are fitted to MotionSense (Malekzadeh et al., IoTDI 2019; an iPhone 6s in the trouser front
    // pocket, userAcceleration at 50 Hz, 12 subjects: wlk_7, ups_3, dws_1, jog_9) with `sensorbench dev
    // motion-check`: the median and 90th percentile of the per-second peaks of |a| and the upward crossings of 1 g a
    // minute within a factor of two (docs/shake.md has the table). Cadences: MotionSense's |a| spectrum peaks at the
    // stride frequency, about 0.96 Hz walking (steps 1.7–2.1 Hz), 0.7 Hz upstairs, and at the step rate jogging,
    // about 2.6 Hz.

    /// Pocket walking: step cadence, Hz.
    package var pocketCadenceHz = UniformRange(1.7, 2.0)
    /// Pocket walking: thigh swing amplitude (the step bounce, perpendicular, is half of it), g.
    package var pocketAmplitudeG = UniformRange(0.5, 1.3)
    /// Pocket walking: heel-strike spike height (each spike draws U(½, 1) of it), g.
    package var pocketImpactG = UniformRange(1.8, 2.8)
    /// Pocket walking: heel-strike spike width, s.
    package var pocketImpactSeconds = UniformRange(0.03, 0.06)
    /// Pocket walking: spikes per step (mean; each step has ⌊m + U⌋ of them).
    package var pocketPeaksPerStep = UniformRange(2, 3)
    /// Pocket walking: time between the spikes of one step, s.
    package var pocketPeakSpacingSeconds = UniformRange(0.05, 0.1)
    /// Pocket walking: the far leg's spikes as a fraction of the pocket leg's.
    package var pocketFarStepFraction = UniformRange(0.3, 0.5)
    /// Pocket walking: the chance that a spike after a step's first points straight back against the one before it (the
    /// rebound of the strike) instead of along a fresh random axis.
    package var pocketReboundFraction = UniformRange(0.1, 0.3)
    /// Pocket walking: segment length, s.
    package var pocketSegmentSeconds = UniformRange(10, 90)
    /// Running: step cadence, Hz.
    package var runningCadenceHz = UniformRange(2.4, 3.0)
    /// Running: swing amplitude, g.
    package var runningAmplitudeG = UniformRange(1.2, 2)
    /// Running: foot-strike spike height, g.
    package var runningImpactG = UniformRange(2.5, 6)
    /// Running: foot-strike spike width, s.
    package var runningImpactSeconds = UniformRange(0.03, 0.06)
    /// Running: spikes per step.
    package var runningPeaksPerStep = UniformRange(2, 3)
    /// Running: time between the spikes of one step, s.
    package var runningPeakSpacingSeconds = UniformRange(0.04, 0.08)
    /// Running: the far leg's spikes as a fraction of the pocket leg's.
    package var runningFarStepFraction = UniformRange(0.6, 1)
    /// Running: the chance that a spike after a step's first points straight back against the one before it (the
    /// rebound of the strike) instead of along a fresh random axis.
    package var runningReboundFraction = UniformRange(0.85, 1)
    /// Running: segment length, s.
    package var runningSegmentSeconds = UniformRange(10, 60)
    /// Climbing stairs: step cadence, Hz.
    package var stairsUpCadenceHz = UniformRange(1.3, 1.8)
    /// Climbing stairs: thigh swing amplitude, g.
    package var stairsUpAmplitudeG = UniformRange(0.4, 0.9)
    /// Climbing stairs: step spike height, g.
    package var stairsUpImpactG = UniformRange(1.1, 3.4)
    /// Climbing stairs: step spike width, s.
    package var stairsUpImpactSeconds = UniformRange(0.03, 0.06)
    /// Climbing stairs: spikes per step.
    package var stairsUpPeaksPerStep = UniformRange(2, 3)
    /// Climbing stairs: time between the spikes of one step, s.
    package var stairsUpPeakSpacingSeconds = UniformRange(0.05, 0.1)
    /// Climbing stairs: the far leg's spikes as a fraction of the pocket leg's.
    package var stairsUpFarStepFraction = UniformRange(0.35, 0.6)
    /// Climbing stairs: the chance that a spike after a step's first points straight back against the one before it (the
    /// rebound of the strike) instead of along a fresh random axis.
    package var stairsUpReboundFraction = UniformRange(0.3, 0.5)
    /// Climbing stairs: segment length, s.
    package var stairsUpSegmentSeconds = UniformRange(5, 30)
    /// Going down stairs: step cadence, Hz.
    package var stairsDownCadenceHz = UniformRange(1.6, 2.2)
    /// Going down stairs: thigh swing amplitude, g.
    package var stairsDownAmplitudeG = UniformRange(0.4, 1)
    /// Going down stairs: landing spike height, g.
    package var stairsDownImpactG = UniformRange(1, 3.5)
    /// Going down stairs: landing spike width, s.
    package var stairsDownImpactSeconds = UniformRange(0.03, 0.06)
    /// Going down stairs: spikes per step.
    package var stairsDownPeaksPerStep = UniformRange(2, 3)
    /// Going down stairs: time between the spikes of one step, s.
    package var stairsDownPeakSpacingSeconds = UniformRange(0.05, 0.1)
    /// Going down stairs: the far leg's spikes as a fraction of the pocket leg's.
    package var stairsDownFarStepFraction = UniformRange(0.3, 0.5)
    /// Going down stairs: the chance that a spike after a step's first points straight back against the one before it (the
    /// rebound of the strike) instead of along a fresh random axis.
    package var stairsDownReboundFraction = UniformRange(0.7, 1)
    /// Going down stairs: segment length, s.
    package var stairsDownSegmentSeconds = UniformRange(5, 30)
    /// Tapping: taps per second.
    package var tappingRateHz = UniformRange(1, 4)
    /// Tapping: peak of each tap, g.
    package var tappingPeakG = UniformRange(0.1, 0.5)
    /// Tapping: width of each tap, s.
    package var tappingTapSeconds = UniformRange(0.005, 0.015)
    /// Tapping: segment length, s.
    package var tappingSegmentSeconds = UniformRange(3, 30)
    /// Vehicle: vibration frequency, Hz.
    package var vehicleVibrationHz = UniformRange(8, 15)
    /// Vehicle: vibration amplitude, g.
    package var vehicleVibrationG = UniformRange(0.02, 0.1)
    /// Vehicle: bumps per minute (the count in a segment is Poisson with this mean rate).
    package var vehicleBumpsPerMinute = UniformRange(2, 12)
    /// Vehicle: bump peak, g.
    package var vehicleBumpG = UniformRange(0.3, 1.5)
    /// Vehicle: bump duration (one sine cycle), s.
    package var vehicleBumpSeconds = UniformRange(0.1, 0.4)
    /// Vehicle: segment length, s.
    package var vehicleSegmentSeconds = UniformRange(30, 180)

    // MARK: - Short events

    /// Picking up: duration of the lift (one sine cycle: accelerate, then decelerate), s.
    package var pickUpDurationSeconds = UniformRange(0.6, 1.5)
    /// Picking up: peak acceleration, g.
    package var pickUpPeakG = UniformRange(0.2, 0.8)
    /// Putting down: duration of the lowering (one sine cycle), s.
    package var putDownLowerSeconds = UniformRange(0.4, 1.0)
    /// Putting down: peak acceleration of the lowering, g.
    package var putDownLowerPeakG = UniformRange(0.1, 0.4)
    /// Putting down: contact spike peak, g.
    package var putDownSpikeG = UniformRange(2, 6)
    /// Putting down: contact spike width, s.
    package var putDownSpikeSeconds = UniformRange(0.01, 0.03)
    /// Putting down: lying still on the table afterwards, s.
    package var putDownRestSeconds = UniformRange(0.5, 2)

    package init() {}

    // MARK: - Vocabulary

    /// One drawable parameter: its activity, scenario name, unit, the limits a scenario may give, and where it
    /// lives.
    package struct Field: Sendable {
        package let activity: MotionActivity
        package let name: String
        package let unit: String
        package let limits: ClosedRange<Double>
        package let keyPath: WritableKeyPath<MotionRanges, UniformRange> & Sendable
    }

    /// Every parameter, in documentation order. Limits are generous physical bounds, not defaults.
    package static let fields: [Field] = [
        Field(activity: .shake, name: "frequencyHz", unit: "Hz", limits: 0.1...25, keyPath: \.shakeFrequencyHz),
        Field(activity: .shake, name: "peakG", unit: "g", limits: 0...16, keyPath: \.shakePeakG),
        Field(activity: .shake, name: "durationSeconds", unit: "s", limits: 0.05...30, keyPath: \.shakeDurationSeconds),
        Field(activity: .shake, name: "crossAxisFraction", unit: "", limits: 0...1, keyPath: \.shakeCrossAxisFraction),
        Field(activity: .shake, name: "rampSeconds", unit: "s", limits: 0...15, keyPath: \.shakeRampSeconds),
        Field(activity: .still, name: "segmentSeconds", unit: "s", limits: 0.1...86_400, keyPath: \.stillSegmentSeconds),
        Field(activity: .walking, name: "cadenceHz", unit: "Hz", limits: 0.1...5, keyPath: \.walkingCadenceHz),
        Field(activity: .walking, name: "amplitudeG", unit: "g", limits: 0...16, keyPath: \.walkingAmplitudeG),
        Field(activity: .walking, name: "segmentSeconds", unit: "s", limits: 0.1...86_400, keyPath: \.walkingSegmentSeconds),
        Field(activity: .pocketWalk, name: "cadenceHz", unit: "Hz", limits: 0.1...5, keyPath: \.pocketCadenceHz),
        Field(activity: .pocketWalk, name: "amplitudeG", unit: "g", limits: 0...16, keyPath: \.pocketAmplitudeG),
        Field(activity: .pocketWalk, name: "impactG", unit: "g", limits: 0...16, keyPath: \.pocketImpactG),
        Field(activity: .pocketWalk, name: "impactSeconds", unit: "s", limits: 0.001...0.2, keyPath: \.pocketImpactSeconds),
        Field(activity: .pocketWalk, name: "peaksPerStep", unit: "", limits: 1...10, keyPath: \.pocketPeaksPerStep),
        Field(activity: .pocketWalk, name: "peakSpacingSeconds", unit: "s", limits: 0.001...0.5, keyPath: \.pocketPeakSpacingSeconds),
        Field(activity: .pocketWalk, name: "farStepFraction", unit: "", limits: 0...1, keyPath: \.pocketFarStepFraction),
        Field(activity: .pocketWalk, name: "reboundFraction", unit: "", limits: 0...1, keyPath: \.pocketReboundFraction),
        Field(activity: .pocketWalk, name: "segmentSeconds", unit: "s", limits: 0.1...86_400, keyPath: \.pocketSegmentSeconds),
        Field(activity: .running, name: "cadenceHz", unit: "Hz", limits: 0.1...5, keyPath: \.runningCadenceHz),
        Field(activity: .running, name: "amplitudeG", unit: "g", limits: 0...16, keyPath: \.runningAmplitudeG),
        Field(activity: .running, name: "impactG", unit: "g", limits: 0...16, keyPath: \.runningImpactG),
        Field(activity: .running, name: "impactSeconds", unit: "s", limits: 0.001...0.2, keyPath: \.runningImpactSeconds),
        Field(activity: .running, name: "peaksPerStep", unit: "", limits: 1...10, keyPath: \.runningPeaksPerStep),
        Field(activity: .running, name: "peakSpacingSeconds", unit: "s", limits: 0.001...0.5, keyPath: \.runningPeakSpacingSeconds),
        Field(activity: .running, name: "farStepFraction", unit: "", limits: 0...1, keyPath: \.runningFarStepFraction),
        Field(activity: .running, name: "reboundFraction", unit: "", limits: 0...1, keyPath: \.runningReboundFraction),
        Field(activity: .running, name: "segmentSeconds", unit: "s", limits: 0.1...86_400, keyPath: \.runningSegmentSeconds),
        Field(activity: .stairsUp, name: "cadenceHz", unit: "Hz", limits: 0.1...5, keyPath: \.stairsUpCadenceHz),
        Field(activity: .stairsUp, name: "amplitudeG", unit: "g", limits: 0...16, keyPath: \.stairsUpAmplitudeG),
        Field(activity: .stairsUp, name: "impactG", unit: "g", limits: 0...16, keyPath: \.stairsUpImpactG),
        Field(activity: .stairsUp, name: "impactSeconds", unit: "s", limits: 0.001...0.2, keyPath: \.stairsUpImpactSeconds),
        Field(activity: .stairsUp, name: "peaksPerStep", unit: "", limits: 1...10, keyPath: \.stairsUpPeaksPerStep),
        Field(activity: .stairsUp, name: "peakSpacingSeconds", unit: "s", limits: 0.001...0.5, keyPath: \.stairsUpPeakSpacingSeconds),
        Field(activity: .stairsUp, name: "farStepFraction", unit: "", limits: 0...1, keyPath: \.stairsUpFarStepFraction),
        Field(activity: .stairsUp, name: "reboundFraction", unit: "", limits: 0...1, keyPath: \.stairsUpReboundFraction),
        Field(activity: .stairsUp, name: "segmentSeconds", unit: "s", limits: 0.1...86_400, keyPath: \.stairsUpSegmentSeconds),
        Field(activity: .stairsDown, name: "cadenceHz", unit: "Hz", limits: 0.1...5, keyPath: \.stairsDownCadenceHz),
        Field(activity: .stairsDown, name: "amplitudeG", unit: "g", limits: 0...16, keyPath: \.stairsDownAmplitudeG),
        Field(activity: .stairsDown, name: "impactG", unit: "g", limits: 0...16, keyPath: \.stairsDownImpactG),
        Field(activity: .stairsDown, name: "impactSeconds", unit: "s", limits: 0.001...0.2, keyPath: \.stairsDownImpactSeconds),
        Field(activity: .stairsDown, name: "peaksPerStep", unit: "", limits: 1...10, keyPath: \.stairsDownPeaksPerStep),
        Field(activity: .stairsDown, name: "peakSpacingSeconds", unit: "s", limits: 0.001...0.5, keyPath: \.stairsDownPeakSpacingSeconds),
        Field(activity: .stairsDown, name: "farStepFraction", unit: "", limits: 0...1, keyPath: \.stairsDownFarStepFraction),
        Field(activity: .stairsDown, name: "reboundFraction", unit: "", limits: 0...1, keyPath: \.stairsDownReboundFraction),
        Field(activity: .stairsDown, name: "segmentSeconds", unit: "s", limits: 0.1...86_400, keyPath: \.stairsDownSegmentSeconds),
        Field(activity: .pickUp, name: "durationSeconds", unit: "s", limits: 0.05...30, keyPath: \.pickUpDurationSeconds),
        Field(activity: .pickUp, name: "peakG", unit: "g", limits: 0...16, keyPath: \.pickUpPeakG),
        Field(activity: .putDown, name: "lowerSeconds", unit: "s", limits: 0.05...30, keyPath: \.putDownLowerSeconds),
        Field(activity: .putDown, name: "lowerPeakG", unit: "g", limits: 0...16, keyPath: \.putDownLowerPeakG),
        Field(activity: .putDown, name: "spikeG", unit: "g", limits: 0...100, keyPath: \.putDownSpikeG),
        Field(activity: .putDown, name: "spikeSeconds", unit: "s", limits: 0.001...0.2, keyPath: \.putDownSpikeSeconds),
        Field(activity: .putDown, name: "restSeconds", unit: "s", limits: 0...60, keyPath: \.putDownRestSeconds),
        Field(activity: .tapping, name: "rateHz", unit: "taps/s", limits: 0.1...20, keyPath: \.tappingRateHz),
        Field(activity: .tapping, name: "peakG", unit: "g", limits: 0...16, keyPath: \.tappingPeakG),
        Field(activity: .tapping, name: "tapSeconds", unit: "s", limits: 0.001...0.2, keyPath: \.tappingTapSeconds),
        Field(activity: .tapping, name: "segmentSeconds", unit: "s", limits: 0.1...86_400, keyPath: \.tappingSegmentSeconds),
        Field(activity: .vehicle, name: "vibrationHz", unit: "Hz", limits: 0.1...100, keyPath: \.vehicleVibrationHz),
        Field(activity: .vehicle, name: "vibrationG", unit: "g", limits: 0...16, keyPath: \.vehicleVibrationG),
        Field(activity: .vehicle, name: "bumpsPerMinute", unit: "1/min", limits: 0...600, keyPath: \.vehicleBumpsPerMinute),
        Field(activity: .vehicle, name: "bumpG", unit: "g", limits: 0...16, keyPath: \.vehicleBumpG),
        Field(activity: .vehicle, name: "bumpSeconds", unit: "s", limits: 0.01...5, keyPath: \.vehicleBumpSeconds),
        Field(activity: .vehicle, name: "segmentSeconds", unit: "s", limits: 0.1...86_400, keyPath: \.vehicleSegmentSeconds),
    ]

    /// The range of `activity`'s parameter `name`, or nil when there is no such parameter.
    package func range(_ activity: MotionActivity, _ name: String) -> UniformRange? {
        Self.fields.first { $0.activity == activity && $0.name == name }.map { self[keyPath: $0.keyPath] }
    }
}

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
    /// Pocket walking: cadence, Hz.
    package var pocketCadenceHz = UniformRange(1.6, 2.4)
    /// Pocket walking: thigh swing amplitude, g.
    package var pocketAmplitudeG = UniformRange(0.3, 0.8)
    /// Pocket walking: heel-strike peak, g.
    package var pocketImpactG = UniformRange(0.3, 1.0)
    /// Pocket walking: heel-strike width, s.
    package var pocketImpactSeconds = UniformRange(0.02, 0.05)
    /// Pocket walking: segment length, s.
    package var pocketSegmentSeconds = UniformRange(10, 90)
    /// Running: cadence, Hz.
    package var runningCadenceHz = UniformRange(2.5, 3.2)
    /// Running: bounce amplitude, g.
    package var runningAmplitudeG = UniformRange(0.8, 2.0)
    /// Running: foot-strike peak, g.
    package var runningImpactG = UniformRange(1.0, 3.0)
    /// Running: foot-strike width, s.
    package var runningImpactSeconds = UniformRange(0.02, 0.05)
    /// Running: segment length, s.
    package var runningSegmentSeconds = UniformRange(10, 60)
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
        Field(activity: .pocketWalk, name: "segmentSeconds", unit: "s", limits: 0.1...86_400, keyPath: \.pocketSegmentSeconds),
        Field(activity: .running, name: "cadenceHz", unit: "Hz", limits: 0.1...5, keyPath: \.runningCadenceHz),
        Field(activity: .running, name: "amplitudeG", unit: "g", limits: 0...16, keyPath: \.runningAmplitudeG),
        Field(activity: .running, name: "impactG", unit: "g", limits: 0...16, keyPath: \.runningImpactG),
        Field(activity: .running, name: "impactSeconds", unit: "s", limits: 0.001...0.2, keyPath: \.runningImpactSeconds),
        Field(activity: .running, name: "segmentSeconds", unit: "s", limits: 0.1...86_400, keyPath: \.runningSegmentSeconds),
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

// MARK: - The shared shake vocabulary

extension DetectorParameter {
    /// Threshold on the acceleration magnitude √(x²+y²+z²), in g.
    public static let thresholdG = DetectorParameter(
        key: "thresholdG", unit: "g",
        meaning: "threshold on the acceleration magnitude √(x²+y²+z²) (raw-magnitude: gravity included)",
        standardDefault: .real(1.5), bounds: Bounds(lower: 0, lowerIncluded: false, upper: 16, upperIncluded: true),
        // Around the 1–3 g peaks of deliberate shakes (the shake study's range).
        ladder: [0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4])
    /// threshold-count: excursions k; reversal: reversals N; raw-magnitude: hits k.
    public static let requiredCount = DetectorParameter(
        key: "requiredCount", unit: "", meaning: "excursions, reversals or hits needed within the window",
        standardDefault: .count(4), bounds: Bounds(lower: 1, lowerIncluded: true, upper: 1000, upperIncluded: true))
    /// The window holding the evidence, in seconds.
    public static let windowSeconds = DetectorParameter(
        key: "windowSeconds", unit: "s", meaning: "window holding the evidence (reversal: its time limit)",
        standardDefault: .real(1.0), bounds: Bounds(lower: 0, lowerIncluded: false, upper: 60, upperIncluded: true))
    /// window-fraction: the share of the window's samples that must exceed the threshold.
    public static let requiredFraction = DetectorParameter(
        key: "requiredFraction", unit: "", meaning: "share of the window's samples that must exceed the threshold",
        standardDefault: .real(0.75), bounds: Bounds(lower: 0, lowerIncluded: false, upper: 1, upperIncluded: true))
    /// window-fraction: the least span (newest minus oldest timestamp) of the window before it can fire.
    public static let minimumWindowSpanSeconds = DetectorParameter(
        key: "minimumWindowSpanSeconds", unit: "s",
        meaning: "newest minus oldest timestamp in the window must reach this before it can fire",
        standardDefault: .real(0.25), bounds: Bounds(lower: 0, upToKey: "windowSeconds"))
    /// window-fraction: the least number of samples in the window before it can fire.
    public static let minimumSampleCount = DetectorParameter(
        key: "minimumSampleCount", unit: "", meaning: "samples the window must hold before it can fire",
        standardDefault: .count(4), bounds: Bounds(lower: 1, lowerIncluded: true, upper: 100_000, upperIncluded: true))
    /// After an event, samples before event time + cooldown gather no evidence, in seconds.
    public static let cooldownSeconds = DetectorParameter(
        key: "cooldownSeconds", unit: "s", meaning: "after an event, samples this much later gather no evidence",
        standardDefault: .real(1.0), bounds: Bounds(lower: 0, lowerIncluded: true, upper: 3600, upperIncluded: true),
        // Deliberate shakes last up to 2 s (the shake study's range), so a cooldown past that gives one event per shake.
        ladder: [0.5, 1, 1.5, 2, 2.5, 3])
    /// Whether samples are raw readings (gravity included) rather than `userAcceleration`.
    public static let inputIncludesGravity = DetectorParameter(
        key: "inputIncludesGravity", unit: "",
        meaning: "samples are raw accelerometer readings (gravity included) rather than userAcceleration",
        standardDefault: .flag(false), bounds: nil)
    /// Time constant τ of the one-pole gravity low-pass used on raw readings, in seconds.
    public static let gravityTimeConstantSeconds = DetectorParameter(
        key: "gravityTimeConstantSeconds", unit: "s",
        meaning: "time constant τ of the one-pole gravity estimate removed from raw readings",
        standardDefault: .real(0.5), bounds: Bounds(lower: 0, lowerIncluded: false, upper: 60, upperIncluded: true))

    /// The keys every configuration carries and encodes, whatever its kind, in encoding order (after `kind`).
    public static let shared: [DetectorParameter] = [
        thresholdG, requiredCount, windowSeconds, requiredFraction, minimumWindowSpanSeconds, minimumSampleCount,
        cooldownSeconds, inputIncludesGravity, gravityTimeConstantSeconds,
    ]
}

extension ShakeParameterReading {
    /// The readings of a kind that thresholds user acceleration: the flag, and τ of the gravity high-pass when it
    /// is on.
    static let gravityRemoval: [ShakeParameterReading] = [
        ShakeParameterReading(.inputIncludesGravity),
        ShakeParameterReading(.gravityTimeConstantSeconds, onlyWhen: DetectorParameter.inputIncludesGravity.key),
    ]
}

// MARK: - Shake detector configuration

/// Every parameter of a `ShakeDetector`, with a stable JSON vocabulary and documented defaults.
///
/// JSON keys (exactly the property names): `kind`, `thresholdG`, `requiredCount`, `windowSeconds`,
/// `requiredFraction`, `minimumWindowSpanSeconds`, `minimumSampleCount`, `cooldownSeconds`,
/// `inputIncludesGravity`, `gravityTimeConstantSeconds`. Encoding always writes all ten keys. Decoding needs
/// only `kind`: a missing key takes the value of that kind's preset (`ShakeDetectorConfiguration(kind:)`), so
/// `{"kind":"window-fraction"}` is the seismic-derived default.
///
/// Which fields each kind reads (the others are carried along, and not validated):
/// - `threshold-count`: `thresholdG`, `requiredCount` (k), `windowSeconds` (W), `cooldownSeconds`.
/// - `window-fraction`: `thresholdG`, `windowSeconds`, `requiredFraction`, `minimumWindowSpanSeconds`,
///   `minimumSampleCount`, `cooldownSeconds`.
/// - `reversal`: `thresholdG`, `requiredCount` (N), `windowSeconds` (time limit), `cooldownSeconds`.
/// - `raw-magnitude`: `thresholdG`, `requiredCount` (k hits), `windowSeconds` (W), `cooldownSeconds`;
///   `inputIncludesGravity` must be true (it reads raw readings) and no gravity is removed.
/// - the other kinds: `inputIncludesGravity`, and `gravityTimeConstantSeconds` when that is true.
///
/// The first three kinds threshold gravity-free acceleration (Core Motion's `userAcceleration`, or the raw
/// signal after this package's gravity high-pass), so one `thresholdG` means the same whichever input is fed.
/// `raw-magnitude` is the one kind that thresholds the raw magnitude, gravity included, as seismic and most
/// Android examples do: its `thresholdG` counts the 1 g of gravity.
///
/// Defaults, and where each comes from:
///
/// | field | threshold-count | window-fraction | reversal | raw-magnitude |
/// | --- | --- | --- | --- | --- |
/// | thresholdG | 1.5 (choice) | 13 / 9.80665 ≈ 1.3256 (seismic, see below) | 1.0 (choice) | 2.5 (public submission) |
/// | requiredCount | 4 (choice) | 4 (unused) | 4 (choice) | 3 (public submission) |
/// | windowSeconds | 1.0 (choice) | 0.5 (seismic MAX_WINDOW_SIZE) | 1.0 (choice) | 2.0 (public submission) |
/// | requiredFraction | 0.75 (unused) | 0.75 (seismic "3/4 accelerating") | 0.75 (unused) | 0.75 (unused) |
/// | minimumWindowSpanSeconds | 0.25 (unused) | 0.25 (seismic MIN_WINDOW_SIZE) | 0.25 (unused) | 0.25 (unused) |
/// | minimumSampleCount | 4 (unused) | 4 (seismic MIN_QUEUE_SIZE) | 4 (unused) | 4 (unused) |
/// | cooldownSeconds | 1.0 (choice) | 1.0 (choice; seismic has none) | 1.0 (choice) | 1.0 (choice) |
/// | inputIncludesGravity | false | false | false | true (required) |
/// | gravityTimeConstantSeconds | 0.5 (choice) | 0.5 (choice) | 0.5 (choice) | 0.5 (unused) |
///
/// The raw-magnitude preset is the public submission of the assignment (raw magnitude ≥ 2.5 g, 3 hits in 2 s,
/// sampled at 60 Hz); its cooldown is this package's choice.
///
/// The seismic threshold: Square's seismic library (Android) defaults to `SENSITIVITY_MEDIUM` = 13 m/s²
/// (LIGHT is 11, HARD is 15) and compares it with the magnitude of the raw accelerometer vector, gravity
/// included. Here it is compared with gravity-free acceleration, which makes it stricter: a phone held upright
/// and shaken sideways exceeds 13 m/s² in seismic once its user acceleration passes √(1.3256² − 1) ≈ 0.87 g.
/// The number is kept as the documented source default; a sweep should treat it as one point among others.
public struct ShakeDetectorConfiguration: Sendable, Codable, Equatable {
    // MARK: - Fields

    /// Which algorithm runs.
    public var kind: ShakeDetectorKind
    /// Threshold on the gravity-free acceleration magnitude √(x²+y²+z²), in g; must be in (0, 16].
    public var thresholdG: Double
    /// threshold-count: excursions k needed; reversal: reversals N needed. In 1...1000.
    public var requiredCount: Int
    /// threshold-count: window W holding the k excursion starts; window-fraction: sliding window length;
    /// reversal: time limit holding the N reversals. Seconds, in (0, 60].
    public var windowSeconds: Double
    /// window-fraction: the share of samples in the window that must exceed the threshold, in (0, 1].
    public var requiredFraction: Double
    /// window-fraction: newest minus oldest timestamp in the window must reach this before it can fire, in
    /// seconds, in [0, windowSeconds].
    public var minimumWindowSpanSeconds: Double
    /// window-fraction: the window must hold at least this many samples before it can fire; in 1...100000.
    public var minimumSampleCount: Int
    /// After an event, samples earlier than event time + cooldown gather no evidence and fire nothing.
    /// Seconds, in [0, 3600].
    public var cooldownSeconds: Double
    /// True when samples are raw accelerometer readings (gravity included) rather than `userAcceleration`.
    public var inputIncludesGravity: Bool
    /// Time constant τ of the one-pole low-pass gravity estimate used when `inputIncludesGravity`, in seconds,
    /// in (0, 60]. Larger τ follows orientation changes more slowly but leaks less of the shake into gravity.
    public var gravityTimeConstantSeconds: Double

    // MARK: - Presets

    /// The documented defaults of `kind` (see the table in the type's discussion).
    ///
    /// - Parameter kind: the algorithm whose preset is wanted.
    public init(kind: ShakeDetectorKind) {
        self.kind = kind
        requiredCount = 4
        requiredFraction = 0.75
        minimumWindowSpanSeconds = 0.25
        minimumSampleCount = 4
        cooldownSeconds = 1.0
        inputIncludesGravity = false
        gravityTimeConstantSeconds = 0.5
        switch kind {
        case .thresholdCount:
            thresholdG = 1.5
            windowSeconds = 1.0
        case .windowFraction:
            thresholdG = Self.seismicMediumThresholdG
            windowSeconds = 0.5
        case .reversal:
            thresholdG = 1.0
            windowSeconds = 1.0
        case .rawMagnitude:
            thresholdG = 2.5
            requiredCount = 3
            windowSeconds = 2.0
            inputIncludesGravity = true
        }
    }

    /// Preset for `threshold-count`.
    public static let thresholdCountDefault = ShakeDetectorConfiguration(kind: .thresholdCount)
    /// Preset for `window-fraction` (seismic-derived).
    public static let windowFractionDefault = ShakeDetectorConfiguration(kind: .windowFraction)
    /// Preset for `reversal`.
    public static let reversalDefault = ShakeDetectorConfiguration(kind: .reversal)
    /// Preset for `raw-magnitude`: the public submission's detector (≥ 2.5 g raw, 3 hits in 2 s).
    public static let rawMagnitudeDefault = ShakeDetectorConfiguration(kind: .rawMagnitude)

    /// Seismic's `SENSITIVITY_MEDIUM` (its default), 13 m/s², in g: 13 / 9.80665 (standard gravity, CGPM 1901).
    public static let seismicMediumThresholdG = 13.0 / 9.80665

    // MARK: - Validation

    /// Every out-of-range field this configuration's kind reads; empty when the configuration is usable.
    ///
    /// Non-finite values are always reported. Fields the kind does not read are not checked.
    ///
    /// - Returns: one `(field, problem)` pair per problem, `field` being the JSON key.
    public func validationProblems() -> [(field: String, problem: String)] {
        var problems: [(field: String, problem: String)] = []
        func check(_ ok: Bool, _ field: String, _ problem: String) {
            if !ok { problems.append((field: field, problem: problem)) }
        }
        check(thresholdG.isFinite && thresholdG > 0 && thresholdG <= 16, "thresholdG", "must be in (0, 16] g")
        let windowOK = windowSeconds.isFinite && windowSeconds > 0 && windowSeconds <= 60
        check(windowOK, "windowSeconds", "must be in (0, 60] s")
        check(
            cooldownSeconds.isFinite && cooldownSeconds >= 0 && cooldownSeconds <= 3600,
            "cooldownSeconds", "must be in [0, 3600] s")
        switch kind {
        case .thresholdCount, .reversal, .rawMagnitude:
            check(requiredCount >= 1 && requiredCount <= 1000, "requiredCount", "must be in 1...1000")
        case .windowFraction:
            check(
                requiredFraction.isFinite && requiredFraction > 0 && requiredFraction <= 1,
                "requiredFraction", "must be in (0, 1]")
            // Compared with the window only when the window itself is valid (one problem, one report).
            let spanOK =
                minimumWindowSpanSeconds.isFinite && minimumWindowSpanSeconds >= 0
                && (!windowOK || minimumWindowSpanSeconds <= windowSeconds)
            check(spanOK, "minimumWindowSpanSeconds", "must be in [0, windowSeconds] s")
            check(
                minimumSampleCount >= 1 && minimumSampleCount <= 100_000,
                "minimumSampleCount", "must be in 1...100000")
        }
        if kind == .rawMagnitude {
            check(
                inputIncludesGravity, "inputIncludesGravity",
                "must be true for raw-magnitude: it thresholds raw readings, gravity included")
        } else if inputIncludesGravity {
            check(
                gravityTimeConstantSeconds.isFinite && gravityTimeConstantSeconds > 0
                    && gravityTimeConstantSeconds <= 60,
                "gravityTimeConstantSeconds", "must be in (0, 60] s")
        }
        return problems
    }

    // MARK: - Codable

    /// The JSON keys; their spelling is part of the stable vocabulary.
    enum CodingKeys: String, CodingKey {
        case kind, thresholdG, requiredCount, windowSeconds, requiredFraction, minimumWindowSpanSeconds
        case minimumSampleCount, cooldownSeconds, inputIncludesGravity, gravityTimeConstantSeconds
    }

    /// Decodes `kind`, then every other key present, falling back to that kind's preset for missing keys.
    ///
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: `DecodingError` when `kind` is missing or unknown, or a present key has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(kind: try container.decode(ShakeDetectorKind.self, forKey: .kind))
        func read<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T {
            try container.decodeIfPresent(T.self, forKey: key) ?? fallback
        }
        thresholdG = try read(.thresholdG, thresholdG)
        requiredCount = try read(.requiredCount, requiredCount)
        windowSeconds = try read(.windowSeconds, windowSeconds)
        requiredFraction = try read(.requiredFraction, requiredFraction)
        minimumWindowSpanSeconds = try read(.minimumWindowSpanSeconds, minimumWindowSpanSeconds)
        minimumSampleCount = try read(.minimumSampleCount, minimumSampleCount)
        cooldownSeconds = try read(.cooldownSeconds, cooldownSeconds)
        inputIncludesGravity = try read(.inputIncludesGravity, inputIncludesGravity)
        gravityTimeConstantSeconds = try read(.gravityTimeConstantSeconds, gravityTimeConstantSeconds)
    }

    /// Writes all ten keys.
    ///
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: whatever the encoder throws (e.g. for non-finite numbers under JSON's default strategy).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(thresholdG, forKey: .thresholdG)
        try container.encode(requiredCount, forKey: .requiredCount)
        try container.encode(windowSeconds, forKey: .windowSeconds)
        try container.encode(requiredFraction, forKey: .requiredFraction)
        try container.encode(minimumWindowSpanSeconds, forKey: .minimumWindowSpanSeconds)
        try container.encode(minimumSampleCount, forKey: .minimumSampleCount)
        try container.encode(cooldownSeconds, forKey: .cooldownSeconds)
        try container.encode(inputIncludesGravity, forKey: .inputIncludesGravity)
        try container.encode(gravityTimeConstantSeconds, forKey: .gravityTimeConstantSeconds)
    }
}

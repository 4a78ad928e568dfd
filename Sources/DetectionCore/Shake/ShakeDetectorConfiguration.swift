// MARK: - Shake detector configuration

/// Every parameter of a `ShakeDetector`, with a stable JSON vocabulary and documented defaults.
///
/// JSON keys: `kind`, then the kind's `vocabulary`: the shared keys (`DetectorParameter.shared`: `thresholdG`,
/// `requiredCount`, `windowSeconds`, `requiredFraction`, `minimumWindowSpanSeconds`, `minimumSampleCount`,
/// `cooldownSeconds`, `inputIncludesGravity`, `gravityTimeConstantSeconds`) and any key of the kind's own. Encoding
/// writes every key of the vocabulary. Decoding is driven by the same list: it needs only `kind`, a missing key takes
/// the value of that kind's preset (`ShakeDetectorConfiguration(kind:)`), so `{"kind":"window-fraction"}` is the
/// seismic-derived default, and a key outside the vocabulary is refused (it cannot be dropped silently).
///
/// Which keys each kind reads, with its defaults, is its own declaration (`ShakeDetectorKind.readings`, written in
/// the kind's file: `ThresholdCountShakeDetector.swift`, …); `docs/shake.md` tabulates them from there. The other
/// keys are carried along and not validated. `raw-magnitude` requires `inputIncludesGravity` true (it reads raw
/// readings) and removes no gravity; the other kinds read `gravityTimeConstantSeconds` while it is true.
///
/// The first three kinds threshold gravity-free acceleration (Core Motion's `userAcceleration`, or the raw
/// signal after this package's gravity high-pass), so one `thresholdG` means the same whichever input is fed.
/// `raw-magnitude` is the one kind that thresholds the raw magnitude, gravity included, as seismic and most
/// Android examples do: its `thresholdG` counts the 1 g of gravity.
///
/// Where the defaults come from: threshold-count's and reversal's are this package's choices; window-fraction's
/// are seismic's (below; `MAX_WINDOW_SIZE` 0.5 s, `MIN_WINDOW_SIZE` 0.25 s, "3/4 accelerating", `MIN_QUEUE_SIZE`
/// 4); every cooldown (1 s) and τ (0.5 s) is this package's choice.
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
    /// Every key of the kind's vocabulary, by key.
    private var values: [String: DetectorParameter.Value]

    /// Threshold on the gravity-free acceleration magnitude √(x²+y²+z²), in g; must be in (0, 16].
    public var thresholdG: Double {
        get { real(DetectorParameter.thresholdG.key) }
        set { values[DetectorParameter.thresholdG.key] = .real(newValue) }
    }
    /// threshold-count: excursions k needed; reversal: reversals N needed. In 1...1000.
    public var requiredCount: Int {
        get { count(DetectorParameter.requiredCount.key) }
        set { values[DetectorParameter.requiredCount.key] = .count(newValue) }
    }
    /// threshold-count: window W holding the k excursion starts; window-fraction: sliding window length;
    /// reversal: time limit holding the N reversals. Seconds, in (0, 60].
    public var windowSeconds: Double {
        get { real(DetectorParameter.windowSeconds.key) }
        set { values[DetectorParameter.windowSeconds.key] = .real(newValue) }
    }
    /// window-fraction: the share of samples in the window that must exceed the threshold, in (0, 1].
    public var requiredFraction: Double {
        get { real(DetectorParameter.requiredFraction.key) }
        set { values[DetectorParameter.requiredFraction.key] = .real(newValue) }
    }
    /// window-fraction: newest minus oldest timestamp in the window must reach this before it can fire, in
    /// seconds, in [0, windowSeconds].
    public var minimumWindowSpanSeconds: Double {
        get { real(DetectorParameter.minimumWindowSpanSeconds.key) }
        set { values[DetectorParameter.minimumWindowSpanSeconds.key] = .real(newValue) }
    }
    /// window-fraction: the window must hold at least this many samples before it can fire; in 1...100000.
    public var minimumSampleCount: Int {
        get { count(DetectorParameter.minimumSampleCount.key) }
        set { values[DetectorParameter.minimumSampleCount.key] = .count(newValue) }
    }
    /// After an event, samples earlier than event time + cooldown gather no evidence and fire nothing.
    /// Seconds, in [0, 3600].
    public var cooldownSeconds: Double {
        get { real(DetectorParameter.cooldownSeconds.key) }
        set { values[DetectorParameter.cooldownSeconds.key] = .real(newValue) }
    }
    /// True when samples are raw accelerometer readings (gravity included) rather than `userAcceleration`.
    public var inputIncludesGravity: Bool {
        get { flag(DetectorParameter.inputIncludesGravity.key) }
        set { values[DetectorParameter.inputIncludesGravity.key] = .flag(newValue) }
    }
    /// Time constant τ of the one-pole low-pass gravity estimate used when `inputIncludesGravity`, in seconds,
    /// in (0, 60]. Larger τ follows orientation changes more slowly but leaks less of the shake into gravity.
    public var gravityTimeConstantSeconds: Double {
        get { real(DetectorParameter.gravityTimeConstantSeconds.key) }
        set { values[DetectorParameter.gravityTimeConstantSeconds.key] = .real(newValue) }
    }

    // MARK: - Access by key

    /// The value of `key`; nil for a key outside the kind's vocabulary. Setting a key outside it, or a value of
    /// another type than its declaration's, is ignored.
    public subscript(key: String) -> DetectorParameter.Value? {
        get { values[key] }
        set { DetectorValues.set(&values, key, newValue, declaration: kind.parameter(key)) }
    }

    /// This configuration with the number `key` set to `number` (rounded toward zero for a count); unchanged for a
    /// key outside the vocabulary or a flag.
    public func setting(_ key: String, to number: Double) -> ShakeDetectorConfiguration {
        var c = self
        DetectorValues.set(&c.values, key, number: number, declaration: kind.parameter(key))
        return c
    }

    /// The value of the real `key` (NaN when it is not one).
    public func real(_ key: String) -> Double { DetectorValues.real(values, key) }

    /// The value of the count `key` (0 when it is not one).
    public func count(_ key: String) -> Int { DetectorValues.count(values, key) }

    /// The value of the flag `key` (false when it is not one).
    public func flag(_ key: String) -> Bool { DetectorValues.flag(values, key) }

    // MARK: - Presets

    /// The documented defaults of `kind` (see the table in the type's discussion): each key the kind reads at the
    /// kind's default, every other key of the vocabulary at its standard default.
    ///
    /// - Parameter kind: the algorithm whose preset is wanted.
    public init(kind: ShakeDetectorKind) {
        self.kind = kind
        var values: [String: DetectorParameter.Value] = [:]
        for p in kind.vocabulary { values[p.key] = p.standardDefault }
        for r in kind.readings { values[r.parameter.key] = r.defaultValue }
        self.values = values
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

    /// Every out-of-range field this configuration's kind reads, in the kind's key order; empty when the
    /// configuration is usable.
    ///
    /// Derived from the declarations: each key the kind reads (a conditional key only while its flag is on) is
    /// checked against its declared range, and a flag the kind requires at one value against that value.
    /// Non-finite values are always reported. Fields the kind does not read are not checked.
    ///
    /// - Returns: one `(field, problem)` pair per problem, `field` being the JSON key.
    public func validationProblems() -> [(field: String, problem: String)] {
        var problems: [(field: String, problem: String)] = []
        for r in kind.readings {
            let p = r.parameter
            if let flagKey = r.onlyWhen, !flag(flagKey) { continue }
            if let required = r.required {
                if flag(p.key) != required.value { problems.append((field: p.key, problem: required.reason)) }
                continue
            }
            guard let bounds = p.bounds, let value = values[p.key]?.number else { continue }
            // Compared with another key only when that key's own value is valid (one problem, one report).
            let upperValue = bounds.upperKey.flatMap { k -> Double? in
                guard let other = kind.parameter(k), let v = values[k]?.number, other.contains(v, upperValue: nil)
                else { return nil }
                return v
            }
            if !p.contains(value, upperValue: upperValue) {
                problems.append((field: p.key, problem: p.rangeText ?? "is out of range"))
            }
        }
        return problems
    }

    // MARK: - Codable

    /// A JSON key of any spelling, so that unknown keys can be seen and refused.
    typealias Key = AnyJSONKey

    /// Decodes `kind`, then every key of its vocabulary that is present (the list the kind declares), falling back
    /// to that kind's preset for missing keys.
    ///
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: `DecodingError` when `kind` is missing or unknown, a present key has the wrong type, or a key is
    ///   not in the kind's vocabulary.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        self.init(kind: try container.decode(ShakeDetectorKind.self, forKey: Key("kind")))
        try DetectorValues.decode(
            &values, from: container, vocabulary: kind.vocabulary,
            refusal: "is not a ShakeDetectorConfiguration key for \(kind.rawValue)")
    }

    /// Writes `kind` and every key of its vocabulary.
    ///
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: whatever the encoder throws (e.g. for non-finite numbers under JSON's default strategy).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(kind, forKey: Key("kind"))
        try DetectorValues.encode(values, into: &container, vocabulary: kind.vocabulary)
    }
}

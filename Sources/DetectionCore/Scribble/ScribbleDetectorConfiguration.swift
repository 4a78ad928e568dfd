// MARK: - Scribble detector configuration

/// Every parameter of a `ScribbleDetector`, with a stable JSON vocabulary and documented defaults.
///
/// JSON keys: an optional `kind` (one of `ScribbleDetectorKind.allCases`; absent means the first, `scribble`, the
/// one algorithm every scribble file written before the family existed means), then the kind's `vocabulary`: the
/// shared keys declared once with unit, range and ladder grid in `parameters` (`ScribbleParameter.swift`:
/// `requiredReversals`, `minimumTravelPoints`, `pathToDiagonalRatio`, `windowSeconds`, `cooldownSeconds`,
/// `firesOncePerGesture`) and any key of the kind's own. Encoding writes every key of the vocabulary, and `kind`
/// unless it is the implied first kind (so the encoding of a `scribble` configuration is what it always was);
/// decoding takes any missing key from the kind's preset and refuses a key outside the vocabulary (it cannot be
/// dropped silently); `docs/shake.md` tabulates them from there.
///
/// Defaults (all are choices; no published scribble detector was used as a source):
///
/// | field | default | why |
/// | --- | --- | --- |
/// | requiredReversals | 3 | four strokes back and forth, the shortest deliberate scratch-out |
/// | minimumTravelPoints | 20 pt | larger than finger jitter and handwriting wiggles, about a fingertip wide |
/// | pathToDiagonalRatio | 2.5 | above one circle (π/√2 ≈ 2.22), below a zigzag at its 3rd reversal (note) |
/// | windowSeconds | 1.5 s | four strokes at a relaxed 3 strokes/s fit; a slow back-and-forth scroll does not |
/// | cooldownSeconds | 0 s | once per gesture is already the default guard |
/// | firesOncePerGesture | true | one scribble, one event, until the finger lifts |
///
/// Note on the ratio: when the 3rd reversal of a zigzag with 100 pt strokes registers (20 pt into the 4th
/// stroke) the path is about 3 × 100 + 20 pt; over a flat bounding box (≈ 100 pt diagonal) that is ≈ 3.2, and
/// ≈ 2.6 if the zigzag also descends 100 pt over its four strokes (diagonal ≈ 128 pt).
public struct ScribbleDetectorConfiguration: Sendable, Codable, Equatable {
    // MARK: - Fields

    /// Which algorithm runs.
    public var kind: ScribbleDetectorKind
    /// Every key of the kind's vocabulary, by key.
    private var values: [String: DetectorParameter.Value]

    /// Direction reversals needed on one axis (x or y) within `windowSeconds`; in 1...100.
    public var requiredReversals: Int {
        get { count(Self.requiredReversalsParameter.key) }
        set { values[Self.requiredReversalsParameter.key] = .count(newValue) }
    }
    /// A reversal counts only after the finger has moved this far back from the extreme on that axis, and
    /// the direction is first set after this much travel; points, in (0, 10000].
    public var minimumTravelPoints: Double {
        get { real(Self.minimumTravelPointsParameter.key) }
        set { values[Self.minimumTravelPointsParameter.key] = .real(newValue) }
    }
    /// Path length within the window must be at least this times the window's bounding-box diagonal;
    /// in [0, 100] (0 disables the test).
    public var pathToDiagonalRatio: Double {
        get { real(Self.pathToDiagonalRatioParameter.key) }
        set { values[Self.pathToDiagonalRatioParameter.key] = .real(newValue) }
    }
    /// Length of the sliding time window for reversals, path and bounding box, in seconds, in (0, 60].
    public var windowSeconds: Double {
        get { real(Self.windowSecondsParameter.key) }
        set { values[Self.windowSecondsParameter.key] = .real(newValue) }
    }
    /// After an event, points before event time + cooldown gather no reversals and fire nothing (across
    /// gestures too); seconds, in [0, 3600].
    public var cooldownSeconds: Double {
        get { real(Self.cooldownSecondsParameter.key) }
        set { values[Self.cooldownSecondsParameter.key] = .real(newValue) }
    }
    /// When true, at most one event per gesture (until `touchEnded()`); when false, evidence is cleared at
    /// each event and a continuing scribble can fire again.
    public var firesOncePerGesture: Bool {
        get { flag(Self.firesOncePerGestureParameter.key) }
        set { values[Self.firesOncePerGestureParameter.key] = .flag(newValue) }
    }

    // MARK: - Presets

    /// The documented defaults of `kind`: every key of its vocabulary at its declared default.
    ///
    /// - Parameter kind: the algorithm whose preset is wanted.
    public init(kind: ScribbleDetectorKind) {
        self.kind = kind
        var values: [String: DetectorParameter.Value] = [:]
        for p in kind.vocabulary { values[p.key] = p.standardDefault }
        self.values = values
    }

    /// A `scribble` configuration with explicit values; every argument defaults to the documented default.
    public init(
        requiredReversals: Int = Int(requiredReversalsParameter.standardDefault.number),
        minimumTravelPoints: Double = minimumTravelPointsParameter.standardDefault.number,
        pathToDiagonalRatio: Double = pathToDiagonalRatioParameter.standardDefault.number,
        windowSeconds: Double = windowSecondsParameter.standardDefault.number,
        cooldownSeconds: Double = cooldownSecondsParameter.standardDefault.number,
        firesOncePerGesture: Bool = firesOncePerGestureParameter.standardDefault.number != 0
    ) {
        self.init(kind: .scribble)
        self.requiredReversals = requiredReversals
        self.minimumTravelPoints = minimumTravelPoints
        self.pathToDiagonalRatio = pathToDiagonalRatio
        self.windowSeconds = windowSeconds
        self.cooldownSeconds = cooldownSeconds
        self.firesOncePerGesture = firesOncePerGesture
    }

    /// The documented defaults of the implied kind (`scribble`).
    public static let `default` = ScribbleDetectorConfiguration(kind: ScribbleDetectorKind.allCases[0])

    // MARK: - Access by key

    /// The value of `key`; nil for a key outside the kind's vocabulary. Setting a key outside it, or a value of
    /// another type than its declaration's, is ignored.
    public subscript(key: String) -> DetectorParameter.Value? {
        get { values[key] }
        set { DetectorValues.set(&values, key, newValue, declaration: kind.parameter(key)) }
    }

    /// This configuration with the number `key` set to `number` (rounded toward zero for a count); unchanged for a
    /// key outside the vocabulary or a flag.
    public func setting(_ key: String, to number: Double) -> ScribbleDetectorConfiguration {
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

    // MARK: - Validation

    /// Every out-of-range key the kind reads, in key order; empty when the configuration is usable.
    ///
    /// Derived from the declarations (`kind.readings`): each number is checked against its declared range;
    /// non-finite values are always reported. Keys the kind does not read are not checked.
    ///
    /// - Returns: one `(field, problem)` pair per problem, `field` being the JSON key.
    public func validationProblems() -> [(field: String, problem: String)] {
        kind.readings.compactMap { p in
            guard let value = self[p.key]?.number, !p.contains(value, upperValue: nil) else { return nil }
            return (field: p.key, problem: p.rangeText ?? "is out of range")
        }
    }

    // MARK: - Codable

    /// A JSON key of any spelling, so that unknown keys can be seen and refused.
    typealias Key = AnyJSONKey

    /// Decodes the optional `kind` (absent: the implied first kind), then every key of its vocabulary that is
    /// present, taking the kind's preset for missing keys.
    ///
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: `DecodingError` when a present key has the wrong type, `kind` is not a registered kind, or a key is
    ///   not in the kind's vocabulary.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        // An unregistered name is refused by the kind's own decoding, naming the registered ones.
        let kind = try container.decodeIfPresent(ScribbleDetectorKind.self, forKey: Key("kind")) ?? ScribbleDetectorKind.allCases[0]
        self.init(kind: kind)
        try DetectorValues.decode(
            &values, from: container, vocabulary: kind.vocabulary,
            refusal: "is not a ScribbleDetectorConfiguration key")
    }

    /// Writes `kind` (unless it is the implied first kind) and every key of its vocabulary, in declaration order.
    ///
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        if !kind.isImplied { try container.encode(kind, forKey: Key("kind")) }
        try DetectorValues.encode(values, into: &container, vocabulary: kind.vocabulary)
    }
}

// MARK: - Scribble detector configuration

/// Every parameter of a `ScribbleDetector`, with a stable JSON vocabulary and documented defaults.
///
/// JSON keys (the property names): `requiredReversals`, `minimumTravelPoints`, `pathToDiagonalRatio`,
/// `windowSeconds`, `cooldownSeconds`, `firesOncePerGesture`. Encoding writes all six; decoding takes any
/// missing key from `.default`.
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

    /// Direction reversals needed on one axis (x or y) within `windowSeconds`; in 1...100.
    public var requiredReversals: Int
    /// A reversal counts only after the finger has moved this far back from the extreme on that axis, and
    /// the direction is first set after this much travel; points, in (0, 10000].
    public var minimumTravelPoints: Double
    /// Path length within the window must be at least this times the window's bounding-box diagonal;
    /// in [0, 100] (0 disables the test).
    public var pathToDiagonalRatio: Double
    /// Length of the sliding time window for reversals, path and bounding box, in seconds, in (0, 60].
    public var windowSeconds: Double
    /// After an event, points before event time + cooldown gather no reversals and fire nothing (across
    /// gestures too); seconds, in [0, 3600].
    public var cooldownSeconds: Double
    /// When true, at most one event per gesture (until `touchEnded()`); when false, evidence is cleared at
    /// each event and a continuing scribble can fire again.
    public var firesOncePerGesture: Bool

    // MARK: - Presets

    /// A configuration with explicit values; every argument defaults to the documented default.
    public init(
        requiredReversals: Int = 3, minimumTravelPoints: Double = 20, pathToDiagonalRatio: Double = 2.5,
        windowSeconds: Double = 1.5, cooldownSeconds: Double = 0, firesOncePerGesture: Bool = true
    ) {
        self.requiredReversals = requiredReversals
        self.minimumTravelPoints = minimumTravelPoints
        self.pathToDiagonalRatio = pathToDiagonalRatio
        self.windowSeconds = windowSeconds
        self.cooldownSeconds = cooldownSeconds
        self.firesOncePerGesture = firesOncePerGesture
    }

    /// The documented defaults.
    public static let `default` = ScribbleDetectorConfiguration()

    // MARK: - Validation

    /// Every out-of-range field; empty when the configuration is usable.
    ///
    /// - Returns: one `(field, problem)` pair per problem, `field` being the JSON key.
    public func validationProblems() -> [(field: String, problem: String)] {
        var problems: [(field: String, problem: String)] = []
        func check(_ ok: Bool, _ field: String, _ problem: String) {
            if !ok { problems.append((field: field, problem: problem)) }
        }
        check(requiredReversals >= 1 && requiredReversals <= 100, "requiredReversals", "must be in 1...100")
        check(
            minimumTravelPoints.isFinite && minimumTravelPoints > 0 && minimumTravelPoints <= 10_000,
            "minimumTravelPoints", "must be in (0, 10000] pt")
        check(
            pathToDiagonalRatio.isFinite && pathToDiagonalRatio >= 0 && pathToDiagonalRatio <= 100,
            "pathToDiagonalRatio", "must be in [0, 100]")
        check(
            windowSeconds.isFinite && windowSeconds > 0 && windowSeconds <= 60,
            "windowSeconds", "must be in (0, 60] s")
        check(
            cooldownSeconds.isFinite && cooldownSeconds >= 0 && cooldownSeconds <= 3600,
            "cooldownSeconds", "must be in [0, 3600] s")
        return problems
    }

    // MARK: - Codable

    /// The JSON keys; their spelling is part of the stable vocabulary.
    enum CodingKeys: String, CodingKey {
        case requiredReversals, minimumTravelPoints, pathToDiagonalRatio, windowSeconds, cooldownSeconds
        case firesOncePerGesture
    }

    /// Decodes every key present, taking `.default`'s value for missing keys.
    ///
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: `DecodingError` when a present key has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        func read<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T {
            try container.decodeIfPresent(T.self, forKey: key) ?? fallback
        }
        requiredReversals = try read(.requiredReversals, requiredReversals)
        minimumTravelPoints = try read(.minimumTravelPoints, minimumTravelPoints)
        pathToDiagonalRatio = try read(.pathToDiagonalRatio, pathToDiagonalRatio)
        windowSeconds = try read(.windowSeconds, windowSeconds)
        cooldownSeconds = try read(.cooldownSeconds, cooldownSeconds)
        firesOncePerGesture = try read(.firesOncePerGesture, firesOncePerGesture)
    }

    /// Writes all six keys.
    ///
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(requiredReversals, forKey: .requiredReversals)
        try container.encode(minimumTravelPoints, forKey: .minimumTravelPoints)
        try container.encode(pathToDiagonalRatio, forKey: .pathToDiagonalRatio)
        try container.encode(windowSeconds, forKey: .windowSeconds)
        try container.encode(cooldownSeconds, forKey: .cooldownSeconds)
        try container.encode(firesOncePerGesture, forKey: .firesOncePerGesture)
    }
}

// MARK: - Scribble detector configuration

/// Every parameter of a `ScribbleDetector`, with a stable JSON vocabulary and documented defaults.
///
/// JSON keys (the property names), declared once with unit, range and ladder grid in `parameters`
/// (`DetectorParameter.swift`): `requiredReversals`, `minimumTravelPoints`, `pathToDiagonalRatio`, `windowSeconds`,
/// `cooldownSeconds`, `firesOncePerGesture`. Encoding writes all six; decoding takes any missing key from `.default`
/// and refuses a key outside the list (it cannot be dropped silently); `docs/shake.md` tabulates them from there.
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

    // MARK: - Access by key

    /// The value of `key`; nil for a key outside the vocabulary (`parameters`). Setting a key outside it, or a value
    /// of another type than its declaration's, is ignored.
    public subscript(key: String) -> DetectorParameter.Value? {
        get {
            switch key {
            case Self.requiredReversalsParameter.key: return .count(requiredReversals)
            case Self.minimumTravelPointsParameter.key: return .real(minimumTravelPoints)
            case Self.pathToDiagonalRatioParameter.key: return .real(pathToDiagonalRatio)
            case Self.windowSecondsParameter.key: return .real(windowSeconds)
            case Self.cooldownSecondsParameter.key: return .real(cooldownSeconds)
            case Self.firesOncePerGestureParameter.key: return .flag(firesOncePerGesture)
            default: return nil
            }
        }
        set {
            switch (key, newValue) {
            case (Self.requiredReversalsParameter.key, .count(let n)?): requiredReversals = n
            case (Self.minimumTravelPointsParameter.key, .real(let x)?): minimumTravelPoints = x
            case (Self.pathToDiagonalRatioParameter.key, .real(let x)?): pathToDiagonalRatio = x
            case (Self.windowSecondsParameter.key, .real(let x)?): windowSeconds = x
            case (Self.cooldownSecondsParameter.key, .real(let x)?): cooldownSeconds = x
            case (Self.firesOncePerGestureParameter.key, .flag(let b)?): firesOncePerGesture = b
            default: break
            }
        }
    }

    /// This configuration with the number `key` set to `number` (rounded toward zero for a count); unchanged for a
    /// key outside the vocabulary or a flag.
    public func setting(_ key: String, to number: Double) -> ScribbleDetectorConfiguration {
        var c = self
        switch Self.parameter(key)?.standardDefault {
        case .real: c[key] = .real(number)
        case .count: c[key] = .count(Int(number))
        default: break
        }
        return c
    }

    // MARK: - Validation

    /// Every out-of-range field, in key order; empty when the configuration is usable.
    ///
    /// Derived from the declarations (`parameters`): each number is checked against its declared range; non-finite
    /// values are always reported.
    ///
    /// - Returns: one `(field, problem)` pair per problem, `field` being the JSON key.
    public func validationProblems() -> [(field: String, problem: String)] {
        Self.parameters.compactMap { p in
            guard let value = self[p.key]?.number, !p.contains(value, upperValue: nil) else { return nil }
            return (field: p.key, problem: p.rangeText ?? "is out of range")
        }
    }

    // MARK: - Codable

    /// A JSON key of any spelling, so that unknown keys can be seen and refused.
    typealias Key = AnyJSONKey

    /// Decodes every key of the vocabulary that is present (the list `parameters` declares), taking `.default`'s
    /// value for missing keys; an optional `kind` must be `"scribble"`.
    ///
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: `DecodingError` when a present key has the wrong type, `kind` is not `"scribble"`, or a key is not
    ///   in the vocabulary.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        self.init()
        if let kind = try container.decodeIfPresent(String.self, forKey: Key("kind")), kind != Self.kindName {
            throw DecodingError.dataCorruptedError(
                forKey: Key("kind"), in: container,
                debugDescription: "unknown scribble detector kind \"\(kind)\" (known: \(Self.kindName))")
        }
        for key in container.allKeys where key.stringValue != "kind" && Self.parameter(key.stringValue) == nil {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "is not a ScribbleDetectorConfiguration key (known: kind, "
                    + Self.parameters.map(\.key).joined(separator: ", ") + ")")
        }
        for p in Self.parameters {
            let key = Key(p.key)
            switch p.standardDefault {
            case .real: if let x = try container.decodeIfPresent(Double.self, forKey: key) { self[p.key] = .real(x) }
            case .count: if let n = try container.decodeIfPresent(Int.self, forKey: key) { self[p.key] = .count(n) }
            case .flag: if let b = try container.decodeIfPresent(Bool.self, forKey: key) { self[p.key] = .flag(b) }
            }
        }
    }

    /// Writes every key of the vocabulary, in declaration order.
    ///
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for p in Self.parameters {
            let key = Key(p.key)
            switch self[p.key] ?? p.standardDefault {
            case .real(let x): try container.encode(x, forKey: key)
            case .count(let n): try container.encode(n, forKey: key)
            case .flag(let b): try container.encode(b, forKey: key)
            }
        }
    }
}

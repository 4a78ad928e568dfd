// MARK: - Proximity check configuration

/// Parameters of a proximity check, with a stable JSON vocabulary and documented defaults.
///
/// JSON keys: `kind`, then the kind's `vocabulary`: the shared keys (`DetectorParameter.proximityShared`:
/// `radiusMeters`, `maximumAccuracyMeters`, `requiredConsecutiveFixes`, `dwellSeconds`, `exitMarginMeters`), which
/// every configuration carries and encodes whatever its kind, then any key of the kind's own (declared in its file). Which keys a kind reads is its own declaration
/// (`ProximityCheckKind.parameters`, written in the kind's file: `NaiveProximityRule.swift`, …); only those are
/// validated, the others are carried along. Decoding is driven by the same list: it needs only `kind`, a missing
/// key takes its default, and a key outside the vocabulary is refused (it cannot be dropped silently).
///
/// Defaults and where they come from (each key's declaration, `DetectorParameter+ProximityVocabulary.swift`):
/// - `radiusMeters = 50`: the assignment's `distance(from:) < 50` (Penn iOS course, homework 3).
/// - `maximumAccuracyMeters = 20`: a choice (between typical open-sky phone GPS accuracy, ~5–10 m, and the
///   ~65 m Wi-Fi fixes, so gating keeps GPS-quality fixes only).
/// - `requiredConsecutiveFixes = 2`: a choice (the smallest run that rejects a single outlier).
/// - `dwellSeconds = 10`: a choice (a few 1 Hz fixes; short enough for a walker to notice).
/// - `exitMarginMeters = 10`: a choice (about one typical GPS accuracy radius, so jitter at the edge does not flap).
public struct ProximityCheckConfiguration: Sendable, Codable, Equatable {
    // MARK: - Fields

    /// The rule. Setting another kind gives its own keys (if any) their defaults.
    public var kind: ProximityCheckKind {
        didSet {
            for p in kind.parameters where !DetectorParameter.proximityShared.contains(p) && ownValues[p.key] == nil {
                ownValues[p.key] = p.standardDefault
            }
        }
    }
    /// Radius R of each place's circle, metres.
    public var radiusMeters: Double
    /// `accuracy-gated`: worst accepted horizontal accuracy, metres.
    public var maximumAccuracyMeters: Double
    /// `consecutive`: fixes in a row needed to enter (and, outside, to exit).
    public var requiredConsecutiveFixes: Int
    /// `dwell`: continuous time inside needed to enter, seconds.
    public var dwellSeconds: Double
    /// `hysteresis`: extra distance beyond R needed to exit, metres.
    public var exitMarginMeters: Double
    /// The values of a kind's own keys (declared in its file, outside the shared vocabulary), by key.
    private var ownValues: [String: DetectorParameter.Value] = [:]

    // MARK: - Initialiser

    /// Creates a configuration; every parameter has its declared default.
    ///
    /// - Parameters:
    ///   - kind: the rule.
    ///   - radiusMeters: circle radius, metres (default 50).
    ///   - maximumAccuracyMeters: gate for `accuracyGated`, metres (default 20).
    ///   - requiredConsecutiveFixes: run length for `consecutive` (default 2).
    ///   - dwellSeconds: dwell time for `dwell`, seconds (default 10).
    ///   - exitMarginMeters: exit margin for `hysteresis`, metres (default 10).
    public init(
        kind: ProximityCheckKind, radiusMeters: Double = DetectorParameter.radiusMeters.standardDefault.number,
        maximumAccuracyMeters: Double = DetectorParameter.maximumAccuracyMeters.standardDefault.number,
        requiredConsecutiveFixes: Int = Int(DetectorParameter.requiredConsecutiveFixes.standardDefault.number),
        dwellSeconds: Double = DetectorParameter.dwellSeconds.standardDefault.number,
        exitMarginMeters: Double = DetectorParameter.exitMarginMeters.standardDefault.number
    ) {
        self.kind = kind
        self.radiusMeters = radiusMeters
        self.maximumAccuracyMeters = maximumAccuracyMeters
        self.requiredConsecutiveFixes = requiredConsecutiveFixes
        self.dwellSeconds = dwellSeconds
        self.exitMarginMeters = exitMarginMeters
        for p in kind.parameters where !DetectorParameter.proximityShared.contains(p) { ownValues[p.key] = p.standardDefault }
    }

    // MARK: - Access by key

    /// The value of `key`; nil for a key outside the vocabulary. Setting a key outside it, or a value of another
    /// type than its declaration's, is ignored.
    public subscript(key: String) -> DetectorParameter.Value? {
        get {
            switch key {
            case DetectorParameter.radiusMeters.key: return .real(radiusMeters)
            case DetectorParameter.maximumAccuracyMeters.key: return .real(maximumAccuracyMeters)
            case DetectorParameter.requiredConsecutiveFixes.key: return .count(requiredConsecutiveFixes)
            case DetectorParameter.dwellSeconds.key: return .real(dwellSeconds)
            case DetectorParameter.exitMarginMeters.key: return .real(exitMarginMeters)
            default: return ownValues[key]
            }
        }
        set {
            switch (key, newValue) {
            case (DetectorParameter.radiusMeters.key, .real(let x)?): radiusMeters = x
            case (DetectorParameter.maximumAccuracyMeters.key, .real(let x)?): maximumAccuracyMeters = x
            case (DetectorParameter.requiredConsecutiveFixes.key, .count(let n)?): requiredConsecutiveFixes = n
            case (DetectorParameter.dwellSeconds.key, .real(let x)?): dwellSeconds = x
            case (DetectorParameter.exitMarginMeters.key, .real(let x)?): exitMarginMeters = x
            case (_, let value?):
                if ownValues[key] != nil, let p = kind.parameter(key), Self.sameType(value, p.standardDefault) {
                    ownValues[key] = value
                }
            default: break
            }
        }
    }

    /// The value of the count `key` (0 when it is not one): a kind's own count key, as its rule reads it.
    public func count(_ key: String) -> Int {
        if case .count(let n) = self[key] { return n }
        return 0
    }

    /// The value of the real `key` (NaN when it is not one): a kind's own real key, as its rule reads it.
    public func real(_ key: String) -> Double {
        if case .real(let x) = self[key] { return x }
        return .nan
    }

    private static func sameType(_ a: DetectorParameter.Value, _ b: DetectorParameter.Value) -> Bool {
        switch (a, b) {
        case (.real, .real), (.count, .count), (.flag, .flag): return true
        default: return false
        }
    }

    // MARK: - Validation

    /// Every out-of-range key the kind reads, in the kind's key order (empty when the configuration is usable).
    ///
    /// Derived from the declarations: each key the kind reads (`kind.parameters`) is checked against its declared
    /// range, non-finite values always failing. Keys the kind does not read are not checked.
    ///
    /// - Returns: `(field, problem)` pairs, e.g. `("radiusMeters", "must be in (0, 10000] m, got -1")`.
    public func validationProblems() -> [(field: String, problem: String)] {
        kind.parameters.compactMap { p in
            guard let value = self[p.key]?.number, !p.contains(value, upperValue: nil) else { return nil }
            return (field: p.key, problem: (p.rangeText ?? "is out of range") + ", got \(DetectorParameter.text(value))")
        }
    }

    // MARK: - Codable

    /// A JSON key of any spelling, so that unknown keys can be seen and refused.
    typealias Key = AnyJSONKey

    /// Decodes `kind`, then every key of its vocabulary that is present; missing keys take their defaults. Values
    /// are not range-checked here (call `validationProblems()`, or let `ProximityMonitor.init` do it).
    ///
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` when `kind` is missing or unknown, a field has the wrong type, or a key is not in
    ///   the vocabulary.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        self.init(kind: try container.decode(ProximityCheckKind.self, forKey: Key("kind")))
        let vocabulary = kind.vocabulary
        for key in container.allKeys where key.stringValue != "kind" && !vocabulary.contains(where: { $0.key == key.stringValue }) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "is not a ProximityCheckConfiguration key (known: kind, "
                    + vocabulary.map(\.key).joined(separator: ", ") + ")")
        }
        for p in vocabulary {
            let key = Key(p.key)
            switch p.standardDefault {
            case .real: if let x = try container.decodeIfPresent(Double.self, forKey: key) { self[p.key] = .real(x) }
            case .count: if let n = try container.decodeIfPresent(Int.self, forKey: key) { self[p.key] = .count(n) }
            case .flag: if let b = try container.decodeIfPresent(Bool.self, forKey: key) { self[p.key] = .flag(b) }
            }
        }
    }

    /// Writes `kind` and every key of its vocabulary.
    ///
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: whatever the encoder throws (e.g. for non-finite numbers under JSON's default strategy).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(kind, forKey: Key("kind"))
        for p in kind.vocabulary {
            let key = Key(p.key)
            switch self[p.key] ?? p.standardDefault {
            case .real(let x): try container.encode(x, forKey: key)
            case .count(let n): try container.encode(n, forKey: key)
            case .flag(let b): try container.encode(b, forKey: key)
            }
        }
    }
}

/// Parameters of a proximity check. Only the fields used by `kind` matter; all are validated.
///
/// Defaults and where they come from:
/// - `radiusMeters = 50`: the assignment's `distance(from:) < 50` (Penn iOS course, homework 3).
/// - `maximumAccuracyMeters = 20`: a choice (between typical open-sky phone GPS accuracy, ~5–10 m, and the
///   ~65 m Wi-Fi fixes, so gating keeps GPS-quality fixes only).
/// - `requiredConsecutiveFixes = 2`: a choice (the smallest run that rejects a single outlier).
/// - `dwellSeconds = 10`: a choice (a few 1 Hz fixes; short enough for a walker to notice).
/// - `exitMarginMeters = 10`: a choice (about one typical GPS accuracy radius, so jitter at the edge does not flap).
///
/// Decoding fills missing fields with these defaults; `kind` is required.
public struct ProximityCheckConfiguration: Sendable, Codable, Equatable {
    // MARK: - Fields

    /// The rule.
    public var kind: ProximityCheckKind
    /// Radius R of each place's circle, metres.
    public var radiusMeters: Double
    /// `accuracyGated`: worst accepted horizontal accuracy, metres.
    public var maximumAccuracyMeters: Double
    /// `consecutive`: fixes in a row needed to enter (and, outside, to exit).
    public var requiredConsecutiveFixes: Int
    /// `dwell`: continuous time inside needed to enter, seconds.
    public var dwellSeconds: Double
    /// `hysteresis`: extra distance beyond R needed to exit, metres.
    public var exitMarginMeters: Double

    // MARK: - Initialiser

    /// Creates a configuration; every parameter has the documented default.
    ///
    /// - Parameters:
    ///   - kind: the rule.
    ///   - radiusMeters: circle radius, metres (default 50).
    ///   - maximumAccuracyMeters: gate for `accuracyGated`, metres (default 20).
    ///   - requiredConsecutiveFixes: run length for `consecutive` (default 2).
    ///   - dwellSeconds: dwell time for `dwell`, seconds (default 10).
    ///   - exitMarginMeters: exit margin for `hysteresis`, metres (default 10).
    public init(
        kind: ProximityCheckKind, radiusMeters: Double = 50, maximumAccuracyMeters: Double = 20,
        requiredConsecutiveFixes: Int = 2, dwellSeconds: Double = 10, exitMarginMeters: Double = 10
    ) {
        self.kind = kind
        self.radiusMeters = radiusMeters
        self.maximumAccuracyMeters = maximumAccuracyMeters
        self.requiredConsecutiveFixes = requiredConsecutiveFixes
        self.dwellSeconds = dwellSeconds
        self.exitMarginMeters = exitMarginMeters
    }

    // MARK: - Validation

    /// Out-of-range values, one entry per problem (empty when the configuration is usable).
    ///
    /// - Returns: `(field, problem)` pairs, e.g. `("radiusMeters", "must be finite and > 0, got -1.0")`.
    public func validationProblems() -> [(field: String, problem: String)] {
        var problems: [(field: String, problem: String)] = []
        if !(radiusMeters.isFinite && radiusMeters > 0) {
            problems.append(("radiusMeters", "must be finite and > 0, got \(radiusMeters)"))
        }
        if !(maximumAccuracyMeters.isFinite && maximumAccuracyMeters > 0) {
            problems.append(("maximumAccuracyMeters", "must be finite and > 0, got \(maximumAccuracyMeters)"))
        }
        if requiredConsecutiveFixes < 1 {
            problems.append(("requiredConsecutiveFixes", "must be ≥ 1, got \(requiredConsecutiveFixes)"))
        }
        if !(dwellSeconds.isFinite && dwellSeconds >= 0) {
            problems.append(("dwellSeconds", "must be finite and ≥ 0, got \(dwellSeconds)"))
        }
        if !(exitMarginMeters.isFinite && exitMarginMeters >= 0) {
            problems.append(("exitMarginMeters", "must be finite and ≥ 0, got \(exitMarginMeters)"))
        }
        return problems
    }

    // MARK: - Codable

    enum CodingKeys: String, CodingKey {
        case kind, radiusMeters, maximumAccuracyMeters, requiredConsecutiveFixes, dwellSeconds, exitMarginMeters
    }

    /// Decodes; missing numeric fields take the documented defaults. Values are not range-checked here (call
    /// `validationProblems()`, or let `ProximityMonitor.init` do it).
    ///
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` when `kind` is missing or unknown or a field has the wrong type.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = ProximityCheckConfiguration(kind: try c.decode(ProximityCheckKind.self, forKey: .kind))
        self = defaults
        radiusMeters = try c.decodeIfPresent(Double.self, forKey: .radiusMeters) ?? defaults.radiusMeters
        maximumAccuracyMeters =
            try c.decodeIfPresent(Double.self, forKey: .maximumAccuracyMeters) ?? defaults.maximumAccuracyMeters
        requiredConsecutiveFixes =
            try c.decodeIfPresent(Int.self, forKey: .requiredConsecutiveFixes) ?? defaults.requiredConsecutiveFixes
        dwellSeconds = try c.decodeIfPresent(Double.self, forKey: .dwellSeconds) ?? defaults.dwellSeconds
        exitMarginMeters = try c.decodeIfPresent(Double.self, forKey: .exitMarginMeters) ?? defaults.exitMarginMeters
    }
}

// MARK: - Proximity check kinds

/// The rule that decides when a place is "in range", by its stable JSON name, with its declarations.
///
/// The kinds form an open family: each is one type (`NaiveProximityRule`, `AccuracyGatedProximityRule`, …)
/// registered once in `allCases`, and each type's documentation gives its enter and exit rule (R = radius,
/// d = geodesic distance from the fix to the place). Everything else about a kind (the keys it reads, its label,
/// whether it needs accuracy) is read from its declaration through this value.
///
/// Every kind except `naive` ignores fixes with negative (invalid) accuracy.
public struct ProximityCheckKind: RegisteredKind {
    // MARK: - Registry

    /// Enter when d < R, exit when d ≥ R, on every fix, accuracy unread: the assignment's check.
    public static let naive = ProximityCheckKind(NaiveProximityRule.self)
    /// Like `naive`, on fixes with 0 ≤ accuracy ≤ `maximumAccuracyMeters` only.
    public static let accuracyGated = ProximityCheckKind(AccuracyGatedProximityRule.self)
    /// `requiredConsecutiveFixes` fixes in a row inside to enter, as many outside to exit.
    public static let consecutive = ProximityCheckKind(ConsecutiveProximityRule.self)
    /// Continuously inside for `dwellSeconds` to enter; the first fix outside exits.
    public static let dwell = ProximityCheckKind(DwellProximityRule.self)
    /// Enter when d < R; exit only beyond R + `exitMarginMeters`.
    public static let hysteresis = ProximityCheckKind(HysteresisProximityRule.self)
    /// The whole uncertainty circle inside to enter, wholly outside to exit.
    public static let accuracyAware = ProximityCheckKind(AccuracyAwareProximityRule.self)

    /// Every kind, in the order help, documentation and reports list them: the one registry of the family.
    public static let allCases: [ProximityCheckKind] = [
        .naive, .accuracyGated, .consecutive, .dwell, .hysteresis, .accuracyAware,
    ]

    // MARK: - Identity

    /// The JSON name (`"accuracy-gated"`).
    public let rawValue: String
    /// The rule's type.
    let rule: any ProximityRule.Type

    init(_ rule: any ProximityRule.Type) {
        rawValue = rule.name
        self.rule = rule
    }

    public static let familyNoun = "proximity check kind"

    // MARK: - Declarations

    /// Its enter and exit rule, in one sentence.
    public var summary: String { rule.summary }
    /// The keys the kind reads, in encoding order (`radiusMeters` first): the only keys validated for it.
    public var parameters: [DetectorParameter] { rule.reads }
    /// Whether the rule reads each fix's horizontal accuracy (a replayed track must report it).
    public var needsAccuracy: Bool { rule.needsAccuracy }
    /// Whether fixes with a negative (invalid) accuracy are used rather than ignored.
    public var usesInvalidAccuracy: Bool { rule.usesInvalidAccuracy }
    /// The label template, `{key}` standing for a value ("{requiredConsecutiveFixes} fixes in a row").
    public var labelTemplate: String { rule.label }
    /// The grade report's option template ("dwell {dwellSeconds} s"); nil when the kind has none.
    public var optionLabelTemplate: String? { rule.optionLabel }

    /// Every key a configuration of this kind carries and encodes, after `kind`: the shared vocabulary, then any key
    /// of the kind's own.
    public var vocabulary: [DetectorParameter] {
        DetectorParameter.proximityShared + parameters.filter { !DetectorParameter.proximityShared.contains($0) }
    }

    /// The declaration of `key` among the keys this kind reads; nil when it does not read it.
    public func parameter(_ key: String) -> DetectorParameter? { parameters.first { $0.key == key } }

    /// What a check of this kind does, as the geofence report names it after its radius: the label template with
    /// each `{key}` replaced by `configuration`'s value ("2 fixes in a row", "inside for 10 s").
    ///
    /// - Parameters:
    ///   - configuration: the check whose values fill the template.
    ///   - number: writes a real value (default: `DetectorParameter.exactText`, "10", "12.5"); a count is written
    ///     as a whole number.
    public func label(
        _ configuration: ProximityCheckConfiguration, number: (Double) -> String = DetectorParameter.exactText
    ) -> String {
        Self.fill(labelTemplate, from: configuration, number: number)
    }

    /// The kind's own option as the grade report lists it ("dwell 10 s"); nil when the kind has none.
    ///
    /// - Parameters:
    ///   - configuration: the check whose values fill the template.
    ///   - number: writes a real value; a count is written as a whole number.
    public func optionLabel(
        _ configuration: ProximityCheckConfiguration, number: (Double) -> String = DetectorParameter.exactText
    ) -> String? {
        optionLabelTemplate.map { Self.fill($0, from: configuration, number: number) }
    }

    /// `template` with each `{key}` replaced by the configuration's value of `key` (left as is for an unknown key).
    static func fill(
        _ template: String, from c: ProximityCheckConfiguration, number: (Double) -> String
    ) -> String {
        DetectorParameter.fill(template, number: number) { c[$0] }
    }
}

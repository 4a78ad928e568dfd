// MARK: - One proximity check kind: its declaration and its enter/exit rule

/// A proximity check kind: one type that holds its own typed parameters and per-place state, decides when a place
/// is entered and left, and declares everything the rest of the package reads about it (its JSON name, the keys it
/// reads, its label in prose, whether it needs each fix's accuracy).
///
/// Adding a kind is one conforming type in a file of its own and one line in `ProximityCheckKind.allCases`; the
/// configuration's decoding, validation, the geofence study's check labels, the grader's and the replay's texts,
/// and the documentation's key table follow from the declarations. `ProximityMonitor` holds the configured kind as
/// an existential and enters it once per fix (`admits`, then `update`): `update`'s default implementation is
/// specialised for each conforming type in its witness, so the per-place loop inside is static and inlined.
protocol ProximityRule: Sendable {
    // MARK: - Declaration

    /// The JSON name of the kind (`"accuracy-gated"`).
    static var name: String { get }
    /// Its enter and exit rule, in one sentence (documentation), R being the radius and d the geodesic distance.
    static var summary: String { get }
    /// The keys the kind reads, in encoding order (`radiusMeters` first).
    static var reads: [DetectorParameter] { get }
    /// What the kind does, as the geofence report names a check after its radius ("2 fixes in a row"), with
    /// `{key}` where a key's value goes.
    static var label: String { get }
    /// The kind's own option as the grade report lists it after the radius ("dwell {dwellSeconds} s"), with `{key}`
    /// where a key's value goes; nil when it has none. Default: nil.
    static var optionLabel: String? { get }
    /// Whether the rule reads each fix's horizontal accuracy, so a replayed track must report it. Default: false.
    static var needsAccuracy: Bool { get }
    /// Whether fixes with a negative (invalid) accuracy are used rather than ignored: true only for a kind that,
    /// like the assignment's check, never looks at accuracy. Default: false.
    static var usesInvalidAccuracy: Bool { get }

    // MARK: - Rule

    /// The rule for a validated configuration of this kind, watching `placeCount` places.
    init(_ configuration: ProximityCheckConfiguration, placeCount: Int)
    /// Whether a screened fix with this (non-negative, or for `usesInvalidAccuracy` any finite) accuracy is used;
    /// false counts it in `ignoredInaccurate`. Default: every fix is used.
    func admits(accuracyMeters: Double) -> Bool
    /// Whether place `place` is inside after an accepted fix `d` metres from it, given whether it was inside.
    mutating func isInside(
        place: Int, distanceMeters d: Double, accuracyMeters: Double, timestampSeconds t: Double, wasInside: Bool
    ) -> Bool

    // MARK: - Dispatch (default implementation; not to be written by a kind)

    /// Updates the first `count` places of `state` for an accepted fix whose distances are already in
    /// `state.lastDistancesMeters`; returns the enter and exit events, in place order.
    mutating func update(_ state: inout ProximityPlaceStates, fix: LocationFix, count: Int) -> [ProximityEvent]
}

extension ProximityRule {
    static var optionLabel: String? { nil }
    static var needsAccuracy: Bool { false }
    static var usesInvalidAccuracy: Bool { false }

    func admits(accuracyMeters: Double) -> Bool { true }

    mutating func update(_ state: inout ProximityPlaceStates, fix: LocationFix, count: Int) -> [ProximityEvent] {
        let t = fix.timestampSeconds
        let accuracy = fix.horizontalAccuracyMeters
        var events: [ProximityEvent] = []
        for index in 0..<count {
            let d = state.lastDistancesMeters[index]
            let wasInside = state.inside[index]
            let nowInside = isInside(
                place: index, distanceMeters: d, accuracyMeters: accuracy, timestampSeconds: t, wasInside: wasInside)
            if nowInside != wasInside {
                state.inside[index] = nowInside
                state.insideCount += nowInside ? 1 : -1
                events.append(
                    ProximityEvent(
                        kind: nowInside ? .enter : .exit, placeIndex: index, timestampSeconds: t, distanceMeters: d))
            }
        }
        return events
    }
}

// MARK: - What every kind shares per place

/// The per-place state every kind shares, held by `ProximityMonitor` and updated by the rule: inside or not, how
/// many are inside, and the distance from the last accepted fix.
struct ProximityPlaceStates: Sendable {
    var inside: [Bool]
    var insideCount = 0
    /// Distance from the last accepted fix to each place, metres (NaN before the first accepted fix).
    var lastDistancesMeters: [Double]

    init(placeCount: Int) {
        inside = Array(repeating: false, count: placeCount)
        lastDistancesMeters = Array(repeating: .nan, count: placeCount)
    }
}

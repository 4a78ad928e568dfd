/// Tracks which places a stream of location fixes is "in range" of, under one `ProximityCheckKind`.
///
/// Per fix the monitor computes one WGS-84 geodesic distance per place (`Geodesic.distanceMeters`, Karney's
/// method) and updates per-place state held in arrays sized once at initialisation, so `consume(_:)` allocates
/// nothing unless it has events to return. Entry and exit rules are the kinds' own (`NaiveProximityRule`, …,
/// registered in `ProximityCheckKind`): the configured kind is held as an existential (`any ProximityRule`) and
/// entered once per fix, its per-place loop static inside.
///
/// Fixes are screened first, in this order (each ignored fix is counted in `counters`):
/// 1. non-finite timestamp or accuracy → ignored;
/// 2. timestamp earlier than the previous screened fix → ignored (equal timestamps are allowed);
/// 3. negative accuracy → ignored, except by a kind that uses invalid accuracy (`naive`, which mirrors an app that
///    never looks at accuracy);
/// 4. the kind's own gate (`accuracy-gated`: accuracy worse than `maximumAccuracyMeters`) → ignored.
///
/// Overlapping circles are allowed (three pairs of Penn dining halls are less than 100 m apart): several places
/// can be inside at once; `overlappingInside` and `counters.fixesWithOverlap` report it.
public struct ProximityMonitor: Sendable {
    // MARK: - Configuration

    /// The watched places; event `placeIndex` values index this array.
    public let places: [Place]
    /// The validated check configuration.
    public let configuration: ProximityCheckConfiguration

    // MARK: - State (one slot per place, allocated once)

    /// The places' coordinates alone, so the per-fix loop touches no `String` (no reference counting).
    private let placeCoordinates: [Coordinate]
    /// Whether fixes with negative accuracy are used (the kind's declaration).
    private let usesInvalidAccuracy: Bool
    /// The configured kind's rule and its own per-place state. Mutated in place through the existential, never
    /// copied out and back per fix.
    private var rule: any ProximityRule
    /// Inside or not, how many, and the last distances.
    private var state: ProximityPlaceStates
    /// Distance from the last accepted fix to each place, metres (NaN before the first accepted fix).
    public var lastDistancesMeters: [Double] { state.lastDistancesMeters }
    /// Fix counts and the reasons fixes were ignored.
    public private(set) var counters = ProximityCounters()
    /// How many places are inside now.
    public var insideCount: Int { state.insideCount }
    private var lastTimestampSeconds = -Double.infinity

    // MARK: - Initialiser

    /// Creates a monitor with every place outside.
    ///
    /// - Parameters:
    ///   - places: the places to watch (may be empty).
    ///   - configuration: the check; must pass `validationProblems()`.
    /// - Throws: `ProximityMonitorError.invalidConfiguration` listing every problem.
    public init(places: [Place], configuration: ProximityCheckConfiguration) throws(ProximityMonitorError) {
        let problems = configuration.validationProblems()
        guard problems.isEmpty else {
            throw .invalidConfiguration(problems: problems.map { "\($0.field): \($0.problem)" })
        }
        self.places = places
        placeCoordinates = places.map(\.coordinate)
        self.configuration = configuration
        let kind = configuration.kind.rule
        usesInvalidAccuracy = kind.usesInvalidAccuracy
        rule = kind.init(configuration, placeCount: places.count)
        state = ProximityPlaceStates(placeCount: places.count)
    }

    // MARK: - Queries

    /// Indices of the places currently inside, ascending.
    public var insidePlaces: [Int] {
        state.inside.indices.filter { state.inside[$0] }
    }

    /// Whether two or more places are inside at once.
    public var overlappingInside: Bool { state.insideCount >= 2 }

    /// Whether place `placeIndex` is inside; `false` for an index out of range.
    ///
    /// - Parameter placeIndex: index into `places`.
    /// - Returns: the inside state.
    public func isInside(placeIndex: Int) -> Bool {
        state.inside.indices.contains(placeIndex) && state.inside[placeIndex]
    }

    // MARK: - Feeding fixes

    /// Screens one fix and updates every place.
    ///
    /// - Parameter fix: the next location report.
    /// - Returns: the enter/exit events it caused, in place order (empty, without allocating, when none).
    public mutating func consume(_ fix: LocationFix) -> [ProximityEvent] {
        guard screen(fix) else { return [] }
        for index in placeCoordinates.indices {
            state.lastDistancesMeters[index] = Geodesic.distanceMeters(fix.coordinate, placeCoordinates[index])
        }
        return update(fix, count: places.count)
    }

    /// Screens one fix and updates every place from distances the caller has already computed.
    ///
    /// For several monitors watching the same places in the same order: the caller computes each geodesic once
    /// per fix and place (`Geodesic.distanceMeters(fix.coordinate, places[i].coordinate)`, the value
    /// `consume(_:)` would compute) and shares it. Decisions and events are those of `consume(_:)` given the
    /// same distances.
    ///
    /// - Parameters:
    ///   - fix: the next location report.
    ///   - distancesMeters: the distance from `fix` to each place, metres, in place order; an array shorter
    ///     than `places` is read as far as it goes and the places past its end keep their state.
    /// - Returns: the enter/exit events it caused, in place order.
    public mutating func consume(_ fix: LocationFix, distancesMeters: [Double]) -> [ProximityEvent] {
        guard screen(fix) else { return [] }
        let count = min(places.count, distancesMeters.count)
        for index in 0..<count { state.lastDistancesMeters[index] = distancesMeters[index] }
        return update(fix, count: count)
    }

    /// The screening rules of the type's documentation; counts the fix and why it was ignored. True when accepted.
    @inline(__always)
    private mutating func screen(_ fix: LocationFix) -> Bool {
        counters.fixesConsumed += 1
        let t = fix.timestampSeconds
        let accuracy = fix.horizontalAccuracyMeters
        guard t.isFinite, accuracy.isFinite else {
            counters.ignoredNonFinite += 1
            return false
        }
        guard t >= lastTimestampSeconds else {
            counters.ignoredTimeWentBackwards += 1
            return false
        }
        lastTimestampSeconds = t
        if accuracy < 0 && !usesInvalidAccuracy {
            counters.ignoredInvalidAccuracy += 1
            return false
        }
        if !rule.admits(accuracyMeters: accuracy) {
            counters.ignoredInaccurate += 1
            return false
        }
        counters.fixesAccepted += 1
        return true
    }

    /// Updates the first `count` places of an accepted fix whose distances are in `state.lastDistancesMeters`.
    @inline(__always)
    private mutating func update(_ fix: LocationFix, count: Int) -> [ProximityEvent] {
        let events = rule.update(&state, fix: fix, count: count)
        if state.insideCount >= 2 { counters.fixesWithOverlap += 1 }
        return events
    }
}

/// Tracks which places a stream of location fixes is "in range" of, under one `ProximityCheckKind`.
///
/// Per fix the monitor computes one WGS-84 geodesic distance per place (`Geodesic.distanceMeters`, Karney's
/// method) and updates per-place state held in arrays sized once at initialisation, so `consume(_:)` allocates
/// nothing unless it has events to return. Entry and exit rules are documented on `ProximityCheckKind`.
///
/// Fixes are screened first, in this order (each ignored fix is counted in `counters`):
/// 1. non-finite timestamp or accuracy → ignored;
/// 2. timestamp earlier than the previous screened fix → ignored (equal timestamps are allowed);
/// 3. negative accuracy → ignored, except by `naive` (which mirrors an app that never looks at accuracy);
/// 4. `accuracyGated` only: accuracy worse than `maximumAccuracyMeters` → ignored.
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

    private var inside: [Bool]
    /// Accepted fixes in a row with d < R (`consecutive`).
    private var insideRun: [Int]
    /// Accepted fixes in a row with d ≥ R (`consecutive`).
    private var outsideRun: [Int]
    /// Timestamp of the first fix of the current inside run, or NaN when not in a run (`dwell`).
    private var insideSince: [Double]
    /// Distance from the last accepted fix to each place, metres (NaN before the first accepted fix).
    public private(set) var lastDistancesMeters: [Double]
    /// Fix counts and the reasons fixes were ignored.
    public private(set) var counters = ProximityCounters()
    /// How many places are inside now.
    public private(set) var insideCount = 0
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
        inside = Array(repeating: false, count: places.count)
        insideRun = Array(repeating: 0, count: places.count)
        outsideRun = Array(repeating: 0, count: places.count)
        insideSince = Array(repeating: .nan, count: places.count)
        lastDistancesMeters = Array(repeating: .nan, count: places.count)
    }

    // MARK: - Queries

    /// Indices of the places currently inside, ascending.
    public var insidePlaces: [Int] {
        inside.indices.filter { inside[$0] }
    }

    /// Whether two or more places are inside at once.
    public var overlappingInside: Bool { insideCount >= 2 }

    /// Whether place `placeIndex` is inside; `false` for an index out of range.
    ///
    /// - Parameter placeIndex: index into `places`.
    /// - Returns: the inside state.
    public func isInside(placeIndex: Int) -> Bool {
        inside.indices.contains(placeIndex) && inside[placeIndex]
    }

    // MARK: - Feeding fixes

    /// Screens one fix and updates every place.
    ///
    /// - Parameter fix: the next location report.
    /// - Returns: the enter/exit events it caused, in place order (empty, without allocating, when none).
    public mutating func consume(_ fix: LocationFix) -> [ProximityEvent] {
        guard screen(fix) else { return [] }
        let coordinates = placeCoordinates
        return update(fix) { Geodesic.distanceMeters(fix.coordinate, coordinates[$0]) }
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
        return update(fix, count: min(places.count, distancesMeters.count)) { distancesMeters[$0] }
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
        let kind = configuration.kind
        if accuracy < 0 && kind != .naive {
            counters.ignoredInvalidAccuracy += 1
            return false
        }
        if kind == .accuracyGated && accuracy > configuration.maximumAccuracyMeters {
            counters.ignoredInaccurate += 1
            return false
        }
        counters.fixesAccepted += 1
        return true
    }

    /// Updates the first `count` places (all by default) of an accepted fix, `distance(i)` metres from place i.
    @inline(__always)
    private mutating func update(
        _ fix: LocationFix, count: Int? = nil, distance: (Int) -> Double
    ) -> [ProximityEvent] {
        let t = fix.timestampSeconds
        let accuracy = fix.horizontalAccuracyMeters
        let kind = configuration.kind
        let radius = configuration.radiusMeters
        var events: [ProximityEvent] = []
        for index in 0..<(count ?? places.count) {
            let d = distance(index)
            lastDistancesMeters[index] = d
            let wasInside = inside[index]
            let nowInside: Bool
            switch kind {
            case .naive, .accuracyGated:
                nowInside = d < radius
            case .consecutive:
                if d < radius {
                    insideRun[index] += 1
                    outsideRun[index] = 0
                } else {
                    outsideRun[index] += 1
                    insideRun[index] = 0
                }
                let k = configuration.requiredConsecutiveFixes
                nowInside = wasInside ? outsideRun[index] < k : insideRun[index] >= k
            case .dwell:
                if d < radius {
                    if insideSince[index].isNaN { insideSince[index] = t }
                    nowInside = wasInside || t - insideSince[index] >= configuration.dwellSeconds
                } else {
                    insideSince[index] = .nan
                    nowInside = false
                }
            case .hysteresis:
                nowInside = wasInside ? d <= radius + configuration.exitMarginMeters : d < radius
            case .accuracyAware:
                nowInside = wasInside ? d - accuracy < radius : d + accuracy <= radius
            }
            if nowInside != wasInside {
                inside[index] = nowInside
                insideCount += nowInside ? 1 : -1
                events.append(
                    ProximityEvent(
                        kind: nowInside ? .enter : .exit, placeIndex: index, timestampSeconds: t, distanceMeters: d))
            }
        }
        if insideCount >= 2 { counters.fixesWithOverlap += 1 }
        return events
    }
}

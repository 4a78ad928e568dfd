import Foundation
import MonteCarlo
import Reporting
import Stats

/// The recommended check of a geofence report, chosen on the report's visits, re-run on fresh days it was not
/// chosen from.
///
/// A fresh day is the report's visits of the main environment (and first variant) at the distances the choice read
/// (every inside distance it judges, ``GeofenceReport/insideLimitMeters(_:)``, and the probe beyond the radius),
/// `trialsPerCell` each, on trials the report never uses: day k's visit of cell c, trial i, is global trial
/// ``firstTrial`` + k·totalTrials + c·trialsPerCell + i. Each day is analysed as the report is, and every check is
/// asked what the choice asked: does it hold (miss at most 5% and trigger within half the time limit at the 95th
/// percentile at every judged inside distance), and is it again the one with the fewest false triggers at the probe
/// among those that hold. The claim is reliable, as in the shake study, when the 95% lower bound (``FreshDayShare``) of the
/// share of fresh days on which the recommended check holds is at least ``reliableShare`` (so at least 17 days).
/// A tour's claim, the fewest early plus missed collections per tour, is confirmed the same way on fresh tours
/// (``runTour(_:recommended:environment:variant:distance:days:firstTrial:runner:)``). The number of days is the
/// scenario's `confirm.days` (default ``days``).
package struct GeofenceConfirmation: Sendable, Equatable {
    /// Fresh days' trials start here (3·2³⁰, as the shake study's re-check; beyond any scenario's trials and
    /// ``GeofenceIntervalCoverage/firstTrial``'s replications for fewer than 2³⁰ trials).
    package static let firstTrial = 3 << 30
    /// Fresh visits the confirmation may use in all (its days × the scenario's trials): 2²⁹, so that its stream
    /// 3·2³⁰ … 3·2³⁰ + 2²⁹ − 1 never meets ``recheckFirstTrial``'s.
    package static let maximumFreshTrials = 1 << 29
    /// `dev geofence-recheck`'s further fresh days start here (7·2²⁹ = 3.5·2³⁰), past the confirmation's visits;
    /// at most ``maximumFreshTrials`` of them, so they end below the seed period 2³² − 1.
    package static let recheckFirstTrial = 7 << 29
    /// Fresh days a report confirms on by default (`confirm.days`): 20, as the shake study's, so that a check holding
    /// on every day has a 95% lower bound (``FreshDayShare``) of 0.025^(1/20) = 0.832 ≥ 0.8.
    package static let days = 20
    /// "Reliable": the 95% lower bound (``FreshDayShare``) of the share of fresh days meeting the limits is at least this.
    package static let reliableShare = 0.8

    /// The check the report recommends.
    package let recommended: Int
    package let environment: String
    package let variant: String
    /// The distances each fresh day ran, ascending.
    package let distances: [Double]
    package let days: Int
    /// Per check: fresh days on which it holds.
    package let holdDays: [Int]
    /// Per check: fresh days on which it is the one the rule picks (holds, fewest false triggers at the probe).
    package let chosenDays: [Int]
    /// Per check: the reason it failed most often (a limit at a distance) and on how many days, nil when it
    /// never failed.
    package let commonestFailure: [(reason: String, days: Int)?]
    /// Whether the claim is a tour's (fewest early plus missed collections per tour) rather than a visit check's.
    package var isTour = false

    package static func == (a: GeofenceConfirmation, b: GeofenceConfirmation) -> Bool {
        a.recommended == b.recommended && a.environment == b.environment && a.variant == b.variant
            && a.distances == b.distances && a.days == b.days && a.isTour == b.isTour && a.holdDays == b.holdDays
            && a.chosenDays == b.chosenDays
            && a.commonestFailure.map { $0?.reason } == b.commonestFailure.map { $0?.reason }
            && a.commonestFailure.map { $0?.days } == b.commonestFailure.map { $0?.days }
    }

    package init(
        recommended: Int, environment: String, variant: String, distances: [Double], days: Int, holdDays: [Int],
        chosenDays: [Int], commonestFailure: [(reason: String, days: Int)?]
    ) {
        self.recommended = recommended
        self.environment = environment
        self.variant = variant
        self.distances = distances
        self.days = days
        self.holdDays = holdDays
        self.chosenDays = chosenDays
        self.commonestFailure = commonestFailure
    }

    /// The 95% interval (``FreshDayShare``) of the share of fresh days on which check `c` holds.
    package func holdInterval(_ c: Int) throws -> ConfidenceInterval {
        try FreshDayShare.interval(held: holdDays[c], days: days)
    }

    /// Whether the recommendation holds reliably on fresh days (the interval's lower bound ≥ ``reliableShare``).
    package func isReliable() throws -> Bool {
        guard days > 0 else { return false }
        return try holdInterval(recommended).low >= Self.reliableShare
    }

    /// The check that held on the most fresh days (ties: the recommended one, then the lower index).
    package var closest: Int {
        holdDays.indices.max { x, y in
            (holdDays[x], x == recommended ? 1 : 0, -x) < (holdDays[y], y == recommended ? 1 : 0, -y)
        } ?? recommended
    }

    /// Runs the fresh days for a report whose visit answer recommends `recommended`.
    ///
    /// - Parameters:
    ///   - days: fresh days (the scenario's `confirm.days` by default).
    ///   - firstTrial: the global trial index of the first day's first visit (``firstTrial``; `dev geofence-recheck`
    ///     uses ``recheckFirstTrial``).
    /// - Throws: `SimulationError` or `StatsError` from the trials and their analysis.
    package static func run(
        _ s: GeofenceScenario, recommended: Int, environment env: String, variant: String, probe: Double?,
        days: Int? = nil, firstTrial: Int = GeofenceConfirmation.firstTrial, runner: MonteCarloRunner
    ) throws -> GeofenceConfirmation {
        let inside = GeofenceReport.insideLimitMeters(s)
        let cells = s.cells.filter { c in
            c.environment.name == env && c.variant == variant && (c.distanceMeters <= inside || c.distanceMeters == probe)
        }
        let days = days ?? s.confirmationDays
        let perDay: [(holds: [Bool], chosen: Int?, failures: [[String]])] = try runner.run(count: days) { k in
            let a = try freshDay(s, cells: cells, day: k, firstTrial: firstTrial)
            let failures = try s.checks.indices.map {
                try GeofenceReport.failureReasons(s, a, check: $0, environment: env, variant: variant)
            }
            let chosen = try GeofenceReport.bestCheck(s, a, environment: env, variant: variant, probe: probe)
            return (failures.map(\.isEmpty), chosen, failures)
        }
        return tally(
            perDay, s, recommended: recommended, environment: env, variant: variant,
            distances: Set(cells.map(\.distanceMeters)).sorted(), days: days, isTour: false)
    }

    /// Runs the fresh days for a tour report that recommends `recommended` for the fewest early plus missed
    /// collections per tour: each day is the report's `trialsPerCell` tours of the main environment's cell again, on
    /// fresh trials, and a check *holds* on a day when no check has fewer early plus missed collections per tour
    /// (ties hold); the one chosen is the report's choice on that day (the fewest, ties to the first check). A check
    /// that does not hold is stopped by the one chosen that day.
    ///
    /// - Throws: `SimulationError` or `StatsError` from the trials and their analysis.
    package static func runTour(
        _ s: GeofenceScenario, recommended: Int, environment env: String, variant: String, distance: Double,
        days: Int? = nil, firstTrial: Int = GeofenceConfirmation.firstTrial, runner: MonteCarloRunner
    ) throws -> GeofenceConfirmation {
        let cells = s.cells.filter { $0.environment.name == env && $0.variant == variant && $0.distanceMeters == distance }
        let days = days ?? s.confirmationDays
        let perDay: [(holds: [Bool], chosen: Int?, failures: [[String]])] = try runner.run(count: days) { k in
            let a = try freshDay(s, cells: cells, day: k, firstTrial: firstTrial)
            let scores = GeofenceReport.tourScores(s, a, environment: env, variant: variant, distance: distance)
            guard let best = GeofenceReport.tourChoice(scores) else {
                return (Array(repeating: false, count: s.checks.count), nil, Array(repeating: [], count: s.checks.count))
            }
            let least = scores[best].wrong + scores[best].missed
            let holds = scores.map { $0.wrong + $0.missed <= least }
            let beaten = "has more early plus missed collections per tour than \(GeofenceReport.checkName(s, best))"
            return (holds, best, holds.map { $0 ? [] : [beaten] })
        }
        return tally(
            perDay, s, recommended: recommended, environment: env, variant: variant, distances: [distance], days: days,
            isTour: true)
    }

    /// One fresh day's analysis: `cells`' visits, day `k`'s visit of cell c, trial i being global trial
    /// `firstTrial + k·totalTrials + c·trialsPerCell + i`.
    static func freshDay(_ s: GeofenceScenario, cells: [GeofenceCell], day k: Int, firstTrial: Int) throws -> GeofenceAnalysis {
        var accumulator = GeofenceAnalysis.Accumulator(scenario: s)
        let base = firstTrial + k * s.totalTrials
        for cell in cells {
            for i in 0..<s.trialsPerCell {
                let g = base + cell.index * s.trialsPerCell + i
                try accumulator.add(try GeofenceTrial.run(cell: cell, trialInCell: i, globalIndex: g, scenario: s))
            }
        }
        return try accumulator.finish()
    }

    /// The days' counts per check, with each check's commonest reason for failing.
    static func tally(
        _ perDay: [(holds: [Bool], chosen: Int?, failures: [[String]])], _ s: GeofenceScenario, recommended: Int,
        environment env: String, variant: String, distances: [Double], days: Int, isTour: Bool
    ) -> GeofenceConfirmation {
        var holdDays = Array(repeating: 0, count: s.checks.count)
        var chosenDays = holdDays
        var reasons: [[String: Int]] = Array(repeating: [:], count: s.checks.count)
        for day in perDay {
            for c in s.checks.indices {
                if day.holds[c] { holdDays[c] += 1 }
                if day.chosen == c { chosenDays[c] += 1 }
                for r in day.failures[c] { reasons[c][r, default: 0] += 1 }
            }
        }
        // The commonest reason; ties go to the alphabetically first.
        let commonest = reasons.map { counts -> (reason: String, days: Int)? in
            counts.max { x, y in (x.value, y.key) < (y.value, x.key) }.map { ($0.key, $0.value) }
        }
        var c = GeofenceConfirmation(
            recommended: recommended, environment: env, variant: variant, distances: distances, days: days,
            holdDays: holdDays, chosenDays: chosenDays, commonestFailure: commonest)
        c.isTour = isTour
        return c
    }
}

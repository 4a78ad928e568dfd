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
/// among those that hold. The claim is reliable, as in the shake study, when the 95% Wilson lower bound of the
/// share of fresh days on which the recommended check holds is at least ``reliableShare`` (so at least 16 days).
package struct GeofenceConfirmation: Sendable, Equatable {
    /// Fresh days' trials start here (3·2³⁰, as the shake study's re-check; beyond any scenario's trials and
    /// ``GeofenceIntervalCoverage/firstTrial``'s replications for fewer than 2³⁰ trials).
    package static let firstTrial = 3 << 30
    /// Fresh days a report confirms on.
    package static let days = 20
    /// "Reliable": the Wilson 95% lower bound of the share of fresh days meeting the limits is at least this.
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

    package static func == (a: GeofenceConfirmation, b: GeofenceConfirmation) -> Bool {
        a.recommended == b.recommended && a.environment == b.environment && a.variant == b.variant
            && a.distances == b.distances && a.days == b.days && a.holdDays == b.holdDays && a.chosenDays == b.chosenDays
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

    /// The Wilson 95% interval of the share of fresh days on which check `c` holds.
    package func holdInterval(_ c: Int) throws -> ConfidenceInterval {
        try Proportion(successes: holdDays[c], trials: days).wilson()
    }

    /// Whether the recommendation holds reliably on fresh days (Wilson lower bound ≥ ``reliableShare``).
    package func isReliable() throws -> Bool { try holdInterval(recommended).low >= Self.reliableShare }

    /// The check that held on the most fresh days (ties: the recommended one, then the lower index).
    package var closest: Int {
        holdDays.indices.max { x, y in
            (holdDays[x], x == recommended ? 1 : 0, -x) < (holdDays[y], y == recommended ? 1 : 0, -y)
        } ?? recommended
    }

    /// Runs the fresh days for a report whose visit answer recommends `recommended` (nil for a tour, whose
    /// ranking is not confirmed here).
    ///
    /// - Throws: `SimulationError` or `StatsError` from the trials and their analysis.
    package static func run(
        _ s: GeofenceScenario, recommended: Int, environment env: String, variant: String, probe: Double?,
        days: Int = GeofenceConfirmation.days, runner: MonteCarloRunner
    ) throws -> GeofenceConfirmation {
        let inside = GeofenceReport.insideLimitMeters(s)
        let cells = s.cells.filter { c in
            c.environment.name == env && c.variant == variant && (c.distanceMeters <= inside || c.distanceMeters == probe)
        }
        let perDay: [(holds: [Bool], chosen: Int?, failures: [[String]])] = try runner.run(count: days) { k in
            var accumulator = GeofenceAnalysis.Accumulator(scenario: s)
            let base = firstTrial + k * s.totalTrials
            for cell in cells {
                for i in 0..<s.trialsPerCell {
                    let g = base + cell.index * s.trialsPerCell + i
                    try accumulator.add(try GeofenceTrial.run(cell: cell, trialInCell: i, globalIndex: g, scenario: s))
                }
            }
            let a = try accumulator.finish()
            let failures = try s.checks.indices.map {
                try GeofenceReport.failureReasons(s, a, check: $0, environment: env, variant: variant)
            }
            let chosen = try GeofenceReport.bestCheck(s, a, environment: env, variant: variant, probe: probe)
            return (failures.map(\.isEmpty), chosen, failures)
        }
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
        return GeofenceConfirmation(
            recommended: recommended, environment: env, variant: variant,
            distances: Set(cells.map(\.distanceMeters)).sorted(), days: days, holdDays: holdDays,
            chosenDays: chosenDays, commonestFailure: commonest)
    }
}

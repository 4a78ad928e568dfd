import Foundation
import MonteCarlo
import Reporting
import Stats

/// A geofence report's recommendation checked on fresh seeds the report never used: the scenario is analysed as
/// the report analyses it, its recommended check (a visit study's, or a tour's) and the report's own fresh-day
/// confirmation are computed as the report computes them, and then the check is judged again on `days` further
/// fresh days from global trial ``GeofenceConfirmation/recheckFirstTrial`` (7·2²⁹) on, a stream neither the
/// report nor its confirmation used. `sensorbench dev geofence-recheck SCENARIO… [--days N]` prints it
/// (docs/geofence.md).
package enum GeofenceRecheck {
    /// What the report claims and what the further fresh days show.
    package struct Result: Sendable {
        package let scenario: String
        /// The recommended check's label.
        package let check: String
        /// "visit limits" (holds the miss and latency limits) or "fewest early + missed" (a tour).
        package let claim: String
        /// The report's fresh days on which the check held, and their number.
        package let claimedHeld: Int
        package let claimedDays: Int
        /// Whether the report calls the check reliable.
        package let claimedReliable: Bool
        /// The re-run's days on which the check held, and their number.
        package let rerunHeld: Int
        package let rerunDays: Int

        /// The re-run is at least as good as the claim: the re-run share's 95% upper bound reaches the claimed share's
        /// 95% lower bound (``FreshDayShare``), and a check called reliable holds on at least 80% of the re-run's days
        /// (the rule of ``SweepRecheck/Result/holds()``).
        package func holds() throws -> Bool {
            try SweepRecheck.claimHolds(
                claimed: (claimedHeld, claimedDays), reliable: claimedReliable, rerun: (rerunHeld, rerunDays),
                reliableShare: GeofenceConfirmation.reliableShare)
        }
    }

    /// Runs a geofence scenario's analysis, its report's confirmation, and `days` further fresh days.
    ///
    /// - Returns: nil when the report recommends no check (no probe beyond the radius, or no check holds).
    /// - Throws: `SimulationError` or `StatsError` from the trials and their analysis.
    package static func run(_ s: GeofenceScenario, days: Int, runner: MonteCarloRunner) throws -> Result? {
        var accumulator = GeofenceAnalysis.Accumulator(scenario: s)
        try GeofenceStudy.simulate(s, runner: runner, range: 0..<s.totalTrials) { _, o in try accumulator.add(o) }
        let a = try accumulator.finish()
        let claimed: GeofenceConfirmation
        let rerun: GeofenceConfirmation
        if s.isTour {
            let env = GeofenceReport.mainEnvironment(s)
            let variant = s.cells[0].variant
            let d = s.cells[0].distanceMeters
            let scores = GeofenceReport.tourScores(s, a, environment: env, variant: variant, distance: d)
            guard let best = GeofenceReport.tourChoice(scores), (a.rows.first?.visits ?? 0) > 0 else { return nil }
            claimed = try GeofenceConfirmation.runTour(
                s, recommended: best, environment: env, variant: variant, distance: d, runner: runner)
            rerun = try GeofenceConfirmation.runTour(
                s, recommended: best, environment: env, variant: variant, distance: d, days: days,
                firstTrial: GeofenceConfirmation.recheckFirstTrial, runner: runner)
        } else {
            guard let r = try GeofenceReport.visitRecommendation(s, a) else { return nil }
            claimed = try GeofenceConfirmation.run(
                s, recommended: r.check, environment: r.environment, variant: r.variant, probe: r.probe, runner: runner)
            rerun = try GeofenceConfirmation.run(
                s, recommended: r.check, environment: r.environment, variant: r.variant, probe: r.probe, days: days,
                firstTrial: GeofenceConfirmation.recheckFirstTrial, runner: runner)
        }
        let c = claimed.recommended
        return Result(
            scenario: s.name, check: s.checks[c].label, claim: s.isTour ? "fewest early + missed per tour" : "visit limits",
            claimedHeld: claimed.holdDays[c], claimedDays: claimed.days, claimedReliable: try claimed.isReliable(),
            rerunHeld: rerun.holdDays[c], rerunDays: rerun.days)
    }

    /// The results as a Markdown table (scenarios without a recommendation get a row saying so).
    package static func table(_ results: [(scenario: String, result: Result?)]) throws -> String {
        var t = MarkdownTable(columns: [
            ("scenario", .left), ("recommended check", .left), ("claim", .left),
            ("report: fresh days it held", .right), ("report calls it reliable", .left), ("re-run: days it held", .right),
            ("claim holds", .left),
        ])
        for (name, result) in results {
            guard let r = result else {
                try t.append([name, "none recommended", "–", "–", "–", "–", "–"])
                continue
            }
            try t.append([
                r.scenario, "`\(r.check)`", r.claim,
                r.claimedDays > 0 ? try SweepReport.daysText(r.claimedHeld, r.claimedDays) : "not confirmed",
                r.claimedReliable ? "yes" : "no", try SweepReport.daysText(r.rerunHeld, r.rerunDays),
                try r.holds() ? "yes" : "no",
            ])
        }
        return t.render()
    }
}

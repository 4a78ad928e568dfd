import Foundation
import MonteCarlo
import Reporting
import Stats

/// A report's claim about its choice checked on fresh seeds the report never used: the sweep is run as the
/// report runs it (selection and confirmation), then the chosen setting alone is judged on `days` further fresh
/// days of the scenario's size, from global trial 3·2³⁰ on (past the selection's 10⁶ and the confirmation's
/// 2³¹ + 10⁹), and the share of those days meeting every target is set beside the one the report states.
/// `sensorbench dev shake-recheck SCENARIO [DAYS]` prints it (docs/shake.md).
package enum SweepRecheck {
    /// The first global trial index of the re-run's days.
    package static let streamBase = 3 << 30

    /// What the report claims and what fresh days show.
    package struct Result: Sendable {
        package let scenario: String
        package let setting: String
        package let rule: RecommendationRule
        package let dayTimelines: Int
        /// Whether the report's choice meets the rule on its own timelines.
        package let ruleMet: Bool
        /// The report's own fresh days for the choice (nil when it judged none).
        package let claimed: SweepConfirmation.DayCount?
        /// Whether the report calls the choice reliable.
        package let claimedReliable: Bool
        /// The re-run's days.
        package let rerun: SweepConfirmation.DayCount

        /// The re-run is at least as good as the claim: the re-run share's 95% upper bound reaches the claimed share's
        /// 95% lower bound, and a choice called reliable meets every target on at least 80% of the re-run's days.
        package func holds() throws -> Bool {
            try SweepRecheck.claimHolds(
                claimed: claimed.map { ($0.all, $0.days) }, reliable: claimedReliable, rerun: (rerun.all, rerun.days),
                reliableShare: ConfirmationPlan.reliableShare)
        }
    }

    /// The re-checks' rule (shake, geofence, grading): a claim of `claimed.held` good days in `claimed.days` holds on
    /// a re-run of `rerun.held` in `rerun.days` when the re-run share's 95% upper bound reaches the claimed
    /// share's 95% lower bound (``FreshDayShare``), and a claim called reliable also holds on at least `reliableShare` of the
    /// re-run's days. False with no re-run day.
    package static func claimHolds(
        claimed: (held: Int, days: Int)?, reliable: Bool, rerun: (held: Int, days: Int), reliableShare: Double
    ) throws -> Bool {
        guard rerun.days > 0 else { return false }
        let upper = try FreshDayShare.interval(held: rerun.held, days: rerun.days).high
        if let c = claimed, c.days > 0 {
            let claimedLow = try FreshDayShare.interval(held: c.held, days: c.days).low
            if upper < claimedLow { return false }
        }
        return !reliable || Double(rerun.held) / Double(rerun.days) >= reliableShare
    }

    /// Runs a shake scenario's report analysis and re-checks its choice on `days` fresh days.
    package static func run(_ s: ShakeScenario, days: Int, runner: MonteCarloRunner) throws -> Result {
        var reduction = ShakeStudy.accumulator(s)
        try s.simulate(0..<s.timelines, runner: runner) { _, o in try reduction.add(o) }
        let a = try reduction.finish()
        return try recheck(
            name: s.name, a, plan: s.confirmation, dayTimelines: s.timelines, days: days,
            activityCount: ShakeTrial.activities.count, runner: runner
        ) { index, settings in try ShakeTrial.run(s, index: index, settings: settings) }
    }

    /// Runs a scribble scenario's report analysis and re-checks its choice on `days` fresh days.
    package static func run(_ s: ScribbleScenario, days: Int, runner: MonteCarloRunner) throws -> Result {
        var reduction = ScribbleStudy.accumulator(s)
        try s.simulate(0..<s.timelines, runner: runner) { _, o in try reduction.add(o) }
        let a = try reduction.finish()
        return try recheck(
            name: s.name, a, plan: .defaults(selectionTimelines: s.timelines), dayTimelines: s.timelines, days: days,
            activityCount: ScribbleStudy.activities.count, runner: runner
        ) { index, settings in try ScribbleStudy.run(s, index: index, settings: settings) }
    }

    static func recheck(
        name: String, _ a: SweepAnalysis, plan: ConfirmationPlan, dayTimelines: Int, days: Int, activityCount: Int,
        runner: MonteCarloRunner, runTimeline: @escaping @Sendable (Int, [Int]) throws -> GestureTrialOutcome
    ) throws -> Result {
        let k = try SweepConfirmation.run(
            selection: a, plan: plan, dayTimelines: dayTimelines, activityCount: activityCount, runner: runner,
            runTimeline: runTimeline)
        let rerun = try SweepConfirmation.days(
            selection: a, settings: [a.recommended], days: days, dayTimelines: dayTimelines, firstIndex: streamBase,
            activityCount: activityCount, runner: runner, runTimeline: runTimeline)
        let s = a.settings[a.recommended]
        return Result(
            scenario: name, setting: "\(s.family) \(s.shortLabel)", rule: a.rule, dayTimelines: dayTimelines,
            ruleMet: a.ruleMet, claimed: k.dayCounts.first, claimedReliable: try k.dayCounts.isEmpty ? false : k.isReliable(0),
            rerun: rerun.first ?? SweepConfirmation.DayCount())
    }

    /// The results as a Markdown table.
    package static func table(_ results: [Result]) throws -> String {
        var t = MarkdownTable(columns: [
            ("scenario", .left), ("choice", .left), ("meets the rule on its timelines", .left),
            ("report: fresh days meeting every target", .right), ("report calls it reliable", .left),
            ("re-run: days", .right), ("recall", .right), ("false-alarm", .right), ("single-event", .right),
            ("every target", .right), ("claim holds", .left),
        ])
        for r in results {
            let claimed = try r.claimed.map { c in try SweepReport.daysText(c.all, c.days) } ?? "not judged"
            let judged = SweepReport.judgedTargets(r.rule).map(\.name)
            func cell(_ name: String, _ n: Int) -> String { judged.contains(name) ? "\(n)" : "–" }
            try t.append([
                r.scenario, r.setting, r.ruleMet ? "yes" : "no", claimed, r.claimedReliable ? "yes" : "no",
                String(r.rerun.days), cell("recall", r.rerun.recall), cell("false-alarm", r.rerun.falseAlarms),
                cell("single-event", r.rerun.singleEvent),
                r.rerun.days > 0 ? try SweepReport.daysText(r.rerun.all, r.rerun.days) : "–",
                try r.holds() ? "yes" : "no",
            ])
        }
        return t.render()
    }
}

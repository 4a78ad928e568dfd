import FileFormats
import Foundation
import MonteCarlo
import Reporting
import Stats
import Studies

/// The grades' ladder advice checked on fresh days neither the grade nor its own confirmation used: the class is
/// graded as `grade` grades it (the same plan, evaluation and advice; source teams compiled and run), every team's
/// suggested rung is confirmed on the grade's 20 fresh days as its report says (``LadderConfirmation``), and then
/// re-run on `days` further fresh days of the same stream (from fresh day 20 on, ``LadderConfirmation/run(_:_:requests:days:firstDay:runner:)``).
/// `sensorbench dev grade-recheck --rubric R SUBMISSION… [--secret S] [--days N]` prints it (docs/grading.md).
package enum GradeRecheck {
    /// What a team's report claims of its suggested rung and what the further fresh days show.
    package struct Result: Sendable, Equatable {
        package let team: String
        /// "thresholdG 1.75 g" (the rest as submitted).
        package let rung: String
        package let claim: LadderConfirmation.Claim
        /// The report's fresh days on which the claim held, and their number.
        package let claimedHeld: Int
        package let claimedDays: Int
        /// Whether the report calls the suggestion reliable.
        package let claimedReliable: Bool
        /// The re-run's days on which the claim held, and their number.
        package let rerunHeld: Int
        package let rerunDays: Int

        /// The re-run is at least as good as the claim: the re-run share's 95% upper bound reaches the claimed
        /// share's 95% lower bound (``FreshDayShare``), and a suggestion called reliable holds on at least 80% of the re-run's days
        /// (the rule of the shake and geofence re-checks).
        package func holds() throws -> Bool {
            try SweepRecheck.claimHolds(
                claimed: (claimedHeld, claimedDays), reliable: claimedReliable, rerun: (rerunHeld, rerunDays),
                reliableShare: LadderConfirmation.reliableShare)
        }
    }

    /// Most further fresh days: day indices stay within the fresh stream's 2³⁰ trials for a suite of up to 10⁵
    /// timelines.
    package static let maximumDays = 10_000

    /// Grades `submissions` against `rubric` and re-runs each team's confirmed suggestion on `days` further fresh
    /// days; one result per team whose advice names a rung, in submission order.
    ///
    /// - Throws: ``InputError`` when `days` is out of 1…``maximumDays`` or a suite's day would leave the fresh stream;
    ///   errors of the grading itself.
    package static func run(
        _ rubric: Rubric, submissions: [Submission], days: Int, runner: MonteCarloRunner, teamBudgetSeconds: Double? = nil
    ) throws -> [Result] {
        guard days >= 1, days <= maximumDays else {
            throw InputError(file: "--days", field: "days", problem: "\(days) is not in 1…\(maximumDays)")
        }
        let longest = rubric.suites.map(\.trialCount).max() ?? 0
        guard (LadderConfirmation.days + days) * longest <= 1 << 30 else {
            throw InputError(
                file: "--days", field: "days",
                problem: "\(days) further days of \(longest) timelines leave the fresh stream's 2³⁰ trials")
        }
        let plan = try Grader.preparedPlan(rubric, submissions: submissions, runner: runner, teamBudgetSeconds: teamBudgetSeconds)
        let evaluation = try GradingEngine.evaluation(plan, runner: runner)
        let grades = try Grader.score(plan, evaluation, runner: runner)
        let requests = grades.enumerated().compactMap { i, g -> LadderConfirmation.Request? in
            guard let (index, claim) = GradeAdvice.ladderChoice(g) else { return nil }
            return LadderConfirmation.Request(submission: i, alternative: g.alternatives[index], index: index, claim: claim)
        }
        let rerun = try LadderConfirmation.run(
            plan, evaluation, requests: requests, days: days, firstDay: LadderConfirmation.days, runner: runner)
        return try zip(requests, rerun).map { request, again in
            let g = grades[request.submission]
            guard let claimed = g.ladderConfirmation else {
                throw InputError(file: g.submission.team, field: "advice", problem: "a suggested rung without its confirmation")
            }
            let rung = request.alternative.rung
            return Result(
                team: g.submission.team, rung: "\(rung.parameter) \(Format.label(rung.value))\(rung.unit)", claim: request.claim,
                claimedHeld: claimed.metDays, claimedDays: claimed.days, claimedReliable: try claimed.isReliable(),
                rerunHeld: again.metDays, rerunDays: again.days)
        }
    }

    /// The results as a Markdown table (a class whose advice names no rung gets one row saying so).
    package static func table(_ results: [Result]) throws -> String {
        var t = MarkdownTable(columns: [
            ("team", .left), ("suggested rung", .left), ("claim", .left), ("report: fresh days it held", .right),
            ("report calls it reliable", .left), ("re-run: days it held", .right), ("claim holds", .left),
        ])
        if results.isEmpty { try t.append(["no team", "no rung suggested", "–", "–", "–", "–", "–"]) }
        for r in results {
            try t.append([
                r.team, "\(r.rung) (the rest as submitted)",
                r.claim == .meetsAll ? "passes every judged criterion" : "earns more points than the submitted setting",
                try SweepReport.daysText(r.claimedHeld, r.claimedDays), r.claimedReliable ? "yes" : "no",
                try SweepReport.daysText(r.rerunHeld, r.rerunDays), try r.holds() ? "yes" : "no",
            ])
        }
        return t.render()
    }
}

import DetectionCore
import FileFormats
import Foundation
import MonteCarlo
import Stats

/// The ladder's suggestion for a team, chosen on the suite's timelines, re-run on fresh days it was not chosen from.
///
/// A fresh day is each judged suite's timelines again, as many as the suite has, on trials the grade never used:
/// day k's timeline i of suite s is trial ``firstTrial`` + k·trialCount + i of the suite's seed. On each day the
/// suggested rung and the team's own setting are tallied on the same timelines and scored on the judged criteria
/// as the grade scores them (``Scoring``, with the grade's dispersion floor of each suite, as the shake study keeps
/// its selection's floor on fresh days). The claim checked is the advice's own: the rung passes every judged
/// criterion, or (when none did) it earns more points on them than the submitted setting. The advice calls it
/// reliable, with the shake study's rule, when the 95% Wilson lower bound of the share of fresh days on which the
/// claim holds is at least ``reliableShare`` (so at least 16 days).
package struct LadderConfirmation: Sendable, Equatable {
    /// What the advice claims of the rung.
    package enum Claim: Sendable, Equatable {
        /// It passes every judged criterion.
        case meetsAll
        /// It earns more points on the judged criteria than the submitted setting.
        case morePoints
    }

    /// Fresh days' trials start here (3·2³⁰, as the shake study's re-check).
    package static let firstTrial = 3 << 30
    /// Fresh days the advice confirms on.
    package static let days = 20
    package static let reliableShare = 0.8

    package let claim: Claim
    /// Index of the rung in the team's ``TeamGrade/alternatives``.
    package let alternative: Int
    package let days: Int
    /// Timelines a day, per judged suite (rubric order).
    package let timelinesPerDay: [Int]
    /// Fresh days on which the rung passed every judged criterion.
    package let passDays: Int
    /// Fresh days on which the rung earned more points on them than the submitted setting.
    package let morePointsDays: Int

    /// Fresh days on which the claim held.
    package var metDays: Int { claim == .meetsAll ? passDays : morePointsDays }

    /// The Wilson 95% interval of the share of fresh days on which the claim held.
    package func interval() throws -> ConfidenceInterval { try Proportion(successes: metDays, trials: days).wilson() }

    package func isReliable() throws -> Bool { try interval().low >= Self.reliableShare }

    /// Re-runs the rung `alternative` of team `i` and the team's own setting on fresh days.
    ///
    /// - Throws: errors of the timelines' generation or scoring.
    static func run(
        _ plan: GradingPlan, _ evaluation: GradingEvaluation, submission i: Int, alternative: AlternativeSetting,
        index: Int, claim: Claim, days: Int = LadderConfirmation.days, runner: MonteCarloRunner
    ) throws -> LadderConfirmation {
        let rubric = plan.rubric
        let team = plan.submissions[i].detector
        let judged = alternative.results.map(\.criterionIndex)
        let suites = Set(
            judged.compactMap { c -> Int? in
                if case .simulated(let sc) = rubric.criteria[c].kind { return sc.suiteIndex }
                return nil
            }
        ).sorted()
        let floors = try suites.map { try evaluation.dispersionFloor(suite: $0) }
        let names = rubric.places.map(\.name)
        // One work item a day: the judged suites' timelines, tallied for the team's setting (0) and the rung's (1).
        let perDay: [(pass: Bool, more: Bool)] = try runner.run(count: days) { k in
            var tallies: [Int: [GestureTally]] = [:]
            for s in suites {
                let suite = rubric.suites[s]
                var totals = [GestureTally(), GestureTally()]
                for t in 0..<suite.trialCount {
                    let index = firstTrial + k * suite.trialCount + t
                    let pair = try tallyPair(suite, index: index, team: team, rung: alternative.rung.detector)
                    totals[0].add(pair[0])
                    totals[1].add(pair[1])
                }
                tallies[s] = totals
            }
            var points = [0.0, 0.0]
            var passes = true
            for c in judged {
                guard case .simulated(let sc) = rubric.criteria[c].kind, let pair = tallies[sc.suiteIndex],
                    let f = suites.firstIndex(of: sc.suiteIndex)
                else { continue }
                for which in 0..<2 {
                    let r = try Scoring.score(
                        rubric.criteria[c], index: c, outcome: .gestures(pair[which]), placeNames: names, manual: [:],
                        dispersionFloor: floors[f])
                    points[which] += r.points ?? 0
                    if which == 1, r.verdict != .pass { passes = false }
                }
            }
            return (passes, points[1] > points[0] + 1e-9)
        }
        return LadderConfirmation(
            claim: claim, alternative: index, days: days, timelinesPerDay: suites.map { rubric.suites[$0].trialCount },
            passDays: perDay.filter(\.pass).count, morePointsDays: perDay.filter(\.more).count)
    }

    /// The team's setting and the rung's, tallied on one timeline of a gesture suite.
    static func tallyPair(
        _ suite: GradingSuite, index: Int, team: Submission.Detector, rung: Submission.Detector
    ) throws -> [GestureTally] {
        switch (suite.body, team, rung) {
        case (.shakeTimelines(let t), .shake(let a), .shake(let b)):
            return try GradingEngine.shakeTimeline(t, seed: suite.seed, index: index, [.shipped(a), .shipped(b)])
        case (.scribbleTimelines(let t), .scribble(let a), .scribble(let b)):
            return try GradingEngine.scribbleTimeline(t, seed: suite.seed, index: index, [.shipped(a), .shipped(b)])
        default:
            throw InputError(file: nil, field: "grade", problem: "a ladder rung does not fit its suite's gesture")
        }
    }
}

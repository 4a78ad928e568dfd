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
/// reliable, with the shake study's rule, when the 95% lower bound (``FreshDayShare``) of the share of fresh days on which the
/// claim holds is at least ``reliableShare`` (so at least 17 days).
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

    /// The 95% interval (``FreshDayShare``) of the share of fresh days on which the claim held.
    package func interval() throws -> ConfidenceInterval { try FreshDayShare.interval(held: metDays, days: days) }

    package func isReliable() throws -> Bool { try interval().low >= Self.reliableShare }

    /// One team's suggestion to confirm: the rung `alternative` (index `index` in the team's alternatives) of
    /// submission `submission`, and what the advice claims of it.
    package struct Request: Sendable {
        package let submission: Int
        package let alternative: AlternativeSetting
        package let index: Int
        package let claim: Claim
    }

    /// Re-runs each request's rung and its team's own setting on the same fresh days; one confirmation per request,
    /// in order.
    ///
    /// Each fresh timeline is generated once and fed every distinct setting the requests judge on its suite (teams
    /// that share a setting share its run), so the work grows with the settings, not with timelines × teams. A
    /// request's tallies are the same whichever other requests run beside it. Days run in parallel on `runner`.
    ///
    /// - Throws: errors of the timelines' generation or scoring; a rung or team setting that does not fit its
    ///   suite's gesture.
    ///
    /// `firstDay` shifts the days: day k is fresh day `firstDay` + k of the stream above (the grade confirms on days
    /// 0–19; ``GradeRecheck`` re-runs from day 20, on trials neither the grade nor its confirmation used).
    static func run(
        _ plan: GradingPlan, _ evaluation: GradingEvaluation, requests: [Request], days: Int = LadderConfirmation.days,
        firstDay: Int = 0, runner: MonteCarloRunner
    ) throws -> [LadderConfirmation] {
        guard !requests.isEmpty else { return [] }
        let rubric = plan.rubric
        let names = rubric.places.map(\.name)
        // Per request: its judged criteria and their suites (ascending).
        let judged = requests.map { $0.alternative.results.map(\.criterionIndex) }
        let suitesOf = judged.map { criteria in
            Set(
                criteria.compactMap { c -> Int? in
                    if case .simulated(let sc) = rubric.criteria[c].kind { return sc.suiteIndex }
                    return nil
                }
            ).sorted()
        }
        let suites = Set(suitesOf.joined()).sorted()
        let floors = try Dictionary(uniqueKeysWithValues: suites.map { ($0, try evaluation.dispersionFloor(suite: $0)) })
        // Per suite: the distinct settings fed its timelines, and each request's (team, rung) slots among them.
        var settings: [Int: [Submission.Detector]] = [:]
        var slots: [[Int: (team: Int, rung: Int)]] = Array(repeating: [:], count: requests.count)
        func slot(_ d: Submission.Detector, suite s: Int) throws -> Int {
            switch (rubric.suites[s].body, d) {
            case (.shakeTimelines, .shake), (.scribbleTimelines, .scribble): break
            default: throw gestureMismatch
            }
            var fed = settings[s, default: []]
            if let j = fed.firstIndex(of: d) { return j }
            fed.append(d)
            settings[s] = fed
            return fed.count - 1
        }
        for (r, request) in requests.enumerated() {
            for s in suitesOf[r] {
                let team = try slot(plan.submissions[request.submission].detector, suite: s)
                slots[r][s] = (team, try slot(request.alternative.rung.detector, suite: s))
            }
        }
        let fed = settings
        let requestSlots = slots
        // One work item a day: each judged suite's timelines, tallied for every distinct setting; then each
        // request's claim on that day.
        let perDay: [[(pass: Bool, more: Bool)]] = try runner.run(count: days) { k in
            var totals: [Int: [GestureTally]] = [:]
            for s in suites {
                let suite = rubric.suites[s]
                let detectors = fed[s] ?? []
                var sum = Array(repeating: GestureTally(), count: detectors.count)
                for t in 0..<suite.trialCount {
                    let tallies = try tallies(suite, index: firstTrial + (firstDay + k) * suite.trialCount + t, detectors)
                    for j in sum.indices { sum[j].add(tallies[j]) }
                }
                totals[s] = sum
            }
            return try requests.indices.map { r in
                var points = [0.0, 0.0]
                var passes = true
                for c in judged[r] {
                    guard case .simulated(let sc) = rubric.criteria[c].kind, let sum = totals[sc.suiteIndex],
                        let pair = requestSlots[r][sc.suiteIndex], let floor = floors[sc.suiteIndex]
                    else { continue }
                    for (which, j) in [pair.team, pair.rung].enumerated() {
                        let result = try Scoring.score(
                            rubric.criteria[c], index: c, outcome: .gestures(sum[j]), placeNames: names, manual: [:],
                            dispersionFloor: floor)
                        points[which] += result.points ?? 0
                        if which == 1, result.verdict != .pass { passes = false }
                    }
                }
                return (passes, points[1] > points[0] + 1e-9)
            }
        }
        return requests.enumerated().map { r, request in
            LadderConfirmation(
                claim: request.claim, alternative: request.index, days: days,
                timelinesPerDay: suitesOf[r].map { rubric.suites[$0].trialCount },
                passDays: perDay.filter { $0[r].pass }.count, morePointsDays: perDay.filter { $0[r].more }.count)
        }
    }

    /// A setting that does not fit its suite's gesture (a rung or a source team's detector on a simulated suite).
    static let gestureMismatch = InputError(file: nil, field: "grade", problem: "a ladder rung does not fit its suite's gesture")

    /// Settings tallied on one timeline of a gesture suite, one tally per setting, in order; a setting of the other
    /// gesture, or a suite without timelines, throws (never a shorter list).
    static func tallies(
        _ suite: GradingSuite, index: Int, _ detectors: [Submission.Detector]
    ) throws -> [GestureTally] {
        switch suite.body {
        case .shakeTimelines(let t):
            let configs = try detectors.map { d throws -> FedSetting<ShakeDetectorConfiguration> in
                guard case .shake(let c) = d else { throw gestureMismatch }
                return .shipped(c)
            }
            return try GradingEngine.shakeTimeline(t, seed: suite.seed, index: index, configs)
        case .scribbleTimelines(let t):
            let configs = try detectors.map { d throws -> FedSetting<ScribbleDetectorConfiguration> in
                guard case .scribble(let c) = d else { throw gestureMismatch }
                return .shipped(c)
            }
            return try GradingEngine.scribbleTimeline(t, seed: suite.seed, index: index, configs)
        default:
            throw gestureMismatch
        }
    }
}

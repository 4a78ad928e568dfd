import DetectionCore
import Foundation
import Testing

@testable import Grading
@testable import MonteCarlo

/// `dev grade-recheck`: the grades' ladder advice re-run on fresh days after the 20 its confirmation used.
@Suite struct GradeRecheckTests {
    /// The ladder tests' rubric (one suite of 6 ten-minute shake timelines) and three teams, two of which get a
    /// suggestion (as in `SharedFreshDaysTests`).
    static func graded(in folder: URL) throws -> (Rubric, [Submission]) {
        let rubric = try SharedFreshDaysTests.rubric(in: folder)
        var submissions: [Submission] = []
        for (k, g) in [1.2, 16, 1.2].enumerated() {
            let path = folder.appendingPathComponent("\(k).json").path
            try GradingLadderTests.submission("t\(k)", thresholdG: g).write(toFile: path, atomically: true, encoding: .utf8)
            submissions.append(try Submission.load(path: path, rubric: rubric))
        }
        return (rubric, submissions)
    }

    /// Fresh day d of a team's suggestion by hand: the suite's timelines d·6 + t from trial 3·2³⁰ of its seed, tallied
    /// for the team's setting and the rung's, summed, scored on every criterion; (rung passes all, rung earns more).
    static func handDay(
        _ rubric: Rubric, _ team: ShakeDetectorConfiguration, _ rung: ShakeDetectorConfiguration, day d: Int, floor: Double
    ) throws -> (pass: Bool, more: Bool) {
        guard case .shakeTimelines(let suite) = rubric.suites[0].body else { throw CocoaError(.featureUnsupported) }
        var sums = [GestureTally(), GestureTally()]
        for t in 0..<suite.timelines {
            let pair = try GradingEngine.shakeTimeline(
                suite, seed: rubric.suites[0].seed, index: LadderConfirmation.firstTrial + d * suite.timelines + t,
                [.shipped(team), .shipped(rung)])
            sums[0].add(pair[0])
            sums[1].add(pair[1])
        }
        let scored = try sums.map { sum in
            try rubric.criteria.indices.map { c in
                try Scoring.score(
                    rubric.criteria[c], index: c, outcome: .gestures(sum), placeNames: ["1920 Commons"], manual: [:],
                    dispersionFloor: floor)
            }
        }
        let points = scored.map { $0.reduce(0) { $0 + ($1.points ?? 0) } }
        return (scored[1].allSatisfy { $0.verdict == .pass }, points[1] > points[0] + 1e-9)
    }

    /// The re-check's days are fresh days 20, 21, 22 of the stream (by hand, each day alone), not the grade's days
    /// 0–19 again; `GradeRecheck.run` reports each suggested team's own confirmation as its report's claim and those
    /// further days as the re-run.
    @Test func furtherDaysContinueTheFreshStream() throws {
        let folder = try SharedFreshDaysTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (rubric, submissions) = try Self.graded(in: folder)
        let plan = GradingPlan(rubric, submissions)
        let runner = MonteCarloRunner(jobs: 2)
        let evaluation = try GradingEngine.evaluation(plan, runner: runner)
        let grades = try Grader.score(plan, evaluation, runner: runner)
        let requests = grades.enumerated().compactMap { i, g -> LadderConfirmation.Request? in
            guard let (index, claim) = GradeAdvice.ladderChoice(g) else { return nil }
            return LadderConfirmation.Request(submission: i, alternative: g.alternatives[index], index: index, claim: claim)
        }
        let first = try #require(requests.first)
        guard case .shake(let team) = submissions[first.submission].detector, case .shake(let rung) = first.alternative.rung.detector
        else {
            Issue.record("the ladder rubric's settings are shake ones")
            return
        }
        let floor = try evaluation.dispersionFloor(suite: 0)
        let hand = try (20..<23).map { try Self.handDay(rubric, team, rung, day: $0, floor: floor) }
        for (j, day) in hand.enumerated() {
            let one = try #require(
                try LadderConfirmation.run(plan, evaluation, requests: [first], days: 1, firstDay: 20 + j, runner: runner).first)
            #expect(one.passDays == (day.pass ? 1 : 0) && one.morePointsDays == (day.more ? 1 : 0), "day \(20 + j)")
        }
        let results = try GradeRecheck.run(rubric, submissions: submissions, days: 3, runner: runner)
        #expect(results.count == requests.count)
        let r = try #require(results.first)
        let claimed = try #require(grades[first.submission].ladderConfirmation)
        #expect(r.team == "t\(first.submission)" && r.claim == first.claim)
        let reliable = try claimed.isReliable()
        #expect(r.claimedHeld == claimed.metDays && r.claimedDays == 20 && r.claimedReliable == reliable)
        let handHeld = hand.filter { first.claim == .meetsAll ? $0.pass : $0.more }.count
        #expect(r.rerunDays == 3 && r.rerunHeld == handHeld)
        let table = try GradeRecheck.table(results)
        #expect(table.contains("| t\(first.submission) ") && table.contains("(the rest as submitted)"))
    }

    /// The rule, by hand (Clopper–Pearson 95% intervals, scipy's beta quantiles): a suggestion called reliable on 20
    /// of 20 days (lower bound 0.025^(1/20) = 83.2%) holds on 80 of 100 further days (80% and upper bound 87.3% ≥
    /// 83.2%) and not on 79 (below 80%); one held on 11 of 20 (lower bound 31.5%) fails on 0 of 100 (upper bound
    /// 1 − 0.025^(1/100) = 3.6%) and holds on 30 of 100 (upper bound 40.0%).
    @Test func theClaimHoldsByTheRechecksRule() throws {
        func result(_ held: Int, _ days: Int, reliable: Bool, rerun: Int) -> GradeRecheck.Result {
            GradeRecheck.Result(
                team: "t", rung: "thresholdG 1 g", claim: .morePoints, claimedHeld: held, claimedDays: days,
                claimedReliable: reliable, rerunHeld: rerun, rerunDays: 100)
        }
        #expect(try result(20, 20, reliable: true, rerun: 80).holds())
        #expect(try !result(20, 20, reliable: true, rerun: 79).holds())
        #expect(try !result(11, 20, reliable: false, rerun: 0).holds())
        #expect(try result(11, 20, reliable: false, rerun: 30).holds())
    }
}

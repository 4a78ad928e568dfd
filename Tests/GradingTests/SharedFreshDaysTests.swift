import DetectionCore
import Foundation
import Testing

@testable import Grading
@testable import MonteCarlo

/// The grader feeds a shake timeline's samples to each shipped setting as one batch, and confirms every team's ladder
/// suggestion on the same fresh days (each fresh timeline generated once). Neither may change a number: the batch
/// fires where feeding sample by sample through the protocol fires, and a team's confirmation is the same with or
/// without other teams beside it.
@Suite struct SharedFreshDaysTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-fresh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The ladder tests' rubric: one suite of 6 ten-minute shake timelines, recall and false-alarm criteria.
    static func rubric(in folder: URL) throws -> Rubric {
        let path = folder.appendingPathComponent("rubric.json").path
        try GradingLadderTests.rubric.write(toFile: path, atomically: true, encoding: .utf8)
        return try Rubric.load(path: path)
    }

    /// The six ten-minute shake timelines of the ladder tests' rubric, fed to every kind's preset and to each preset with
    /// the other gravity input (raw-magnitude reads raw values only): the batched samples fire at exactly the times
    /// the per-sample protocol feed (`ProtocolFeed.shakeTimes(_:_:)` with a fresh detector) gives, and each
    /// setting fires at least once on them, so the comparison is not between two empty lists.
    @Test func batchedSamplesFireWhereTheProtocolFeedFires() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubric = try Self.rubric(in: folder)
        guard case .shakeTimelines(let suite) = rubric.suites[0].body else {
            Issue.record("the ladder rubric's suite is not a shake suite")
            return
        }
        var configurations: [ShakeDetectorConfiguration] = []
        for kind in ShakeDetectorKind.allCases {
            var c = ShakeDetectorConfiguration(kind: kind)
            configurations.append(c)
            if kind != .rawMagnitude {
                c.inputIncludesGravity.toggle()
                configurations.append(c)
            }
        }
        var fired = Array(repeating: 0, count: configurations.count)
        for index in 0..<suite.timelines {
            let timeline = try GradingEngine.shakeTimelineMotion(suite, seed: rubric.suites[0].seed, index: index)
            let fs = timeline.sensor.sampleRateHz
            var samples = ShakeSamples(timeline)
            for (j, c) in configurations.enumerated() {
                var detector = try ShakeDetector(configuration: c, maximumSampleRateHz: min(1000, fs))
                let oneByOne = ProtocolFeed.shakeTimes(timeline, &detector)
                #expect(try samples.times(c) == oneByOne, "\(c.kind.rawValue), gravity \(c.inputIncludesGravity), timeline \(index)")
                fired[j] += oneByOne.count
            }
        }
        for (c, n) in zip(configurations, fired) {
            #expect(n > 0, "\(c.kind.rawValue), gravity \(c.inputIncludesGravity) never fires: nothing compared")
        }
    }

    /// Three teams, two of them sharing a setting, graded together; then each team's suggestion confirmed alone on
    /// the same fresh days (3 days to keep it short, and the grade's own 20 for the first team). Each alone gives the
    /// same pass and more-points days as the shared run, so sharing timelines and settings between teams changes
    /// nothing; and the first team's counts equal a hand re-run of its two settings on those days' timelines.
    @Test func aTeamsConfirmationDoesNotDependOnTheOtherTeams() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubric = try Self.rubric(in: folder)
        var submissions: [Submission] = []
        for (k, g) in [1.2, 16, 1.2].enumerated() {
            let path = folder.appendingPathComponent("\(k).json").path
            try GradingLadderTests.submission("t\(k)", thresholdG: g).write(toFile: path, atomically: true, encoding: .utf8)
            submissions.append(try Submission.load(path: path, rubric: rubric))
        }
        let plan = GradingPlan(rubric, submissions)
        let runner = MonteCarloRunner(jobs: 2)
        let evaluation = try GradingEngine.evaluation(plan, runner: runner)
        let grades = try Grader.score(plan, evaluation, runner: runner)
        let requests = grades.enumerated().compactMap { i, g -> LadderConfirmation.Request? in
            guard let (index, claim) = GradeAdvice.ladderChoice(g) else { return nil }
            return LadderConfirmation.Request(submission: i, alternative: g.alternatives[index], index: index, claim: claim)
        }
        #expect(requests.count >= 2, "the rubric gives at least two teams a suggestion")
        // The grade's own confirmations, 20 days, against the first request confirmed alone.
        let first = try #require(requests.first)
        let alone = try LadderConfirmation.run(plan, evaluation, requests: [first], runner: runner)
        #expect(alone == [try #require(grades[first.submission].ladderConfirmation)])
        // The first request by hand on 3 days: each fresh timeline (trial firstTrial + k·6 + t of the suite's seed)
        // tallied for the team's setting and the rung's, summed over the day, scored on both criteria
        // (`GradeRecheckTests.handDay`).
        guard case .shake(let team) = submissions[first.submission].detector, case .shake(let rung) = first.alternative.rung.detector
        else {
            Issue.record("the ladder rubric's settings are shake ones")
            return
        }
        let floor = try evaluation.dispersionFloor(suite: 0)
        let hand = try (0..<3).map { try GradeRecheckTests.handDay(rubric, team, rung, day: $0, floor: floor) }
        let handPass = hand.filter(\.pass).count
        let handMore = hand.filter(\.more).count
        let firstOnThreeDays = try LadderConfirmation.run(plan, evaluation, requests: [first], days: 3, runner: runner)
        #expect(firstOnThreeDays.map(\.passDays) == [handPass])
        #expect(firstOnThreeDays.map(\.morePointsDays) == [handMore])
        // Every request alone against all together, on 3 days.
        let together = try LadderConfirmation.run(plan, evaluation, requests: requests.reversed(), days: 3, runner: runner)
        for (request, shared) in zip(requests.reversed(), together) {
            let single = try LadderConfirmation.run(plan, evaluation, requests: [request], days: 3, runner: MonteCarloRunner(jobs: 1))
            #expect(single == [shared], "team \(request.submission)")
            #expect((0...3).contains(shared.passDays) && (0...3).contains(shared.morePointsDays))
        }
    }
}

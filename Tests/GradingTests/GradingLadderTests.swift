import DetectionCore
import Foundation
import Reporting
import Testing

@testable import Grading
@testable import MonteCarlo
@testable import Studies

/// The advice's threshold ladder, checked against grading each ladder setting as a team of its own.
@Suite struct GradingLadderTests {
    /// Shake-only: 6 ten-minute timelines with 6 shakes each (36 shakes: 36 of 36 detected gives a Wilson 95% low
    /// end of 36/(36 + 1.96²) ≈ 0.90, so recall ≥ 50% can pass) and a false-alarm rule of at most 300 an hour on
    /// the clustered interval: pocket walking fires the thresholds that catch shakes 60–400 times an hour, and with
    /// 6 timelines the intervals are wide, so 0.75–1.25 g are borderline on it, 1.5–1.75 g pass both rules, and
    /// 2 g and above miss too many shakes: a real choice.
    static let rubric = """
        {"name": "ladder", "seed": 5,
         "places": [{"name": "1920 Commons", "latitude": 39.95248, "longitude": -75.19938}],
         "suites": {"shakes": {"kind": "shake-timelines", "timelines": 6, "minutes": 10, "shakesPerTimeline": 6}},
         "criteria": [
           {"id": "recall", "description": "recall", "suite": "shakes", "metric": "recall", "atLeast": 0.5, "points": 10},
           {"id": "false-alarms", "description": "false alarms", "suite": "shakes", "metric": "false-alarms-per-hour",
            "atMost": 300, "points": 10}]}
        """

    static func submission(_ team: String, thresholdG: Double) -> String {
        """
        {"team": "\(team)", "gesture": "shake", "detector": {"kind": "threshold-count", "thresholdG": \(thresholdG)},
         "proximityCheck": {"kind": "naive"},
         "halls": [{"name": "1920 Commons", "latitude": 39.95248, "longitude": -75.19938}]}
        """
    }

    /// A detector that never fires (16 g on a ±8 g sensor) fails recall. The ladder's answer is known from grading
    /// every ladder threshold as its own team on the same suite (common random numbers: same seed, same timelines):
    /// the nearest to 16 g, i.e. the highest threshold that passes both rules. The advice names it with exactly
    /// that team's recall and false-alarm numbers.
    @Test func neverFiringDetectorIsPointedToTheNearestPassingThreshold() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-ladder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubricPath = folder.appendingPathComponent("rubric.json").path
        try Self.rubric.write(toFile: rubricPath, atomically: true, encoding: .utf8)
        var files = [folder.appendingPathComponent("never.json").path]
        try Self.submission("never", thresholdG: 16).write(toFile: files[0], atomically: true, encoding: .utf8)
        for (k, g) in DetectorParameter.thresholdG.ladder.enumerated() {
            let path = folder.appendingPathComponent("rung\(k).json").path
            try Self.submission("rung\(k)", thresholdG: g).write(toFile: path, atomically: true, encoding: .utf8)
            files.append(path)
        }
        let rubric = try Rubric.load(path: rubricPath)
        let (grades, failures) = try Grader.grade(rubric, files: files, runner: MonteCarloRunner(jobs: 2))
        #expect(failures.isEmpty)
        let never = try #require(grades.first)
        #expect(never.results[0].verdict == .fail)  // recall 0 of 36
        // Every threshold and every cooldown other than the team's own.
        #expect(never.alternatives.count == DetectorLadder.rungs(for: never.submission.detector).count)
        #expect(never.alternatives.filter { $0.rung.parameter == "thresholdG" }.count == DetectorParameter.thresholdG.ladder.count)

        // Each rung's numbers equal those of the team graded at that threshold.
        for (k, g) in DetectorParameter.thresholdG.ladder.enumerated() {
            let direct = grades[k + 1].results
            let rung = try #require(never.alternatives.first { $0.rung.value == g })
            #expect(rung.results.map(\.value) == direct.map(\.value))
            #expect(rung.results.map(\.note) == direct.map(\.note))
        }
        let passing = DetectorParameter.thresholdG.ladder.indices.filter { k in grades[k + 1].results.allSatisfy { $0.verdict == .pass } }
        #expect(passing.count >= 1 && passing.count < DetectorParameter.thresholdG.ladder.count)  // a real choice
        let expected = try #require(passing.max { DetectorParameter.thresholdG.ladder[$0] < DetectorParameter.thresholdG.ladder[$1] })
        let team = grades[expected + 1].results
        let advice = try GradeAdvice.advice(never, rubric: rubric)
        let line = try #require(advice.first { $0.hasPrefix("Searched thresholdG 0.75–4 g") })
        let g = Format.label(DetectorParameter.thresholdG.ladder[expected])
        #expect(line.contains("the nearest setting that meets recall and false-alarms is thresholdG \(g) g"))
        // The rerun's figures, with their 95% intervals, are that team's.
        let recallBounds = try #require(team[0].interval)
        let rateBounds = try #require(team[1].interval)
        #expect(
            line.contains(
                "recall \(try GradeAdvice.percent(team[0].value ?? -1)) [\(try GradeAdvice.percent(recallBounds.low))–"
                    + "\(try GradeAdvice.percent(recallBounds.high))] (\(team[0].note))"))
        #expect(
            line.contains(
                "\(try GradeAdvice.num(team[1].value ?? -1)) false alarms an hour [\(try GradeAdvice.num(rateBounds.low))–"
                    + "\(try GradeAdvice.num(rateBounds.high))/h] (\(team[1].note))"))
    }

    /// Teams differing only in threshold share one ladder: the plan feeds each distinct setting once.
    @Test func laddersAreSharedBetweenTeams() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-ladder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubricPath = folder.appendingPathComponent("rubric.json").path
        try Self.rubric.write(toFile: rubricPath, atomically: true, encoding: .utf8)
        let rubric = try Rubric.load(path: rubricPath)
        var submissions: [Submission] = []
        for (k, g) in [1.2, 1.7, 16].enumerated() {
            let path = folder.appendingPathComponent("\(k).json").path
            try Self.submission("t\(k)", thresholdG: g).write(toFile: path, atomically: true, encoding: .utf8)
            submissions.append(try Submission.load(path: path, rubric: rubric))
        }
        let plan = GradingPlan(rubric, submissions)
        // 3 team thresholds + 9 ladder thresholds, none equal: 12 distinct threshold settings, not 3 × 9 + 3; the
        // cooldown rungs keep each team's own threshold, so each team adds its own.
        let cooldownRungs = submissions.map { s in
            DetectorLadder.rungs(for: s.detector).filter { $0.parameter == "cooldownSeconds" }.count
        }
        #expect(cooldownRungs.allSatisfy { $0 == DetectorParameter.cooldownSeconds.ladder.count - 1 })
        #expect(plan.settings[0].count == 3 + DetectorParameter.thresholdG.ladder.count + cooldownRungs.reduce(0, +))
    }
}

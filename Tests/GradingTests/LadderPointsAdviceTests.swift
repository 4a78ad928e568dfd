import Foundation
import Reporting
import Testing

@testable import Grading
@testable import MonteCarlo

/// Issue 24: the ladder advice ranks rungs by the points they earn, not by counts of passes and borderlines, and
/// says the points. `team-naive-50m` (threshold-count at 2.5 g, 4 samples in 1 s) was told that nothing on the
/// ladder does better, while its 1.25 g rung earned far more points.
@Suite struct LadderPointsAdviceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The shipped rubric's three shake criteria on the shipped `shake-campus-walk` timelines (all 36), and the
    /// shipped `team-naive-50m`. The expected rung is found here independently: the nearest rung that passes all
    /// three if there is one, else the rung with the most points (the nearest of those tied); the advice must name
    /// it with its points and the team's own, and those points must beat the team's.
    @Test func naiveTeamIsPointedToTheRungThatEarnsTheMostPoints() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-ladder-points-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = try Data(contentsOf: Self.root.appendingPathComponent("Scenarios/rubrics/penn-dining.json"))
        let shipped = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        // The shake criteria, and the manual ones the team's file enters points for.
        let criteria = try #require(shipped["criteria"] as? [[String: Any]]).filter {
            ($0["suite"] as? String) == "shakes" || ($0["manual"] as? Bool) == true
        }
        #expect(criteria.count == 6)
        let rubric: [String: Any] = [
            "name": "ladder-points", "seed": 1,
            "places": Self.root.appendingPathComponent("Scenarios/places/penn-dining.json").path,
            "suites": ["shakes": Self.root.appendingPathComponent("Scenarios/shake-campus-walk.json").path],
            "criteria": criteria,
        ]
        let rubricPath = folder.appendingPathComponent("rubric.json")
        try JSONSerialization.data(withJSONObject: rubric, options: [.sortedKeys]).write(to: rubricPath)
        let r = try Rubric.load(path: rubricPath.path)
        let team = Self.root.appendingPathComponent("Scenarios/submissions/team-naive-50m.json").path
        let (grades, failures) = try Grader.grade(r, files: [team], runner: MonteCarloRunner(jobs: 2))
        #expect(failures.isEmpty)
        let g = try #require(grades.first)

        func points(_ results: [CriterionResult]) -> Double { results.reduce(0) { $0 + ($1.points ?? 0) } }
        let own = points(g.results.filter { !r.criteria[$0.criterionIndex].isManual })
        let distance = { (a: AlternativeSetting) in DetectorLadder.distance(a.rung, from: g.submission.detector) }
        let passing = g.alternatives.filter(\.meetsAll).min { distance($0) < distance($1) }
        let most = try #require(g.alternatives.map { points($0.results) }.max())
        let expected = try #require(
            passing ?? g.alternatives.filter { abs(points($0.results) - most) < 1e-9 }.min { distance($0) < distance($1) })
        #expect(points(expected.results) > own)

        let advice = try GradeAdvice.advice(g, rubric: r)
        let line = try #require(advice.first { $0.hasPrefix("Searched") })
        let name = "\(expected.rung.parameter) \(Format.label(expected.rung.value))\(expected.rung.unit) (the rest as submitted)"
        #expect(line.contains(name), "\(line)")
        #expect(
            line.contains(
                "\(try GradeReport.pts(points(expected.results))) of 25 points on them against the submitted setting's "
                    + "\(try GradeReport.pts(own))"), "\(line)")
        // 25 = shake-recall 10 + shake-false-alarms 10 + shake-once 5.
        #expect(!line.contains("none earns more"), "\(line)")
    }
}

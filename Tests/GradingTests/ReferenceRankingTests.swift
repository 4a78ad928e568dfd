import DetectionCore
import Foundation
import Testing

@testable import Grading

/// Reference detectors graded on the shipped rubric through the grader's own feed (``ReferenceGrading``).
@Suite struct ReferenceRankingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static var rubricPath: String { root.appendingPathComponent("Scenarios/rubrics/penn-dining.json").path }

    /// The shipped good settings: every shake kind's preset, and the setting `shake-campus-walk` recommends
    /// (Reports/shake-campus-walk/summary.md: window-fraction at 0.9 g, requiredFraction 0.4, cooldown 2.5 s).
    static var shipped: [(name: String, behaviour: ReferenceShakeDetector.Behaviour)] {
        var recommended = ShakeDetectorConfiguration(kind: .windowFraction)
        recommended = recommended.setting("thresholdG", to: 0.9).setting("requiredFraction", to: 0.4)
            .setting("cooldownSeconds", to: 2.5)
        return ShakeDetectorKind.allCases.map { ("preset-\($0.rawValue)", .shipped(ShakeDetectorConfiguration(kind: $0))) }
            + [("recommended-campus-walk", .shipped(recommended))]
    }

    /// The baselines of issue 26: none of them looks at what a shake is.
    static let baselines: [(name: String, behaviour: ReferenceShakeDetector.Behaviour)] = [
        ("once-a-second", .onceASecond), ("every-sample-over-1.05g", .everySampleOverRawG(1.05)), ("never", .never),
        ("random-1-a-minute", .randomPerMinute(1)),
    ]

    /// Issue 26: a detector that fires once a second whatever the motion scored 53.96 of the 70 simulated points
    /// of the old shipped rubric, above every real team (collects 20 and refuses 15 whatever fired, coordinates 10,
    /// recall 10; reproduced here before the rubric changed). Now its first collection of every visit comes on
    /// arrival, at least 8 s (`minimumGapSeconds`) before the first shake: a false collection, so it collects no
    /// hall with a gesture (0 of 20) and falsely collects in every visit the check enters (0 of 10); its ~3600 false
    /// alarms an hour are past the log scale's zero at 1000 (0 of 10).
    @Test func onceASecondNoLongerCollectsAHall() throws {
        let rubric = try Rubric.load(path: Self.rubricPath)
        let g = try ReferenceGrading.grade(rubric, [("once-a-second", .onceASecond)])[0]
        func result(_ id: String) throws -> CriterionResult {
            try #require(g.results.first { rubric.criteria[$0.criterionIndex].id == id })
        }
        #expect(try result("collects-at-hall").points == 0)
        #expect(try result("no-false-collections").points == 0)
        #expect(try result("shake-false-alarms").points == 0)
        // 3600 an hour, less the seconds inside shakes (about 1 s a minute of the campus timelines).
        #expect(try #require(try result("shake-false-alarms").value) > 3000)
        let (points, maximum) = ReferenceGrading.simulated(g, rubric)
        #expect(maximum == 80)
        #expect(points < maximum / 2)
    }

    /// The acceptance test: the oracle earns every simulated point (no setting can do better, so it ranks
    /// first; the recommended setting, which meets every rule, ties it), and the worst shipped good setting is above
    /// the best baseline by at least 20% of the simulated points. The window-fraction preset (seismic's 13 m/s² ≈ 1.33 g
    /// on gravity-free acceleration, 3/4 of a 0.5 s window) catches about 5% of the campus walk's shakes, so it is not a good setting for this assignment: it is
    /// only required to beat every baseline, and the reason it is left out is checked (its shake recall below 10%).
    /// It stays as it is rather than being retuned: it is seismic's published setting, the default every shake
    /// study compares the kinds at (Reports/shake-campus-walk, shake-everyday, shake-threshold-tuning), and its
    /// campus-tuned form is `recommended-campus-walk`, which is in the margin.
    @Test func oracleRanksFirstAndEveryBaselineBelowEveryShippedSetting() throws {
        let rubric = try Rubric.load(path: Self.rubricPath)
        let teams = [("oracle", ReferenceShakeDetector.Behaviour.oracle)] + Self.shipped + Self.baselines
        let grades = try ReferenceGrading.grade(rubric, teams)
        let maximum = ReferenceGrading.simulated(grades[0], rubric).maximum
        let points = grades.map { ReferenceGrading.simulated($0, rubric).points }
        let table = zip(teams, points).map { "\($0.0): \($0.1)" }.joined(separator: "; ")
        let good = Self.shipped.indices.filter { Self.shipped[$0].name != "preset-window-fraction" }.map { points[1 + $0] }
        let weak = try #require(teams.firstIndex { $0.0 == "preset-window-fraction" })
        let baselines = points[(1 + Self.shipped.count)...]
        let worstGood = try #require(good.min())
        let bestBaseline = try #require(baselines.max())
        #expect(points[0] == maximum, "\(table)")
        #expect(points[1...Self.shipped.count].allSatisfy { $0 <= points[0] }, "\(table)")
        #expect(worstGood - bestBaseline >= 0.2 * maximum, "\(table)")
        #expect(points[weak] > bestBaseline, "\(table)")
        let weakRecall = try #require(
            grades[weak].results.first { rubric.criteria[$0.criterionIndex].id == "shake-recall" }?.value)
        #expect(weakRecall < 0.1, "preset-window-fraction recall \(weakRecall)")
    }
}

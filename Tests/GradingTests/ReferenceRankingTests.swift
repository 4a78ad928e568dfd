import DetectionCore
import Foundation
import Testing

@testable import Grading

/// Reference detectors graded on the shipped rubric through the grader's own feed (``ReferenceGrading``).
@Suite struct ReferenceRankingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static var rubricPath: String { root.appendingPathComponent("Scenarios/rubrics/penn-dining.json").path }

    /// The shipped settings: every shake kind's preset, and the setting `shake-campus-walk` names as its best
    /// trade-off on the recalibrated motion (Reports/shake-campus-walk/summary.md: reversal at 1.5 g, requiredCount 4,
    /// windowSeconds 0.5, cooldown 1 s; no setting of its sweep meets all three targets there).
    static var shipped: [(name: String, behaviour: ReferenceShakeDetector.Behaviour)] {
        var bestTradeOff = ShakeDetectorConfiguration(kind: .reversal)
        bestTradeOff = bestTradeOff.setting("thresholdG", to: 1.5).setting("requiredCount", to: 4)
            .setting("windowSeconds", to: 0.5).setting("cooldownSeconds", to: 1)
        return ShakeDetectorKind.allCases.map { ("preset-\($0.rawValue)", .shipped(ShakeDetectorConfiguration(kind: $0))) }
            + [("best-trade-off-campus-walk", .shipped(bestTradeOff))]
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

    /// The acceptance test: the oracle ranks first, and every reasonable shipped setting is above the best
    /// baseline by at least 20% of the simulated points.
    ///
    /// The oracle fires exactly on the deliberate shakes, so it earns every simulated point but one criterion's: its
    /// 0 false alarms in the suite's 5.93 h of non-shake motion are judged on their 95% bound φ₀·3.689/5.93 h
    /// (Garwood's zero-count bound times the suite's dispersion floor, ``ClusteredRate``), and on the recalibrated
    /// pocket walking every setting here that fires often fires in bursts (φ₀ > 1.61), so 0 in 5.93 h cannot show at
    /// most 1 an hour: borderline. That is the suite's evidence, not the oracle's fault, and every zero-count team
    /// shares it.
    ///
    /// Reasonable: catches at least half the campus walk's shakes and fires at most 100 false alarms an hour on it.
    /// Two presets are not, and each reason is checked: the window-fraction preset (seismic's 13 m/s² ≈ 1.33 g on
    /// gravity-free acceleration, 3/4 of a 0.5 s window) catches about 5% of the shakes; the raw-magnitude preset
    /// fires on the steps of a phone in a pocket (real pocket walking peaks at about 2 g a second, MotionSense in
    /// docs/shake.md) over 100 times an hour. Both must still beat every baseline. They stay as they are rather
    /// than being retuned: they are the kinds' published defaults that every shake study compares at.
    @Test func oracleRanksFirstAndEveryBaselineBelowEveryShippedSetting() throws {
        let rubric = try Rubric.load(path: Self.rubricPath)
        let teams = [("oracle", ReferenceShakeDetector.Behaviour.oracle)] + Self.shipped + Self.baselines
        let grades = try ReferenceGrading.grade(rubric, teams)
        let maximum = ReferenceGrading.simulated(grades[0], rubric).maximum
        let points = grades.map { ReferenceGrading.simulated($0, rubric).points }
        let table = zip(teams, points).map { "\($0.0): \($0.1)" }.joined(separator: "; ")
        func result(_ team: Int, _ id: String) throws -> CriterionResult {
            try #require(grades[team].results.first { rubric.criteria[$0.criterionIndex].id == id })
        }
        // The oracle: first, full points on every simulated criterion but the zero-count false-alarm one.
        #expect(points[1...].allSatisfy { $0 <= points[0] }, "\(table)")
        for r in grades[0].results where !rubric.criteria[r.criterionIndex].isManual && r.verdict != .notApplicable {
            let c = rubric.criteria[r.criterionIndex]
            if c.id == "shake-false-alarms" {
                #expect(r.value == 0 && r.verdict == .borderline)
                #expect(try #require(r.interval).high > 1)
                #expect(r.note.hasPrefix("0 in 5.93 h; bound ×"), "\(r.note)")
            } else {
                #expect(r.points == c.points, "\(c.id)")
            }
        }
        // Reasonable and unreasonable shipped settings, by the rule above.
        let shippedIndices = Array(1...Self.shipped.count)
        func reasonable(_ i: Int) throws -> Bool {
            try #require(try result(i, "shake-recall").value) >= 0.5
                && (try #require(try result(i, "shake-false-alarms").value)) <= 100
        }
        let good = try shippedIndices.filter { try reasonable($0) }
        let weak = shippedIndices.filter { !good.contains($0) }
        #expect(weak.map { teams[$0].0 } == ["preset-window-fraction", "preset-raw-magnitude"], "\(table)")
        #expect(try #require(try result(weak[0], "shake-recall").value) < 0.1)
        #expect(try #require(try result(weak[1], "shake-false-alarms").value) > 100)
        let baselines = points[(1 + Self.shipped.count)...]
        let worstGood = try #require(good.map { points[$0] }.min())
        let bestBaseline = try #require(baselines.max())
        #expect(worstGood - bestBaseline >= 0.2 * maximum, "\(table)")
        #expect(weak.allSatisfy { points[$0] > bestBaseline }, "\(table)")
        // A count that shows its own bursts (every sample over 1.05 g: hundreds of thousands) is not floored.
        let everySample = try #require(teams.firstIndex { $0.0 == "every-sample-over-1.05g" })
        #expect(!(try result(everySample, "shake-false-alarms").note.contains("bound ×")))
    }
}

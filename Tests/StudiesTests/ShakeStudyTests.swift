import Foundation
import Testing

@testable import FileFormats
@testable import MonteCarlo
@testable import Studies

/// Writes a scenario into a fresh temporary folder and loads it.
private func loadShake(_ json: String) throws(InputError) -> Scenario {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-shake-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("s.json").path
    try? json.write(toFile: path, atomically: true, encoding: .utf8)
    return try ScenarioFile.load(path: path)
}

/// A small shake scenario: `timelines` two-minute timelines with 3 shakes and the given sweep.
private func shakeJSON(sweep: String, timelines: Int = 3, extra: String = "") -> String {
    """
    {"study": "shake", "name": "t", "seed": 5, "timelines": \(timelines),
     "timeline": {"minutes": 2, "sampleRateHz": 50, "shakesPerTimeline": 3, "minimumGapSeconds": 10}\(extra),
     "sweep": \(sweep)}
    """
}

@Suite struct ShakeStudyTests {
    /// Magnitudes on a ±8 g sensor never exceed 8√3 ≈ 13.9 g, so a 16 g threshold never fires.
    @Test func aDetectorThatNeverFiresHasZeroRecallAndNoFalseAlarms() throws {
        guard let s = try loadShake(shakeJSON(sweep: #"[{"kind": "threshold-count", "thresholdG": 16}]"#)).study as? ShakeScenario
        else { Issue.record("not a shake scenario"); return }
        let outcomes = try s.simulate(0..<s.timelines, runner: MonteCarloRunner(jobs: 2))
        let a = try SweepAnalysis(
            settings: ShakeStudy.settings(s), outcomes: outcomes, activityCount: 9,
            toleranceBeforeSeconds: 0, toleranceAfterSeconds: 0.5, rule: .default)
        let m = a.metrics[0]
        #expect(a.truthCount == 9)
        #expect(m.recall == 0 && m.falseAlarms == 0 && m.misses == 9 && m.precision == nil)
        #expect(outcomes.allSatisfy { $0.detections[0].isEmpty })
    }

    /// A sensitive detector on the same timelines does fire on shakes (sanity check of the pipeline).
    @Test func aSensitiveDetectorCatchesShakes() throws {
        guard
            let s = try loadShake(
                shakeJSON(sweep: #"[{"kind": "window-fraction", "thresholdG": 0.5, "requiredFraction": 0.5}]"#)
            ).study as? ShakeScenario
        else { Issue.record("not a shake scenario"); return }
        let outcomes = try s.simulate(0..<s.timelines, runner: MonteCarloRunner(jobs: 1))
        let a = try SweepAnalysis(
            settings: ShakeStudy.settings(s), outcomes: outcomes, activityCount: 9,
            toleranceBeforeSeconds: 0, toleranceAfterSeconds: 0.5, rule: .default)
        // Every shake peaks at ≥ 1 g, at least twice the threshold, for ≥ 0.4 s: at least 7 of the 9 are caught.
        #expect(a.metrics[0].truePositives >= 7)
    }

    @Test func reportIsByteIdenticalForAnyJobs() throws {
        let scenario = try loadShake(
            shakeJSON(
                sweep:
                    #"[{"kind": "threshold-count", "thresholdG": [1, 1.5]}, {"kind": "reversal", "thresholdG": 1}, {"kind": "window-fraction"}]"#,
                timelines: 5))
        let one = try scenario.report(runner: MonteCarloRunner(jobs: 1))
        let two = try scenario.report(runner: MonteCarloRunner(jobs: 2))
        #expect(
            one.paths == [
                "events.csv", "false-alarm-intervals.svg", "false-alarms-by-activity.svg", "precision-recall.svg",
                "recall-vs-false-alarms.svg", "summary.md", "sweep.csv",
            ])
        for path in one.paths { #expect(one.contents(of: path) == two.contents(of: path), "\(path) differs") }
        let sweep = one.contents(of: "sweep.csv") ?? ""
        #expect(sweep.hasPrefix("setting,detector,parameters,true_positives,false_alarms,misses,fragments,precision,"))
        #expect(!sweep.contains("nan") && !sweep.contains("inf"))
        #expect((one.contents(of: "summary.md") ?? "").contains("## Recommendation"))
    }

    /// Bad values are refused with exit 65 (bad data), the field path and a reason.
    @Test(arguments: [
        (
            shakeJSON(sweep: #"[{"kind": "threshold-count"}]"#, extra: #", "motion": {"shake": {"frequencyHz": [-3, 7]}}"#),
            "motion.shake.frequencyHz[0]", "must be between"
        ),
        (
            shakeJSON(sweep: #"[{"kind": "threshold-count", "windowSeconds": [1, 0]}]"#), "sweep[0].windowSeconds[1]",
            "must be in (0, 60] s, got 0"
        ),
        (shakeJSON(sweep: #"[{"kind": "window-fraction", "thresholdG": 20}]"#), "sweep[0].thresholdG", "must be in (0, 16] g"),
        (shakeJSON(sweep: #"[{"kind": "reversal", "requiredCount": [4, -1]}]"#), "sweep[0].requiredCount[1]", "must be in 1...1000"),
        (shakeJSON(sweep: #"[{"kind": "shake-o-meter"}]"#), "sweep[0].kind", "must be one of"),
        (
            shakeJSON(sweep: #"[{"kind": "threshold-count", "requiredFraction": 0.5}]"#), "sweep[0].requiredFraction",
            "is not read by threshold-count"
        ),
        (shakeJSON(sweep: #"[{"kind": "threshold-count", "thresholdG": [1, 1]}]"#), "sweep[0].thresholdG[1]", "repeats"),
        (shakeJSON(sweep: "[]"), "sweep", "must not be empty"),
        (
            shakeJSON(sweep: #"[{"kind": "threshold-count"}]"#, extra: #", "motion": {"walking": {"cadenceHz": [2.4, 1.6]}}"#),
            "motion.walking.cadenceHz", "min ≤ max"
        ),
        (
            shakeJSON(sweep: #"[{"kind": "threshold-count"}]"#, extra: #", "motion": {"juggling": {}}"#), "motion.juggling",
            "unknown activity"
        ),
        (
            #"{"study": "shake", "name": "t", "seed": 1, "timelines": 2, "timeline": {"minutes": 1, "shakesPerTimeline": 10}, "sweep": [{"kind": "reversal"}]}"#,
            "timeline.shakesPerTimeline", "do not fit"
        ),
        (
            #"{"study": "shake", "name": "t", "seed": 1, "timelines": 2, "timeline": {"rangeG": 3}, "sweep": [{"kind": "reversal"}]}"#,
            "timeline.rangeG", "must be one of 2, 4, 8, 16"
        ),
        (
            #"{"study": "shake", "name": "t", "seed": 1, "timelines": 2, "timeline": {"weights": {"shake": 1}}, "sweep": [{"kind": "reversal"}]}"#,
            "timeline.weights.shake", "not an everyday activity"
        ),
        (#"{"study": "shake", "name": "t", "seed": 1, "timelines": 0, "sweep": [{"kind": "reversal"}]}"#, "timelines", "between 1 and"),
        (
            #"{"study": "shake", "name": "t", "seed": 1, "timelines": 2, "recommend": {"rule": "best-f1", "maxFalseAlarmsPerHour": 2}, "sweep": [{"kind": "reversal"}]}"#,
            "recommend.maxFalseAlarmsPerHour", "does not apply to the best-f1 rule"
        ),
        (
            #"{"study": "shake", "name": "t", "seed": 1, "timelines": 2, "sweep": [{"kind": "reversal"}], "colour": 1}"#, "colour",
            "unknown key"
        ),
    ])
    func refusesBadValues(json: String, field: String, problem: String) {
        do {
            _ = try loadShake(json)
            Issue.record("accepted a bad scenario: \(json)")
        } catch {
            #expect(error.kind == .badData)
            #expect(ExitCode(error).rawValue == 65)
            #expect(error.field == field, "\(error)")
            #expect(error.problem.contains(problem), "\(error)")
            #expect(error.line != nil)
        }
    }

    @Test func shippedShakeScenariosValidate() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for name in ["shake-threshold-tuning", "shake-everyday"] {
            let path = root.appendingPathComponent("Scenarios/\(name).json").path
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let scenario = try ScenarioFile.load(path: path)
            #expect(scenario.name == name)
        }
    }
}

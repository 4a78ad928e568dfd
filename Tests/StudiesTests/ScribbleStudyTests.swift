import Foundation
import SensorSim
import Stats
import Testing

@testable import FileFormats
@testable import MonteCarlo
@testable import Studies

private func loadScribble(_ json: String) throws(InputError) -> Scenario {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-scribble-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("s.json").path
    try? json.write(toFile: path, atomically: true, encoding: .utf8)
    return try ScenarioFile.load(path: path)
}

private func scribbleJSON(_ sweep: String) -> String {
    #"{"study": "scribble", "name": "t", "seed": 3, "timelines": 4, "timeline": {"minutes": 2}, "sweep": "# + sweep + "}"
}

@Suite struct ScribbleStudyTests {
    @Test func reportIsByteIdenticalForAnyJobsAndCatchesScribbles() throws {
        let scenario = try loadScribble(scribbleJSON(#"[{"requiredReversals": [2, 3], "firesOncePerGesture": [true, false]}]"#))
        #expect(scenario.cellCount == 4)
        let one = try scenario.report(runner: MonteCarloRunner(jobs: 1))
        let two = try scenario.report(runner: MonteCarloRunner(jobs: 2))
        for path in one.paths { #expect(one.contents(of: path) == two.contents(of: path), "\(path) differs") }
        // The default detector's documented behaviour: a back-and-forth scribble of ≥ 4 strokes fires, so the
        // sweep catches most scribbles (recall column of the first setting is not empty and above 0).
        let rows = (one.contents(of: "sweep.csv") ?? "").split(separator: "\n").dropFirst()
        let recall = rows.first.map { $0.split(separator: ",", omittingEmptySubsequences: false)[10] } ?? ""
        #expect((Double(recall) ?? 0) > 0.5)
    }

    @Test(arguments: [
        (scribbleJSON(#"[{"requiredReversals": [3, 0]}]"#), "sweep[0].requiredReversals[1]", "must be in 1...100"),
        (scribbleJSON(#"[{"windowSeconds": 0}]"#), "sweep[0].windowSeconds", "must be in (0, 60] s"),
        (scribbleJSON(#"[{"kind": "shake"}]"#), "sweep[0].kind", "must be one of"),
        (scribbleJSON(#"[{"thresholdG": 1}]"#), "sweep[0].thresholdG", "unknown key"),
        (
            #"{"study": "scribble", "name": "t", "seed": 3, "timelines": 4, "timeline": {"weights": {"doodle": 1}}, "sweep": [{}]}"#,
            "timeline.weights.doodle", "is not a gesture"
        ),
        // Touch ranges: a stroke count below the documented 1…1000, min > max, a parameter another kind has,
        // an unknown kind.
        (
            #"{"study": "scribble", "name": "t", "seed": 3, "timelines": 4, "gestures": {"scribble": {"strokes": [0, 3]}}, "sweep": [{}]}"#,
            "gestures.scribble.strokes[0]", "must be between 1 and 1000, got 0"
        ),
        (
            #"{"study": "scribble", "name": "t", "seed": 3, "timelines": 4, "gestures": {"tap": {"seconds": [0.2, 0.1]}}, "sweep": [{}]}"#,
            "gestures.tap.seconds", "min ≤ max"
        ),
        (
            #"{"study": "scribble", "name": "t", "seed": 3, "timelines": 4, "gestures": {"tap": {"radiusPoints": 50}}, "sweep": [{}]}"#,
            "gestures.tap.radiusPoints", "unknown key"
        ),
        (
            #"{"study": "scribble", "name": "t", "seed": 3, "timelines": 4, "gestures": {"doodle": {}}, "sweep": [{}]}"#,
            "gestures.doodle", "is not a gesture"
        ),
    ])
    func refusesBadValues(json: String, field: String, problem: String) {
        do {
            _ = try loadScribble(json)
            Issue.record("accepted a bad scenario")
        } catch {
            #expect(error.kind == .badData)
            #expect(error.field == field, "\(error)")
            #expect(error.problem.contains(problem), "\(error)")
        }
    }

    @Test func touchRangesComeFromTheScenario() throws {
        let json =
            #"{"study": "scribble", "name": "t", "seed": 3, "timelines": 1, "timeline": {"minutes": 5},"#
            + #" "gestures": {"scribble": {"strokes": [5, 7], "strokePoints": 100}, "circle": {"seconds": [0.8, 0.9]}},"#
            + #" "sweep": [{}]}"#
        guard let s = try loadScribble(json).study as? ScribbleScenario else {
            Issue.record("not a scribble scenario")
            return
        }
        // The values written above; everything not given keeps TouchRanges' defaults.
        #expect(s.timeline.ranges.scribbleStrokes == UniformRange(5, 7))
        #expect(s.timeline.ranges.scribbleStrokePoints == UniformRange(100, 100))
        #expect(s.timeline.ranges.circleSeconds == UniformRange(0.8, 0.9))
        var defaults = TouchRanges()
        defaults.scribbleStrokes = UniformRange(5, 7)
        defaults.scribbleStrokePoints = UniformRange(100, 100)
        defaults.circleSeconds = UniformRange(0.8, 0.9)
        #expect(s.timeline.ranges == defaults)
        // The generator draws from them: every scribble has 5–7 strokes of exactly 100 pt, every circle lasts
        // 0.8–0.9 s (5 minutes at the default weights hold dozens of gestures; the seed is fixed).
        let timeline = TouchTimelineGenerator.generate(
            s.timeline, stream: try RandomStream(seed: TrialSeed(scenarioSeed: 3, trialIndex: 0)))
        let scribbles = timeline.gestures.filter { $0.kind == .scribble }
        let circles = timeline.gestures.filter { $0.kind == .circle }
        #expect(!scribbles.isEmpty && !circles.isEmpty)
        for g in scribbles {
            #expect((5...7).contains(g.parameters["strokes"] ?? 0))
            #expect(g.parameters["strokePoints"] == 100)
        }
        for g in circles { #expect((0.8...0.9).contains(g.endSeconds - g.startSeconds)) }
    }
}

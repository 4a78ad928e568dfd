import Foundation
import Testing

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
        (#"{"study": "scribble", "name": "t", "seed": 3, "timelines": 4, "timeline": {"weights": {"doodle": 1}}, "sweep": [{}]}"#,
         "timeline.weights.doodle", "is not a gesture"),
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
}

import Foundation
import Testing

@testable import FileFormats
@testable import MonteCarlo
@testable import Studies

/// Writes a scenario (and the shipped-style profile it names) into a fresh temporary folder.
func scenarioFolder(_ json: String, profile: String? = nil) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-scn-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("profiles"), withIntermediateDirectories: true)
    try json.write(to: folder.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
    let p = profile ?? #"{"name": "p", "noiseDensityDegPerSecPerRootHz": 0.005, "turnOnBiasDegPerSec": 0.02}"#
    try p.write(to: folder.appendingPathComponent("profiles/p.json"), atomically: true, encoding: .utf8)
    return folder
}

let goodScenario = """
    {
      "study": "drift",
      "name": "t",
      "seed": 1,
      "trialsPerCell": 3,
      "profile": "p",
      "grid": { "minutes": [1, 2], "turns": [0, 4], "shape": ["loop", "zigzag"] }
    }
    """

@Suite struct ScenarioValidationTests {
    @Test func acceptsAGoodScenario() throws {
        let folder = try scenarioFolder(goodScenario)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try ScenarioFile.load(path: folder.appendingPathComponent("s.json").path)
        guard let s = scenario.study as? DriftScenario else { Issue.record("not a drift scenario"); return }
        #expect(s.cells.count == 8 && s.totalTrials == 24)
        #expect(s.cells[0].profile.noiseDensityDegPerSecPerRootHz == 0.005)
    }

    /// Each bad scenario must be refused with the named field, the stated line and a problem that says why.
    @Test(arguments: [
        (
            #"{"study": "drift", "name": "t", "seed": 1, "trialsPerCell": 3, "profile": "p", "grid": {"minutes": [1], "turns": [0]}, "colour": 1}"#,
            "colour", "unknown key"
        ),
        (
            #"{"study": "drift", "name": "t", "seed": 1, "trialsPerCell": "3", "profile": "p", "grid": {"minutes": [1], "turns": [0]}}"#,
            "trialsPerCell", "must be a whole number"
        ),
        (
            #"{"study": "drift", "name": "t", "seed": 1, "trialsPerCell": 3, "profile": "p", "grid": {"minutes": [1, -2], "turns": [0]}}"#,
            "grid.minutes[1]", "must be greater than 0"
        ),
        (
            #"{"study": "drift", "name": "t", "seed": 1, "trialsPerCell": 3, "profile": "p", "grid": {"minutes": [], "turns": [0]}}"#,
            "grid.minutes", "must not be empty"
        ),
        (
            #"{"study": "drift", "name": "t", "seed": 1, "trialsPerCell": 1000000000000, "profile": "p", "grid": {"minutes": [1], "turns": [0]}}"#,
            "trialsPerCell", "between 1 and 1000000000"
        ),
        (
            #"{"study": "drift", "name": "t", "seed": 1, "trialsPerCell": 3, "profile": "p", "grid": {"minutes": [1], "turns": [3], "shape": ["zigzag"]}}"#,
            "grid.turns[0]", "even number of turns"
        ),
        (
            #"{"study": "drift", "name": "t", "seed": 1, "trialsPerCell": 3, "profile": "nope", "grid": {"minutes": [1], "turns": [0]}}"#,
            "profile", "no profile named"
        ),
        // Issue 29's corpus: the same profile twice in grid.profile ran every cell twice under one name.
        (
            #"{"study": "drift", "name": "t", "seed": 1, "trialsPerCell": 3, "grid": {"profile": ["p", "p"], "minutes": [1], "turns": [0]}}"#,
            "grid.profile[1]", "repeats the profile \"p\""
        ),
        (
            #"{"study": "drift", "name": "t", "seed": 1, "trialsPerCell": 3, "profile": {"sampleRateHz": 0}, "grid": {"minutes": [1], "turns": [0]}}"#,
            "profile.sampleRateHz", "must be greater than 0"
        ),
        (
            #"{"study": "drift", "name": "t", "seed": -1, "trialsPerCell": 3, "profile": "p", "grid": {"minutes": [1], "turns": [0]}}"#,
            "seed", "must be a whole number"
        ),
        (#"{"study": "shake-o-matic", "name": "t"}"#, "study", "must be one of"),
        (
            #"{"study": "drift", "name": "t", "seed": 1, "trialsPerCell": 3, "profile": "p", "grid": {"minutes": [1], "turns": [200], "shape": ["zigzag"]}}"#,
            "grid.turns[0]", "do not fit"
        ),
        (
            #"{"study": "drift", "name": "t", "seed": 1, "trialsPerCell": 100000000, "profile": "p", "grid": {"minutes": [1440, 1000], "turns": [0]}}"#,
            "trialsPerCell", "gyro samples"
        ),
    ])
    func refusesBadValues(json: String, field: String, problem: String) throws {
        let folder = try scenarioFolder(json)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.json").path
        do {
            _ = try ScenarioFile.load(path: path)
            Issue.record("accepted a bad scenario: \(json)")
        } catch {
            #expect(error.kind == .badData)
            #expect(error.field == field, "\(error)")
            #expect(error.problem.contains(problem), "\(error)")
            #expect(error.line != nil)
        }
    }

    @Test func malformedJSONNamesTheLine() throws {
        let folder = try scenarioFolder("{\n  \"study\": \"drift\",\n  \"name\": \"t\"\n  \"seed\": 1\n}")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try ScenarioFile.load(path: folder.appendingPathComponent("s.json").path)
            Issue.record("accepted malformed JSON")
        } catch {
            #expect(error.line == 4)  // the missing comma is noticed at the start of line 4
            #expect(error.problem.hasPrefix("invalid JSON"))
        }
    }

    @Test func missingFileIsItsOwnKind() {
        do {
            _ = try ScenarioFile.load(path: "/nonexistent/s.json")
            Issue.record("loaded a missing file")
        } catch {
            #expect(error.kind == .missingFile)
            #expect(ExitCode(error) == .noInput)
        }
    }

    @Test func overridesReplaceTrialsAndSeed() throws {
        let folder = try scenarioFolder(goodScenario)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try ScenarioFile.load(
            path: folder.appendingPathComponent("s.json").path,
            overrides: RunOverrides(trialsPerCell: 7, seed: 5))
        guard let s = scenario.study as? DriftScenario else { return }
        #expect(s.trialsPerCell == 7 && s.seed == 5)
    }
}

@Suite struct DriftDeterminismTests {
    /// The report is byte-identical whatever the number of worker threads.
    @Test func reportIsIdenticalForOneAndTwoJobs() throws {
        let folder = try scenarioFolder(goodScenario)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try ScenarioFile.load(path: folder.appendingPathComponent("s.json").path)
        let one = try scenario.report(runner: MonteCarloRunner(jobs: 1))
        let two = try scenario.report(runner: MonteCarloRunner(jobs: 2))
        let three = try scenario.report(runner: MonteCarloRunner(jobs: 3))
        #expect(one.paths == two.paths)
        for path in one.paths {
            #expect(one.contents(of: path) == two.contents(of: path), "\(path) differs between 1 and 2 jobs")
            #expect(one.contents(of: path) == three.contents(of: path), "\(path) differs between 1 and 3 jobs")
        }
        #expect(one.paths.contains("summary.md") && one.paths.contains("regression.csv"))
    }
}

import DetectionCore
import Foundation
import TestSupport
import Testing

@testable import MonteCarlo
@testable import Studies

@Suite struct GeofenceScenarioTests {
    @Test func acceptsTheSmallScenario() throws {
        let (folder, path) = try geofenceScenarioFile(smallGeofenceScenario())
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let s = try ScenarioFile.load(path: path).study as? GeofenceScenario else { Issue.record("not geofence"); return }
        #expect(s.cells.count == 2 && s.totalTrials == 12 && s.checks.map(\.label) == ["naive", "consecutive", "accuracy-aware"])
        #expect(s.ruleRadiusMeters == 50 && s.checks.allSatisfy { $0.configuration.radiusMeters == 50 })
    }

    /// Each bad value is refused with its field path, a line and the reason.
    @Test(arguments: [
        (#", "colour": 1"#, "colour", "unknown key"),
        (#", "target": "Nowhere""#, "target", "must be one of"),
        (#", "radiusMeters": -5"#, "radiusMeters", "must be greater than 0"),
    ])
    func refusesBadTopLevelValues(extra: String, field: String, problem: String) throws {
        try expectRefused(smallGeofenceScenario(extra: extra), field: field, problem: problem)
    }

    @Test(arguments: [
        (#""movement": {"kind": "loiter", "minutes": 2}"#, #""movement": {"kind": "fly"}"#, "movement.kind", "must be one of"),
        (
            #""movement": {"kind": "loiter", "minutes": 2}"#, #""movement": {"kind": "loiter", "minutes": 0}"#, "movement.minutes",
            "greater than 0"
        ),
        (
            #"{"kind": "consecutive"}"#, #"{"kind": "consecutive", "requiredConsecutiveFixes": 0}"#, "checks[1].requiredConsecutiveFixes",
            "between 1 and 1000"
        ),
        (#"{"kind": "consecutive"}"#, #"{"kind": "dwell", "dwellSeconds": -1}"#, "checks[1].dwellSeconds", "must not be negative"),
        (#"{"kind": "consecutive"}"#, #"{"kind": "naive"}"#, "checks[1].label", "already used"),
        // A key its kind does not read (its declaration) is refused, naming what it reads.
        (
            #"{"kind": "consecutive"}"#, #"{"kind": "naive", "dwellSeconds": 5}"#, "checks[1].dwellSeconds",
            "is not read by naive (it reads: radiusMeters)"
        ),
        (#"{"kind": "consecutive"}"#, #"{"kind": "hysteresis", "exitMarginMeters": 20000}"#, "checks[1].exitMarginMeters", "at most 10000"),
        (#"["campus"]"#, #"["mars"]"#, "grid.environment[0]", "must be one of"),
        (#"["campus"]"#, #"[{"name": "x", "base": "campus", "sigmaMeters": -1}]"#, "grid.environment[0].sigmaMeters", "between 0 and 1000"),
        (#"["campus"]"#, #"[{"name": "x", "sigmaMeters": 3}]"#, "grid.environment[0].correlationTimeSeconds", "required"),
        (#"["campus"]"#, #"["campus", "campus"]"#, "grid.environment[1]", "repeats"),
        (#""distanceMeters": [20, 80], "#, "", "grid.distanceMeters", "is required"),
        (#"[20, 80]"#, #"[20, 20]"#, "grid.distanceMeters[1]", "repeats"),
        (#"[20, 80]"#, #"[20, -1]"#, "grid.distanceMeters[1]", "must not be negative"),
        (#""environment": ["campus"]"#, #""environment": ["campus"], "variant": ["old"]"#, "grid.variant[0]", "must be one of"),
        (#""latitude": 39.95248"#, #""latitude": 95"#, "places[0].latitude", "between -90 and 90"),
        (
            #""movement": {"kind": "loiter", "minutes": 2}"#, #""movement": {"kind": "approach", "approachFromMeters": 50}"#,
            "grid.distanceMeters[1]", "must stop closer"
        ),
        (#""trialsPerCell": 6"#, #""trialsPerCell": 2000000000"#, "trialsPerCell", "between 1 and 1000000000"),
    ])
    func refusesBadNestedValues(original: String, replacement: String, field: String, problem: String) throws {
        let json = smallGeofenceScenario()
        #expect(json.contains(original))
        try expectRefused(json.replacingOccurrences(of: original, with: replacement), field: field, problem: problem)
    }

    func expectRefused(_ json: String, field: String, problem: String) throws {
        let (folder, path) = try geofenceScenarioFile(json)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try ScenarioFile.load(path: path)
            Issue.record("accepted: \(json)")
        } catch {
            #expect(error.kind == .badData)
            #expect(error.field == field, "\(error)")
            #expect(error.problem.contains(problem), "\(error)")
            #expect(error.line != nil, "\(error)")
        }
    }

    // The same scenario and seed give byte-identical report files with 1 and 2 worker threads.
    @Test func reportsAreIdenticalAcrossJobs() throws {
        let (folder, path) = try geofenceScenarioFile(smallGeofenceScenario(trials: 5, distances: "[20, 55, 80]"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try ScenarioFile.load(path: path)
        let one = try scenario.report(runner: MonteCarloRunner(jobs: 1))
        let two = try scenario.report(runner: MonteCarloRunner(jobs: 2))
        #expect(one.paths == two.paths)
        #expect(one.paths.contains("rates.csv") && one.paths.contains("trials.csv") && one.paths.contains("summary.md"))
        #expect(one.paths.contains("false-triggers-campus.svg"))
        for p in one.paths { #expect(one.contents(of: p) == two.contents(of: p), "\(p) differs") }
        let summary = one.contents(of: "summary.md") ?? ""
        #expect(summary.contains("The answer") && summary.contains("1920 Commons–Pret A Manger"))
        #expect(!(one.contents(of: "rates.csv") ?? "nan").lowercased().contains("nan"))
        // trials.csv: one row per visit (one place of interest here), one column group per check. By hand: 3 cells
        // (distances) × 5 trials = 15 rows under 12 visit columns + 3 checks × 5 = 27 columns.
        let lines = (one.contents(of: "trials.csv") ?? "").split(separator: "\n")
        #expect(lines.count == 1 + 15)
        let header = lines.first.map { $0.split(separator: ",").map(String.init) } ?? []
        #expect(header.count == 27)
        #expect(Array(header.prefix(3)) == ["cell", "trial", "seed"])
        #expect(
            Array(header.suffix(5)) == [
                "accuracy-aware_enters", "accuracy-aware_exits", "accuracy-aware_false_enters",
                "accuracy-aware_first_enter_s", "accuracy-aware_first_enter_false",
            ])
        #expect(lines.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 27 })
    }

    // The shipped place file: eleven halls, McClelland's earlier position as a variant 134 m away.
    @Test func shippedPlacesAndVariant() throws {
        let here = URL(fileURLWithPath: #filePath)
        let scenarios = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios")
        let path = scenarios.appendingPathComponent("geofence-mcclelland.json").path
        guard let s = try ScenarioFile.load(path: path).study as? GeofenceScenario else { Issue.record("not geofence"); return }
        #expect(s.placeSet.places.count == 11)
        let old = try #require(s.placeSet.places(variant: "mcclelland-old"))
        let i = s.targetIndex
        #expect(s.placeSet.places[i].name == "McClelland Express")
        // The csv's note: "134 m away".
        let d = Geodesic.distanceMeters(s.placeSet.places[i].coordinate, old[i].coordinate)
        #expect(abs(d - 134) < 1)
    }
}

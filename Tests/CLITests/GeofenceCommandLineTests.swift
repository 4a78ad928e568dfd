import Foundation
import Testing

@testable import FileFormats
@testable import Studies
@testable import sensorbench

/// `gpx export s.json --out f.gpx`, parsed.
let gpxCommand: GPXExportCommand = {
    var o = GPXExportCommand()
    o.scenario = "s.json"
    o.outputFile = "f.gpx"
    return o
}()

@Suite struct GeofenceCommandLineTests {
    @Test(arguments: [
        (
            ["distance", "39.95248,-75.19938", "39.95263,-75.19848"],
            Command(DistanceCommand(from: "39.95248,-75.19938", to: "39.95263,-75.19848"))
        ),
        (["distance", "-33.8568,151.2153", "51.5,-0.12"], Command(DistanceCommand(from: "-33.8568,151.2153", to: "51.5,-0.12"))),
        (["gpx", "export", "s.json", "--out", "f.gpx"], Command(gpxCommand)),
        (["gpx", "export", "-o", "f.gpx", "s.json"], Command(gpxCommand)),
        (["distance", "--help"], Command(HelpCommand(topic: "distance"))), (["help", "gpx"], Command(HelpCommand(topic: "gpx"))),
    ])
    func parses(arguments: [String], expected: Command) throws {
        #expect(try CommandLineParser.parse(arguments) == expected)
    }

    @Test(arguments: [
        ["distance"], ["distance", "1,2"], ["distance", "1,2", "3,4", "5,6"], ["distance", "north,2", "3,4"],
        ["distance", "1;2", "3,4"], ["distance", "1,2,3", "3,4"], ["gpx"], ["gpx", "import", "x"], ["gpx", "export", "s.json"],
        ["gpx", "export", "--out", "f.gpx"], ["gpx", "export", "a.json", "b.json", "--out", "f"], ["gpx", "export", "a.json", "--bogus"],
    ])
    func refuses(arguments: [String]) {
        do {
            _ = try CommandLineParser.parse(arguments)
            Issue.record("accepted \(arguments)")
        } catch {
            #expect(error.exitCode == .usage)
        }
    }

    // Out-of-range coordinates parse as numbers but are bad data (exit 65).
    @Test func outOfRangeCoordinatesAreBadData() {
        do {
            _ = try DistanceCommand(from: "95,0", to: "0,0").run()
            Issue.record("accepted latitude 95")
        } catch let error as InputError {
            #expect(ExitCode(error) == .dataError && error.problem.contains("±90"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// `gpx export --seed` overrides the scenario's seed as `run --seed` does: the scenario's own seed (20260104 in
    /// geofence-false-triggers.json) gives the default file byte for byte, another seed another jitter.
    @Test func gpxExportSeedOverridesTheScenarios() throws {
        let folder = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = "Scenarios/geofence-false-triggers.json"
        func export(_ name: String, _ extra: [String]) throws -> Data {
            let file = folder.appendingPathComponent(name).path
            let r = try SensorBench.run(["gpx", "export", scenario, "--out", file, "--quiet"] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: file))
        }
        let plain = try export("plain.gpx", [])
        #expect(try export("same.gpx", ["--seed", "20260104"]) == plain)
        #expect(try export("other.gpx", ["--seed", "12345"]) != plain)
    }
}

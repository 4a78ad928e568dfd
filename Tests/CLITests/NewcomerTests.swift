import Foundation
import Testing

/// A newcomer's first hour: scenarios copied out of `Scenarios/` still run, reproduce lines work from any
/// folder, misses name every place looked, and `distance` catches the classic slips.
@Suite(.serialized) struct NewcomerTests {
    /// Runs the built binary in `folder` with extra environment variables.
    static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> SensorBench.Result {
        guard let binary = SensorBench.binary else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SENSORBENCH_PATH")
        env.removeValue(forKey: "SENSORBENCH_SCENARIOS")
        for (k, v) in environment { env[k] = v }
        process.environment = env
        return try SensorBench.collect(process)
    }

    static func shipped(_ path: String) -> URL {
        SensorBench.packageRoot.appendingPathComponent("Scenarios").appendingPathComponent(path)
    }

    /// A drift scenario and a geofence scenario copied to a temporary folder, edited, still find
    /// `phone-calibrated` and `places/penn-dining.json` in the shipped folder, and the drift copy runs.
    @Test func copiedScenariosRun() throws {
        let folder = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var drift = try String(contentsOf: Self.shipped("drift-time-vs-turns.json"), encoding: .utf8)
        drift = drift.replacingOccurrences(of: "\"drift-time-vs-turns\"", with: "\"my-drift\"")
        try drift.write(to: folder.appendingPathComponent("my-drift.json"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: Self.shipped("geofence-mcclelland.json"), to: folder.appendingPathComponent("geofence-mcclelland.json"))

        let v = try Self.run(["validate", "my-drift.json", "geofence-mcclelland.json"], in: folder)
        #expect(v.status == 0, "\(v.stderr)")
        #expect(v.stdout.contains("ok  my-drift.json: ") && v.stdout.contains("ok  geofence-mcclelland.json: "))
        let r = try Self.run(["run", "my-drift.json", "--trials", "2", "--out", "out", "--quiet"], in: folder)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/my-drift/summary.md").path))
    }

    /// A profile found through `$SENSORBENCH_PATH` before the shipped folder; a miss names every place looked,
    /// with the referencing file, line and field, and exits 65 (a name is data, not a path).
    @Test func searchPathAndMisses() throws {
        let folder = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = folder.appendingPathComponent("library")
        try FileManager.default.createDirectory(
            at: library.appendingPathComponent("profiles"), withIntermediateDirectories: true)
        try #"{"name": "my-phone", "noiseDensityDegPerSecPerRootHz": 0.01}"#.write(
            to: library.appendingPathComponent("profiles/my-phone.json"), atomically: true, encoding: .utf8)
        let scenario = """
            {
              "study": "drift", "name": "mine", "seed": 1, "trialsPerCell": 2,
              "profile": "my-phone",
              "grid": {"minutes": [1], "turns": [0]}
            }
            """
        try scenario.write(to: folder.appendingPathComponent("mine.json"), atomically: true, encoding: .utf8)

        let found = try Self.run(["validate", "mine.json"], in: folder, environment: ["SENSORBENCH_PATH": library.path])
        #expect(found.status == 0, "\(found.stderr)")

        let missing = try Self.run(["validate", "mine.json"], in: folder)
        #expect(missing.status == 65)
        #expect(missing.stderr.hasPrefix("Error: mine.json:3: profile: no profile named \"my-phone\" (looked for "))
        #expect(missing.stderr.contains("profiles/my-phone.json or "))
        #expect(missing.stderr.contains(Self.shipped("profiles/my-phone.json").path))
    }

    /// A bad value inside a referenced places file names that file's line and field and the scenario line that
    /// referred to it.
    @Test func errorsInReferencedFilesNameTheReference() throws {
        let folder = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("places"), withIntermediateDirectories: true)
        let places = try String(contentsOf: Self.shipped("places/penn-dining.json"), encoding: .utf8)
            .replacingOccurrences(of: "39.95248", with: "139.95248")
        try places.write(to: folder.appendingPathComponent("places/penn-dining.json"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: Self.shipped("geofence-mcclelland.json"), to: folder.appendingPathComponent("geofence-mcclelland.json"))
        let r = try Self.run(["validate", "geofence-mcclelland.json"], in: folder)
        #expect(r.status == 65)
        #expect(r.stderr.contains("places/penn-dining.json:6: places[0].latitude: must be between -90 and 90"), "\(r.stderr)")
        #expect(r.stderr.hasSuffix("(places file named at geofence-mcclelland.json:7: places)\n"), "\(r.stderr)")
    }

    /// Every report's "Reproduce with `sensorbench run Scenarios/…`" line works from a folder without Scenarios/.
    @Test func reproduceLinesWorkFromAnyFolder() throws {
        let folder = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try Self.run(["validate", "Scenarios/drift-time-vs-turns.json", "Scenarios/geofence-penn-tour.json"], in: folder)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("ok  Scenarios/drift-time-vs-turns.json: drift scenario"))
        let list = try Self.run(["list"], in: folder)
        #expect(list.status == 0 && list.stdout.contains("drift-time-vs-turns"))
    }

    /// `distance`: a latitude beyond ±90° is refused (65) with a hint that the order is LAT,LON; identical points
    /// have no bearing.
    @Test func distanceSlips() throws {
        let folder = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let swapped = try Self.run(["distance", "-175.19938,39.95248", "39.95263,-75.19848"], in: folder)
        #expect(swapped.status == 65)
        #expect(swapped.stderr.contains("latitude -175.19938 is beyond ±90°"))
        let same = try Self.run(["distance", "39.95248,-75.19938", "39.95248,-75.19938"], in: folder)
        #expect(same.status == 0)
        #expect(same.stdout == "0.000 m, bearing undefined (same point) (WGS-84 geodesic)\n")
    }

    /// `scripts/front-page` copies each summary's generated answer: the first line starting with **, else the first
    /// paragraph holding **, else the last paragraph before the first ## heading; studies before *-sample runs.
    @Test func frontPageCopiesEachAnswer() throws {
        let folder = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let summaries = [
            "b-study": "# TurnBack drift: b-study\n\nA description.\n\n## The answer\n\n**Drift grows with time.**\n\n- detail\n",
            "a-replay-sample": "# Heading replay: x.csv\n\nAt the end the arrow says **straight ahead**: turn 1°.\n\n3000 samples.\n",
            "grades": "# Grades: rubric\n\nHomework 3.\n\n5 submissions graded.\n\n## Scores\n\n| a | b |\n",
        ]
        for (name, text) in summaries {
            let sub = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            try text.write(to: sub.appendingPathComponent("summary.md"), atomically: true, encoding: .utf8)
        }
        let process = Process()
        process.executableURL = SensorBench.packageRoot.appendingPathComponent("scripts/front-page")
        process.arguments = [folder.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let page = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = page.split(separator: "\n").filter { $0.hasPrefix("- ") || $0.hasPrefix("## ") }
        #expect(
            lines == [
                "## TurnBack drift", "- [b-study](b-study/summary.md): Drift grows with time.",
                "## Grades", "- [grades](grades/summary.md): 5 submissions graded.",
                "## Heading replay",
                "- [a-replay-sample](a-replay-sample/summary.md): At the end the arrow says straight ahead: turn 1°.",
            ])
    }
}

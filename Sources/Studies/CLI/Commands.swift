import DetectionCore
import Foundation
import Reporting

/// The subcommands' work. Results go to standard output, diagnostics to standard error.
public enum Commands {
    /// Validates every file, then runs each scenario and writes its report.
    public static func run(_ options: RunOptions) throws -> ExitCode {
        var scenarios: [Scenario] = []
        var names: [String: String] = [:]
        for file in options.files {
            let scenario = try ScenarioFile.load(path: file, overrides: options.overrides)
            // Case-folded: `Reports/A` and `Reports/a` are one folder on case-insensitive file systems.
            if let other = names[scenario.name.lowercased()] {
                throw InputError(
                    file: file, field: "name",
                    problem: "\"\(scenario.name)\" is also the name (ignoring case) of \(other); their reports would collide")
            }
            names[scenario.name.lowercased()] = file
            scenarios.append(scenario)
        }
        let out = URL(fileURLWithPath: options.outputFolder)
        if let shard = options.shard {
            for (scenario, file) in zip(scenarios, options.files) {
                try runShard(scenario, file: file, shard: shard, options: options, out: out)
            }
            return .success
        }
        // Every report folder is locked and checked before the first trial runs.
        for scenario in scenarios { try ReportFiles.reserve(out.appendingPathComponent(scenario.name)) }
        for scenario in scenarios {
            let runner = MonteCarloRunner(
                jobs: options.jobs ?? MonteCarloRunner.defaultJobs,
                progress: ProgressReporter.make(label: scenario.name, quiet: options.quiet))
            let files = try scenario.report(runner: runner)
            let folder = out.appendingPathComponent(scenario.name)
            try files.write(to: folder)
            print("\(scenario.name): \(scenario.totalTrials) trials → \(folder.relativePath)/summary.md")
        }
        return .success
    }

    /// Computes one shard's trials of a scenario and writes its part file.
    static func runShard(_ scenario: Scenario, file: String, shard: ShardSpec, options: RunOptions, out: URL) throws {
        let range = shard.range(total: scenario.totalTrials)
        let runner = MonteCarloRunner(
            jobs: options.jobs ?? MonteCarloRunner.defaultJobs,
            progress: ProgressReporter.make(label: "\(scenario.name) shard \(shard)", quiet: options.quiet))
        let (columns, records) = try scenario.shardRecords(range: range, runner: runner)
        let part = PartFile(
            program: SensorBenchVersion.current, study: scenario.study, scenarioPath: file, name: scenario.name,
            contentHash: scenario.contentHash, seed: scenario.seed, trialsPerCell: scenario.trialsPerCell,
            totalTrials: scenario.totalTrials, shard: shard, trials: range, columns: columns, records: records)
        let url = out.appendingPathComponent(part.fileName)
        try AtomicFile.write(part.render(), to: url)
        print("\(scenario.name): shard \(shard), trials \(range.lowerBound)..<\(range.upperBound) → \(url.relativePath)")
    }

    /// Checks that the parts are one complete, non-overlapping set from the same scenario, seed and program, then
    /// writes the report exactly as an unsharded run would.
    public static func merge(parts paths: [String], outputFolder: String?) throws -> ExitCode {
        // Grading parts have their own header and merge (Commands+Grading.swift).
        if let path = paths.first, GradePartFile.isGradePart(path: path) {
            return try mergeGrades(parts: paths, outputFolder: outputFolder ?? GradeOptions().outputFolder)
        }
        let outputFolder = outputFolder ?? "Reports"
        var parts: [(path: String, part: PartFile)] = []
        for path in paths { parts.append((path, try PartFile.read(path: path))) }
        let (firstPath, first) = parts[0]
        for (path, p) in parts.dropFirst() {
            func mismatch(_ what: String, _ mine: String, _ theirs: String) -> InputError {
                InputError(
                    file: path, field: what, problem: "\(mine) differs from \(theirs) in \(firstPath): parts of different runs cannot merge"
                )
            }
            if p.program != first.program { throw mismatch("program", "sensorbench \(p.program)", "sensorbench \(first.program)") }
            if p.name != first.name || p.study != first.study { throw mismatch("name", "scenario \(p.name)", "scenario \(first.name)") }
            if p.seed != first.seed { throw mismatch("seed", "seed \(p.seed)", "seed \(first.seed)") }
            if p.trialsPerCell != first.trialsPerCell || p.totalTrials != first.totalTrials {
                throw mismatch("trials-per-cell", "\(p.trialsPerCell) trials per cell", "\(first.trialsPerCell)")
            }
            if p.contentHash != first.contentHash {
                throw mismatch("content-hash", "content \(p.contentHash)", "content \(first.contentHash)")
            }
            if p.shard.count != first.shard.count {
                throw mismatch("shard", "a split into \(p.shard.count)", "a split into \(first.shard.count)")
            }
        }
        try ShardSpec.checkComplete(
            parts.map { ($0.path, $0.part.shard) }, total: first.totalTrials, rerun: "sensorbench run \(first.scenarioPath)")
        let scenario = try ScenarioFile.load(
            path: first.scenarioPath,
            overrides: RunOverrides(trialsPerCell: first.trialsPerCell, seed: first.seed))
        guard scenario.contentHash == first.contentHash else {
            throw InputError(
                file: first.scenarioPath, field: "content-hash",
                problem:
                    "the scenario (or a profile it uses) changed since the shards ran (\(scenario.contentHash), parts \(first.contentHash))"
            )
        }
        var records: [(file: String, line: Int, text: String)] = []
        records.reserveCapacity(first.totalTrials)
        for (path, p) in parts.sorted(by: { $0.part.shard.index < $1.part.shard.index }) {
            for (i, text) in p.records.enumerated() { records.append((path, 13 + i, text)) }
        }
        let folder = URL(fileURLWithPath: outputFolder).appendingPathComponent(scenario.name)
        try ReportFiles.reserve(folder)
        let files = try scenario.report(records: records)
        try files.write(to: folder)
        print("\(scenario.name): merged \(parts.count) shards, \(records.count) trials → \(folder.relativePath)/summary.md")
        return .success
    }

    /// Validates files and reports each one.
    public static func validate(_ files: [String]) throws -> ExitCode {
        for file in files {
            let scenario = try ScenarioFile.load(path: file)
            print("\(file): ok (\(scenario.cellCount) cells, \(scenario.totalTrials) trials)")
        }
        return .success
    }

    /// Lists shipped scenarios and profiles with their descriptions.
    public static func list() throws -> ExitCode {
        guard let folder = ScenarioLocator.folder() else {
            throw InputError(
                .missingFile, file: "Scenarios", problem: "no Scenarios folder found (run from the checkout or set SENSORBENCH_SCENARIOS)")
        }
        let manager = FileManager.default
        func describe(_ url: URL) -> (String, String) {
            guard let node = try? ScenarioFile.parseJSON(at: url) else { return ("?", "(unreadable)") }
            guard case .object(let members) = node.value else { return ("", "") }
            var study = ""
            var description = ""
            for m in members {
                if m.key == "study", case .string(let s) = m.node.value { study = s }
                if m.key == "description", case .string(let s) = m.node.value { description = s }
            }
            return (study, description)
        }
        let scenarioFiles = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        print("Scenarios (\(folder.path)):")
        for name in scenarioFiles {
            let (study, description) = describe(folder.appendingPathComponent(name))
            print("  \(name.dropLast(5))  [\(study)]  \(description)")
        }
        // The other shipped inputs, each folder with the files it holds.
        let folders: [(String, String)] = [
            ("profiles", "Gyro profiles"), ("places", "Places"), ("rubrics", "Grading rubrics"),
            ("submissions", "Example submissions"), ("recordings", "Sample recordings (synthetic)"),
        ]
        for (sub, title) in folders {
            let url = folder.appendingPathComponent(sub)
            let names = ((try? manager.contentsOfDirectory(atPath: url.path)) ?? [])
                .filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
            guard !names.isEmpty else { continue }
            print("\(title) (\(url.path)):")
            for name in names {
                // Recordings keep their extension: the format matters there.
                let strip = name.hasSuffix(".json") && sub != "recordings"
                let description = strip ? describe(url.appendingPathComponent(name)).1 : ""
                print("  \(strip ? String(name.dropLast(5)) : name)\(description.isEmpty ? "" : "  \(description)")")
            }
        }
        return .success
    }

    /// Prints the geodesic distance and initial bearing between two points.
    public static func distance(from: String, to: String) throws -> ExitCode {
        func point(_ text: String) throws(InputError) -> Coordinate {
            guard let p = CommandLineParser.parseLatLon(text) else {
                throw InputError(.usage, file: nil, field: "distance", problem: "'\(text)' is not LAT,LON in decimal degrees")
            }
            guard abs(p.latitude) <= 90 else {
                let hint = abs(p.longitude) <= 90 ? " (swapped? the order is LAT,LON)" : ""
                throw InputError(file: nil, field: text, problem: "latitude \(p.latitude) is beyond ±90°\(hint)")
            }
            guard abs(p.longitude) <= 180, let c = Coordinate(latitudeDegrees: p.latitude, longitudeDegrees: p.longitude)
            else {
                throw InputError(file: nil, field: text, problem: "latitude must be within ±90° and longitude within ±180°")
            }
            return c
        }
        let a = try point(from)
        let b = try point(to)
        let g = Geodesic.inverse(a, b)
        let bearing = g.initialBearingDegrees < 0 ? g.initialBearingDegrees + 360 : g.initialBearingDegrees
        // Identical points have no direction between them; Karney's algorithm still returns an azimuth (180°).
        let bearingText =
            g.distanceMeters == 0 ? "bearing undefined (identical points)" : "initial bearing \(try Format.fixed(bearing, decimals: 2))°"
        print("\(try Format.fixed(g.distanceMeters, decimals: 3)) m, \(bearingText) (WGS-84 geodesic)")
        return .success
    }

    /// Writes the GPX file of a geofence scenario's first trial.
    public static func gpxExport(scenario path: String, outputFile: String) throws -> ExitCode {
        let scenario = try ScenarioFile.load(path: path)
        guard case .geofence(let s) = scenario else {
            throw InputError(file: path, field: "study", problem: "gpx export needs a geofence scenario, got \"\(scenario.study)\"")
        }
        let text = try GeofenceStudy.exportGPX(s)
        try AtomicFile.write(text, to: URL(fileURLWithPath: outputFile))
        print("\(s.name): \(text.components(separatedBy: "<trkpt ").count - 1) track points → \(outputFile)")
        return .success
    }
}

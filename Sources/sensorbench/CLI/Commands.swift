import DetectionCore
import FileFormats
import Foundation
import MonteCarlo
import Reporting
import Studies

/// The subcommands' work. Results go to standard output, diagnostics to standard error.
package enum Commands {
    /// Validates every file, then runs each scenario and writes its report.
    package static func run(_ options: RunOptions) throws -> ExitCode {
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
            for scenario in scenarios { try runShard(scenario, shard: shard, options: options, out: out) }
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
    static func runShard(_ scenario: Scenario, shard: ShardSpec, options: RunOptions, out: URL) throws {
        let runner = MonteCarloRunner(
            jobs: options.jobs ?? MonteCarloRunner.defaultJobs,
            progress: ProgressReporter.make(label: "\(scenario.name) shard \(shard)", quiet: options.quiet))
        let part = try scenario.part(shard, runner: runner)
        let url = out.appendingPathComponent(part.fileName)
        try AtomicFile.write(part.render(), to: url)
        print("\(scenario.name): shard \(shard), trials \(part.trials.lowerBound)..<\(part.trials.upperBound) → \(url.relativePath)")
    }

    /// Merges part files (of a scenario, or of a grading run) after ``PartMerge`` has checked that they are one
    /// complete, non-overlapping set from the same run and content, and writes the report exactly as an unsharded
    /// run would.
    package static func merge(parts paths: [String], outputFolder: String?) throws -> ExitCode {
        let merged = try PartMerge.merge(paths) { header in
            header.study == PartHeader.gradeStudy ? "sensorbench grade" : "sensorbench run \(header.source)"
        }
        if merged.header.study == PartHeader.gradeStudy {
            return try mergeGrades(merged, outputFolder: outputFolder ?? GradeOptions().outputFolder)
        }
        let scenario = try ScenarioFile.load(
            path: merged.header.source,
            overrides: RunOverrides(trialsPerCell: merged.header.trialsPerCell, seed: merged.header.seed))
        try PartMerge.checkUnchanged(merged, contentHash: scenario.contentHash, what: "the scenario (or a file it reads)")
        let folder = URL(fileURLWithPath: outputFolder ?? "Reports").appendingPathComponent(scenario.name)
        try ReportFiles.reserve(folder)
        let files = try scenario.report(records: merged.records)
        try files.write(to: folder)
        print("\(scenario.name): merged \(merged.partCount) shards, \(merged.records.count) trials → \(folder.relativePath)/summary.md")
        return .success
    }

    /// Validates files and reports each one.
    package static func validate(_ files: [String]) throws -> ExitCode {
        for file in files {
            let scenario = try ScenarioFile.load(path: file)
            print("\(file): ok (\(scenario.cellCount) cells, \(scenario.totalTrials) trials)")
        }
        return .success
    }

    /// Lists shipped scenarios and profiles with their descriptions.
    package static func list() throws -> ExitCode {
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
    package static func distance(from: String, to: String) throws -> ExitCode {
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
    package static func gpxExport(scenario path: String, outputFile: String) throws -> ExitCode {
        let scenario = try ScenarioFile.load(path: path)
        guard let s = scenario.study as? GeofenceScenario else {
            throw InputError(file: path, field: "study", problem: "gpx export needs a geofence scenario, got \"\(scenario.kind)\"")
        }
        let text = try GeofenceStudy.exportGPX(s)
        try AtomicFile.write(text, to: URL(fileURLWithPath: outputFile))
        print("\(s.name): \(text.components(separatedBy: "<trkpt ").count - 1) track points → \(outputFile)")
        return .success
    }
}

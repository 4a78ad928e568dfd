import DetectionCore
import FileFormats
import Foundation
import MonteCarlo
import Reporting
import Studies

/// The subcommands' work. Results go to standard output, diagnostics to standard error.
package enum Commands {
    /// The command that recomputes a shard of the run a part header records, `--shard` left for the caller to
    /// append: the scenario (or rubric and submissions) with the seed and trial count the parts were run with,
    /// writing into the parts' folder, so the new part merges with the others.
    static func rerunCommand(_ header: PartHeader, partsFolder: String) -> String {
        var words = ["sensorbench"]
        if header.study == PartHeader.gradeStudy {
            words += ["grade", "--rubric", header.source] + header.files
        } else {
            words += ["run", header.source]
            if let trials = header.trialsPerCell { words += ["--trials", "\(trials)"] }
            words += ["--seed", "\(header.seed)"]
        }
        words += ["--out", partsFolder]
        return words.map(shellWord).joined(separator: " ")
    }

    /// A word as a POSIX shell reads it back: unchanged when it holds only safe characters, else single-quoted.
    static func shellWord(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
        if !word.isEmpty, word.allSatisfy({ safe.contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

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
        let url = out.appendingPathComponent(scenario.partFileName(shard))
        let trials = try scenario.writePart(shard, runner: runner, to: url)
        print("\(scenario.name): shard \(shard), trials \(trials.lowerBound)..<\(trials.upperBound) → \(url.relativePath)")
    }

    /// Merges part files (of a scenario, or of a grading run) after ``PartMerge`` has checked that they are one
    /// complete, non-overlapping set from the same run and content, and writes the report exactly as an unsharded
    /// run would.
    package static func merge(_ options: MergeOptions) throws -> ExitCode {
        let paths = options.parts
        let outputFolder = options.outputFolder
        let partsFolder = URL(fileURLWithPath: paths[0]).deletingLastPathComponent().relativePath
        let merged = try PartMerge.merge(paths) { header in rerunCommand(header, partsFolder: partsFolder) }
        if merged.header.study == PartHeader.gradeStudy {
            return try mergeGrades(merged, outputFolder: outputFolder ?? GradeOptions().outputFolder)
        }
        let scenario = try ScenarioFile.load(
            path: merged.header.source,
            overrides: RunOverrides(trialsPerCell: merged.header.trialsPerCell, seed: merged.header.seed))
        try PartMerge.checkUnchanged(merged, contentHash: scenario.contentHash, what: "the scenario (or a file it reads)")
        let folder = URL(fileURLWithPath: outputFolder ?? "Reports").appendingPathComponent(scenario.name)
        try ReportFiles.reserve(folder)
        // The records stream part by part into the report; nothing is written unless every part reads back whole.
        let files = try scenario.report(recordFeed: merged.forEachRecord)
        try files.write(to: folder)
        print("\(scenario.name): merged \(merged.partCount) shards, \(merged.recordCount) trials → \(folder.relativePath)/summary.md")
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

    /// How far apart (metres) two points typed for one question may be before a swapped order is suspected.
    static let swapSuspicionMeters = 1_000_000.0

    /// Prints the geodesic distance and initial bearing between two points.
    ///
    /// A latitude beyond ±90° is refused, naming the argument. A point whose reversed order (read as LON,LAT)
    /// lies within ``swapSuspicionMeters`` of the other point while the pair as typed does not is computed as
    /// typed, with a warning on standard error. Identical points have no bearing.
    package static func distance(from: String, to: String) throws -> ExitCode {
        func point(_ text: String, _ which: String) throws(InputError) -> Coordinate {
            guard let p = CommandLineParser.parseLatLon(text) else {
                throw InputError(.usage, file: nil, field: "distance", problem: "'\(text)' is not LAT,LON in decimal degrees")
            }
            guard abs(p.latitude) <= 90 else {
                let hint = abs(p.longitude) <= 90 ? " (swapped? the order is LAT,LON)" : ""
                throw InputError(
                    file: nil, field: "\(which) point '\(text)'", problem: "latitude \(p.latitude) is beyond ±90°\(hint)")
            }
            guard abs(p.longitude) <= 180, let c = Coordinate(latitudeDegrees: p.latitude, longitudeDegrees: p.longitude)
            else {
                throw InputError(
                    file: nil, field: "\(which) point '\(text)'", problem: "longitude \(p.longitude) is beyond ±180°")
            }
            return c
        }
        let a = try point(from, "first")
        let b = try point(to, "second")
        let g = Geodesic.inverse(a, b)
        if let warning = try swapWarning(from: (from, a), to: (to, b), typedMeters: g.distanceMeters) {
            FileHandle.standardError.write(Data("Warning: \(warning)\n".utf8))
        }
        let bearing = g.initialBearingDegrees < 0 ? g.initialBearingDegrees + 360 : g.initialBearingDegrees
        // Identical points have no direction between them; Karney's algorithm still returns an azimuth (180°).
        let bearingText =
            g.distanceMeters == 0 ? "bearing undefined (same point)" : "initial bearing \(try Format.fixed(bearing, decimals: 2))°"
        print("\(try Format.fixed(g.distanceMeters, decimals: 3)) m, \(bearingText) (WGS-84 geodesic)")
        return .success
    }

    /// The warning for a point that looks typed as LON,LAT, or `nil`: the pair as typed is more than
    /// ``swapSuspicionMeters`` apart and a point read the other way round lies within it of the other point.
    ///
    /// Read back, either point usually lands near the other (which one was typed wrongly cannot be told), so the
    /// warning names every point for which that holds.
    static func swapWarning(
        from a: (text: String, point: Coordinate), to b: (text: String, point: Coordinate), typedMeters: Double
    ) throws -> String? {
        guard typedMeters > swapSuspicionMeters else { return nil }
        var readings: [String] = []
        for (suspect, other) in [(a, b), (b, a)] where abs(suspect.point.longitudeDegrees) <= 90 {
            guard let swapped = Coordinate(latitudeDegrees: suspect.point.longitudeDegrees, longitudeDegrees: suspect.point.latitudeDegrees)
            else { continue }
            let meters = Geodesic.inverse(swapped, other.point).distanceMeters
            guard meters <= swapSuspicionMeters else { continue }
            readings.append(
                "'\(suspect.text)' read as LON,LAT lies \(try Format.fixed(meters / 1000, decimals: 1)) km from '\(other.text)'")
        }
        guard !readings.isEmpty else { return nil }
        return "\(readings.count == 1 ? "a point" : "one of the points") looks swapped (the order is LAT,LON): "
            + readings.joined(separator: ", and ")
            + "; as typed they are \(try Format.fixed(typedMeters / 1000, decimals: 1)) km apart (computed as typed)"
    }

    /// Writes the GPX file of a geofence scenario's first trial.
    package static func gpxExport(_ options: GPXExportOptions) throws -> ExitCode {
        let path = options.scenario
        let outputFile = options.outputFile
        let scenario = try ScenarioFile.load(path: path, overrides: RunOverrides(seed: options.seed))
        guard let s = scenario.study as? GeofenceScenario else {
            throw InputError(file: path, field: "study", problem: "gpx export needs a geofence scenario, got \"\(scenario.kind)\"")
        }
        let text = try GeofenceStudy.exportGPX(s)
        try AtomicFile.write(text, to: URL(fileURLWithPath: outputFile))
        print("\(s.name): \(text.components(separatedBy: "<trkpt ").count - 1) track points → \(outputFile)")
        return .success
    }
}

import DetectionCore
import FileFormats
import Foundation
import MonteCarlo
import Recordings
import Reporting
import SensorSim
import Studies

// MARK: - Recordings

extension Commands {
    /// `sensorbench allan`: imports the recording, computes every axis's Allan curve and writes the report.
    package static func allan(_ options: AllanOptions) throws -> ExitCode {
        // Reading dominates on long recordings (a 10-hour file is 177 MB); progress only on a terminal.
        let recording = try SensorRecording.load(
            path: options.file, declaredUnit: options.unit, consumer: "allan",
            progress: TerminalProgress.make(label: "allan \(options.file)", unit: "MB read", quiet: options.quiet))
        let axes = options.axis == "all" ? ["x", "y", "z"] : [options.axis]
        try ReportFiles.reserve(URL(fileURLWithPath: options.outputFolder))
        let analysis = try AllanAnalysis(recording: recording, axes: axes)
        for axis in analysis.axes {
            if let problem = axis.staticProblem {
                FileHandle.standardError.write(
                    Data("Warning: \(options.file): \(axis.name) axis is not a static recording: \(problem)\n".utf8))
            }
        }
        let files = try AllanReport.render(analysis)
        let folder = URL(fileURLWithPath: options.outputFolder)
        try files.write(to: folder)
        print("\(options.file): \(recording.info.sampleCount) samples → \(folder.relativePath)/summary.md")
        return .success
    }

    /// `sensorbench calibrate`: imports a static recording and writes the estimated gyro profile.
    package static func calibrate(_ options: CalibrateOptions) throws -> ExitCode {
        let recording = try SensorRecording.load(
            path: options.file, declaredUnit: options.unit, consumer: "calibrate",
            progress: TerminalProgress.make(label: "calibrate \(options.file)", unit: "MB read", quiet: options.quiet))
        let analysis = try AllanAnalysis(recording: recording, axes: [options.axis])
        if let problem = analysis.axes[0].staticProblem {
            throw InputError(
                file: options.file, field: options.axis,
                problem: "is not a static recording (\(problem)); calibrate needs the phone lying still")
        }
        let url = URL(fileURLWithPath: options.output)
        let name = url.deletingPathExtension().lastPathComponent
        let profile = GyroCalibration.profile(name: name, axis: analysis.axes[0], analysis: analysis)
        let text = try GyroCalibration.json(
            profile,
            description: "Estimated from the static recording "
                + "\(URL(fileURLWithPath: options.file).lastPathComponent) "
                + "(\(options.axis) axis) by sensorbench calibrate. The turn-on bias is this one phone's (its mean "
                + "rate); a class spread needs several phones. Scale factor, asymmetry and quantisation are not "
                + "observable in a static record and are left at their defaults.")
        try AtomicFile.write(text, to: url)
        let bias = try Format.number(analysis.axes[0].meanRadPerSec * 180 / .pi, significantDigits: 3)
        print("\(options.file): profile \(name) (turn-on bias \(bias) °/s on \(options.axis)) → \(url.relativePath)")
        return .success
    }

    /// `sensorbench walks`: drift log against the profile's simulated walks.
    package static func walks(_ options: WalksOptions) throws -> ExitCode {
        let log = try DriftLog.load(path: options.file)
        guard let folder = ScenarioLocator.folder() else {
            throw InputError(
                .missingFile, file: "Scenarios", problem: "no Scenarios folder found (run from the checkout or set SENSORBENCH_SCENARIOS)")
        }
        let profile = try WalksAnalysis.profile(named: options.profile, scenariosFolder: folder)
        // The walks are simulated at each logged duration: one the profile cannot lay out is refused here.
        for e in log.entries {
            let walk = WalkParameters(minutes: e.minutes, turns: options.straight ? 0 : 4, shape: .loop)
            if let (_, problem) = DriftScenario.sampledWalkProblem(walk, profile: profile) {
                throw InputError(file: options.file, line: e.line, field: "minutes", problem: problem)
            }
        }
        try ReportFiles.reserve(URL(fileURLWithPath: options.outputFolder))
        let runner = MonteCarloRunner(
            jobs: options.jobs ?? MonteCarloRunner.defaultJobs,
            progress: ProgressReporter.make(label: "walks \(options.profile)", unit: "walks", quiet: options.quiet))
        let analysis = try WalksAnalysis(
            log: log, profile: profile, trials: options.trials, seed: options.seed,
            straight: options.straight, runner: runner)
        let files = try WalksReport.render(analysis)
        let out = URL(fileURLWithPath: options.outputFolder)
        try files.write(to: out)
        print("\(options.file): \(log.entries.count) walks (\(log.skipped.count) skipped) → \(out.relativePath)/summary.md")
        return .success
    }

    /// `sensorbench replay`: a recording through the detector its configuration names; events as CSV + Markdown.
    ///
    /// Everything is read and checked before anything is written: a bad file writes nothing.
    package static func replay(_ options: ReplayOptions) throws -> ExitCode {
        let configuration = try ReplayConfiguration.load(path: options.configuration)
        let isGPX = options.file.lowercased().hasSuffix(".gpx")
        let result: ReplayResult
        switch configuration {
        case .heading(let settings):
            guard !isGPX else { throw mismatch(options, "a GPX track", "the heading detector reads a gyro CSV") }
            result = .heading(
                try HeadingReplay(
                    path: options.file, unit: options.unit, settings: settings,
                    configurationFile: options.configuration))
        case .shake(let c):
            guard !isGPX else { throw mismatch(options, "a GPX track", "the shake detector reads an accelerometer CSV") }
            result = .shake(try ShakeReplay(path: options.file, unit: options.unit, configuration: c))
        case .proximity(let c):
            guard isGPX || LocationCSVReader.handles(path: options.file) else {
                throw mismatch(options, "neither a .gpx nor a location .csv/.zip", "a proximity check replays a track")
            }
            let (places, source) = try replayPlaces(options.places)
            result = .proximity(
                try ProximityReplay(
                    path: options.file, places: places, placesSource: source,
                    configuration: c))
        }
        if case .proximity(let p) = result, p.untimedPointsDropped > 0, !options.quiet {
            // A diagnostic: the partial-time rule left points out of the replay.
            FileHandle.standardError.write(
                Data(
                    ("note: \(options.file): \(p.untimedPointsDropped) points without <time> before the first or "
                        + "after the last timed point were left out (\(p.fixCount) replayed)\n").utf8))
        }
        try ReportFiles.reserve(URL(fileURLWithPath: options.outputFolder))
        let files = try ReplayReport.render(result, configurationFile: options.configuration)
        let out = URL(fileURLWithPath: options.outputFolder)
        try files.write(to: out)
        let what = if case .heading = result { "rows" } else { "events" }
        print("\(options.file): \(configuration.detectorName), \(result.eventCount) \(what) → \(out.relativePath)/summary.md")
        return .success
    }

    static func mismatch(_ o: ReplayOptions, _ what: String, _ why: String) -> InputError {
        InputError(
            file: o.file,
            problem: "is \(what), but --detector \(o.configuration) configures a detector for "
                + "another recording: \(why)")
    }

    /// The places of a proximity replay: `--places` (a places JSON or a GPX of waypoints, read as a geofence
    /// scenario's `places` field is), or Scenarios/places/penn-dining.json.
    static func replayPlaces(_ path: String?) throws(InputError) -> (places: [Place], source: String) {
        let file: String
        if let path {
            file = path
        } else {
            guard let folder = ScenarioLocator.folder() else {
                throw InputError(
                    .missingFile, file: "Scenarios",
                    problem: "no Scenarios folder found for the default "
                        + "places (run from the checkout, set SENSORBENCH_SCENARIOS, or pass --places)")
            }
            file = folder.appendingPathComponent("places/penn-dining.json").path
        }
        let field = JSONField(node: JSONNode(value: .string(file), line: 1), file: "--places", path: "places")
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let set = try PlaceSet.read(field, folder: cwd)
        return (set.places, path ?? "Scenarios/places/penn-dining.json")
    }

    /// `sensorbench dev write-samples DIR`: writes the synthetic sample recordings (see ``SampleRecordings``).
    package static func writeSamples(folder: String) throws -> ExitCode {
        let files = try SampleRecordings.render()
        let url = URL(fileURLWithPath: folder)
        try files.writeEach(into: url)
        for path in files.paths { print("\(url.appendingPathComponent(path).relativePath)") }
        return .success
    }
}

extension Commands {
    /// `sensorbench dev allan-recovery [R]`: the README's Allan recovery table on stdout (``AllanBenchmark``).
    package static func allanRecovery(replications: Int) throws -> ExitCode {
        print(try AllanBenchmark.recoveryTable(replications: replications), terminator: "")
        return .success
    }

    /// `sensorbench dev drift-coverage [R [TRIALS]]`: the coverage of the drift report's intervals
    /// (``DriftCoverage``), on stdout.
    package static func driftCoverage(replications: Int, trialsPerCell: Int) throws -> ExitCode {
        let table = try DriftCoverage.table(replications: replications, trialsPerCell: trialsPerCell, runner: MonteCarloRunner(jobs: 2))
        print(table, terminator: "")
        return .success
    }
}

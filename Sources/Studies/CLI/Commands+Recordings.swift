import Foundation
import Reporting

// MARK: - Recordings

extension Commands {
    /// `sensorbench allan`: imports the recording, computes every axis's Allan curve and writes the report.
    public static func allan(_ options: AllanOptions) throws -> ExitCode {
        let recording = try SensorRecording.load(path: options.file, declaredUnit: options.unit)
        let axes = options.axis == "all" ? ["x", "y", "z"] : [options.axis]
        let analysis = try AllanAnalysis(recording: recording, axes: axes)
        let files = try AllanReport.render(analysis)
        let folder = URL(fileURLWithPath: options.outputFolder)
        try files.write(to: folder)
        print("\(options.file): \(recording.info.sampleCount) samples → \(folder.relativePath)/summary.md")
        return .success
    }

    /// `sensorbench calibrate`: imports a static recording and writes the estimated gyro profile.
    public static func calibrate(_ options: CalibrateOptions) throws -> ExitCode {
        let recording = try SensorRecording.load(path: options.file, declaredUnit: options.unit)
        let analysis = try AllanAnalysis(recording: recording, axes: [options.axis])
        let url = URL(fileURLWithPath: options.output)
        let name = url.deletingPathExtension().lastPathComponent
        let profile = GyroCalibration.profile(name: name, axis: analysis.axes[0], analysis: analysis)
        let text = try GyroCalibration.json(profile, description: "Estimated from the static recording "
            + "\(URL(fileURLWithPath: options.file).lastPathComponent) "
            + "(\(options.axis) axis) by sensorbench calibrate; turn-on bias, scale factor and quantisation are not "
            + "observable in a static record and are left at their defaults.")
        try AtomicFile.write(text, to: url)
        print("\(options.file): profile \(name) → \(url.relativePath)")
        return .success
    }

    /// `sensorbench walks`: drift log against the profile's simulated walks.
    public static func walks(_ options: WalksOptions) throws -> ExitCode {
        let log = try DriftLog.load(path: options.file)
        guard let folder = ScenarioLocator.folder() else {
            throw InputError(.missingFile, file: "Scenarios", problem: "no Scenarios folder found (run from the checkout or set SENSORBENCH_SCENARIOS)")
        }
        let profile = try WalksAnalysis.profile(named: options.profile, scenariosFolder: folder)
        let runner = MonteCarloRunner(jobs: options.jobs ?? MonteCarloRunner.defaultJobs)
        let analysis = try WalksAnalysis(log: log, profile: profile, trials: options.trials, seed: options.seed,
                                         straight: options.straight, runner: runner)
        let files = try WalksReport.render(analysis)
        let out = URL(fileURLWithPath: options.outputFolder)
        try files.write(to: out)
        print("\(options.file): \(log.entries.count) walks (\(log.skipped.count) skipped) → \(out.relativePath)/summary.md")
        return .success
    }
}

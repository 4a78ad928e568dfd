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
}

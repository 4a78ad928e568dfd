import FileFormats
import Foundation
import Recordings
import Reporting

/// `sensorbench calibrate`: a gyro profile estimated from a static recording.
struct CalibrateCommand: Subcommand {
    var file = ""
    /// The profile JSON to write; its file name (without .json) is the profile's name.
    var output = ""
    var axis = "z"
    var unit: RecordingUnit?
    var quiet = false

    init() {}

    static let name = "calibrate"
    static let summary = "Estimate a gyro profile from a static recording."
    static let details = """
        Reads the Allan curve of one axis of a static recording (the phone lying still) and writes a
        profile JSON in the format of Scenarios/profiles: noise density from N, bias instability from B
        with the correlation time at the Allan minimum, rate random walk from K, the sample rate from the
        data; 'sources' says it was estimated.
        """

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(valueName: "<file>", noun: "recording file", meaning: "The static gyro recording.", count: 1...1) {
            o, files, _ in o.file = files[0]
        }
    }

    static var options: [OptionSpec<Self>] {
        [
            SharedOption.out(
                \.output, meaning: "The profile to write; its name is the file name.", value: "<profile>.json", required: true
            ) { out, context in
                let stem = URL(fileURLWithPath: out).deletingPathExtension().lastPathComponent
                guard out.hasSuffix(".json"), !stem.isEmpty, stem.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
                else {
                    throw context.error(
                        "--out must name a .json file whose name (the profile name) has letters, digits, '-' and '_' only, got '\(out)'"
                    )
                }
            },
            OptionSpec("--axis", value: "x|y|z", meaning: "The axis to calibrate.", default: "z, the axis TurnBack integrates") {
                o, text, context in o.axis = try ValueParser.choice(text, option: "--axis", of: ["x", "y", "z"], context)
            },
            SharedOption.unit(\.unit, meaning: "Declare the rate unit: rad/s or deg/s.", default: "from the header"),
            SharedOption.quiet(\.quiet),
        ]
    }

    static var footer: String { RecordingFormats.helpSection }

    /// `sensorbench calibrate`: imports a static recording and writes the estimated gyro profile.
    func run() throws -> ExitCode {
        try InputKind.expect(.recording, file: self.file, command: "calibrate")
        let recording = try SensorRecording.load(
            path: self.file, declaredUnit: self.unit, consumer: "calibrate",
            progress: TerminalProgress.make(label: "calibrate \(self.file)", unit: "MB read", quiet: self.quiet))
        let analysis = try AllanAnalysis(recording: recording, axes: [self.axis])
        if let problem = analysis.axes[0].staticProblem {
            throw InputError(
                file: self.file, field: self.axis,
                problem: "is not a static recording (\(problem)); calibrate needs the phone lying still")
        }
        let url = URL(fileURLWithPath: self.output)
        let name = url.deletingPathExtension().lastPathComponent
        let profile = GyroCalibration.profile(name: name, axis: analysis.axes[0], analysis: analysis)
        let text = try GyroCalibration.json(
            profile,
            description: "Estimated from the static recording "
                + "\(URL(fileURLWithPath: self.file).lastPathComponent) "
                + "(\(self.axis) axis) by sensorbench calibrate. The turn-on bias is this one phone's (its mean "
                + "rate); a class spread needs several phones. Scale factor, asymmetry and quantisation are not "
                + "observable in a static record and are left at their defaults.")
        try AtomicFile.write(text, to: url)
        let bias = try Format.number(analysis.axes[0].meanRadPerSec * 180 / .pi, significantDigits: 3)
        print("\(self.file): profile \(name) (turn-on bias \(bias) °/s on \(self.axis)) → \(url.relativePath)")
        return .success
    }
}

import FileFormats
import Foundation
import Recordings
import Reporting

/// `sensorbench calibrate`: one phone's device profile from a still recording, and optionally a spin recording.
struct CalibrateCommand: Subcommand {
    var file = ""
    /// The profile JSON to write; its file name (without .json) is the profile's name.
    var output = ""
    var axis = "z"
    var unit: RecordingUnit?
    /// `--rate`: the sample rate of a recording without times.
    var rateHz: Double?
    /// A spin recording: N full turns one way, back to a mark, N the other way.
    var spin: String?
    var turns: Int?
    /// 1σ error of putting the phone back on its mark, degrees.
    var markErrorDegrees = 1.0
    var quiet = false

    init() {}

    static let name = "calibrate"
    static let summary = "Measure one phone's gyro: a device profile from a still (and a spin) recording."
    static let details = """
        Writes a device profile ("kind": "device"): this phone's signed bias, white noise (N) and bias
        instability where the Allan curve identifies them, from the still recording (the phone lying
        still), each with its standard error and source; with --spin, also the scale factor and the
        left/right asymmetry from a recording of the phone turned flat on a table <n> full turns one
        way, back onto a mark, and <n> the other way. A term no recording measured is written as "not
        measured". Use the profile with walks --profile <file> or in a drift scenario.
        """

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(valueName: "<still>", noun: "recording file", meaning: "The still gyro recording.", count: 1...1) {
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
            OptionSpec("--spin", value: "<file>", meaning: "A spin recording, for the scale factor and asymmetry (needs --turns).") {
                o, text, _ in o.spin = text
            },
            OptionSpec("--turns", value: "<n>", meaning: "Full turns each way in the spin recording (1 to 100).") {
                o, text, context in o.turns = try ValueParser.integer(text, option: "--turns", in: 1...100, context)
            },
            OptionSpec(
                "--mark-error", value: "<degrees>", meaning: "1σ error of putting the phone back on its mark.", default: "1"
            ) { o, text, context in
                guard let x = Double(text), x > 0, x <= 45 else {
                    throw context.error("--mark-error needs a number of degrees in (0, 45], got '\(text)'")
                }
                o.markErrorDegrees = x
            },
            SharedOption.unit(\.unit, meaning: "Declare the rate unit: rad/s or deg/s.", default: "from the header"),
            SharedOption.rate(\.rateHz),
            SharedOption.quiet(\.quiet),
        ]
    }

    static var footer: String { RecordingFormats.helpSection }

    func validate(_ context: ParseContext) throws(UsageError) {
        if spin != nil, turns == nil { throw context.error("--spin needs --turns <n>: how many full turns each way") }
        if spin == nil, turns != nil { throw context.error("--turns is the spin recording's: give --spin <file> too") }
    }

    /// `sensorbench calibrate`: imports the recordings and writes the phone's device profile.
    func run() throws -> ExitCode {
        try InputKind.expect(.recording, file: self.file, command: "calibrate")
        let recording = try SensorRecording.load(
            path: self.file, declaredUnit: self.unit, rateHz: self.rateHz, consumer: "calibrate",
            progress: TerminalProgress.make(label: "calibrate \(self.file)", unit: "MB read", quiet: self.quiet))
        let analysis = try AllanAnalysis(recording: recording, axes: [self.axis])
        if let problem = analysis.axes[0].staticProblem {
            throw InputError(
                file: self.file, field: self.axis,
                problem: "is not a static recording (\(problem)); calibrate needs the phone lying still")
        }
        let url = URL(fileURLWithPath: self.output)
        let name = url.deletingPathExtension().lastPathComponent
        let still = GyroCalibration.profile(name: name, axis: analysis.axes[0], analysis: analysis)
        var spinResult: SpinCalibration?
        if let spin = self.spin, let turns = self.turns {
            let bias = still.measurements["biasDegPerSec"]
            spinResult = try SpinCalibration.read(
                path: spin, unit: self.unit, rateHz: self.rateHz, axis: self.axis, turns: turns, markErrorDegrees: self.markErrorDegrees,
                biasDegPerSec: bias?.value ?? 0, biasStandardErrorDegPerSec: bias?.standardError ?? 0,
                noiseDensityDegPerSecPerRootHz: still.noiseDensityDegPerSecPerRootHz)
        }
        let profile = GyroCalibration.profile(name: name, axis: analysis.axes[0], analysis: analysis, spin: spinResult)
        let stillName = URL(fileURLWithPath: self.file).lastPathComponent
        let spinText = self.spin.map { " and the spin recording \(URL(fileURLWithPath: $0).lastPathComponent)" } ?? ""
        let text = try GyroCalibration.json(
            profile, axis: self.axis,
            description: "One phone, measured by sensorbench calibrate from the still recording \(stillName)\(spinText) "
                + "(\(self.axis) axis): signed values, each with its standard error and source.")
        try AtomicFile.write(text, to: url)
        func n3(_ x: Double) throws -> String { try Format.number(x, significantDigits: 3) }
        let bias = try n3(analysis.axes[0].meanRadPerSec * 180 / .pi)
        var line = "\(self.file): device profile \(name) (bias \(bias) °/s on \(self.axis)"
        if let s = spinResult {
            line += ", scale factor \(try n3(s.scaleFactorPercent)) ± \(try n3(1.96 * s.scaleFactorStandardErrorPercent))%, "
            line += "asymmetry \(try n3(s.asymmetryPercent)) ± \(try n3(1.96 * s.asymmetryStandardErrorPercent))%"
        }
        print(line + ") → \(url.relativePath)")
        return .success
    }
}

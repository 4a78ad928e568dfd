import FileFormats
import Foundation
import Recordings
import Reporting

/// `sensorbench allan`: the Allan deviation and IEEE 952 noise terms of a gyro recording.
struct AllanCommand: Subcommand {
    var file = ""
    /// "x", "y", "z" or "all".
    var axis = "all"
    var outputFolder = "Reports/allan"
    var unit: RecordingUnit?
    /// `--rate`: the sample rate of a recording without times.
    var rateHz: Double?
    var quiet = false

    init() {}

    static let name = "allan"
    static let summary = "Allan deviation and IEEE 952 noise terms of a gyro recording."
    static let details = """
        Writes <dir>/allan.csv (every τ with its 95% interval), allan.svg (log-log, one line per axis) and
        summary.md (angle random walk N in °/s/√Hz, bias instability B in °/h, rate random walk K in
        °/s/√s, each with a 95% interval).
        """

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(valueName: "<file>", noun: "recording file", meaning: "The gyro recording.", count: 1...1) {
            o, files, _ in o.file = files[0]
        }
    }

    static var options: [OptionSpec<Self>] {
        [
            OptionSpec("--axis", value: "x|y|z|all", meaning: "The axes to analyse.", default: "all") { o, text, context in
                o.axis = try ValueParser.choice(text, option: "--axis", of: ["x", "y", "z", "all"], context)
            },
            SharedOption.out(\.outputFolder, meaning: "Folder for the report.", default: "Reports/allan"),
            SharedOption.unit(\.unit, meaning: "Declare the rate unit: rad/s or deg/s.", default: "from the header"),
            SharedOption.rate(\.rateHz),
            SharedOption.quiet(\.quiet),
        ]
    }

    static var footer: String { RecordingFormats.helpSection }

    /// `sensorbench allan`: imports the recording, computes every axis's Allan curve and writes the report.
    func run() throws -> ExitCode {
        // Reading dominates on long recordings (a 10-hour file is 177 MB); progress only on a terminal.
        try InputKind.expect(.recording, file: self.file, command: "allan")
        let recording = try SensorRecording.load(
            path: self.file, declaredUnit: self.unit, rateHz: self.rateHz, consumer: "allan",
            progress: TerminalProgress.make(label: "allan \(self.file)", unit: "MB read", quiet: self.quiet))
        let axes = self.axis == "all" ? ["x", "y", "z"] : [self.axis]
        try ReportFiles.reserve(URL(fileURLWithPath: self.outputFolder))
        let analysis = try AllanAnalysis(recording: recording, axes: axes)
        for axis in analysis.axes {
            if let problem = axis.staticProblem {
                FileHandle.standardError.write(
                    Data("Warning: \(self.file): \(axis.name) axis is not a static recording: \(problem)\n".utf8))
            }
        }
        let files = try AllanReport.render(analysis)
        let folder = URL(fileURLWithPath: self.outputFolder)
        try files.write(to: folder)
        print("\(self.file): \(recording.info.sampleCount) samples → \(folder.relativePath)/summary.md")
        return .success
    }
}

import FileFormats
import Foundation
import MonteCarlo
import Recordings
import Reporting
import Studies

/// `sensorbench sweep-recordings`: the shake study's sweep over a team's labelled recordings, chosen on some and
/// confirmed on others.
struct SweepRecordingsCommand: Subcommand {
    var file = ""
    var outputFolder = "Reports/sweep-recordings"
    var quiet = false

    init() {}

    static let name = "sweep-recordings"
    static let summary = "Sweep shake detector settings over labelled recordings, choose on some, confirm on others."
    static let details = """
        The sweep file names the recordings ("choose": [...], "confirm": [...], paths relative to it, or
        {"recording": ..., "labels": ...}) and the settings ("sweep", "matching" and "recommend" as in a
        shake scenario). Every recording needs labels: NAME.labels.csv beside it (start,end,label in
        seconds of its own clock) or Sensor Logger's Annotation.csv; a label "shake" is a deliberate shake.
        The settings are ranked on the choose recordings only and the choice is confirmed on the others.
        Writes sweep.csv, events.csv, summary.md, the sweep's charts and signal-N.svg per recording (|a|
        against the chosen threshold, its firings and the labels). Bad labels exit 65 (66 if missing).
        """

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(
            valueName: "<sweep.json>", noun: "recording sweep", meaning: "The recordings and the settings to sweep.",
            count: 1...1
        ) { o, files, _ in o.file = files[0] }
    }

    static var options: [OptionSpec<Self>] {
        [
            SharedOption.out(\.outputFolder, meaning: "Folder for the report.", default: "Reports/sweep-recordings"),
            SharedOption.quiet(\.quiet),
        ]
    }

    /// Everything is read and checked before anything is written: a bad recording or labels file writes nothing.
    func run() throws -> ExitCode {
        let sweep = try RecordingSweep.load(path: self.file)
        let result = try sweep.run()
        let out = URL(fileURLWithPath: self.outputFolder)
        try ReportFiles.reserve(out)
        try result.files.write(to: out)
        let a = result.analysis
        print(
            "\(self.file): \(a.settings.count) settings on \(a.timelineCount) recordings, confirmed on "
                + "\(result.confirmation.fresh.timelineCount) → \(out.relativePath)/summary.md")
        return .success
    }
}

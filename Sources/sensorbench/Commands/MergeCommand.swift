import FileFormats
import Foundation
import MonteCarlo
import Reporting
import Studies

/// `sensorbench merge`: a sharded run's part files (of a scenario, or of a grading run) into the report an unsharded
/// run writes.
struct MergeCommand: Subcommand {
    var parts: [String] = []
    /// `nil`: `Reports` for scenario parts (the report goes to `Reports/<name>/`), `Reports/grades` for grading
    /// parts (the team reports go straight into the folder, as with `grade`).
    var outputFolder: String?
    var quiet = false

    init() {}

    static let name = "merge"
    static let summary = "Merge a sharded run's part files into its report."
    static let details = """
        Writes the report an unsharded run writes, byte for byte. Every part must come from the same
        scenario content, seed, trial count and sensorbench version, and together they must hold every
        shard exactly once; otherwise one line names the missing, duplicate or mismatched part (exit 65)
        and, for a missing one, the command that recomputes it.
        """

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(valueName: "<part>", noun: "part file", meaning: "Part files (.part).", count: 1...Int.max) {
            o, parts, _ in o.parts = parts
        }
    }

    static var options: [OptionSpec<Self>] {
        [
            SharedOption.out(\.outputFolder, meaning: "Folder for the report.", default: "Reports; Reports/grades for grade parts"),
            SharedOption.quiet(\.quiet),
        ]
    }

    /// Merges the part files after ``PartMerge`` has checked that they are one complete, non-overlapping set from the
    /// same run and content, and writes the report exactly as an unsharded run would.
    func run() throws -> ExitCode {
        let partsFolder = URL(fileURLWithPath: parts[0]).deletingLastPathComponent().relativePath
        let merged = try PartMerge.merge(parts) { header in Self.rerunCommand(header, partsFolder: partsFolder) }
        if merged.header.study == PartHeader.gradeStudy {
            return try GradeCommand.mergeGrades(merged, outputFolder: outputFolder ?? GradeCommand().outputFolder)
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
}

/// What a part file says about the run it belongs to: parts merge only when every field agrees, and `merge`
/// rebuilds the run from it (the source re-read with the seed and trials as overrides, the files re-read).
package struct PartHeader: Equatable, Sendable {
    /// The `study` of grading parts.
    package static let gradeStudy = "grade"

    /// A study's name, or ``gradeStudy``.
    package var study: String
    /// The scenario or rubric file, as the command named it.
    package var source: String
    package var name: String
    /// ``ContentHash`` of every file the run read plus the overrides.
    package var contentHash: String
    package var seed: UInt64
    /// The scenario's trials per cell after `--trials`; `nil` for grading.
    package var trialsPerCell: Int?
    /// Further inputs named on the command line (grading's submissions).
    package var files: [String]
    package var totalTrials: Int

    package init(
        study: String, source: String, name: String, contentHash: String, seed: UInt64, trialsPerCell: Int?,
        files: [String], totalTrials: Int
    ) {
        self.study = study
        self.source = source
        self.name = name
        self.contentHash = contentHash
        self.seed = seed
        self.trialsPerCell = trialsPerCell
        self.files = files
        self.totalTrials = totalTrials
    }
}

/// One record of a merged set of parts, with the file and line it came from (for errors).
package struct PartRecord: Sendable {
    package let file: String
    package let line: Int
    package let text: String

    package init(file: String, line: Int, text: String) {
        self.file = file
        self.line = line
        self.text = text
    }
}

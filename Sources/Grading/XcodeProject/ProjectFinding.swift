// MARK: - What a person should look at in a project, with the file and line

/// One thing found by reading a project's code that behaviour alone will not show, or that grading could not
/// decide without a person: a Collect button, a location read once, several candidate detectors, an entry point
/// not found.
package struct ProjectFinding: Error, Sendable, Equatable, Comparable {
    /// The file, relative to the project folder (empty: the project as a whole).
    package var file: String
    /// 1-based line, 0 when the finding is about the whole file or project.
    package var line: Int
    package var text: String

    package init(file: String = "", line: Int = 0, _ text: String) {
        self.file = file
        self.line = line
        self.text = text
    }

    /// `File.swift:12: text`, `File.swift: text` or `text`.
    package var description: String {
        guard !file.isEmpty else { return text }
        return line > 0 ? "\(file):\(line): \(text)" : "\(file): \(text)"
    }

    package static func < (a: ProjectFinding, b: ProjectFinding) -> Bool {
        (a.file, a.line, a.text) < (b.file, b.line, b.text)
    }
}

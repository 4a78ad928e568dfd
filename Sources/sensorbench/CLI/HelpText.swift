/// `--help` texts in the argument-parser layout (OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS), generated from
/// the command types listed in ``CommandTree``: help lists exactly what parses.
package enum HelpText {
    /// The usage line of a subcommand path ("gpx export"), or the program's for `nil` or an unknown topic.
    package static func usageLine(_ topic: String?) -> String {
        (CommandTree.node(topic) ?? CommandTree.root).usageLine
    }

    /// The help of a subcommand path, or the program's for `nil` or an unknown topic.
    package static func text(_ topic: String?) -> String {
        (CommandTree.node(topic) ?? CommandTree.root).helpText
    }

    /// Where a row's text starts: two spaces, the label, padding.
    static let textColumn = 26
    /// The widest line a row wraps to.
    static let lineWidth = 116

    /// One row of an ARGUMENTS, OPTIONS or SUBCOMMANDS list: the label, then the text wrapped at ``lineWidth``
    /// and indented to ``textColumn`` (a label too long for its column gets a line of its own).
    static func row(_ label: String, _ text: String) -> String {
        let indent = String(repeating: " ", count: textColumn)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, textColumn + line.count + 1 + word.count > lineWidth {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        let head = "  " + label
        var rows: [String]
        if head.count + 2 <= textColumn {
            rows = [head + String(repeating: " ", count: textColumn - head.count) + lines[0]]
            rows += lines.dropFirst().map { indent + $0 }
        } else {
            rows = [head] + lines.map { indent + $0 }
        }
        return rows.joined(separator: "\n")
    }
}

/// One file a study's report writes into `<dir>/<scenario name>/`: how `run --help` shows it, the shell-style
/// pattern (`*` any characters) it stands for, and when it is written ("" for always).
///
/// Each study declares its own (``Study/outputs``); `StudyOutputsTests` runs every shipped scenario and checks that
/// each file it writes matches a pattern of its study and that every pattern is written by some shipped scenario.
package struct StudyOutput: Sendable, Equatable {
    package let shown: String
    package let pattern: String
    package let when: String

    package init(shown: String, pattern: String, when: String) {
        self.shown = shown
        self.pattern = pattern
        self.when = when
    }

    /// A file of fixed name, always written.
    package static func always(_ name: String) -> StudyOutput { StudyOutput(shown: name, pattern: name, when: "") }

    /// Whether a file name matches this output's pattern.
    package func matches(_ name: String) -> Bool { Self.matches(name, pattern) }

    /// Whether a file name matches a pattern whose `*` stands for any characters.
    package static func matches(_ name: String, _ pattern: String) -> Bool {
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count > 1 else { return name == pattern }
        guard name.hasPrefix(pieces[0]), name.hasSuffix(pieces[pieces.count - 1]),
            name.count >= pieces[0].count + pieces[pieces.count - 1].count
        else { return false }
        var rest = Substring(name.dropFirst(pieces[0].count).dropLast(pieces[pieces.count - 1].count))
        for middle in pieces.dropFirst().dropLast() {
            guard let found = rest.range(of: middle) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }
}

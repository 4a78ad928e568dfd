/// A problem with something the user gave: a file, a field in it, or a command-line argument.
///
/// Rendered as one line naming the file, the line when known, the field path and the problem, e.g.
/// `Scenarios/x.json:12: grid.minutes[2]: must be greater than 0, got -1`. Each kind maps to one exit code
/// (see ``ExitCode``).
package struct InputError: Error, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// Malformed or out-of-range data (exit 65).
        case badData
        /// A file that does not exist or cannot be read (exit 66).
        case missingFile
        /// A wrong command line (exit 64).
        case usage
    }

    package let kind: Kind
    package let file: String?
    package let line: Int?
    /// Dotted field path (`walk.turnRateDegPerSec`, `grid.minutes[2]`); empty for the whole file.
    package let field: String
    package let problem: String

    package init(_ kind: Kind = .badData, file: String?, line: Int? = nil, field: String = "", problem: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.field = field
        self.problem = problem
    }

    package var description: String {
        var parts: [String] = []
        if let file {
            parts.append(line.map { "\(file):\($0)" } ?? file)
        }
        if !field.isEmpty { parts.append(field) }
        parts.append(problem)
        return Self.escapingControlCharacters(parts.joined(separator: ": "))
    }

    /// `text` with every control character (U+0000–U+001F, U+007F–U+009F) written as `\u{…}` (lower-case hex, as
    /// Swift writes it), so a message quoting a file's content or name stays one line and cannot send escape
    /// sequences to a terminal.
    package static func escapingControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                escaped += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// This error, when it is in another file than `field`'s, with the scenario file, line and field that
    /// referenced that file appended: `p.json:4: sampleRateHz: … (profile named at s.json:7: grid.profile[0])`.
    package func referenced(by field: JSONField, as what: String) -> InputError {
        guard file != field.file else { return self }
        return InputError(
            kind, file: file, line: line, field: self.field,
            problem: "\(problem) (\(what) named at \(field.file):\(field.node.line): \(field.path))")
    }
}

import FileFormats

/// A command line that does not parse: exit 64, with the subcommand's usage line and a pointer to its help.
///
/// Kept apart from ``InputError`` (a file's bad data, exit 65/66): a usage error names no file, and the
/// subcommand it carries is a help topic, not a field.
package struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One line: what is wrong with the arguments.
    package let message: String
    /// The subcommand path whose usage to show ("run", "gpx export"), `nil` for the program itself.
    package let subcommand: String?

    package init(_ message: String, subcommand: String?) {
        self.message = message
        self.subcommand = subcommand
    }

    package var description: String { message }

    /// Always ``ExitCode/usage`` (64, EX_USAGE).
    package var exitCode: ExitCode { .usage }

    /// The lines printed on standard error: the message, the usage line and where the help is.
    package var report: String {
        let usage = HelpText.usageLine(subcommand)
        let help = "sensorbench help" + (subcommand.map { " \($0)" } ?? "")
        return "Error: \(message)\nUsage: \(usage)\n  See '\(help)'.\n"
    }
}

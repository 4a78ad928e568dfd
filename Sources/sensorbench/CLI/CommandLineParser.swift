import FileFormats

/// Parses `sensorbench`'s arguments into a ``Command``: a pure function over the command types listed in
/// ``CommandTree``, unit-tested.
package enum CommandLineParser {
    /// Parses the arguments after the program name.
    ///
    /// - Throws: ``UsageError`` naming the offending argument and the subcommand whose usage to show.
    package static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> Command {
        try CommandTree.root.parse(arguments, environment: environment)
    }

    /// Two decimal numbers separated by one comma, or `nil`.
    package static func parseLatLon(_ text: String) -> (latitude: Double, longitude: Double)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let lat = DecimalText.double(parts[0]),
            let lon = DecimalText.double(parts[1])
        else { return nil }
        return (lat, lon)
    }
}

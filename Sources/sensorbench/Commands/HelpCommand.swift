import FileFormats

/// `sensorbench help [SUBCOMMAND...]`, and what `--help`/`-h` anywhere parses to: the help of one topic.
struct HelpCommand: Subcommand {
    /// A subcommand path ("run", "gpx export"), `nil` for the program's own help.
    var topic: String?

    init() {}

    init(topic: String?) { self.topic = topic }

    static let name = "help"
    static let summary = "Show help for sensorbench or one of its subcommands."

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(
            valueName: "<subcommand>", noun: "subcommand", meaning: "A subcommand, nested ones as two words (gpx export).",
            count: 0...Int.max
        ) { o, words, _ in o.topic = words.isEmpty ? nil : words.joined(separator: " ") }
    }

    func validate(_ context: ParseContext) throws(UsageError) {
        guard CommandTree.node(topic) != nil else {
            throw context.error("unknown subcommand '\(topic ?? "")' (known: \(CommandTree.root.known))")
        }
    }

    func run() throws -> ExitCode {
        print(HelpText.text(topic), terminator: "")
        return .success
    }
}

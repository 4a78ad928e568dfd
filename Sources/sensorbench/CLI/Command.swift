import FileFormats

// The command family, in the shape of swift-argument-parser's `ParsableCommand`: one type per subcommand (its name,
// summary, option table and `run()`), groups that list their subcommands, and one top-level list
// (``CommandTree/subcommands``). Parsing, help, dispatch and the documentation check all walk that list, so a
// subcommand that is declared is reachable, and one that is not listed does not exist.

/// What a command line asks for once parsed: a subcommand with its options, the help of a topic, or the version.
///
/// Parsing only builds the value (``CommandLineParser/parse(_:environment:)`` is pure); `run()` does the work,
/// printing results to standard output and returning the exit code (errors are thrown and mapped in `main.swift`).
protocol RunnableCommand: Equatable, Sendable {
    func run() throws -> ExitCode
    /// Whether `other` is the same command with the same options (`==` across the existential).
    func isEqual(to other: any RunnableCommand) -> Bool
}

extension RunnableCommand {
    func isEqual(to other: any RunnableCommand) -> Bool { (other as? Self) == self }
}

/// A parsed command line: the value ``CommandLineParser`` returns and `main.swift` runs.
package struct Command: Equatable, Sendable, CustomStringConvertible {
    let value: any RunnableCommand

    init(_ value: some RunnableCommand) { self.value = value }

    package static func == (a: Command, b: Command) -> Bool { a.value.isEqual(to: b.value) }

    package var description: String { String(describing: value) }

    /// Runs the command; its exit code, or the error `main.swift` maps to one.
    func run() throws -> ExitCode { try value.run() }
}

/// An entry of a command list: a subcommand (``Subcommand``) or a group of them (``SubcommandGroup``).
protocol CommandDeclaration {
    /// The word that selects it (`export` of `gpx export`).
    static var name: String { get }
    /// One line, for the OVERVIEW and the parent's SUBCOMMANDS list.
    static var summary: String { get }
    /// Left out of the parent's SUBCOMMANDS list (developer commands); its own help still works.
    static var hidden: Bool { get }
    /// Its node in the command tree, under the words `parent` (`["gpx"]` for `gpx export`).
    static func node(parent: [String]) -> any CommandNode
}

extension CommandDeclaration {
    static var hidden: Bool { false }
}

/// One subcommand, declared once: the value holds the parsed options (`init()` gives the defaults), the type says
/// its name, what help says of it and its option table, and `run()` does the work.
///
/// To add one: write the type in a file of its own under `Commands/`, list it in its parent's `subcommands`
/// (``CommandTree/subcommands`` for a top-level one), record its help in `Tests/CLITests/RecordedHelp.swift` (and its
/// line in its parent's SUBCOMMANDS there), give it a row and a synopsis line in docs/command-line.md, and test its
/// parsing. A missing requirement is a compile error; `CommandRegistryTests` fails for a command type in no list,
/// without recorded help or docs row, or not reached by its words.
protocol Subcommand: RunnableCommand, CommandDeclaration {
    /// The options before any argument is read: what holds when an option is absent.
    init()
    /// Paragraphs between OVERVIEW and USAGE (already wrapped), or "".
    static var details: String { get }
    /// The positional arguments, or `nil` when it takes none.
    static var positional: PositionalSpec<Self>? { get }
    /// Its options, in the order help and the usage line list them (`--help` is added by the parser).
    static var options: [OptionSpec<Self>] { get }
    /// Sections after OPTIONS (FORMATS, OUTPUTS), already laid out, or "".
    static var footer: String { get }
    /// Checks that need the whole command line (help's topic); a usage error.
    func validate(_ context: ParseContext) throws(UsageError)
}

extension Subcommand {
    static var details: String { "" }
    static var positional: PositionalSpec<Self>? { nil }
    static var options: [OptionSpec<Self>] { [] }
    static var footer: String { "" }
    func validate(_ context: ParseContext) throws(UsageError) {}
    static func node(parent: [String]) -> any CommandNode { CommandTable<Self>(parent + [name]) }
}

/// A group of subcommands selected by its first word (`gpx`, `dev`); it has no work of its own.
protocol SubcommandGroup: CommandDeclaration {
    /// Its subcommands, in the order its help lists them.
    static var subcommands: [any CommandDeclaration.Type] { get }
}

extension SubcommandGroup {
    static func node(parent: [String]) -> any CommandNode {
        let path = parent + [name]
        return CommandGroup(path, summary: summary, children: subcommands.map { $0.node(parent: path) }, hidden: hidden)
    }
}

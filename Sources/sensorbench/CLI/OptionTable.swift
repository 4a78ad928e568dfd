import FileFormats

// The declarative command line: each subcommand type (``Subcommand``) declares one table (summary, arguments,
// options), walked by one generic parser and rendered by one help writer, so what parses and what help says cannot
// disagree.

/// What the parser knows while it walks one table.
struct ParseContext {
    /// The subcommand path as typed ("run", "gpx export"); `nil` for the program itself.
    let subcommand: String?
    let environment: [String: String]

    func error(_ message: String) -> UsageError { UsageError(message, subcommand: subcommand) }
}

/// One option of a subcommand: its names, what help says of it, and how it sets the subcommand's options.
struct OptionSpec<Options> {
    /// `--out`.
    let long: String
    /// `-o`, or `nil`.
    let short: String?
    /// The value's name in usage and help (`<dir>`, `x|y|z|all`); `nil` for a flag.
    let valueName: String?
    /// One sentence for help.
    let meaning: String
    /// What holds when the option is absent, as help shows it; `nil` when nothing needs saying.
    let defaultText: String?
    /// The subcommand refuses to run without it.
    let required: Bool
    /// Sets the options from the value (a flag gets the empty string); throws ``UsageError`` for a bad value.
    let apply: (inout Options, String, ParseContext) throws -> Void

    init(
        _ long: String, short: String? = nil, value valueName: String? = nil, meaning: String, default defaultText: String? = nil,
        required: Bool = false, apply: @escaping (inout Options, String, ParseContext) throws -> Void
    ) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.meaning = meaning
        self.defaultText = defaultText
        self.required = required
        self.apply = apply
    }

    /// `-o, --out <dir>` as help lists it.
    var label: String {
        let names = (short.map { "\($0), " } ?? "") + long
        return valueName.map { "\(names) \($0)" } ?? names
    }

    /// `--out <dir>` as a usage line writes it (brackets added by the caller for optional ones).
    var usage: String { valueName.map { "\(long) \($0)" } ?? long }
}

/// The positional arguments of a subcommand: one name, how many, and where they go.
struct PositionalSpec<Options> {
    /// `<file>` in usage and help.
    let valueName: String
    /// How messages name one of them ("scenario file").
    let noun: String
    let meaning: String
    /// How many the subcommand takes (`1...Int.max`: one or more).
    let count: ClosedRange<Int>
    let apply: (inout Options, [String], ParseContext) throws -> Void

    /// `<file>...`, `[<r>]`, `<lat,lon> <lat,lon>`.
    var usage: String {
        if count.upperBound == Int.max {
            return count.lowerBound == 0 ? "[\(valueName)...]" : "\(valueName)..."
        }
        if count.lowerBound == 0 { return "[\(valueName)]" }
        return Array(repeating: valueName, count: count.lowerBound).joined(separator: " ")
    }
}

/// A node of the command tree, built from the command types (``CommandTree``): a subcommand's table, or a group of
/// them (the program itself, `gpx`, `dev`).
protocol CommandNode {
    /// The words that select it (`["gpx", "export"]`; `[]` for the program).
    var path: [String] { get }
    /// One line, for the OVERVIEW and the parent's SUBCOMMANDS list.
    var summary: String { get }
    /// Left out of the parent's SUBCOMMANDS list (developer commands); its own help still works.
    var hidden: Bool { get }
    var usageLine: String { get }
    var helpText: String { get }
    /// Every option name it accepts, long and short, `--help` included.
    var optionNames: [String] { get }
    var children: [any CommandNode] { get }
    func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Command
}

extension CommandNode {
    /// "gpx export"; `nil` for the program.
    var topic: String? { path.isEmpty ? nil : path.joined(separator: " ") }
    var name: String { path.last ?? "sensorbench" }
}

/// The help line of `--help` itself, shared by every node.
let helpOptionLine = HelpText.row("-h, --help", "Show help information.")

/// A subcommand's node: the table its type declares (``Subcommand``), at its place in the tree.
struct CommandTable<C: Subcommand>: CommandNode {
    let path: [String]
    var summary: String { C.summary }
    var hidden: Bool { C.hidden }
    var children: [any CommandNode] { [] }
    private var details: String { C.details }
    private var positional: PositionalSpec<C>? { C.positional }
    private var options: [OptionSpec<C>] { C.options }
    private var footer: String { C.footer }

    init(_ path: [String]) { self.path = path }

    var optionNames: [String] { options.flatMap { [$0.long] + ($0.short.map { [$0] } ?? []) } + ["--help", "-h"] }

    var usageLine: String {
        var words = ["sensorbench"] + path
        if let positional { words.append(positional.usage) }
        words += options.filter(\.required).map(\.usage)
        words += options.filter { !$0.required }.map { "[\($0.usage)]" }
        return words.joined(separator: " ")
    }

    var helpText: String {
        var sections = ["OVERVIEW: " + summary]
        if !details.isEmpty { sections.append(details) }
        sections.append("USAGE: " + usageLine)
        if let positional { sections.append("ARGUMENTS:\n" + HelpText.row(positional.valueName, positional.meaning)) }
        let rows = options.map { o in
            let note = o.required ? " (required)" : o.defaultText.map { " (default: \($0))" } ?? ""
            return HelpText.row(o.label, o.meaning + note)
        }
        sections.append("OPTIONS:\n" + (rows + [helpOptionLine]).joined(separator: "\n"))
        if !footer.isEmpty { sections.append(footer) }
        return sections.joined(separator: "\n\n") + "\n\n"
    }

    func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Command {
        let context = ParseContext(subcommand: topic, environment: environment)
        do {
            return try walk(arguments, context)
        } catch let error as UsageError {
            throw error
        } catch let error as InputError {
            throw context.error(error.problem)
        } catch {
            throw context.error("\(error)")
        }
    }

    /// Whether an argument is a value rather than an option: `-` (standard input) and negative numbers
    /// (`-33.86,151.21`) are values; no option starts with a digit.
    static func isValue(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument.count > 1 else { return true }
        let second = argument[argument.index(after: argument.startIndex)]
        return second.isNumber || second == "."
    }

    private func walk(_ arguments: [String], _ context: ParseContext) throws -> Command {
        let options = self.options
        var result = C()
        var values: [String] = []
        var given: Set<String> = []
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if argument == "--help" || argument == "-h" { return Command(HelpCommand(topic: topic)) }
            if argument == "--" {
                values += arguments[i...]
                break
            }
            if Self.isValue(argument) {
                values.append(argument)
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.long == name || $0.short == name }) else {
                throw context.error("unknown option '\(name)' for \(path.joined(separator: " "))")
            }
            var value = ""
            if option.valueName == nil {
                guard inline == nil else { throw context.error("\(name) takes no value") }
            } else if let inline {
                value = inline
            } else {
                guard i < arguments.count, !arguments[i].hasPrefix("--") else { throw context.error("\(name) needs a value") }
                value = arguments[i]
                i += 1
            }
            if option.valueName != nil, value.isEmpty { throw context.error("\(name) needs a value, got an empty string") }
            try option.apply(&result, value, context)
            given.insert(option.long)
        }
        let command = path.joined(separator: " ")
        if let positional {
            let range = positional.count
            let plural = positional.noun.hasSuffix("s") ? positional.noun : positional.noun + "s"
            if values.count < range.lowerBound {
                if range.upperBound == Int.max {
                    throw context.error(
                        "\(command) needs at least \(Self.words(range.lowerBound)) \(range.lowerBound == 1 ? positional.noun : plural)")
                }
                throw context.error(
                    "\(command) needs \(range.lowerBound == range.upperBound ? "exactly" : "at least") "
                        + "\(Self.words(range.lowerBound)) \(range.lowerBound == 1 ? positional.noun : plural), got \(values.count)")
            }
            if values.count > range.upperBound {
                let most = range.lowerBound == range.upperBound ? "exactly" : "at most"
                throw context.error(
                    "\(command) takes \(most) \(Self.words(range.upperBound)) \(range.upperBound == 1 ? positional.noun : plural), "
                        + "got \(values.count): '\(values[range.upperBound])' is one too many")
            }
            try positional.apply(&result, values, context)
        } else if let first = values.first {
            throw context.error("\(command) takes no arguments, got '\(first)'")
        }
        if let missing = options.first(where: { $0.required && !given.contains($0.long) }) {
            throw context.error("\(command) needs \(missing.usage)")
        }
        try result.validate(context)
        return Command(result)
    }

    static func words(_ n: Int) -> String {
        ["no", "one", "two", "three"].indices.contains(n) ? ["no", "one", "two", "three"][n] : "\(n)"
    }
}

/// A group of subcommands: the program itself, `gpx`, `dev`.
struct CommandGroup: CommandNode {
    let path: [String]
    let summary: String
    let details: String
    let children: [any CommandNode]
    let hidden: Bool
    /// Options of the group itself (the program's `--version`), each with the command it stands for.
    let flags: [(label: String, meaning: String, command: Command)]
    /// Sections after SUBCOMMANDS (the program's exit codes), or "".
    let footer: String
    /// The command given no words at all (the program: its help); `nil` makes that a usage error.
    let whenEmpty: Command?

    init(
        _ path: [String], summary: String, details: String = "", children: [any CommandNode], hidden: Bool = false,
        flags: [(label: String, meaning: String, command: Command)] = [], footer: String = "", whenEmpty: Command? = nil
    ) {
        self.path = path
        self.summary = summary
        self.details = details
        self.children = children
        self.hidden = hidden
        self.flags = flags
        self.footer = footer
        self.whenEmpty = whenEmpty
    }

    var optionNames: [String] { flags.map(\.label) + ["--help", "-h"] }

    var usageLine: String { (["sensorbench"] + path + ["<subcommand>", "[<options>]"]).joined(separator: " ") }

    var helpText: String {
        var sections = ["OVERVIEW: " + summary]
        if !details.isEmpty { sections.append(details) }
        sections.append("USAGE: " + usageLine)
        sections.append("OPTIONS:\n" + (flags.map { HelpText.row($0.label, $0.meaning) } + [helpOptionLine]).joined(separator: "\n"))
        let listed = children.filter { !$0.hidden }
        sections.append("SUBCOMMANDS:\n" + listed.map { HelpText.row($0.name, $0.summary) }.joined(separator: "\n"))
        if !footer.isEmpty { sections.append(footer) }
        let pointer = "  See 'sensorbench help \((path + ["<subcommand>"]).joined(separator: " "))' for detailed help."
        return sections.joined(separator: "\n\n") + "\n\n" + pointer + "\n\n"
    }

    func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Command {
        let context = ParseContext(subcommand: topic, environment: environment)
        guard let first = arguments.first else {
            if let whenEmpty { return whenEmpty }
            throw context.error("\(path.joined(separator: " ")) needs a subcommand: \(known)")
        }
        if first == "--help" || first == "-h" { return Command(HelpCommand(topic: topic)) }
        if let flag = flags.first(where: { $0.label == first }) {
            guard arguments.count == 1 else { throw context.error("\(first) takes no arguments, got '\(arguments[1])'") }
            return flag.command
        }
        if let child = children.first(where: { $0.name == first }) {
            return try child.parse(Array(arguments.dropFirst()), environment: environment)
        }
        let kind = first.hasPrefix("-") ? "option" : "subcommand"
        let owner = path.isEmpty ? "" : " for \(path.joined(separator: " ")) (known: \(known))"
        throw context.error("unknown \(kind) '\(first)'\(owner)")
    }

    /// The names of the children help lists, for messages.
    var known: String { children.filter { !$0.hidden }.map(\.name).joined(separator: ", ") }
}

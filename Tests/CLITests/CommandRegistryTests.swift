import Foundation
import Testing

@testable import sensorbench

/// The command list (``CommandTree``) is the one registry: every command type declared in the sources is listed,
/// every listed command is reachable by parsing, its help is the recorded one (``recordedHelp``), and
/// docs/command-line.md has a row for it.
@Suite struct CommandRegistryTests {
    /// Every command declaration reachable from the top-level list, with its path: `(["gpx", "export"], GPXExportCommand)`.
    static var declarations: [(path: [String], type: any CommandDeclaration.Type)] {
        func walk(_ types: [any CommandDeclaration.Type], _ parent: [String]) -> [(path: [String], type: any CommandDeclaration.Type)] {
            types.flatMap { type -> [(path: [String], type: any CommandDeclaration.Type)] in
                let path = parent + [type.name]
                let children = (type as? any SubcommandGroup.Type).map { walk($0.subcommands, path) } ?? []
                return [(path, type)] + children
            }
        }
        return walk(CommandTree.subcommands, [])
    }

    /// Every help topic of the tree, the program's (`nil`) first.
    static var topics: [String?] { [nil] + declarations.map { $0.path.joined(separator: " ") } }

    /// Names are unique among siblings (a second `run` would never be reached), and the tree built from the list
    /// has a node for every declaration, with the declaration's summary.
    @Test func everyDeclarationHasItsOwnNode() throws {
        var seen: Set<[String]> = []
        for (path, type) in Self.declarations {
            #expect(seen.insert(path).inserted, "two commands are named \(path.joined(separator: " "))")
            let node = try #require(CommandTree.node(path.joined(separator: " ")), "no node for \(path)")
            #expect(node.summary == type.summary)
            #expect(node.path == path)
        }
        #expect(CommandTree.all.count == Self.declarations.count + 1)
    }

    /// Every `Subcommand` and `SubcommandGroup` declared in Sources/sensorbench is in the list: a command type
    /// whose registry line is missing fails here, not silently.
    @Test func everyDeclaredCommandTypeIsListed() throws {
        let sources = SensorBench.packageRoot.appendingPathComponent("Sources/sensorbench")
        let files = try #require(FileManager.default.subpaths(atPath: sources.path)).filter { $0.hasSuffix(".swift") }
        var declared: Set<String> = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /(?m)^(?:struct|enum) (\w+): (?:Subcommand|SubcommandGroup)\b/) {
                declared.insert(String(match.1))
            }
        }
        let listed = Set(Self.declarations.map { String(describing: $0.type) })
        // 18 today: 14 top-level entries, `gpx export`, and the three `dev` commands.
        #expect(declared.count >= 18, "found only \(declared.sorted()) in \(sources.path)")
        #expect(declared.subtracting(listed).isEmpty, "declared but in no command list: \(declared.subtracting(listed).sorted())")
        #expect(listed.subtracting(declared).isEmpty, "listed but not found in the sources: \(listed.subtracting(declared).sorted())")
    }

    /// Each command's words reach its own table: an unknown option after them is refused by that command, naming it
    /// (a command left out of its parent's list would be an unknown subcommand of the parent instead), and `--help`
    /// after them is its help.
    @Test(arguments: declarations.map(\.path))
    func everyCommandIsReachableByParsing(path: [String]) throws {
        let topic = path.joined(separator: " ")
        #expect(try CommandLineParser.parse(path + ["--help"]) == Command(HelpCommand(topic: topic)))
        #expect(try CommandLineParser.parse(["help"] + path) == Command(HelpCommand(topic: topic)))
        do {
            let command = try CommandLineParser.parse(path + ["--no-such-option"])
            Issue.record("\(topic) accepted --no-such-option as \(command)")
        } catch {
            #expect(error.subcommand == topic)
            #expect(error.message.hasPrefix("unknown option '--no-such-option' for \(topic)"), "\(error.message)")
        }
    }

    /// A leaf's parsed value is its own type: with the fewest arguments its table accepts (filled from its
    /// positional count and required options), the parser returns a value of the declared type.
    @Test func everyLeafParsesToItsOwnType() throws {
        for (path, type) in Self.declarations {
            guard let leaf = type as? any Subcommand.Type else { continue }
            let command = try CommandLineParser.parse(path + Self.minimalArguments(leaf))
            #expect(ObjectIdentifier(Swift.type(of: command.value)) == ObjectIdentifier(leaf), "\(path) parsed to \(command)")
        }
    }

    /// Arguments that satisfy a command's table: its fewest positional values, and every required option with a
    /// value (a `.json` name, which every required option of today's commands accepts).
    static func minimalArguments<C: Subcommand>(_ type: C.Type) -> [String] {
        let count = C.positional?.count.lowerBound ?? 0
        // `distance` needs coordinates; any other positional takes a file name.
        let value = C.name == "distance" ? "39.95,-75.19" : "x.json"
        var words = Array(repeating: value, count: count)
        for option in C.options where option.required { words += [option.long, "out.json"] }
        return words
    }

    /// The help of every topic is exactly the recorded text, and every topic has a recorded text (a new command
    /// records its help there on purpose).
    @Test(arguments: topics)
    func helpIsTheRecordedText(topic: String?) throws {
        let recorded = try #require(recordedHelp.first { $0.topic == topic }, "no recorded help for \(topic ?? "the program")")
        #expect(HelpText.text(topic) == recorded.text + "\n\n")
    }

    @Test func everyRecordedHelpIsACommand() {
        for entry in recordedHelp {
            #expect(Self.topics.contains(entry.topic), "recorded help for \(entry.topic ?? "nil"), which is no command")
        }
    }

    /// docs/command-line.md's table of commands has a row naming every subcommand (in backticks, by its full path),
    /// and names nothing else.
    @Test func everyCommandHasADocsRow() throws {
        let text = try String(
            contentsOf: SensorBench.packageRoot.appendingPathComponent("docs/command-line.md"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex(of: "| command | what it does | details |"), "no command table")
        var documented: Set<String> = []
        for line in lines[(header + 2)...] {
            guard line.hasPrefix("|") else { break }
            let cell = line.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
            for match in cell.matches(of: /`([^`]+)`/) { documented.insert(String(match.1)) }
        }
        let leaves = Set(Self.declarations.filter { $0.type is any Subcommand.Type }.map { $0.path.joined(separator: " ") })
        #expect(leaves.subtracting(documented).isEmpty, "no row in docs/command-line.md for \(leaves.subtracting(documented).sorted())")
        #expect(documented.subtracting(leaves).isEmpty, "docs/command-line.md has rows for \(documented.subtracting(leaves).sorted())")
    }
}

/// The program's command list: the one registry that parsing (``CommandLineParser``), help (``HelpText``), dispatch
/// (`main.swift` runs what parsing returns) and the documentation check (`CommandRegistryTests`) read.
enum CommandTree {
    /// Every top-level subcommand, in the order the program's help lists them; nested ones are in their group's
    /// `subcommands` (``GPXCommand``, ``DevCommand``).
    static var subcommands: [any CommandDeclaration.Type] {
        [
            RunCommand.self, MergeCommand.self, ValidateCommand.self, ListCommand.self, BenchCommand.self, AllanCommand.self,
            CalibrateCommand.self, WalksCommand.self, ReplayCommand.self, SweepRecordingsCommand.self, DistanceCommand.self,
            GPXCommand.self,
            GradeCommand.self, HelpCommand.self, DevCommand.self,
        ]
    }

    /// The program: every subcommand, nested ones in their groups.
    static var root: CommandGroup {
        CommandGroup(
            [],
            summary: """
                SensorBench simulates phone-sensor noise, drives the detection core an app links, and
                reports with honest statistics how the app behaves.
                """,
            children: subcommands.map { $0.node(parent: []) },
            flags: [("--version", "Show the version.", Command(VersionCommand()))],
            footer: """
                EXIT CODES:
                  0 success, 1 unexpected failure, 64 usage error, 65 bad input data, 66 missing input file,
                  73 the output location cannot take the report, 74 a disk-level write failure (previous report
                  intact), 75 another sensorbench process is writing the same report folder.
                """,
            whenEmpty: Command(HelpCommand(topic: nil)))
    }

    /// Every node of the tree, depth first, the program first.
    static var all: [any CommandNode] {
        func walk(_ node: any CommandNode) -> [any CommandNode] { [node] + node.children.flatMap(walk) }
        return walk(root)
    }

    /// The node a help topic names ("gpx export"), or `nil`.
    static func node(_ topic: String?) -> (any CommandNode)? {
        var node: any CommandNode = root
        for word in (topic ?? "").split(separator: " ") {
            guard let child = node.children.first(where: { $0.name == word }) else { return nil }
            node = child
        }
        return node
    }
}

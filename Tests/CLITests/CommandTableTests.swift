import Testing

@testable import MonteCarlo
@testable import Studies
@testable import sensorbench

/// The option tables: help for every node exits 0 and lists exactly what parses; the shared options mean the same
/// everywhere; an option a subcommand does not have is a usage error naming it.
@Suite struct CommandTableTests {
    /// Every node's help topic, the program's (`nil`) first: enumerated from the tables, nested ones included.
    static let topics: [String?] = CommandTree.all.map(\.topic)

    @Test func theTreeHoldsTheNestedCommands() {
        for nested in ["gpx export", "dev", "dev write-samples", "dev allan-recovery", "help"] {
            #expect(Self.topics.contains(nested), "\(nested) has no table")
        }
    }

    /// `help <path>` and `<path> --help` parse to the help of that path, and its text names every option the
    /// node's table accepts, with its usage line.
    @Test(arguments: topics)
    func helpParsesAndListsEveryOption(topic: String?) throws {
        let words = topic?.split(separator: " ").map(String.init) ?? []
        #expect(try CommandLineParser.parse(["help"] + words) == Command(HelpCommand(topic: topic)))
        #expect(try CommandLineParser.parse(words + ["--help"]) == Command(HelpCommand(topic: topic)))
        #expect(try CommandLineParser.parse(words + ["-h"]) == Command(HelpCommand(topic: topic)))
        let node = try #require(CommandTree.node(topic))
        let text = HelpText.text(topic)
        #expect(text.hasPrefix("OVERVIEW: "))
        #expect(text.contains("USAGE: \(node.usageLine)"))
        for name in node.optionNames {
            #expect(text.contains(name), "help \(topic ?? "") does not list \(name)")
        }
        if let parent = CommandTree.node(words.dropLast().joined(separator: " ")), !node.hidden, topic != nil {
            #expect(HelpText.text(parent.topic).contains(node.summary), "\(parent.name)'s help does not list \(node.name)")
        }
    }

    /// The built binary prints nested help on standard output and exits 0 (issue 15: `help gpx export` exited 64).
    @Test(arguments: [["help", "gpx", "export"], ["gpx", "--help"], ["gpx", "export", "--help"], ["help", "dev"], ["help", "help"]])
    func nestedHelpExitsZero(arguments: [String]) throws {
        let r = try SensorBench.run(arguments)
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("OVERVIEW: "))
        #expect(r.stderr.isEmpty)
    }

    /// Every option a table lists appears in its usage line, and is accepted by the parser in `--name=value` form
    /// as well (it reaches the option's own checks, not "unknown option").
    @Test func everyOptionOfEveryTableIsInItsUsageLine() {
        for node in CommandTree.all where node.children.isEmpty {
            for name in node.optionNames where name.hasPrefix("--") && name != "--help" {
                #expect(node.usageLine.contains(name), "\(node.usageLine) lacks \(name)")
            }
        }
    }

    /// docs/command-line.md's synopsis holds every visible subcommand's usage line as help prints it.
    @Test func theDocumentedSynopsisIsTheGeneratedOne() throws {
        let text = try String(
            contentsOf: SensorBench.packageRoot.appendingPathComponent("docs/command-line.md"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        for node in CommandTree.all where node.children.isEmpty && !node.path.contains("dev") {
            #expect(
                lines.contains { $0 == node.usageLine || $0.hasPrefix(node.usageLine + "  ") },
                "docs/command-line.md lacks the line \(node.usageLine)")
        }
    }

    /// One grammar (issue 15): the shared options exist where they apply, with the same short alias and meaning.
    @Test func sharedOptionsMeanTheSameEverywhere() {
        let quiet = [
            "run", "grade", "bench", "allan", "calibrate", "walks", "replay", "merge", "validate", "gpx export",
            "dev allan-recovery",
        ]
        let out = ["run", "merge", "allan", "calibrate", "walks", "replay", "grade", "gpx export"]
        let jobs = ["run", "grade", "bench", "walks"]
        func names(_ topic: String) -> [String] { CommandTree.node(topic)?.optionNames ?? [] }
        for t in quiet { #expect(names(t).contains("--quiet") && names(t).contains("-q"), "\(t) lacks --quiet/-q") }
        for t in out { #expect(names(t).contains("--out") && names(t).contains("-o"), "\(t) lacks --out/-o") }
        for t in jobs { #expect(names(t).contains("--jobs") && names(t).contains("-j"), "\(t) lacks --jobs/-j") }
        // The same help row (alias, value name, meaning) wherever --quiet and --jobs appear.
        let quietRows = Set(quiet.map { row(of: "--quiet", in: $0) })
        #expect(quietRows.count == 1, "\(quietRows)")
        #expect(Set(["run", "grade", "walks"].map { row(of: "--jobs", in: $0) }).count == 1)
    }

    /// The help row of an option, its wrapped lines joined.
    func row(of option: String, in topic: String) -> String {
        let lines = HelpText.text(topic).split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.contains(" \(option)") && $0.hasPrefix("  -") }) else { return "" }
        var row = [lines[start]]
        for line in lines[(start + 1)...] {
            guard line.hasPrefix(String(repeating: " ", count: HelpText.textColumn)) else { break }
            row.append(line)
        }
        return row.joined(separator: "\n")
    }

    /// An option where it makes no sense is an unknown-option usage error naming the subcommand, whose usage
    /// line the error carries.
    static let usageCases: [(arguments: [String], subcommand: String?, message: String)] = [
        (["list", "--quiet"], "list", "unknown option '--quiet' for list"),
        (["bench", "--out", "x"], "bench", "unknown option '--out' for bench"),
        (["distance", "1,2", "3,4", "--jobs", "2"], "distance", "unknown option '--jobs' for distance"),
        (["gpx", "export", "s.json", "-o", "f.gpx", "--trials", "3"], "gpx export", "unknown option '--trials' for gpx export"),
        (["dev", "allan-recovery", "--jobs", "2"], "dev allan-recovery", "unknown option '--jobs' for dev allan-recovery"),
        (["merge", "a.part", "--seed", "1"], "merge", "unknown option '--seed' for merge"),
        (["run", "a.json", "--trials", "0"], "run", "--trials needs a whole number from 1 to 1000000000, got '0'"),
        (["grade", "x.json"], "grade", "grade needs --rubric <name>|<file>"),
        (["walks", "a.json", "b.json"], "walks", "walks takes exactly one drift log, got 2: 'b.json' is one too many"),
        (["gpx"], "gpx", "gpx needs a subcommand: export"),
        (["walks", "l.json", "--profile", ""], "walks", "--profile needs a value, got an empty string"),
        (["frobnicate"], nil, "unknown subcommand 'frobnicate'"),
        (["dev", "drift-coverage", "50", "--csv"], "dev drift-coverage", "--from and --csv need --one-phone"),
        (
            ["dev", "drift-coverage", "50", "--one-phone", "--report-intervals", "--csv"], "dev drift-coverage",
            "--report-intervals excludes --from and --csv"
        ),
        (
            ["dev", "allan-coverage", "50", "--walk", "1e-3"], "dev allan-coverage",
            "--walk: expected one of 1e-4, 5e-5, 0, got '1e-3'"
        ),
        (["dev", "allan-coverage", "--from", "0"], "dev allan-coverage", "--from needs a whole number from 1 to 1000000, got '0'"),
        (
            ["dev", "drift-coverage", "50", "--bootstrap", "10"], "dev drift-coverage",
            "--bootstrap needs a whole number from 20 to 2000, got '10'"
        ),
    ]

    @Test(arguments: usageCases)
    func usageErrorsNameTheSubcommand(arguments: [String], subcommand: String?, message: String) {
        do {
            let command = try CommandLineParser.parse(arguments)
            Issue.record("accepted \(arguments) as \(command)")
        } catch {
            #expect(error.message == message)
            #expect(error.subcommand == subcommand)
            #expect(error.exitCode == .usage)
            #expect(error.report.contains("Usage: \(HelpText.usageLine(subcommand))"))
            #expect(error.report.contains("See 'sensorbench help\(subcommand.map { " \($0)" } ?? "")'."))
        }
    }

    /// `--name=value`, negative coordinates as positional values, and the shared options set the same fields.
    @Test func valuesInEveryForm() throws {
        var run = RunCommand()
        run.files = ["a.json"]
        run.outputFolder = "R"
        run.overrides = RunOverrides(trialsPerCell: 10, seed: 7)
        run.jobs = 3
        run.quiet = true
        #expect(try CommandLineParser.parse(["run", "a.json", "--out=R", "--trials=10", "--seed", "7", "-j", "3", "-q"]) == Command(run))
        #expect(
            try CommandLineParser.parse(["distance", "-33.8568,151.2153", "-1,-2"])
                == Command(DistanceCommand(from: "-33.8568,151.2153", to: "-1,-2")))
        var walks = WalksCommand()
        walks.file = "log.json"
        walks.quiet = true
        walks.jobs = 2
        walks.seed = 9
        #expect(try CommandLineParser.parse(["walks", "log.json", "--quiet", "--jobs", "2", "--seed", "9"]) == Command(walks))
        var bench = BenchCommand()
        bench.quiet = true
        #expect(try CommandLineParser.parse(["bench", "-q"]) == Command(bench))
        var gpx = GPXExportCommand()
        gpx.scenario = "s.json"
        gpx.outputFile = "f.gpx"
        gpx.seed = 5
        #expect(try CommandLineParser.parse(["gpx", "export", "s.json", "-o", "f.gpx", "--seed", "5"]) == Command(gpx))
        var validate = ValidateCommand()
        validate.files = ["a.json", "b.json"]
        validate.kind = .rubric
        #expect(try CommandLineParser.parse(["validate", "--kind", "rubric", "a.json", "b.json"]) == Command(validate))
        var recovery = AllanRecoveryCommand()
        recovery.replications = 5
        recovery.quiet = true
        #expect(try CommandLineParser.parse(["dev", "allan-recovery", "5", "--quiet"]) == Command(recovery))
        var coverage = DriftCoverageCommand()
        coverage.replications = 400
        coverage.trialsPerCell = 100
        coverage.onePhoneOnly = true
        coverage.firstReplication = 4000
        coverage.bootstrapReplicates = 20
        coverage.csv = true
        #expect(
            try CommandLineParser.parse([
                "dev", "drift-coverage", "400", "100", "--one-phone", "--from", "4000", "--bootstrap", "20", "--csv",
            ])
                == Command(coverage))
        var allan = AllanCoverageCommand()
        allan.replications = 400
        allan.designIndex = 2
        allan.firstSeed = 401
        allan.jobs = 2
        #expect(
            try CommandLineParser.parse(["dev", "allan-coverage", "400", "--walk", "0", "--from", "401", "--jobs", "2"])
                == Command(allan))
        #expect(try CommandLineParser.parse(["--version"]) == Command(VersionCommand()))
    }
}

import Testing

@testable import MonteCarlo
@testable import Studies
@testable import sensorbench

/// `validate x.json`, parsed.
let validateCommand: ValidateCommand = {
    var o = ValidateCommand()
    o.files = ["x.json"]
    return o
}()

@Suite struct CommandLineParserTests {
    @Test func parsesRunWithEveryOption() throws {
        let command = try CommandLineParser.parse([
            "run", "a.json", "b.json", "--out", "R", "--trials", "5", "--seed", "9",
            "--jobs", "2", "--quiet",
        ])
        var expected = RunCommand()
        expected.files = ["a.json", "b.json"]
        expected.outputFolder = "R"
        expected.overrides = RunOverrides(trialsPerCell: 5, seed: 9)
        expected.jobs = 2
        expected.quiet = true
        #expect(command == Command(expected))
    }

    @Test(arguments: [
        (["--help"], Command(HelpCommand(topic: nil))), (["-h"], Command(HelpCommand(topic: nil))), ([], Command(HelpCommand(topic: nil))),
        (["help", "run"], Command(HelpCommand(topic: "run"))), (["run", "--help"], Command(HelpCommand(topic: "run"))),
        (["--version"], Command(VersionCommand())),
        (["validate", "x.json"], Command(validateCommand)), (["list"], Command(ListCommand())),
    ])
    func parsesSimpleCommands(arguments: [String], expected: Command) throws {
        #expect(try CommandLineParser.parse(arguments) == expected)
    }

    @Test(arguments: [
        ["frobnicate"], ["run"], ["run", "a.json", "--trials", "0"], ["run", "a.json", "--trials"],
        ["run", "a.json", "--jobs", "x"], ["run", "a.json", "--seed", "-1"], ["run", "a.json", "--bogus"],
        ["validate"], ["list", "extra"], ["help", "nope"], ["bench", "--trials", "0"],
    ])
    func refusesBadCommandLines(arguments: [String]) {
        do {
            _ = try CommandLineParser.parse(arguments)
            Issue.record("accepted \(arguments)")
        } catch {
            #expect(error.exitCode == .usage)
        }
    }
}

import Testing

@testable import Studies
@testable import sensorbench

@Suite struct ReplayCommandLineTests {
    @Test func parsesReplayWithEveryOption() throws {
        var o = ReplayCommand()
        o.file = "walk.gpx"
        o.configuration = "naive.json"
        o.places = "halls.json"
        o.outputFolder = "R"
        #expect(
            try CommandLineParser.parse([
                "replay", "walk.gpx", "--detector", "naive.json", "--places", "halls.json",
                "-o", "R",
            ]) == Command(o))
        var g = ReplayCommand()
        g.file = "g.csv"
        g.configuration = "h.json"
        g.unit = .degPerSec
        #expect(try CommandLineParser.parse(["replay", "-d", "h.json", "g.csv", "--unit", "deg/s"]) == Command(g))
        #expect(try CommandLineParser.parse(["replay", "--help"]) == Command(HelpCommand(topic: "replay")))
        #expect(try CommandLineParser.parse(["help", "replay"]) == Command(HelpCommand(topic: "replay")))
        #expect(try CommandLineParser.parse(["dev", "write-samples", "out"]) == Command(WriteSamplesCommand(folder: "out")))
    }

    @Test(arguments: [
        ["replay"], ["replay", "a.csv"], ["replay", "a.csv", "b.csv", "-d", "c.json"], ["replay", "a.csv", "-d"],
        ["replay", "a.csv", "-d", "c.json", "--unit", "furlong"], ["replay", "a.csv", "-d", "c.json", "--bogus"],
        ["dev"], ["dev", "write-samples"], ["dev", "erase"],
    ])
    func refusesBadReplayCommandLines(arguments: [String]) {
        do {
            _ = try CommandLineParser.parse(arguments)
            Issue.record("accepted \(arguments)")
        } catch {
            #expect(error.exitCode == .usage)
        }
    }

    /// `dev` stays out of the help; `replay` is listed.
    @Test func helpListsReplayButNotDev() {
        let text = HelpText.text(nil)
        #expect(text.contains("replay"))
        #expect(!text.contains("dev "))
        #expect(HelpText.text("replay").contains("--detector"))
    }
}

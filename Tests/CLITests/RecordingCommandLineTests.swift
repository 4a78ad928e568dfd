import Testing

@testable import Studies
@testable import sensorbench

@Suite struct RecordingCommandLineTests {
    @Test func parsesAllanCalibrateAndWalks() throws {
        var allan = AllanCommand()
        allan.file = "g.csv"
        allan.axis = "z"
        allan.outputFolder = "R"
        allan.unit = .degPerSec
        #expect(try CommandLineParser.parse(["allan", "g.csv", "--axis", "z", "--out", "R", "--unit", "deg/s"]) == Command(allan))
        var calibrate = CalibrateCommand()
        calibrate.file = "g.csv"
        calibrate.output = "out/my-phone.json"
        #expect(try CommandLineParser.parse(["calibrate", "g.csv", "--out", "out/my-phone.json"]) == Command(calibrate))
        var walks = WalksCommand()
        walks.file = "log.json"
        walks.profile = "phone-raw"
        walks.trials = 50
        walks.straight = true
        #expect(
            try CommandLineParser.parse(["walks", "log.json", "--profile", "phone-raw", "--trials", "50", "--walk", "straight"])
                == Command(walks))
        #expect(try CommandLineParser.parse(["help", "walks"]) == Command(HelpCommand(topic: "walks")))
    }

    @Test(arguments: [
        ["allan"], ["allan", "a.csv", "b.csv"], ["allan", "a.csv", "--axis", "w"], ["allan", "a.csv", "--unit", "furlong"],
        ["calibrate", "a.csv"], ["calibrate", "a.csv", "--out", "p.txt"], ["calibrate", "a.csv", "--out", "bad name.json"],
        ["calibrate", "a.csv", "--out", "p.json", "--axis", "all"], ["walks"], ["walks", "l.json", "--trials", "1"],
        ["walks", "l.json", "--walk", "zigzag"], ["walks", "l.json", "--bogus"],
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

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
        var spin = CalibrateCommand()
        spin.file = "still.csv"
        spin.output = "my-phone.json"
        spin.spin = "spin.csv"
        spin.turns = 10
        spin.markErrorDegrees = 0.5
        #expect(
            try CommandLineParser.parse([
                "calibrate", "still.csv", "--out", "my-phone.json", "--spin", "spin.csv", "--turns", "10", "--mark-error", "0.5",
            ]) == Command(spin))
        var path = WalksCommand()
        path.file = "log.json"
        path.profile = "out/my-phone.json"
        #expect(try CommandLineParser.parse(["walks", "log.json", "--profile", "out/my-phone.json"]) == Command(path))
    }

    @Test(arguments: [
        ["allan"], ["allan", "a.csv", "b.csv"], ["allan", "a.csv", "--axis", "w"], ["allan", "a.csv", "--unit", "furlong"],
        ["calibrate", "a.csv"], ["calibrate", "a.csv", "--out", "p.txt"], ["calibrate", "a.csv", "--out", "bad name.json"],
        ["calibrate", "a.csv", "--out", "p.json", "--axis", "all"], ["walks"], ["walks", "l.json", "--trials", "1"],
        ["walks", "l.json", "--walk", "zigzag"], ["walks", "l.json", "--bogus"],
        // A spin needs its number of turns, and turns need a spin; 0 turns and a mark error of 0 mean nothing.
        ["calibrate", "a.csv", "--out", "p.json", "--spin", "s.csv"], ["calibrate", "a.csv", "--out", "p.json", "--turns", "3"],
        ["calibrate", "a.csv", "--out", "p.json", "--spin", "s.csv", "--turns", "0"],
        ["calibrate", "a.csv", "--out", "p.json", "--spin", "s.csv", "--turns", "3", "--mark-error", "0"],
        ["replay", "g.csv", "--detector", "d.json", "--log-entry"],
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

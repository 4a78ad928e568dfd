import Testing

@testable import sensorbench

/// `sensorbench bench`'s options (issue 17a adds `--quick`).
@Suite struct BenchOptionsTests {
    @Test func parsesQuickWithTheOtherOptions() throws {
        var expected = BenchCommand()
        expected.trials = 4
        expected.jobs = 2
        expected.quick = true
        #expect(try CommandLineParser.parse(["bench", "--quick", "--trials", "4", "--jobs", "2"]) == Command(expected))
        #expect(try CommandLineParser.parse(["bench"]) == Command(BenchCommand()))
        #expect(BenchCommand().quick == false)
    }
}

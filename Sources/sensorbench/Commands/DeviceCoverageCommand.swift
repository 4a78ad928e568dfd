import FileFormats
import MonteCarlo
import Studies

/// `sensorbench dev device-coverage [R] [--from s] [--jobs n]`: the coverage of a device study's closed-form 95%
/// intervals (``DeviceAnswerCoverage``, docs/recordings.md).
struct DeviceCoverageCommand: Subcommand {
    var replications = 400
    var quiet = false
    var firstSeed = 1
    var jobs: Int?

    init() {}

    static let name = "device-coverage"
    static let summary = "The coverage of a device study's closed-form 95% intervals (docs/recordings.md)."

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(
            valueName: "<replications>", noun: "replication count",
            meaning: "Simulated phones per measurement design, 2 to 100000 (default: 400).", count: 0...1
        ) { o, values, context in
            if let text = values.first {
                o.replications = try ValueParser.integer(text, option: "<replications>", in: 2...100_000, context)
            }
        }
    }

    static var options: [OptionSpec<Self>] {
        [
            SharedOption.firstSeed(\.firstSeed, items: "phone"),
            SharedOption.jobs(\.jobs),
            SharedOption.quiet(\.quiet),
        ]
    }

    /// `sensorbench dev device-coverage [R]`: the table on stdout.
    func run() throws -> ExitCode {
        let runner = MonteCarloRunner(jobs: jobs ?? MonteCarloRunner.defaultJobs)
        print(try DeviceAnswerCoverage.table(replications: replications, first: firstSeed, runner: runner), terminator: "")
        return .success
    }
}

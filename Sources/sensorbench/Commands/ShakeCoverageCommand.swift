import FileFormats
import MonteCarlo
import Studies

/// `sensorbench dev shake-coverage [R]`: the coverage of the shake and scribble reports' false-alarm-rate and
/// precision intervals at 0.1–45 false alarms an hour with bursts (docs/shake.md).
struct ShakeCoverageCommand: Subcommand {
    var replications = 1000

    init() {}

    static let name = "shake-coverage"
    static let summary = "The coverage of the shake reports' rate and precision intervals (docs/shake.md)."

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(
            valueName: "<replications>", noun: "count",
            meaning: "Replications a design, 2 to 100000 (default: 1000).", count: 0...1
        ) { o, values, context in
            if let first = values.first {
                o.replications = try ValueParser.integer(first, option: "<replications>", in: 2...100_000, context)
            }
        }
    }

    /// Prints the coverage table (``SweepIntervalCoverage``) on stdout.
    func run() throws -> ExitCode {
        print(try SweepIntervalCoverage.table(replications: replications, runner: MonteCarloRunner(jobs: 2)), terminator: "")
        return .success
    }
}

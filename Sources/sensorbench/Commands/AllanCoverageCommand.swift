import FileFormats
import Recordings

/// `sensorbench dev allan-coverage [R]`: rate random walk beside a Gauss–Markov bias, identification and interval
/// coverage (docs/recordings.md).
struct AllanCoverageCommand: Subcommand {
    var replications = 30
    var quiet = false

    init() {}

    static let name = "allan-coverage"
    static let summary = "K beside a Gauss–Markov bias: identification and coverage (docs/recordings.md)."

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(
            valueName: "<replications>", noun: "replication count",
            meaning: "Simulated recordings per design, 2 to 10000 (default: 30).", count: 0...1
        ) { o, values, context in
            if let text = values.first {
                o.replications = try ValueParser.integer(text, option: "<replications>", in: 2...10_000, context)
            }
        }
    }

    static var options: [OptionSpec<Self>] { [SharedOption.quiet(\.quiet)] }

    /// `sensorbench dev allan-coverage [R]`: the table on stdout (``AllanCoverage``).
    func run() throws -> ExitCode {
        print(try AllanCoverage.table(replications: replications), terminator: "")
        return .success
    }
}

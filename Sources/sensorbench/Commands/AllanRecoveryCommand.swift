import FileFormats
import Recordings

/// `sensorbench dev allan-recovery [R]`: the Allan recovery table and interval coverage (docs/recordings.md).
struct AllanRecoveryCommand: Subcommand {
    var replications = 20
    var quiet = false

    init() {}

    static let name = "allan-recovery"
    static let summary = "The Allan recovery table and interval coverage (docs/recordings.md)."

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(
            valueName: "<replications>", noun: "replication count", meaning: "Simulated recordings per row, 2 to 10000 (default: 20).",
            count: 0...1
        ) { o, values, context in
            if let text = values.first {
                o.replications = try ValueParser.integer(text, option: "<replications>", in: 2...10_000, context)
            }
        }
    }

    static var options: [OptionSpec<Self>] { [SharedOption.quiet(\.quiet)] }

    /// `sensorbench dev allan-recovery [R]`: the README's Allan recovery table on stdout (``AllanBenchmark``).
    func run() throws -> ExitCode {
        print(try AllanBenchmark.recoveryTable(replications: replications), terminator: "")
        return .success
    }
}

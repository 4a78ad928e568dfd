import FileFormats
import MonteCarlo
import Recordings

/// `sensorbench dev allan-coverage [R] [--walk k | --flicker b] [--gaps pattern] [--from s] [--jobs n]`: rate random walk
/// beside a Gauss–Markov bias, or N and B beside true flicker noise: identification and interval coverage, on evenly
/// sampled records or on records with gaps (docs/recordings.md).
struct AllanCoverageCommand: Subcommand {
    var replications = 30
    var quiet = false
    var designIndex: Int?
    var firstSeed = 1
    var jobs: Int?
    var gaps: AllanGapPattern?
    var flicker = false

    init() {}

    static let name = "allan-coverage"
    static let summary = "K beside a Gauss–Markov bias, N and B beside flicker: coverage (docs/recordings.md)."

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

    /// The designs' walks as `--walk` names them, in the table's order.
    static let walkNames = ["1e-4", "5e-5", "0"]
    /// The flicker designs' B as `--flicker` names them, in the table's order.
    static let flickerNames = ["10", "20"]

    static var options: [OptionSpec<Self>] {
        [
            OptionSpec(
                "--walk", value: "<k>",
                meaning: "Run only the design with this rate random walk (°/s/√s): " + walkNames.joined(separator: ", ")
                    + ".", default: "every design"
            ) { o, text, context in
                guard let i = walkNames.firstIndex(of: text) else {
                    throw context.error("--walk: expected one of \(walkNames.joined(separator: ", ")), got '\(text)'")
                }
                guard !o.flicker else { throw context.error("--walk: not with --flicker (the flicker designs have no walk)") }
                o.designIndex = i
            },
            OptionSpec(
                "--flicker", value: "<b>",
                meaning: "Run the flicker designs instead: true 1/f bias instability B (°/h) beside white noise 0.007 "
                    + "°/s/√Hz, 1 h at 100 Hz, no Gauss–Markov bias or walk; B = " + flickerNames.joined(separator: ", ")
                    + ", or all for both.", default: "the Gauss–Markov designs"
            ) { o, text, context in
                guard o.designIndex == nil || o.flicker else {
                    throw context.error("--flicker: not with --walk (the flicker designs have no walk)")
                }
                o.flicker = true
                guard text != "all" else { return }
                guard let i = flickerNames.firstIndex(of: text) else {
                    throw context.error("--flicker: expected one of \(flickerNames.joined(separator: ", ")) or all, got '\(text)'")
                }
                o.designIndex = i
            },
            OptionSpec(
                "--gaps", value: "<pattern>",
                meaning: "Sample the records' times in this pattern and analyse them as allan does: "
                    + AllanGapPattern.allCases.map(\.rawValue).joined(separator: ", ")
                    + " (mpu6050: reads in bursts like the issue's MPU6050 record, no sample lost; mpu6050-overflow: "
                    + "the same logger losing samples when its FIFO overflows).", default: "evenly sampled"
            ) { o, text, context in
                guard let pattern = AllanGapPattern(rawValue: text) else {
                    let names = AllanGapPattern.allCases.map(\.rawValue).joined(separator: ", ")
                    throw context.error("--gaps: expected one of \(names), got '\(text)'")
                }
                o.gaps = pattern
            },
            SharedOption.firstSeed(\.firstSeed, items: "record"),
            SharedOption.jobs(\.jobs),
            SharedOption.quiet(\.quiet),
        ]
    }

    /// `sensorbench dev allan-coverage [R]`: the table on stdout (``AllanCoverage``).
    func run() throws -> ExitCode {
        let runner = MonteCarloRunner(jobs: jobs ?? MonteCarloRunner.defaultJobs)
        print(
            try AllanCoverage.table(
                replications: replications, first: firstSeed, designIndex: designIndex, gaps: gaps, flicker: flicker,
                runner: runner),
            terminator: "")
        return .success
    }
}

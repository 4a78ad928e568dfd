import FileFormats
import MonteCarlo
import Studies

/// `sensorbench dev drift-coverage [R [TRIALS]]`: the coverage of the drift report's intervals (docs/drift.md).
struct DriftCoverageCommand: Subcommand {
    var replications = 200
    var trialsPerCell = 20
    var quiet = false

    init() {}

    static let name = "drift-coverage"
    static let summary = "The coverage of the drift report's intervals by simulated replications (docs/drift.md)."

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(
            valueName: "<replications> [<trials>]", noun: "count",
            meaning: "Replications, 2 to 10000 (default: 200), then walks per cell, 2 to 1000 (default: 20).",
            count: 0...2
        ) { o, values, context in
            if values.count >= 1 {
                o.replications = try ValueParser.integer(values[0], option: "<replications>", in: 2...10_000, context)
            }
            if values.count == 2 {
                o.trialsPerCell = try ValueParser.integer(values[1], option: "<trials>", in: 2...1000, context)
            }
        }
    }

    static var options: [OptionSpec<Self>] { [SharedOption.quiet(\.quiet)] }

    /// `sensorbench dev drift-coverage [R [TRIALS]]`: the coverage of the drift report's intervals
    /// (``DriftCoverage``), on stdout.
    func run() throws -> ExitCode {
        let table = try DriftCoverage.table(replications: replications, trialsPerCell: trialsPerCell, runner: MonteCarloRunner(jobs: 2))
        print(table, terminator: "")
        return .success
    }
}

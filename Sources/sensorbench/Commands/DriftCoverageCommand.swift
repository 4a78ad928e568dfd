import FileFormats
import MonteCarlo
import Studies

/// `sensorbench dev drift-coverage [R [TRIALS]] [--one-phone [--from r] [--csv]] [--bootstrap b]`: the coverage of the
/// drift report's intervals (docs/drift.md).
struct DriftCoverageCommand: Subcommand {
    var replications = 200
    var trialsPerCell = 20
    var quiet = false
    var onePhoneOnly = false
    var firstReplication = 0
    var bootstrapReplicates = DriftDecomposition.defaultReplicates
    var csv = false
    var reportIntervalsOnly = false

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

    static var options: [OptionSpec<Self>] {
        [
            OptionSpec("--one-phone", meaning: "Run only the two one-phone designs (sameDevice).", default: "every design") { o, _, _ in
                o.onePhoneOnly = true
            },
            OptionSpec(
                "--from", value: "<r>",
                meaning: "The one-phone designs' first replication (scenario seed offset), 0 to 1000000, so that blocks "
                    + "can be run apart and added up; with --one-phone.", default: "0"
            ) { o, text, context in
                o.firstReplication = try ValueParser.integer(text, option: "--from", in: 0...1_000_000, context)
            },
            OptionSpec(
                "--bootstrap", value: "<b>",
                meaning: "Bootstrap replicates of each fit, 20 to 2000 (the t intervals of one phone do not depend on it).",
                default: "\(DriftDecomposition.defaultReplicates), as the reports"
            ) { o, text, context in
                o.bootstrapReplicates = try ValueParser.integer(text, option: "--bootstrap", in: 20...2000, context)
            },
            OptionSpec(
                "--csv",
                meaning: "With --one-phone: print one CSV row per replication and interval (estimate, ends, truth) "
                    + "instead of the table.", default: "the table"
            ) { o, _, _ in o.csv = true },
            OptionSpec(
                "--report-intervals",
                meaning: "Run only the shipped design's per-cell RMS and regression intervals (no error-budget fit), "
                    + "so that many walks per cell stay affordable; with --one-phone, the per-cell RMS intervals of one "
                    + "phone (loops and zigzags) against its own E[drift²].", default: "every design"
            ) { o, _, _ in o.reportIntervalsOnly = true },
            SharedOption.quiet(\.quiet),
        ]
    }

    /// `--from` and `--csv` act on the one-phone designs alone.
    func validate(_ context: ParseContext) throws(UsageError) {
        guard onePhoneOnly || (firstReplication == 0 && !csv) else { throw context.error("--from and --csv need --one-phone") }
        guard !(reportIntervalsOnly && (firstReplication != 0 || csv)) else {
            throw context.error("--report-intervals excludes --from and --csv")
        }
    }

    /// `sensorbench dev drift-coverage [R [TRIALS]]`: the coverage of the drift report's intervals
    /// (``DriftCoverage``), or with `--csv` one row per replication and interval, on stdout.
    func run() throws -> ExitCode {
        let runner = MonteCarloRunner(jobs: 2)
        if reportIntervalsOnly && onePhoneOnly {
            let intervals = try DriftCoverage.onePhoneRMSIntervals(
                replications: replications, trialsPerCell: trialsPerCell, runner: runner)
            let lines = try DriftCoverage.reportIntervalLines(
                intervals, design: "one phone, straight + 16-turn loops and zigzags, 1/5 min", onePhone: true)
            print(
                "Coverage of one phone's per-cell RMS intervals against its own E[drift²]: \(replications) replications "
                    + "(a new phone each), \(trialsPerCell) walks per cell (phone-calibrated at 10 Hz, 1% asymmetry).\n")
            print(lines.joined(separator: "\n"))
            return .success
        }
        if reportIntervalsOnly {
            let intervals = try DriftCoverage.shippedReportIntervals(
                replications: replications, trialsPerCell: trialsPerCell, runner: runner)
            let lines = try DriftCoverage.reportIntervalLines(
                intervals, design: "loops + zigzags, 0–16 turns, 1–20 min, class of phones (drift-time-vs-turns)")
            print(
                "Coverage of the drift report's per-cell RMS and regression intervals: \(replications) replications, "
                    + "\(trialsPerCell) walks per cell (phone-calibrated at 10 Hz).\n")
            print(lines.joined(separator: "\n"))
            return .success
        }
        let text =
            csv
            ? try DriftCoverage.onePhoneCSV(
                replications: replications, trialsPerCell: trialsPerCell, bootstrapReplicates: bootstrapReplicates,
                firstReplication: firstReplication, runner: runner)
            : try DriftCoverage.table(
                replications: replications, trialsPerCell: trialsPerCell, bootstrapReplicates: bootstrapReplicates,
                onePhoneOnly: onePhoneOnly, firstReplication: firstReplication, runner: runner)
        print(text, terminator: "")
        return .success
    }
}

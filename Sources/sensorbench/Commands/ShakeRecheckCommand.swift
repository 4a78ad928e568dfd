import FileFormats
import MonteCarlo
import Studies

/// `sensorbench dev shake-recheck SCENARIO… [--days N]`: each gesture scenario's choice re-run on fresh days the
/// report never used, beside what the report says of it (docs/shake.md).
struct ShakeRecheckCommand: Subcommand {
    var scenarios: [String] = []
    var days = 200

    init() {}

    static let name = "shake-recheck"
    static let summary = "Re-run gesture reports' choices on fresh days beside their claims (docs/shake.md)."

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(
            valueName: "<scenario>", noun: "scenario file", meaning: "Shake or scribble scenario files.",
            count: 1...Int.max
        ) { o, values, _ in o.scenarios = values }
    }

    static var options: [OptionSpec<Self>] {
        [
            OptionSpec(
                "--days", value: "<n>", meaning: "Fresh days of each scenario's size, 1 to 10000.", default: "200"
            ) { o, text, context in
                o.days = try ValueParser.integer(text, option: "--days", in: 1...10_000, context)
            }
        ]
    }

    /// Prints the table (``SweepRecheck``) on stdout.
    func run() throws -> ExitCode {
        let runner = MonteCarloRunner(jobs: MonteCarloRunner.defaultJobs)
        var results: [SweepRecheck.Result] = []
        for path in scenarios {
            let study = try ScenarioFile.load(path: path).study
            if let s = study as? ShakeScenario {
                results.append(try SweepRecheck.run(s, days: days, runner: runner))
            } else if let s = study as? ScribbleScenario {
                results.append(try SweepRecheck.run(s, days: days, runner: runner))
            } else {
                throw UsageError("\(path) is not a shake or scribble scenario", subcommand: "dev shake-recheck")
            }
        }
        print(try SweepRecheck.table(results))
        return .success
    }
}

import FileFormats
import MonteCarlo
import Studies

/// `sensorbench dev shake-coverage [R]`: the coverage of the shake and scribble reports' false-alarm-rate and
/// precision intervals at 0.1–45 false alarms an hour with bursts (docs/shake.md). With `--scenario S.json`, the
/// coverage of a shake report's rate, precision, recall, per-activity rate, day-without-an-activity rate and
/// fires-once intervals on the motion library (or a scribble report's on its touch timelines): R days of the
/// scenario's own size against a long truth run (``SweepMotionCoverage``).
struct ShakeCoverageCommand: Subcommand {
    var replications: Int?
    var scenario: String?
    var settings: [Int]?
    var truthTimelines: Int?
    var jobs: Int?

    init() {}

    static let name = "shake-coverage"
    static let summary = "The coverage of the shake reports' rate, precision and recall intervals (docs/shake.md)."

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(
            valueName: "<replications>", noun: "count",
            meaning: "Replications a design, 2 to 100000 (default: 1000); with --scenario, days of the scenario's "
                + "size (default: 200).", count: 0...1
        ) { o, values, context in
            if let first = values.first {
                o.replications = try ValueParser.integer(first, option: "<replications>", in: 2...100_000, context)
            }
        }
    }

    static var options: [OptionSpec<Self>] {
        [
            OptionSpec(
                "--scenario", value: "<file>",
                meaning: "A shake or scribble scenario: measure its report's intervals on its own simulated timelines "
                    + "instead of the parametric designs.", default: "the parametric designs"
            ) { o, text, context in
                guard !text.isEmpty else { throw context.error("--scenario needs a scenario file, got ''") }
                o.scenario = text
            },
            OptionSpec(
                "--settings", value: "<i,j,...>",
                meaning: "With --scenario: the settings to judge, by their sweep index (sweep.csv's setting column).",
                default: "the report's choice"
            ) { o, text, context in
                var indices: [Int] = []
                for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                    indices.append(try ValueParser.integer(String(part), option: "--settings", in: 0...1_000_000, context))
                }
                o.settings = indices
            },
            OptionSpec(
                "--truth-timelines", value: "<n>",
                meaning: "With --scenario: timelines of the truth run, 1 to 10000000.", default: "100 times the scenario's"
            ) { o, text, context in
                o.truthTimelines = try ValueParser.integer(text, option: "--truth-timelines", in: 1...10_000_000, context)
            },
            SharedOption.jobs(\.jobs),
        ]
    }

    func validate(_ context: ParseContext) throws(UsageError) {
        if scenario == nil, settings != nil || truthTimelines != nil {
            throw context.error("--settings and --truth-timelines need --scenario")
        }
    }

    /// Prints the coverage table (``SweepIntervalCoverage``, or ``SweepMotionCoverage`` with `--scenario`) on stdout.
    func run() throws -> ExitCode {
        let runner = MonteCarloRunner(jobs: jobs ?? MonteCarloRunner.defaultJobs)
        guard let scenario else {
            print(try SweepIntervalCoverage.table(replications: replications ?? 1000, runner: runner), terminator: "")
            return .success
        }
        let study = try ScenarioFile.load(path: scenario).study
        let days = replications ?? 200
        let result: SweepMotionCoverage.Result
        if let s = study as? ShakeScenario {
            let truth = try checkSizes(scenario, settings: s.configurations.count, timelines: s.timelines, days: days)
            let chosen = try settings ?? [SweepMotionCoverage.reportChoice(s, runner: runner)]
            result = try SweepMotionCoverage.run(
                s, settings: chosen, replications: days, truthTimelines: truth, runner: runner)
        } else if let s = study as? ScribbleScenario {
            let truth = try checkSizes(scenario, settings: s.configurations.count, timelines: s.timelines, days: days)
            let chosen = try settings ?? [SweepMotionCoverage.reportChoice(s, runner: runner)]
            result = try SweepMotionCoverage.run(
                s, settings: chosen, replications: days, truthTimelines: truth, runner: runner)
        } else {
            throw UsageError("\(scenario) is not a shake or scribble scenario", subcommand: "dev shake-coverage")
        }
        print(try SweepMotionCoverage.table(result))
        return .success
    }

    /// Refuses a `--settings` index outside the sweep's `settings` and more timelines than a stream holds; returns the
    /// truth run's timelines (`--truth-timelines`, or 100 times the scenario's).
    private func checkSizes(_ scenario: String, settings count: Int, timelines: Int, days: Int) throws -> Int {
        if let bad = settings?.first(where: { $0 >= count }) {
            throw UsageError(
                "--settings: \(bad) is not a setting of \(scenario) (its sweep has 0 to \(count - 1))",
                subcommand: "dev shake-coverage")
        }
        let truth = truthTimelines ?? 100 * timelines
        guard days * timelines <= SweepMotionCoverage.maximumTimelines, truth <= SweepMotionCoverage.maximumTimelines
        else {
            throw UsageError(
                "\(days) days of \(timelines) timelines is more than \(SweepMotionCoverage.maximumTimelines) timelines",
                subcommand: "dev shake-coverage")
        }
        return truth
    }
}

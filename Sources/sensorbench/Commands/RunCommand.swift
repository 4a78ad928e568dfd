import FileFormats
import Foundation
import MonteCarlo
import Reporting
import Studies

/// `sensorbench run`: validates every scenario file, then runs each and writes its report (or one shard's part).
struct RunCommand: Subcommand {
    var files: [String] = []
    var outputFolder = "Reports"
    var overrides = RunOverrides()
    /// Worker threads; `nil` = every core.
    var jobs: Int?
    var quiet = false
    /// Compute only this share of the trials and write a part file (see ``PartFile``).
    var shard: ShardSpec?

    init() {}

    static let name = "run"
    static let summary = "Run scenarios and write their reports."
    static let details = """
        Every file is validated before anything runs; a bad file writes nothing. Each scenario's report goes
        to <dir>/<scenario name>/, each file written atomically. Output is byte-identical for the same
        scenario and seed, whatever --jobs.
        """

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(
            valueName: "<file>", noun: "scenario file",
            meaning: "Scenario JSON files (study: \(StudyRegistry.names.joined(separator: ", "))).", count: 1...Int.max
        ) { o, files, _ in o.files = files }
    }

    static var options: [OptionSpec<Self>] {
        [
            SharedOption.out(\.outputFolder, meaning: "Folder for the reports.", default: "Reports"),
            SharedOption.trials(
                \.overrides.trialsPerCell, in: 1...1_000_000_000,
                meaning: "Trials per cell (timelines for shake and scribble), overriding the scenario's.",
                default: "the scenario's"),
            SharedOption.seed(\.overrides.seed, meaning: "Seed, overriding the scenario's.", default: "the scenario's"),
            SharedOption.jobs(\.jobs),
            SharedOption.shard(
                \.shard,
                meaning: "Run only shard k of n (1-based; trials split by global index) and write "
                    + "<dir>/<name>.shard-<k>-of-<n>.part instead of the report."),
            SharedOption.quiet(\.quiet),
        ]
    }

    static var footer: String { StudyOutputs.helpSection }

    /// Validates every file, then runs each scenario and writes its report.
    func run() throws -> ExitCode {
        var scenarios: [Scenario] = []
        var names: [String: String] = [:]
        for file in files {
            try InputKind.expect(.scenario, file: file, command: "run")
            let scenario = try ScenarioFile.load(path: file, overrides: overrides)
            // Case-folded: `Reports/A` and `Reports/a` are one folder on case-insensitive file systems.
            if let other = names[scenario.name.lowercased()] {
                throw InputError(
                    file: file, field: "name",
                    problem: "\"\(scenario.name)\" is also the name (ignoring case) of \(other); their reports would collide")
            }
            names[scenario.name.lowercased()] = file
            scenarios.append(scenario)
        }
        let out = URL(fileURLWithPath: outputFolder)
        if let shard {
            for scenario in scenarios { try runShard(scenario, shard: shard, out: out) }
            return .success
        }
        // Every report folder is locked and checked before the first trial runs.
        for scenario in scenarios { try ReportFiles.reserve(out.appendingPathComponent(scenario.name)) }
        for scenario in scenarios {
            let runner = MonteCarloRunner(
                jobs: jobs ?? MonteCarloRunner.defaultJobs,
                progress: ProgressReporter.make(label: scenario.name, quiet: quiet))
            let files = try scenario.report(runner: runner)
            let folder = out.appendingPathComponent(scenario.name)
            try files.write(to: folder)
            print("\(scenario.name): \(scenario.totalTrials) trials → \(folder.relativePath)/summary.md")
        }
        return .success
    }

    /// Computes one shard's trials of a scenario and writes its part file.
    func runShard(_ scenario: Scenario, shard: ShardSpec, out: URL) throws {
        let runner = MonteCarloRunner(
            jobs: jobs ?? MonteCarloRunner.defaultJobs,
            progress: ProgressReporter.make(label: "\(scenario.name) shard \(shard)", quiet: quiet))
        let url = out.appendingPathComponent(scenario.partFileName(shard))
        let trials = try scenario.writePart(shard, runner: runner, to: url)
        print("\(scenario.name): shard \(shard), trials \(trials.lowerBound)..<\(trials.upperBound) → \(url.relativePath)")
    }
}

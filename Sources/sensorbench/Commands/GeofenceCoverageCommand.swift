import FileFormats
import MonteCarlo
import Studies

/// `sensorbench dev geofence-coverage SCENARIO [R]`: the coverage of a geofence report's false-trigger, miss and
/// collect intervals, replicated from the scenario's own parameters on fresh trials (docs/geofence.md).
struct GeofenceCoverageCommand: Subcommand {
    var scenario = ""
    var replications = 200

    init() {}

    static let name = "geofence-coverage"
    static let summary = "The coverage of a geofence report's rate and share intervals (docs/geofence.md)."

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(
            valueName: "<scenario> [<replications>]", noun: "argument",
            meaning: "A geofence scenario file, then replications, 2 to 100000 (default: 200).", count: 1...2
        ) { o, values, context in
            o.scenario = values[0]
            if values.count > 1 {
                o.replications = try ValueParser.integer(values[1], option: "<replications>", in: 2...100_000, context)
            }
        }
    }

    /// Prints the coverage table (``GeofenceIntervalCoverage``) on stdout.
    func run() throws -> ExitCode {
        guard let s = try ScenarioFile.load(path: scenario).study as? GeofenceScenario else {
            throw UsageError("\(scenario) is not a geofence scenario", subcommand: "dev geofence-coverage")
        }
        let runner = MonteCarloRunner(jobs: MonteCarloRunner.defaultJobs)
        print(try GeofenceIntervalCoverage.table(s, replications: replications, runner: runner), terminator: "")
        return .success
    }
}

import FileFormats
import MonteCarlo
import Studies

/// `sensorbench dev geofence-recheck SCENARIO… [--days N]`: each geofence scenario's recommended check re-run on
/// fresh days the report never used, beside what the report says of it (docs/geofence.md).
struct GeofenceRecheckCommand: Subcommand {
    var scenarios: [String] = []
    var days = 100

    init() {}

    static let name = "geofence-recheck"
    static let summary = "Re-run geofence reports' checks on fresh days beside their claims (docs/geofence.md)."

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(
            valueName: "<scenario>", noun: "scenario file", meaning: "Geofence scenario files.", count: 1...Int.max
        ) { o, values, _ in o.scenarios = values }
    }

    static var options: [OptionSpec<Self>] {
        [
            OptionSpec(
                "--days", value: "<n>", meaning: "Fresh days of each scenario's size, 1 to 10000.", default: "100"
            ) { o, text, context in
                o.days = try ValueParser.integer(text, option: "--days", in: 1...10_000, context)
            }
        ]
    }

    /// Prints the table (``GeofenceRecheck``) on stdout.
    func run() throws -> ExitCode {
        let runner = MonteCarloRunner(jobs: MonteCarloRunner.defaultJobs)
        var loaded: [GeofenceScenario] = []
        for path in scenarios {
            guard let s = try ScenarioFile.load(path: path).study as? GeofenceScenario else {
                throw UsageError("\(path) is not a geofence scenario", subcommand: "dev geofence-recheck")
            }
            guard Double(days) * Double(s.totalTrials) <= Double(GeofenceConfirmation.maximumFreshTrials) else {
                throw UsageError(
                    "--days \(days) of \(s.totalTrials) visits (\(path)) is more than 2²⁹ fresh visits",
                    subcommand: "dev geofence-recheck")
            }
            loaded.append(s)
        }
        var results: [(scenario: String, result: GeofenceRecheck.Result?)] = []
        for s in loaded { results.append((s.name, try GeofenceRecheck.run(s, days: days, runner: runner))) }
        print(try GeofenceRecheck.table(results))
        return .success
    }
}

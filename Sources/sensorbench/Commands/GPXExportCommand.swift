import FileFormats
import Foundation
import MonteCarlo
import Reporting
import Studies

/// `sensorbench gpx export`: a geofence scenario's first visit, with its GPS jitter, as GPX 1.1 for Xcode.
struct GPXExportCommand: Subcommand {
    var scenario = ""
    var outputFile = ""
    /// Overrides the scenario's seed (the jitter of the exported visit).
    var seed: UInt64?
    var quiet = false

    init() {}

    static let name = "export"
    static let summary = "Export a geofence scenario's fixes as GPX for Xcode."
    static let details = """
        Writes the phone's fixes of the scenario's first cell and first trial (with its GPS jitter) as a
        GPX 1.1 file of timed waypoints, which Xcode's Simulate Location replays. Times start at
        2026-01-01T00:00:00Z; the file is the same for the same scenario and seed.
        """

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(valueName: "<scenario>", noun: "scenario file", meaning: "A geofence scenario JSON.", count: 1...1) {
            o, files, _ in o.scenario = files[0]
        }
    }

    static var options: [OptionSpec<Self>] {
        [
            SharedOption.out(\.outputFile, meaning: "The GPX file to write.", value: "<file>", required: true),
            SharedOption.seed(\.seed, meaning: "Seed, overriding the scenario's.", default: "the scenario's"),
            SharedOption.quiet(\.quiet),
        ]
    }

    /// Writes the GPX file of a geofence scenario's first trial.
    func run() throws -> ExitCode {
        let path = self.scenario
        let scenario = try ScenarioFile.load(path: path, overrides: RunOverrides(seed: seed))
        guard let s = scenario.study as? GeofenceScenario else {
            throw InputError(file: path, field: "study", problem: "gpx export needs a geofence scenario, got \"\(scenario.kind)\"")
        }
        let text = try GeofenceStudy.exportGPX(s)
        try AtomicFile.write(text, to: URL(fileURLWithPath: outputFile))
        print("\(s.name): \(text.components(separatedBy: "<trkpt ").count - 1) track points → \(outputFile)")
        return .success
    }
}

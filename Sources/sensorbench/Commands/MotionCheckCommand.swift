import FileFormats
import Foundation
import Studies

/// `sensorbench dev motion-check [REALDATA] [--scenario FILE]`: the simulated motion library against MotionSense's
/// real everyday motion, side by side (``MotionCheck``; the table in docs/shake.md).
struct MotionCheckCommand: Subcommand {
    var realData = "../shared/realdata"
    var scenario: String?

    init() {}

    static let name = "motion-check"
    static let summary = "The simulated everyday motion against MotionSense's real motion (docs/shake.md)."

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(
            valueName: "<realdata>", noun: "folder",
            meaning: "The real-data folder holding motionsense-iphone6s/ (or that folder itself; default: "
                + "../shared/realdata).", count: 0...1
        ) { o, values, _ in if let first = values.first { o.realData = first } }
    }

    static var options: [OptionSpec<Self>] {
        [
            OptionSpec(
                "--scenario", value: "<scenario>",
                meaning: "The shake scenario whose sweep gives the detector settings and whose motion ranges the simulation uses.",
                default: "Scenarios/shake-everyday.json"
            ) { o, text, _ in o.scenario = text }
        ]
    }

    /// Prints the Markdown tables (``MotionCheck/markdown(_:settings:)``) on stdout; reads everything first.
    func run() throws -> ExitCode {
        let path: String
        if let scenario {
            path = scenario
        } else {
            guard let folder = ScenarioLocator.folder() else {
                throw InputError(
                    .missingFile, file: "Scenarios",
                    problem: "no Scenarios folder found for shake-everyday.json (run from the checkout or pass --scenario)")
            }
            path = folder.appendingPathComponent("shake-everyday.json").path
        }
        guard let shake = try ScenarioFile.load(path: path).study as? ShakeScenario else {
            throw InputError(file: path, field: "study", problem: "is not a shake scenario, whose sweep motion-check runs")
        }
        let settings = shake.configurations.filter { !$0.inputIncludesGravity }
        var folder = URL(fileURLWithPath: realData)
        let inside = folder.appendingPathComponent("motionsense-iphone6s")
        if FileManager.default.fileExists(atPath: inside.path) { folder = inside }
        var rows: [MotionCheck.Row] = []
        for pair in MotionCheck.pairs {
            rows.append(
                MotionCheck.Row(
                    pair: pair, real: try MotionCheck.real(code: pair.code, folder: folder, settings: settings),
                    simulated: try MotionCheck.simulated(pair.simulated, settings: settings, ranges: shake.timeline.ranges)))
        }
        print(MotionCheck.markdown(rows, settings: settings), terminator: "")
        return .success
    }
}

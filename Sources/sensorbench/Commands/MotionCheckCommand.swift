import DetectionCore
import FileFormats
import Foundation
import Reporting
import Studies

/// `sensorbench dev motion-check [REALDATA] [--scenario FILE]`: the simulated motion library against MotionSense's
/// real everyday motion, side by side (``MotionCheck``; the table in docs/shake.md).
struct MotionCheckCommand: Subcommand {
    var realData = "../shared/realdata"
    var scenario: String?
    var write: String?

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
            ) { o, text, _ in o.scenario = text },
            OptionSpec(
                "--write", value: "<file>",
                meaning: "Also write the real side as a motion reference (derived statistics only) with the firings of "
                    + "every setting of every shake scenario in the scenario's folder, for the shake reports to compare "
                    + "with (Scenarios/reference/motion-reference.json)."
            ) { o, text, _ in o.write = text },
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
        let settings = shake.configurations
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
        if let write {
            try writeReference(to: write, scenarioFolder: URL(fileURLWithPath: path).deletingLastPathComponent(), folder: folder)
        }
        print(MotionCheck.markdown(rows, settings: settings), terminator: "")
        return .success
    }

    /// Writes the reference: the real side of every pair with the firings of every distinct setting (by label, in
    /// file-name then sweep order) of the shake scenarios in `scenarioFolder` (raw-magnitude ones read with gravity added
    /// back).
    func writeReference(to file: String, scenarioFolder: URL, folder: URL) throws {
        var labels: [String] = []
        var settings: [ShakeDetectorConfiguration] = []
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: scenarioFolder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        for name in names {
            let scenarioPath = scenarioFolder.appendingPathComponent(name).path
            guard let shake = try? ScenarioFile.load(path: scenarioPath).study as? ShakeScenario else { continue }
            for c in shake.configurations {
                let label = MotionCheck.label(c)
                guard !labels.contains(label) else { continue }
                labels.append(label)
                settings.append(c)
            }
        }
        var rows: [MotionCheck.Row] = []
        for pair in MotionCheck.pairs {
            let real = try MotionCheck.real(code: pair.code, folder: folder, settings: settings)
            rows.append(MotionCheck.Row(pair: pair, real: real, simulated: real))
        }
        let reference = MotionReference.from(
            rows, settings: labels,
            command: "sensorbench dev motion-check ../shared/realdata --write Scenarios/reference/motion-reference.json")
        try AtomicFile.write(reference.json(), to: URL(fileURLWithPath: file))
    }
}

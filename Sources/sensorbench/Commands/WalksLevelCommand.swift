import FileFormats
import Foundation
import MonteCarlo
import Recordings
import Reporting
import SensorSim
import Stats
import Studies

/// `sensorbench dev walks-level`: how often `walks` rejects a log that comes from its profile (the level), or from a
/// phone with larger errors (the power).
struct WalksLevelCommand: Subcommand {
    var file = ""
    var profile = "phone-calibrated"
    var replications = 200
    var trials = 200
    var errorScale = 1.0
    var seed: UInt64 = 1
    var straight = false
    var jobs: Int?

    init() {}

    static let name = "walks-level"
    static let summary = "How often walks rejects a log that comes from its profile (docs/recordings.md)."
    static let details = """
        Simulates <n> logs of the walks in <log.json> (their durations and logged turning), one phone
        drawn from the profile per log (its fixed errors times --error-scale), and analyses each as
        walks does. Prints how many the calibrated comparison rejects at 5% (the level at scale 1, the
        power above) and how many the rule before the calibration rejected (either test at 5%, the
        walks taken as independent phones), with Wilson 95% intervals.
        """

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(
            valueName: "<log.json>", noun: "drift log", meaning: "The walks to simulate (TurnBack's drift log).", count: 1...1
        ) { o, files, _ in o.file = files[0] }
    }

    static var options: [OptionSpec<Self>] {
        [
            SharedOption.gyroProfile(\.profile),
            OptionSpec("--replications", value: "<n>", meaning: "Simulated logs, 10 to 100000.", default: "200") {
                o, text, context in
                o.replications = try ValueParser.integer(text, option: "--replications", in: 10...100_000, context)
            },
            SharedOption.trials(
                \.trials, in: 10...100_000, meaning: "Each analysis's simulated walks per duration (and logs).", default: "200"),
            OptionSpec(
                "--error-scale", value: "<k>", meaning: "The simulated phones' fixed errors times k, 0 to 100 (1: the level).",
                default: "1"
            ) { o, text, context in
                guard let k = Double(text), k.isFinite, (0...100).contains(k) else {
                    throw context.error("--error-scale needs a number from 0 to 100, got '\(text)'")
                }
                o.errorScale = k
            },
            SharedOption.seed(\.seed, meaning: "Seed of the simulation.", default: "1"),
            SharedOption.walkShape(\.straight),
            SharedOption.jobs(\.jobs),
        ]
    }

    /// Prints the rejection counts of both rules.
    func run() throws -> ExitCode {
        try InputKind.expect(.driftLog, file: self.file, command: "dev walks-level")
        let log = try DriftLog.load(path: self.file)
        let profile = try ProfileReader.read(
            option: "--profile", value: self.profile, folder: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        try WalksCommand.refuseWalksTheProfileCannotLayOut(log, profile: profile, file: self.file, straight: self.straight)
        let runner = MonteCarloRunner(jobs: self.jobs ?? MonteCarloRunner.defaultJobs)
        let r = try WalksLevel.run(
            log: log, profile: profile, trials: self.trials, replications: self.replications, seed: self.seed,
            straight: self.straight, errorScale: self.errorScale, runner: runner)
        func share(_ k: Int) throws -> String {
            let ci = try Proportion(successes: k, trials: r.replications).wilson()
            return "\(k) of \(r.replications) (\(try Format.percent(Double(k) / Double(r.replications))), 95% CI "
                + "\(try Format.percent(ci.low)) to \(try Format.percent(ci.high)))"
        }
        print(
            "\(profile.name) (\(profile.kind == .device ? "one phone" : "a class of phones")), the \(r.walks) walks of "
                + "\(self.file), one phone per log, fixed errors ×\(Format.exact(self.errorScale)):")
        print("calibrated comparison (walks' verdict) rejects at 5%: \(try share(r.rejected))")
        print("either test at 5%, walks taken as independent:     \(try share(r.rejectedTakingWalksAsIndependent))")
        return .success
    }
}

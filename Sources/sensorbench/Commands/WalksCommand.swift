import FileFormats
import Foundation
import MonteCarlo
import Recordings
import Reporting
import SensorSim
import Studies

/// `sensorbench walks`: TurnBack's drift log against the walks a gyro profile predicts.
struct WalksCommand: Subcommand {
    var file = ""
    var profile = "phone-calibrated"
    var outputFolder = "Reports/walks"
    /// Simulated walks per distinct duration.
    var trials = 200
    var seed: UInt64 = 1
    /// Straight walks (0 turns) instead of 4-turn loops.
    var straight = false
    var jobs: Int?
    var quiet = false

    init() {}

    static let name = "walks"
    static let summary = "Compare TurnBack's drift log with what a gyro profile predicts."
    static let details = """
        Answers TurnBack's question from the log: with turnedDegrees in its entries, whether drift grows
        with time or with turning (a regression with intervals); without, says it cannot and gives a
        walking plan, checked by simulation. Simulates <n> walks per distinct duration and logged
        turning on the profile (a class of phones, or one phone for a device profile), tests the walks'
        percentiles against them (Anderson-Darling, sign test, calibrated on <n> simulated logs of the
        same walks, one phone each) and names the error that would explain a gap. Writes walks.csv, profile.csv, regression.csv, walks.svg and summary.md; the summary lists
        what was skipped.
        """

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(valueName: "<log.json>", noun: "drift log", meaning: "TurnBack's drift log (JSON).", count: 1...1) {
            o, files, _ in o.file = files[0]
        }
    }

    static var options: [OptionSpec<Self>] {
        [
            SharedOption.gyroProfile(\.profile),
            SharedOption.out(\.outputFolder, meaning: "Folder for the report.", default: "Reports/walks"),
            SharedOption.trials(
                \.trials, in: 10...100_000, meaning: "Simulated walks per duration, and one-phone logs for the p-value.", default: "200"),
            SharedOption.seed(\.seed, meaning: "Seed of the simulation.", default: "1"),
            SharedOption.walkShape(\.straight),
            SharedOption.jobs(\.jobs),
            SharedOption.quiet(\.quiet),
        ]
    }

    /// The walks are simulated at each logged duration (and turning): one the profile cannot lay out is refused, with
    /// its entry (one-line log) or line.
    static func refuseWalksTheProfileCannotLayOut(
        _ log: DriftLog, profile: GyroProfile, file: String, straight: Bool
    ) throws(InputError) {
        for e in log.entries {
            let walk = WalksAnalysis.WalkKey(e).walk(straight: straight)
            if let (_, problem) = DriftScenario.sampledWalkProblem(walk, profile: profile) {
                throw InputError(
                    file: file, line: log.isOneLine ? nil : e.line,
                    field: log.isOneLine ? "entry \(e.index).minutes" : "minutes", problem: problem)
            }
        }
    }

    /// `sensorbench walks`: drift log against the profile's simulated walks.
    func run() throws -> ExitCode {
        try InputKind.expect(.driftLog, file: self.file, command: "walks")
        let log = try DriftLog.load(path: self.file)
        let profile = try ProfileReader.read(
            option: "--profile", value: self.profile, folder: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        try Self.refuseWalksTheProfileCannotLayOut(log, profile: profile, file: self.file, straight: self.straight)
        try ReportFiles.reserve(URL(fileURLWithPath: self.outputFolder))
        let runner = MonteCarloRunner(
            jobs: self.jobs ?? MonteCarloRunner.defaultJobs,
            progress: ProgressReporter.make(label: "walks \(self.profile)", unit: "walks", quiet: self.quiet))
        let analysis = try WalksAnalysis(
            log: log, profile: profile, trials: self.trials, seed: self.seed,
            straight: self.straight, runner: runner)
        let files = try WalksReport.render(analysis)
        let out = URL(fileURLWithPath: self.outputFolder)
        try files.write(to: out)
        print("\(self.file): \(log.entries.count) walks (\(log.skipped.count) skipped) → \(out.relativePath)/summary.md")
        return .success
    }
}

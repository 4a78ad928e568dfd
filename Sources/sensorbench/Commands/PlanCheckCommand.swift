import FileFormats
import Foundation
import MonteCarlo
import Recordings
import Reporting
import Stats
import Studies

/// `sensorbench dev plan-check`: the walking plan `walks` gives for a profile, checked with the full simulator.
struct PlanCheckCommand: Subcommand {
    var profile = "phone-calibrated"
    var replications = 200
    var seed: UInt64 = 1
    var jobs: Int?
    var quiet = false

    init() {}

    static let name = "plan-check"
    static let summary = "A profile's walking plan, its power checked with the full simulator (docs/recordings.md)."
    static let details = """
        Picks the walking plan as walks does (the closed-form drift model, 400 simulated logs) and simulates
        <n> logs of it through the drift study's trial (walk, gyro error model, heading tracker), one phone per
        log, each answered by the same time-or-turning regression. Prints both powers with their Wilson 95%
        intervals and whether the advertised 95% lies within the simulator's interval or below it, and how
        often the regression's 95% intervals of the time and turning parts held the phone's own.
        """

    static var options: [OptionSpec<Self>] {
        [
            SharedOption.gyroProfile(\.profile),
            OptionSpec("--replications", value: "<n>", meaning: "Simulated logs of the plan, 10 to 100000.", default: "200") {
                o, text, context in
                o.replications = try ValueParser.integer(text, option: "--replications", in: 10...100_000, context)
            },
            SharedOption.seed(\.seed, meaning: "Seed of the simulation.", default: "1"),
            SharedOption.jobs(\.jobs),
            SharedOption.quiet(\.quiet),
        ]
    }

    /// Prints the plan (closed form) and its power measured with the full simulator.
    func run() throws -> ExitCode {
        let profile = try ProfileReader.read(
            option: "--profile", value: self.profile, folder: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let plan = try WalkingPlan.make(model: PhoneDriftModel(profile: profile), seed: seed)
        let runner = MonteCarloRunner(
            jobs: jobs ?? MonteCarloRunner.defaultJobs,
            progress: ProgressReporter.make(label: "plan-check \(self.profile)", unit: "logs", quiet: quiet))
        let check = try WalkingPlan.checkWithSimulator(
            profile: profile, walksPerKind: plan.walksPerKind, replications: replications, seed: seed, runner: runner)
        func pct(_ x: Double) throws -> String { try Format.percent(x) }
        print(
            "\(profile.name) (\(profile.kind == .device ? "one phone" : "a class of phones")): \(plan.walksPerKind) walks of each "
                + "kind (\(plan.totalWalks) walks)")
        print(
            "closed form: \(try pct(plan.power)) of \(WalkingPlan.replications) logs answered (95% CI "
                + "\(try pct(plan.powerInterval.low)) to \(try pct(plan.powerInterval.high)))")
        print(
            "simulator:   \(try pct(check.power)) of \(check.replications) logs answered (95% CI "
                + "\(try pct(check.powerInterval.low)) to \(try pct(check.powerInterval.high))); the advertised "
                + "\(try pct(WalkingPlan.targetPower)) \(check.holds ? "holds" : "does not hold") within that interval")
        func covered(_ k: Int) throws -> String {
            guard check.fitted > 0 else { return "–" }
            let ci = try Proportion(successes: k, trials: check.fitted).wilson()
            return "\(k) of \(check.fitted) (\(try pct(Double(k) / Double(check.fitted))), 95% CI \(try pct(ci.low)) to "
                + "\(try pct(ci.high)))"
        }
        print(
            "95% intervals of the phone's own parts of a \(Format.exact(TimeOrTurning.typicalMinutes))-minute loop: time "
                + "part \(try covered(check.timePartCovered)), turning part \(try covered(check.turningPartCovered))")
        return .success
    }
}

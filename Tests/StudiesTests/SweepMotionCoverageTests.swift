import Foundation
import Testing

@testable import FileFormats
@testable import MonteCarlo
@testable import Studies

/// The fast version of `sensorbench dev shake-coverage --scenario` (``SweepMotionCoverage``): a small scenario on
/// the motion library, fixed seed.
@Suite struct SweepMotionCoverageTests {
    /// Eight five-minute timelines at 50 Hz, half the time still and the rest walking with the phone in a pocket or
    /// riding a vehicle (the activities whose false alarms come in bursts), 3 shakes each; four threshold-count
    /// settings, two of them busy (hundreds of false alarms an hour), so that each day's sweep shows its own
    /// dispersion floor (about 21 in the release run of 200 days).
    static let scenario = """
        {"study": "shake", "name": "bursts", "seed": 5, "timelines": 8,
         "timeline": {"minutes": 5, "sampleRateHz": 50, "shakesPerTimeline": 3, "minimumGapSeconds": 15,
           "weights": {"still": 2, "walking": 0, "pocket-walk": 1, "running": 0, "pick-up": 0, "put-down": 0,
                       "tapping": 0, "vehicle": 1}},
         "recommend": {"rule": "targets", "minRecall": 0.5, "maxFalseAlarmsPerHour": 20, "minSingleEventShare": 0.8},
         "sweep": [{"kind": "threshold-count", "thresholdG": [1.0, 1.25], "requiredCount": [3, 6],
                    "windowSeconds": 1, "cooldownSeconds": 1}]}
        """

    static func load() throws -> ShakeScenario {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-motion-cov-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.json").path
        try scenario.write(toFile: path, atomically: true, encoding: .utf8)
        return try #require(try ScenarioFile.load(path: path).study as? ShakeScenario)
    }

    static let replications = 100
    /// 0.95 − 3.29·√(0.95·0.05/100) = 0.95 − 0.0717 = 0.8783: the lower end of a 99.9% binomial band around 95% for
    /// 100 replications. A coverage at or above it is consistent with 95% (or conservative); one below it is not.
    static let lowestConsistent = 0.95 - 3.29 * (0.95 * 0.05 / Double(replications)).squareRoot()

    /// Threshold-count at 1.25 g, requiredCount 6 fires about 15 false alarms an hour in bursts (a day of 0.6 h has
    /// about 9, or none on 4–6% of the days): the report's floored interval, its precision and its recall cover, and
    /// the interval without the floor (what the reports used before) does not: the release build gives 100, 79, 100
    /// and 96 of 100 here (and 200, 165, 199, 199 of 200 days against a truth from 800 timelines).
    @Test func burstyFalseAlarmsNeedTheFloor() throws {
        let s = try Self.load()
        let r = try SweepMotionCoverage.run(
            s, settings: [3], replications: Self.replications, truthTimelines: 400, runner: MonteCarloRunner(jobs: 2))
        let row = try #require(r.rows.first)
        #expect(row.replications == Self.replications && r.floors.count == Self.replications)
        #expect(row.truth.rate > 5 && row.truth.rate < 40, "truth \(row.truth.rate)")
        #expect(row.rateJudged == Self.replications)
        let floored = Double(row.rateCovered) / Double(row.rateJudged)
        let unfloored = Double(row.unflooredRateCovered) / Double(row.rateJudged)
        #expect(floored >= Self.lowestConsistent, "floored \(row.rateCovered) of \(row.rateJudged)")
        #expect(unfloored < Self.lowestConsistent, "unfloored \(row.unflooredRateCovered) of \(row.rateJudged)")
        #expect(Double(row.precisionCovered) / Double(row.precisionJudged) >= Self.lowestConsistent, "\(row.precisionCovered)")
        #expect(Double(row.recallCovered) / Double(row.recallJudged) >= Self.lowestConsistent, "\(row.recallCovered)")
        // Each day's floor comes from its own busy settings: the median of theirs is well above 1.
        #expect(r.floors.sorted()[Self.replications / 2] > 2)
    }

    /// The same days whatever the jobs: the table is byte-identical with 1 and 3 jobs.
    @Test func deterministicWhateverTheJobs() throws {
        let s = try Self.load()
        func run(_ jobs: Int) throws -> SweepMotionCoverage.Result {
            try SweepMotionCoverage.run(
                s, settings: [1, 3], replications: 4, truthTimelines: 16, runner: MonteCarloRunner(jobs: jobs))
        }
        let one = try run(1)
        let three = try run(3)
        #expect(try SweepMotionCoverage.table(one) == (try SweepMotionCoverage.table(three)))
        #expect(one == three)
    }

    /// A setting that never fires has a true rate of 0, which the interval covers by construction: not judged ("–").
    /// The streams are apart: replications from 2³⁰, truth from 1.5·2³⁰, each 2²⁹ long, between the selection (below
    /// 10⁶) and the confirmation (2³¹ on).
    @Test func truthAtItsBoundIsNotJudged() throws {
        #expect(SweepMotionCoverage.replicationBase == 1_073_741_824)
        #expect(SweepMotionCoverage.truthBase - SweepMotionCoverage.replicationBase == SweepMotionCoverage.maximumTimelines)
        #expect(SweepMotionCoverage.truthBase + SweepMotionCoverage.maximumTimelines == Int(ConfirmationPlan.streamBase))
        var row = SweepMotionCoverage.Row(
            setting: SweepSetting(index: 0, family: "f", parameters: [], shortLabel: "x", configurationJSON: "{}"),
            truth: .init(
                timelines: 1,
                metrics: try DetectionMetrics(
                    truePositives: 5, falseAlarms: 0, misses: 5, fragments: 0, latenciesSeconds: [], exposureHours: 1)))
        try SweepMotionCoverage.judge(
            &row,
            try DetectionMetrics(
                truePositives: 3, falseAlarms: 0, misses: 3, fragments: 0, latenciesSeconds: [], exposureHours: 1))
        #expect(row.replications == 1 && row.zeroCounts == 1)
        #expect(row.rateJudged == 0 && row.precisionJudged == 0)
        #expect(row.recallJudged == 1 && row.recallCovered == 1)
    }
}

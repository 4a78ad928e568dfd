import Foundation
import Stats
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
    /// and 96 of 100 here (and 200, 165, 199, 199 of 200 days against a truth from 800 timelines). Its per-activity
    /// interval in pocket-walk (about 57 false alarms an hour of it, in 0.16 h a day) and its fires-once interval
    /// (true share about 0.96) cover too: 100 and 100 of 100 in the release build.
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
        let pocket = try #require(ShakeTrial.activities.map(\.rawValue).firstIndex(of: "pocket-walk"))
        let inPocket = row.activities[pocket]
        #expect(row.truth.activityRate(pocket) > 20 && inPocket.judged == Self.replications, "\(inPocket)")
        #expect(Double(inPocket.covered) / Double(inPocket.judged) >= Self.lowestConsistent, "\(inPocket)")
        // The answer's "day without" pocket-walk (the remaining still and vehicle time) covers too: 100 of 100 in the
        // release build, but its truth is 0.041 an hour (one false alarm in 400 truth timelines), which the zero-count
        // bound reaches by a wide margin, so this checks the wiring more than the interval.
        #expect(
            row.truth.withoutActivityRate(pocket) > 0 && inPocket.withoutJudged == Self.replications,
            "\(row.truth.withoutActivityRate(pocket)), \(inPocket)")
        #expect(Double(inPocket.withoutCovered) / Double(inPocket.withoutJudged) >= Self.lowestConsistent, "\(inPocket)")
        #expect(row.singleJudged == Self.replications, "\(row.singleJudged)")
        #expect(Double(row.singleCovered) / Double(row.singleJudged) >= Self.lowestConsistent, "\(row.singleCovered)")
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

    /// A day whose intervals are known by hand: one timeline of 1 h without gestures, 1000 s still, 800 s pocket-walk,
    /// then 0.5 h riding a vehicle, one setting firing once at 2000 s (in the vehicle). Fewer than 2 clusters and no
    /// setting with 20 false alarms leave the dispersion at 1 (no floor), so each activity's interval is Garwood's:
    /// still, 0 events in 1000 s: [0, χ²₀.₉₇₅(2)/2 / (1000/3600 h)] = [0, (−2·ln 0.025)/2 · 3.6] = [0, 13.280];
    /// vehicle, 1 event: [χ²₀.₀₂₅(2)/2, χ²₀.₉₇₅(4)/2] / 0.5 = [0.025318, 5.5716] / 0.5 = [0.050636, 11.143]
    /// (χ²₀.₉₇₅(4) = 11.1433, Abramowitz and Stegun table 26.8). The counts must be those intervals judged against the
    /// truth: still at 4 an hour inside, vehicle at 12 outside and at 10 inside, walking (absent from the day) not
    /// reported, pocket-walk (true rate 0) reported but not judged. The single-event share 8 of 10 (one cluster: the
    /// plain Wilson interval's lower end 0.4902, (p + z²/2n − z·√(p(1 − p)/n + z²/4n²))/(1 + z²/n), and, with 2
    /// failures, Brown, Cai and DasGupta's upper end 1 − χ²₀.₀₅(4)/2/10 = 0.9645) holds 0.9 and not 0.45.
    /// The "day without it" intervals (the answer's, floor 1): without the vehicle, 0 events in the 0.5 h left,
    /// [0, 3.6889/0.5] = [0, 7.3778], so a truth of 8 is outside and 7 inside; without still, 1 event in 1 − 1000/3600 =
    /// 0.72222 h, [0.025318, 5.5716]/0.72222 = [0.035056, 7.7145], holding 7; without pocket-walk, 1 event in 0.77778 h,
    /// [0.032552, 7.1635], holding 5 (a pair left out of the table, its truth in the activity being 0: the sentence
    /// after the table gives its 1 of 1, Wilson's [1/(1 + z²), 1] = [0.207, 1], z² = 3.8415).
    @Test func countsComeFromTheReportsOwnIntervals() throws {
        let activities = ShakeTrial.activities.map(\.rawValue)
        let still = try #require(activities.firstIndex(of: "still"))
        let vehicle = try #require(activities.firstIndex(of: "vehicle"))
        let walking = try #require(activities.firstIndex(of: "walking"))
        let pocket = try #require(activities.firstIndex(of: "pocket-walk"))
        let setting = SweepSetting(index: 0, family: "f", parameters: [], shortLabel: "x", configurationJSON: "{}")
        let day = try SweepAnalysis(
            settings: [setting],
            outcomes: [
                GestureTrialOutcome(
                    trialIndex: 0, seed: TrialSeed(scenarioSeed: 1, trialIndex: 0), durationSeconds: 3600, truth: [],
                    labels: [
                        ActivitySpan(activity: still, startSeconds: 0, endSeconds: 1000),
                        ActivitySpan(activity: pocket, startSeconds: 1000, endSeconds: 1800),
                        ActivitySpan(activity: vehicle, startSeconds: 1800, endSeconds: 3600),
                    ], detections: [[2000]])
            ], activityCount: activities.count, toleranceBeforeSeconds: 0, toleranceAfterSeconds: 0.5, rule: .default)
        #expect(day.dispersionFloor == 1)
        let stillCI = try #require(try day.activityRateInterval(setting: 0, activity: still))
        let vehicleCI = try #require(try day.activityRateInterval(setting: 0, activity: vehicle))
        #expect(stillCI.low == 0 && abs(stillCI.high - 3.6889 / (1000.0 / 3600)) < 1e-3, "\(stillCI)")
        #expect(abs(vehicleCI.low - 0.050636) < 1e-5 && abs(vehicleCI.high - 11.143) < 1e-3, "\(vehicleCI)")
        let withoutVehicle = try #require(try day.withoutActivityRateInterval(setting: 0, activity: vehicle))
        let withoutStill = try #require(try day.withoutActivityRateInterval(setting: 0, activity: still))
        let withoutPocket = try #require(try day.withoutActivityRateInterval(setting: 0, activity: pocket))
        #expect(withoutVehicle.low == 0 && abs(withoutVehicle.high - 7.3778) < 1e-3, "\(withoutVehicle)")
        #expect(abs(withoutStill.low - 0.035056) < 1e-5 && abs(withoutStill.high - 7.7145) < 1e-3, "\(withoutStill)")
        #expect(abs(withoutPocket.low - 0.032552) < 1e-5 && abs(withoutPocket.high - 7.1635) < 1e-3, "\(withoutPocket)")
        func row(vehicleTruth: Int, withoutVehicleTruth: Int, single: (Int, Int)) throws -> SweepMotionCoverage.Row {
            var rates = [ClusteredRate](repeating: .empty, count: activities.count)
            rates[still] = ClusteredRate(events: 4, exposure: 1)
            rates[vehicle] = ClusteredRate(events: vehicleTruth, exposure: 1)
            rates[walking] = ClusteredRate(events: 1, exposure: 1)
            rates[pocket] = ClusteredRate(events: 0, exposure: 1)
            var without = [ClusteredRate](repeating: .empty, count: activities.count)
            without[still] = ClusteredRate(events: 7, exposure: 1)
            without[vehicle] = ClusteredRate(events: withoutVehicleTruth, exposure: 1)
            without[walking] = ClusteredRate(events: 3, exposure: 1)
            without[pocket] = ClusteredRate(events: 5, exposure: 1)
            var r = SweepMotionCoverage.Row(
                setting: setting,
                truth: .init(
                    timelines: 1,
                    metrics: try DetectionMetrics(
                        truePositives: single.1, falseAlarms: 0, misses: 0, fragments: 0, latenciesSeconds: [],
                        exposureHours: 1, gesturesWithFragments: single.1 - single.0),
                    activityRates: rates, withoutActivityRates: without))
            try SweepMotionCoverage.judgeActivities(&r, day, setting: 0)
            try SweepMotionCoverage.judge(
                &r,
                try DetectionMetrics(
                    truePositives: 10, falseAlarms: 1, misses: 0, fragments: 0, latenciesSeconds: [],
                    exposureHours: 1, gesturesWithFragments: 2))
            return r
        }
        let outside = try row(vehicleTruth: 12, withoutVehicleTruth: 8, single: (9, 20))
        #expect(
            outside.activities[still]
                == .init(
                    reported: 1, zeroCounts: 1, hours: 1000.0 / 3600, judged: 1, covered: 1, withoutJudged: 1,
                    withoutCovered: 1))
        #expect(
            outside.activities[vehicle]
                == .init(reported: 1, zeroCounts: 0, hours: 0.5, judged: 1, covered: 0, withoutJudged: 1, withoutCovered: 0))
        #expect(outside.activities[walking] == .init())
        #expect(outside.activities[pocket].reported == 1 && outside.activities[pocket].judged == 0)
        #expect(outside.activities[pocket].withoutJudged == 1 && outside.activities[pocket].withoutCovered == 1)
        #expect(outside.singleJudged == 1 && outside.singleCovered == 0)
        let inside = try row(vehicleTruth: 10, withoutVehicleTruth: 7, single: (9, 10))
        #expect(inside.activities[vehicle].judged == 1 && inside.activities[vehicle].covered == 1)
        #expect(inside.activities[vehicle].withoutJudged == 1 && inside.activities[vehicle].withoutCovered == 1)
        #expect(inside.singleJudged == 1 && inside.singleCovered == 1)
        let table = try SweepMotionCoverage.activityTable(
            .init(scenario: "s", dayTimelines: 1, replications: 1, truthTimelines: 1, rows: [outside], floors: [1]))
        // Still, vehicle and walking have truth false alarms; pocket-walk's truth is 0 (left out, counted).
        #expect(table.contains("| vehicle ") && table.contains("| walking ") && table.contains("| still "), "\(table)")
        #expect(!table.contains("| pocket-walk ") && table.contains("left out, 1 setting–activity pair "), "\(table)")
        // Vehicle's activity and day-without intervals both miss (0 of 1, Wilson [0, z²/(1 + z²)] = [0, 0.793]).
        #expect(table.components(separatedBy: "0.0% [0.0–79.3]").count == 3, "\(table)")
        #expect(table.contains("covers 100.0% [20.7–100.0] (lowest, 0: f x without pocket-walk)"), "\(table)")
        #expect(table.contains("; 0 with a coverage interval wholly below 95%."), "\(table)")
        // The gesture's own activity is never left out by the answer: its day-without interval is not judged.
        var gesture = outside
        gesture.activities[pocket] = .init()
        try SweepMotionCoverage.judgeActivities(&gesture, day, setting: 0, gestureActivity: pocket)
        #expect(gesture.activities[pocket].reported == 1 && gesture.activities[pocket].withoutJudged == 0, "\(gesture)")
        #expect(gesture.activities[still].withoutJudged == 2, "the other activities are still judged: \(gesture)")
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

    /// A scribble scenario is measured on its touch timelines (``SweepMotionCoverage/run(_:settings:replications:truthTimelines:runner:)``
    /// for ``ScribbleScenario``): two days of four two-minute timelines, a two-setting sweep; each day's counts must be
    /// those of the scribble report's own analysis of the same trials (day r's timeline i is global trial 2³⁰ + 4r + i,
    /// its whole sweep reduced by ``ScribbleStudy``'s accumulator), judged against the truth run of trials 1.5·2³⁰ on,
    /// and the activities are the gesture kinds.
    @Test func scribbleIsMeasuredOnItsTouchTimelines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-motion-cov-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.json").path
        try
            #"{"study": "scribble", "name": "touch", "seed": 3, "timelines": 4, "timeline": {"minutes": 2}, "sweep": [{"requiredReversals": [2, 3]}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let s = try #require(try ScenarioFile.load(path: path).study as? ScribbleScenario)
        let r = try SweepMotionCoverage.run(
            s, settings: [0, 1], replications: 2, truthTimelines: 8, runner: MonteCarloRunner(jobs: 2))
        #expect(r.activityNames == ScribbleStudy.activities.map(\.rawValue))
        #expect(r.rows.map(\.activities.count) == [ScribbleStudy.activities.count, ScribbleStudy.activities.count])
        #expect(try SweepMotionCoverage.table(r).contains("intervals on the touch gestures"))
        // The truth, by hand: the report's accumulator over trials 1.5·2³⁰ to 1.5·2³⁰ + 7.
        var truth = ScribbleStudy.accumulator(s)
        for j in 0..<8 { try truth.add(try ScribbleStudy.run(s, index: SweepMotionCoverage.truthBase + j)) }
        let t = try truth.finish()
        // The days, by hand: each the report's analysis of its four trials, judged against that truth.
        var expected = r.rows.map { SweepMotionCoverage.Row(setting: $0.setting, truth: $0.truth, activityCount: $0.activities.count) }
        var floors: [Double] = []
        for day in 0..<2 {
            var a = ScribbleStudy.accumulator(s)
            for i in 0..<4 { try a.add(try ScribbleStudy.run(s, index: SweepMotionCoverage.replicationBase + 4 * day + i)) }
            let analysis = try a.finish()
            floors.append(analysis.dispersionFloor)
            for j in 0..<2 {
                try SweepMotionCoverage.judge(&expected[j], analysis.metrics[j])
                try SweepMotionCoverage.judgeActivities(
                    &expected[j], analysis, setting: j, gestureActivity: ScribbleStudy.activities.map(\.rawValue).firstIndex(of: "scribble")
                )
            }
        }
        for j in 0..<2 {
            #expect(r.rows[j].truth.metrics.falseAlarms == t.metrics[j].falseAlarms)
            #expect(r.rows[j].truth.metrics.truePositives == t.metrics[j].truePositives)
            #expect(r.rows[j].truth.activityRates == t.activityRates[j])
            #expect(r.rows[j].truth.withoutActivityRates == t.falseAlarmsWithoutActivity[j])
            #expect(r.rows[j] == expected[j], "setting \(j)")
        }
        #expect(r.floors == floors)
        #expect(r.rows[0].truth.metrics.truePositives > 0, "the truth run catches scribbles")
    }
}

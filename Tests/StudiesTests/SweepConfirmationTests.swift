import Foundation
import Testing

@testable import FileFormats
@testable import MonteCarlo
@testable import Studies

/// Writes a scenario into a fresh temporary folder and loads it.
private func load(_ json: String) throws(InputError) -> Scenario {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-confirm-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("s.json").path
    try? json.write(toFile: path, atomically: true, encoding: .utf8)
    return try ScenarioFile.load(path: path)
}

/// A still day: ten two-minute timelines at 50 Hz with nothing but the phone lying still and 4 shakes each, two
/// settings (threshold-count at 0.5 g, which catches shakes and has nothing else to fire on, and at 16 g, which
/// never fires), a `recommend` block and a `confirm` block.
private func stillDay(recommend: String, confirm: String = #", "confirm": {"timelines": 10, "days": 20}"#) -> String {
    """
    {"study": "shake", "name": "still", "seed": 11, "timelines": 10,
     "timeline": {"minutes": 2, "sampleRateHz": 50, "shakesPerTimeline": 4, "minimumGapSeconds": 15,
       "weights": {"still": 1, "walking": 0, "pocket-walk": 0, "running": 0, "pick-up": 0, "put-down": 0,
                   "tapping": 0, "vehicle": 0}},
     "recommend": \(recommend)\(confirm),
     "sweep": [{"kind": "threshold-count", "thresholdG": [0.5, 16], "requiredCount": 2, "cooldownSeconds": 2.5}]}
    """
}

private func shake(_ json: String) throws -> ShakeScenario {
    try #require(try load(json).study as? ShakeScenario)
}

/// The choice judged on fresh timelines: the headline flips with what fresh days show, and the confirmation
/// does not depend on threads or shards.
@Suite struct SweepConfirmationTests {
    /// With a limit of 20 false alarms an hour, the 0.5 g setting meets all three targets on every day: 40 shakes a
    /// day, about 85% caught at 50 Hz (34 of 40 on the selection's timelines: Wilson low end 0.71 ≥ 0.5; a day would
    /// need fewer than 25 caught to fail), no false alarm in about 0.32 h a day (Garwood
    /// bound 3.689/0.32 ≈ 11.5 ≤ 20; no setting fires 20 times, so the floor is 1), one event a shake (cooldown 2.5 s
    /// is longer than any shake, 2 s): 20 of 20 fresh days, Clopper–Pearson low end 0.025^(1/20) = 0.832 ≥ 0.8. "Ship".
    @Test func aSettingThatQualifiesIsShipped() throws {
        let s = try shake(
            stillDay(recommend: #"{"rule": "targets", "minRecall": 0.5, "maxFalseAlarmsPerHour": 20, "minSingleEventShare": 0.8}"#))
        #expect(s.confirmation == ConfirmationPlan(timelines: 10, days: 20))
        let files = try ShakeStudy.report(s, runner: MonteCarloRunner(jobs: 2))
        let summary = try #require(files.contents(of: "summary.md"))
        #expect(summary.contains("**Ship threshold-count at 0.5 g, requiredCount 2, cooldownSeconds 2.5: it meets all three targets"))
        #expect(summary.contains("Chosen on 10 timelines; confirmed on 10 fresh ones"))
        #expect(summary.contains("all three on 20 of 20 (100%, 95% CI 83–100%)"))
        #expect(summary.contains("It is reliable"))
    }

    /// The same qualifying setting judged on only 10 fresh days: 10 of 10 has a Clopper–Pearson low end of
    /// 0.025^(1/10) = 0.692 < 0.8, so it is not called reliable, and what stops it is the number of days, not a
    /// target it met every day (the sentence said "the false-alarm limit, met on 10 of 10 days"). 17 is the fewest
    /// days whose n of n reaches 0.8: 0.025^(1/n) ≥ 0.8, n ≥ ln 0.025 / ln 0.8 = 16.5.
    @Test func tooFewDaysAreWhatStopsASettingThatMetEveryDay() throws {
        #expect(ConfirmationPlan.fewestDaysToShowReliable == 17)
        let s = try shake(
            stillDay(
                recommend: #"{"rule": "targets", "minRecall": 0.5, "maxFalseAlarmsPerHour": 20, "minSingleEventShare": 0.8}"#,
                confirm: #", "confirm": {"timelines": 10, "days": 10}"#))
        let summary = try #require(try ShakeStudy.report(s, runner: MonteCarloRunner(jobs: 2)).contents(of: "summary.md"))
        #expect(summary.contains("all three on 10 of 10 (100%, 95% CI 69–100%)"))
        #expect(!summary.contains("It is reliable"))
        #expect(summary.contains("what stops it is the number of days: even 10 of 10 cannot show 80% (at least 17 are needed)"))
        #expect(!summary.contains("met on 10 of 10 days"))
    }

    /// With a limit of 1 an hour, 0.32 h a day cannot show it (bound ≈ 11.5): no setting meets the targets, the
    /// answer says so, and no fresh day meets them either; what stops the closest is the false-alarm target.
    @Test func noSettingQualifiesAndTheAnswerSaysWhatStopsIt() throws {
        let s = try shake(
            stillDay(recommend: #"{"rule": "targets", "minRecall": 0.5, "maxFalseAlarmsPerHour": 1, "minSingleEventShare": 0.8}"#))
        let files = try ShakeStudy.report(s, runner: MonteCarloRunner(jobs: 2))
        let summary = try #require(files.contents(of: "summary.md"))
        #expect(summary.contains("**No setting of the 2 meets all three targets"))
        #expect(summary.contains("cannot show it fires at most 1 false alarm an hour on these timelines"))
        #expect(!summary.contains("Ship "))
        #expect(summary.contains("No setting tried (the choice and its 1 runner-up) meets all three targets reliably"))
        #expect(summary.contains("what stops it is the false-alarm target, met on 0 of 20 days"))
    }

    /// A max-recall rule whose limit no setting can be shown to meet (upper bound ≈ 11.5 > 1): the section never
    /// calls the least bad setting recommended.
    @Test func maxRecallNeverRecommendsASettingOverTheLimit() throws {
        let s = try shake(
            stillDay(recommend: #"{"rule": "max-recall", "maxFalseAlarmsPerHour": 1, "falseAlarmBound": "upper-95"}"#))
        let summary = try #require(try ShakeStudy.report(s, runner: MonteCarloRunner(jobs: 2)).contents(of: "summary.md"))
        #expect(
            summary.contains(
                "**No setting of the 2 meets the limit (at most 1 false alarm an hour on the upper end of its 95% interval), so none is recommended"
            ))
        #expect(!summary.contains("Recommended:"))
        let allowed = try shake(
            stillDay(recommend: #"{"rule": "max-recall", "maxFalseAlarmsPerHour": 20, "falseAlarmBound": "upper-95"}"#))
        let ok = try #require(try ShakeStudy.report(allowed, runner: MonteCarloRunner(jobs: 2)).contents(of: "summary.md"))
        #expect(ok.contains("**Recommended: threshold-count at 0.5 g, requiredCount 2, cooldownSeconds 2.5: recall"))
        #expect(ok.contains("(reliable)"))
    }

    /// A max-recall choice that meets its limit on every fresh day, but on too few days to show it reliably: 10 of
    /// 10 days (each 0.32 h with no false alarm, Garwood bound 3.689/0.32 ≈ 11.5 ≤ 20) has a Clopper–Pearson low end
    /// of 0.025^(1/10) = 0.692 < 0.8. The headline says it falls short of the 80% bound; it must not read "but …
    /// meets the limit on 10 of 10", a "but" that the 100% beside it contradicts. With 20 days (low end 0.832) the
    /// same choice is recommended, so the sentence flips with the numbers.
    @Test func maxRecallWithTooFewDaysSaysWhyItIsNotReliable() throws {
        let rule = #"{"rule": "max-recall", "maxFalseAlarmsPerHour": 20, "falseAlarmBound": "upper-95"}"#
        let few = try shake(stillDay(recommend: rule, confirm: #", "confirm": {"timelines": 10, "days": 10}"#))
        let summary = try #require(try ShakeStudy.report(few, runner: MonteCarloRunner(jobs: 2)).contents(of: "summary.md"))
        #expect(summary.contains("**Not reliable enough to recommend: threshold-count at 0.5 g, requiredCount 2, cooldownSeconds 2.5:"))
        #expect(
            summary.contains(
                "on the 10 timelines it was chosen from, and a fresh day of 10 timelines meets the limit on 10 of 10 "
                    + "(100%, 95% CI 69–100%) of the fresh days tried, short of a 95% lower bound of 80%.**"))
        #expect(!summary.contains("chosen from, but"))
        #expect(!summary.contains("Recommended:"))
        let enough = try shake(stillDay(recommend: rule))
        let ok = try #require(try ShakeStudy.report(enough, runner: MonteCarloRunner(jobs: 2)).contents(of: "summary.md"))
        #expect(ok.contains("**Recommended: threshold-count at 0.5 g"))
        #expect(!ok.contains("Not reliable enough"))
    }

    /// The confirmation is the same with 1 or 3 jobs, and the report is byte for byte the same from one run or
    /// from two shards' outcomes (timelines 0–3 and 4–9) merged, whatever the confirmation's jobs.
    @Test func confirmationDoesNotDependOnThreadsOrShards() throws {
        let s = try shake(
            stillDay(
                recommend: #"{"rule": "targets", "minRecall": 0.5, "maxFalseAlarmsPerHour": 20, "minSingleEventShare": 0.8}"#,
                confirm: #", "confirm": {"timelines": 3, "days": 4}"#))
        let outcomes = try s.simulate(0..<s.timelines, runner: MonteCarloRunner(jobs: 1))
        let selection = try ShakeStudy.analysis(s, outcomes: outcomes)
        func confirm(_ jobs: Int) throws -> SweepConfirmation {
            try SweepConfirmation.run(
                selection: selection, plan: s.confirmation, dayTimelines: s.timelines,
                activityCount: ShakeTrial.activities.count, runner: MonteCarloRunner(jobs: jobs)
            ) { index, settings in try ShakeTrial.run(s, index: index, settings: settings) }
        }
        let one = try confirm(1)
        let three = try confirm(3)
        #expect(one.dayCounts == three.dayCounts)
        #expect(one.fresh.metrics == three.fresh.metrics)
        #expect(one.candidates == [0, 1] && one.dayCounts[0].days == 4)

        let whole = try ShakeStudy.report(s, runner: MonteCarloRunner(jobs: 3))
        let shards =
            try s.simulate(0..<4, runner: MonteCarloRunner(jobs: 1)) + s.simulate(4..<10, runner: MonteCarloRunner(jobs: 2))
        let merged = try ShakeStudy.report(s, outcomes: shards, runner: MonteCarloRunner(jobs: 1))
        #expect(whole.paths == merged.paths)
        for path in whole.paths { #expect(whole.contents(of: path) == merged.contents(of: path), "\(path)") }
    }

    /// Fresh timelines come from their own stream: confirmation timeline j is global trial 2³¹ + j, fresh day d's
    /// timeline i is 2³¹ + M + d·N + i, never one of the selection's 0…10⁶ − 1.
    @Test func freshStreamIsDistinct() {
        let plan = ConfirmationPlan(timelines: 36, days: 30)
        #expect(plan.confirmationIndex(0) == 2_147_483_648)
        #expect(plan.dayIndex(day: 2, timeline: 5, dayTimelines: 36) == 2_147_483_648 + 36 + 72 + 5)
        #expect(SweepRecheck.streamBase > plan.dayIndex(day: 1000, timeline: 1_000_000, dayTimelines: 1_000_000))
    }

    /// `confirm` defaults to the selection's timelines and 20 days; bad values are refused with the field path.
    @Test func confirmKeys() throws {
        let plain = try shake(stillDay(recommend: #"{"rule": "targets"}"#, confirm: ""))
        #expect(plain.confirmation == ConfirmationPlan(timelines: 10, days: 20))
        #expect(throws: InputError.self) { try load(stillDay(recommend: #"{"rule": "targets"}"#, confirm: #", "confirm": {"days": -1}"#)) }
        do {
            _ = try load(stillDay(recommend: #"{"rule": "targets"}"#, confirm: #", "confirm": {"timelines": 0}"#))
            Issue.record("accepted confirm.timelines 0")
        } catch {
            #expect(error.description.contains("confirm.timelines"))
        }
    }
}

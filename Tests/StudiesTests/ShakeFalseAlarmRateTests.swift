import Foundation
import Stats
import Testing

@testable import Studies

@Suite struct ShakeFalseAlarmRateTests {
    /// Two hand-made timelines, activities 0 (the gesture), 1 and 2, one setting:
    /// - timeline A, 3600 s: activity 1 on [0, 1800), activity 2 on [1800, 3600); one gesture [1000, 1001]
    ///   (inside activity 1's label); detections at 100, 200 (activity 1), 1000.5 (the gesture: a true positive,
    ///   not a false alarm) and 2000 (activity 2);
    /// - timeline B, 1800 s: activity 1 on [0, 1800); a detection at 50 (activity 1).
    /// By hand: activity 1 was simulated 0.5 + 0.5 = 1 h and caused 3 false alarms → 3 an hour; activity 2 was
    /// simulated 0.5 h and caused 1 → 2 an hour; activity 0 has no label time (the gesture lies inside activity
    /// 1's label here) → no rate.
    @Test func ratesAreCountsOverHoursOfEachActivity() throws {
        let a = GestureTrialOutcome(
            trialIndex: 0, seed: TrialSeed(scenarioSeed: 1, trialIndex: 0), durationSeconds: 3600,
            truth: [TruthEvent(startSeconds: 1000, endSeconds: 1001)],
            labels: [
                ActivitySpan(activity: 1, startSeconds: 0, endSeconds: 1800),
                ActivitySpan(activity: 2, startSeconds: 1800, endSeconds: 3600),
            ],
            detections: [[100, 200, 1000.5, 2000]])
        let b = GestureTrialOutcome(
            trialIndex: 1, seed: TrialSeed(scenarioSeed: 1, trialIndex: 1), durationSeconds: 1800, truth: [],
            labels: [ActivitySpan(activity: 1, startSeconds: 0, endSeconds: 1800)], detections: [[50]])
        let setting = SweepSetting(index: 0, family: "f", parameters: [], shortLabel: "", configurationJSON: "{}")
        let analysis = try SweepAnalysis(
            settings: [setting], outcomes: [a, b], activityCount: 3,
            toleranceBeforeSeconds: 0, toleranceAfterSeconds: 0.5, rule: .default)
        #expect(analysis.falseAlarmsByActivity[0] == [0, 3, 1])
        #expect(analysis.activityHours == [0, 1, 0.5])
        #expect(analysis.falseAlarmsPerActivityHour(setting: 0, activity: 1) == 3)
        #expect(analysis.falseAlarmsPerActivityHour(setting: 0, activity: 2) == 2)
        #expect(analysis.falseAlarmsPerActivityHour(setting: 0, activity: 0) == nil)
        #expect(analysis.falseAlarmsPerActivityHour(setting: 1, activity: 1) == nil)
        #expect(analysis.falseAlarmsPerActivityHour(setting: 0, activity: 3) == nil)
        // The overall rate is over the time outside gestures: 4 false alarms in (3600 − 1 + 1800) s.
        let overall = try #require(analysis.metrics[0].falseAlarmsPerHour)
        #expect(abs(overall - 4 / (5399.0 / 3600)) < 1e-12)
    }
}

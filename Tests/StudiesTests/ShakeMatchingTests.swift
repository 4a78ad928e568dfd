import Foundation
import Stats
import Testing

@testable import Studies

@Suite struct ShakeMatchingTests {
    let shake = [TruthEvent(startSeconds: 10, endSeconds: 11)]

    @Test func twoDetectionsInOneShakeAreOneHitAndOneFragment() {
        let m = GestureMatcher.match(truth: shake, detections: [10.4, 10.9])
        #expect(m.truePositives == 1 && m.fragments == 1 && m.falseAlarms == 0 && m.misses == 0)
        #expect(m.detectionStatus == [.truePositive, .fragment])
        #expect(m.detectionEvent == [0, 0])
    }

    /// The window is [start, end + 0.5] s, closed: 11.5 matches, 11.51 does not.
    @Test func detectionJustOutsideTheToleranceIsAFalseAlarmAndAMiss() {
        let outside = GestureMatcher.match(truth: shake, detections: [11.51])
        #expect(outside.falseAlarms == 1 && outside.misses == 1 && outside.truePositives == 0)
        let edge = GestureMatcher.match(truth: shake, detections: [11.5])
        #expect(edge.truePositives == 1 && edge.falseAlarms == 0)
        let early = GestureMatcher.match(truth: shake, detections: [9.99])
        #expect(early.falseAlarms == 1 && early.misses == 1)
        let earlyAllowed = GestureMatcher.match(truth: shake, detections: [9.99], toleranceBeforeSeconds: 0.1)
        #expect(earlyAllowed.truePositives == 1)
    }

    /// Shakes [0, 1] and [1.2, 2] have windows [0, 1.5] and [1.2, 2.5], which overlap. Detections at 1.3 and 1.4:
    /// the first goes to the window that closes first (shake 0), the second to shake 1: two hits, where
    /// "the latest shake" or "first come, first served by start" rules would also give two, but a rule that
    /// gave 1.3 to shake 1 would turn 1.4 into a fragment. A third detection at 1.45 is a fragment of shake 1,
    /// the latest-starting window containing it.
    @Test func overlappingWindowsMatchOneToOne() {
        let truth = [TruthEvent(startSeconds: 0, endSeconds: 1), TruthEvent(startSeconds: 1.2, endSeconds: 2)]
        let m = GestureMatcher.match(truth: truth, detections: [1.3, 1.4, 1.45])
        #expect(m.eventDetection == [0, 1])
        #expect(m.detectionStatus == [.truePositive, .truePositive, .fragment])
        #expect(m.detectionEvent == [0, 1, 1])
        // Unsorted input gives the same assignment, reported in the input order.
        let shuffled = GestureMatcher.match(truth: truth, detections: [1.45, 1.3, 1.4])
        #expect(shuffled.detectionStatus == [.fragment, .truePositive, .truePositive])
    }

    @Test func noDetectionsMissEverything() {
        let truth = [TruthEvent(startSeconds: 0, endSeconds: 1), TruthEvent(startSeconds: 5, endSeconds: 6)]
        let m = GestureMatcher.match(truth: truth, detections: [])
        #expect(m.misses == 2 && m.truePositives == 0 && m.falseAlarms == 0)
    }

    /// TP 8, FA 2, FN 2 over 4 hours, by hand: precision 8/10, recall 8/10, F1 16/20; Wilson 95% for 8/10 from
    /// (2x + z² ± z√(z² + 4x(n − x)/n)) / (2(n + z²)) with z = 1.959963985: [0.4901624715, 0.9433178485], whose upper
    /// end, with 2 failures in 10 (Brown, Cai and DasGupta's x* = 2 for n ≤ 50), is the one-sided Poisson bound
    /// 1 − χ²₀.₀₅(4)/2/10 = 1 − 0.3553615107/10 = 0.9644638489 (scipy.stats.chi2.ppf); false alarms 2/4 = 0.5 an hour.
    @Test func precisionRecallArithmeticByHand() throws {
        let m = try DetectionMetrics(
            truePositives: 8, falseAlarms: 2, misses: 2, fragments: 3,
            latenciesSeconds: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8], exposureHours: 4)
        #expect(m.precision == 0.8 && m.recall == 0.8)
        #expect(abs((m.f1 ?? 0) - 0.8) < 1e-15)
        #expect(abs((m.precisionInterval?.low ?? 0) - 0.4901624715) < 1e-9)
        #expect(abs((m.recallInterval?.high ?? 0) - 0.9644638489) < 1e-9)
        #expect(m.falseAlarmsPerHour == 0.5)
        // Median of 0.1…0.8 is 0.45; p95 by type 7: h = 7·0.95 = 6.65 → 0.7 + 0.65·0.1 = 0.765.
        #expect(abs((m.latencyMedianSeconds ?? 0) - 0.45) < 1e-12)
        #expect(abs((m.latencyP95Seconds ?? 0) - 0.765) < 1e-12)
    }

    /// No detections: precision undefined, recall 0, F1 0, no latency.
    @Test func silentDetectorHasUndefinedPrecision() throws {
        let m = try DetectionMetrics(
            truePositives: 0, falseAlarms: 0, misses: 5, fragments: 0, latenciesSeconds: [],
            exposureHours: 2)
        #expect(m.precision == nil && m.precisionInterval == nil)
        #expect(m.recall == 0 && m.f1 == 0 && m.latencyMedianSeconds == nil)
        #expect(m.falseAlarmsPerHour == 0)
    }

    /// Garwood's exact Poisson interval: with 2 degrees of freedom χ²ₚ = −2 ln(1 − p), so k = 0 gives an upper
    /// bound of −ln 0.025 = 3.688879454 and k = 1 a lower bound of −ln 0.975 = 0.02531780798.
    @Test func poissonIntervalClosedForms() throws {
        let zero = try DetectionMetrics.poissonInterval(count: 0)
        #expect(zero.low == 0 && abs(zero.high - 3.688879454) < 1e-8)
        let one = try DetectionMetrics.poissonInterval(count: 1)
        #expect(abs(one.low - 0.02531780798) < 1e-10)
    }

    /// The rule: highest recall under the false-alarm limit; the F1 rule picks differently.
    @Test func recommendationFollowsTheRule() throws {
        let settings = (0..<3).map {
            SweepSetting(index: $0, family: "f", parameters: [], shortLabel: "", configurationJSON: "")
        }
        // Setting 0 catches every shake but fires constantly; 1 catches 3 of 4 with one false alarm in 1 hour;
        // 2 catches 2 of 4 with none.
        let truth = (0..<4).map { TruthEvent(startSeconds: Double($0) * 100, endSeconds: Double($0) * 100 + 1) }
        let outcome = GestureTrialOutcome(
            trialIndex: 0, seed: TrialSeed(scenarioSeed: 0, trialIndex: 0), durationSeconds: 3604, truth: truth,
            labels: [ActivitySpan(activity: 0, startSeconds: 0, endSeconds: 3604)],
            detections: [[0.5, 50, 60, 70, 100.5, 200.5, 300.5], [0.5, 100.5, 200.5, 1000], [0.5, 100.5]])
        let a = try SweepAnalysis(
            settings: settings, outcomes: [outcome], activityCount: 1,
            toleranceBeforeSeconds: 0, toleranceAfterSeconds: 0.5, rule: .default)
        #expect(a.exposureHours == 1)
        #expect(a.recommended == 1 && a.ruleMet && a.runnersUp == [2, 0])
        #expect(a.falseAlarmsByActivity[0] == [3])
        let f1 = try SweepAnalysis(
            settings: settings, outcomes: [outcome], activityCount: 1,
            toleranceBeforeSeconds: 0, toleranceAfterSeconds: 0.5, rule: .bestF1)
        // F1: 8/11, 6/8, 4/6 → setting 1 (0.75) again; with the upper-bound rule nothing passes 1 an hour
        // (one false alarm's upper bound is 5.57), so the fewest false alarms wins and the rule is not met.
        #expect(f1.recommended == 1)
        let strict = try SweepAnalysis(
            settings: settings, outcomes: [outcome], activityCount: 1,
            toleranceBeforeSeconds: 0, toleranceAfterSeconds: 0.5,
            rule: .maxRecall(maxFalseAlarmsPerHour: 1, useUpperBound: true))
        #expect(strict.recommended == 2 && !strict.ruleMet)
    }
}

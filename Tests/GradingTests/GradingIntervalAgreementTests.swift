import Foundation
import Stats
import Testing

@testable import Grading
@testable import Studies

/// The rubric and the studies compute a gesture criterion's interval with the same code (``DetectionMetrics``), so
/// the same counts and the same dispersion floor give the same interval and the same verdict.
@Suite struct GradingIntervalAgreementTests {
    /// 36 timelines of 0.25 h (9 h): the judged setting fires twice (timelines 0 and 1), a sensitive setting on the
    /// same timelines fires in bursts of 10 on every fourth timeline (90 events; per-timeline 0 or 40 an hour).
    static let hours = Array(repeating: 0.25, count: 36)
    static let subjectCounts = [1, 1] + Array(repeating: 0, count: 34)
    static let companionCounts = (0..<36).map { $0 % 4 == 0 ? 10 : 0 }

    static func criterion(_ metric: GradingMetric, _ rule: PassRule) -> SimulatedCriterion {
        SimulatedCriterion(
            suiteIndex: 0, metric: metric, aggregation: .pooled, rule: rule, partialCredit: nil, borderline: .half,
            gesture: nil)
    }

    static func tally() -> GestureTally {
        var t = GestureTally()
        t.truth = 216
        t.truePositives = 200
        t.misses = 16
        t.falseAlarms = 2
        t.gesturesWithFragments = 10
        t.exposureSeconds = 9 * 3600
        t.falseAlarmClusters = ClusteredRate(counts: subjectCounts, exposures: hours)
        t.singleEventClusters = (0..<36).reduce(ClusteredProportion.empty) { sum, i in
            // 200 detected over 36 timelines (the first 20 hold 6, the rest 5); the 10 that fired twice in 2 timelines.
            let n = i < 20 ? 6 : 5
            let twice = i < 2 ? 5 : 0
            return sum + ClusteredProportion(successes: n - twice, trials: n)
        }
        t.recallClusters = (0..<36).reduce(ClusteredProportion.empty) { sum, i in
            // 216 shakes, 6 a timeline; the 16 missed in 4 hard timelines (4, 4, 4, 4).
            sum + ClusteredProportion(successes: i < 4 ? 2 : 6, trials: 6)
        }
        return t
    }

    /// Same counts, same floor: the grader's false-alarm, single-event and recall intervals are the study's, bit for
    /// bit; the recall interval is the clustered one (its 16 misses sit in 4 timelines), not the plain Wilson interval.
    @Test(arguments: [1.0, 3.0, 17.0])
    func sameInputsGiveTheSameInterval(floor: Double) throws {
        let t = Self.tally()
        let study = try DetectionMetrics(
            truePositives: t.truePositives, falseAlarms: t.falseAlarms, misses: t.misses, fragments: 0,
            latency: nil, exposureHours: 9, falseAlarmClusters: t.falseAlarmClusters,
            gesturesWithFragments: t.gesturesWithFragments, singleEventClusters: t.singleEventClusters,
            recallClusters: t.recallClusters, dispersionFloor: floor)
        let rate = try Scoring.measure(
            Self.criterion(.falseAlarmsPerHour, PassRule(.atMost, 1)), outcome: .gestures(t), placeNames: [],
            dispersionFloor: floor)
        #expect(rate.0 == study.falseAlarmsPerHour)
        #expect(rate.1 == study.falseAlarmsPerHourInterval)
        let share = try Scoring.measure(
            Self.criterion(.singleEventShare, PassRule(.atLeast, 0.9)), outcome: .gestures(t), placeNames: [],
            dispersionFloor: floor)
        #expect(share.0 == study.singleEventShare)
        #expect(share.1 == study.singleEventShareInterval)
        let recall = try Scoring.measure(
            Self.criterion(.recall, PassRule(.atLeast, 0.9)), outcome: .gestures(t), placeNames: [], dispersionFloor: floor)
        #expect(recall.0 == study.recall)
        #expect(recall.1 == study.recallInterval)
        let plain = try Proportion(successes: 200, trials: 216).wilson()
        #expect(t.recallClusters.designEffect > 1 && (recall.1?.low ?? 1) < plain.low)
    }

    /// Where they disagreed: 2 false alarms in 9 h against "at most 1 an hour". Before, the grader took the
    /// unfloored interval: its own φ̂ = (Σy²/(λ̂t) − Y)/35 = (8/(2/9) − 2)/35 = 34/35, times (t₀.₉₇₅,₃₅/z)² =
    /// (2.0301/1.9600)² = 1.0728 gives φ = 1.042, so the interval is a little wider than Garwood's
    /// [χ²₀.₀₂₅(4)/2, χ²₀.₉₇₅(6)/2]/9 h = [0.0269, 0.803] and its high end χ²₀.₉₇₅(2·2/1.042 + 2)/2·1.042/9 ≈ 0.82
    /// is still below 1: pass. The study floors the dispersion at the sensitive setting's: its 90 events in bursts of
    /// 10 give X² = Σy²/(λ̂t) − Y = 3600/10 − 90 = 270, φ̂ = 270/35 = 7.714, times 1.0728: φ₀ = 8.276. The floored
    /// high end χ²₀.₉₇₅(2·2/8.276 + 2)/2·8.276/9 h is above 1: borderline. Now the grader gives the study's answer.
    @Test func theGraderNowGivesTheStudysVerdict() throws {
        let t = Self.tally()
        let companion = ClusteredRate(counts: Self.companionCounts, exposures: Self.hours)
        let floor = try ClusteredRate.dispersionFloor(of: [companion, t.falseAlarmClusters])
        #expect(abs(floor - 270.0 / 35 * (2.0301 / 1.9600) * (2.0301 / 1.9600)) < 0.01)
        let rule = PassRule(.atMost, 1)

        let before = try #require(try t.falseAlarmClusters.interval())
        #expect(abs(try t.falseAlarmClusters.dispersionUsed() - 34.0 / 35 * (2.0301 / 1.9600) * (2.0301 / 1.9600)) < 1e-3)
        #expect(before.high > 14.449 / 2 / 9 && before.high < 0.85)
        #expect(Scoring.verdict(value: 2.0 / 9, interval: before, rule: rule) == .pass)

        let study = try DetectionMetrics(
            truePositives: t.truePositives, falseAlarms: 2, misses: t.misses, fragments: 0, latency: nil,
            exposureHours: 9, falseAlarmClusters: t.falseAlarmClusters, dispersionFloor: floor)
        let studyVerdict = Scoring.verdict(value: study.falseAlarmsPerHour, interval: study.falseAlarmsPerHourInterval, rule: rule)
        #expect(studyVerdict == .borderline)

        let (value, interval, _) = try Scoring.measure(
            Self.criterion(.falseAlarmsPerHour, rule), outcome: .gestures(t), placeNames: [], dispersionFloor: floor)
        #expect(Scoring.verdict(value: value, interval: interval, rule: rule) == studyVerdict)
        #expect(try #require(interval).high > 1)
    }

    /// The floor of a suite is the sweep rule over its settings: the evaluation's floor equals
    /// `ClusteredRate.dispersionFloor` of the settings' false-alarm clusters, and 1 for a suite without settings.
    @Test func theSuiteFloorIsTakenOverItsSettings() throws {
        var sensitive = GestureTally()
        sensitive.falseAlarmClusters = ClusteredRate(counts: Self.companionCounts, exposures: Self.hours)
        let evaluation = GradingEvaluation(outcomes: [], settingTotals: [[], [Self.tally(), sensitive]])
        #expect(try evaluation.dispersionFloor(suite: 0) == 1)
        #expect(
            try evaluation.dispersionFloor(suite: 1)
                == ClusteredRate.dispersionFloor(of: [Self.tally().falseAlarmClusters, sensitive.falseAlarmClusters]))
        #expect(try evaluation.dispersionFloor(suite: 1) > 8)
    }

    /// A share of hall visits takes the geofence study's interval (`GeofenceAnalysis.visitShareInterval`, the modified
    /// Wilson whose coverage docs/geofence.md measures): 399 of 400 visits collected by a gesture, the one left falsely
    /// collected. One visit short of n, the upper end is raised to 1 − χ²₀.₀₂₅(2)/2/400 = 1 − 0.0253178/400 = 0.9999367
    /// (above Wilson's 0.99559); one false collection, the lower end lowered to 0.0253178/400 = 6.329·10⁻⁵ (below
    /// Wilson's 0.000441). χ²₀.₀₂₅(2)/2 = −ln(0.975) = 0.0253178.
    @Test func aVisitShareTakesTheGeofenceStudysInterval() throws {
        var v = VisitTally(places: 2, visitsPerPlace: 200)
        for place in 0..<2 {
            for visit in 0..<200 {
                v.add(place == 1 && visit == 0 ? .falseCollection : .collected, place: place)
            }
        }
        let collect = try Scoring.measure(
            Self.criterion(.collectRate, PassRule(.atLeast, 0.9)), outcome: .visits(v), placeNames: [], dispersionFloor: 1)
        let collectInterval = try #require(collect.1)
        #expect(collectInterval == (try GeofenceAnalysis.visitShareInterval(successes: 399, trials: 400)))
        #expect(abs(collectInterval.high - (1 + log(0.975) / 400)) < 1e-9)
        #expect(collectInterval.high > (try Proportion(successes: 399, trials: 400).wilson()).high)
        let falsely = try Scoring.measure(
            Self.criterion(.falseCollectionRate, PassRule(.atMost, 0.05)), outcome: .visits(v), placeNames: [],
            dispersionFloor: 1)
        let falseInterval = try #require(falsely.1)
        #expect(abs(falseInterval.low + log(0.975) / 400) < 1e-9)
        #expect(falseInterval.low < (try Proportion(successes: 1, trials: 400).wilson()).low)
    }
}

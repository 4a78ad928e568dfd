import Reporting
import Stats
import Studies

/// How a measured value compares with a criterion's rule.
package enum Verdict: String, Sendable, Equatable {
    case pass
    case fail
    /// The 95% interval straddles the threshold: the data cannot tell.
    case borderline
    /// The metric is undefined (no gesture detected, a hall missing): scored as a fail without partial credit.
    case notMeasurable = "not measurable"
    /// The criterion is about the other gesture.
    case notApplicable = "not applicable"
    /// A manual criterion staff have not scored yet (0 points until they do).
    case notEntered = "not entered"
    /// A manual criterion with staff's points.
    case entered
}

/// One criterion's result for one team.
package struct CriterionResult: Sendable, Equatable {
    package let criterionIndex: Int
    /// The measured value (a proportion as a fraction), nil when undefined or manual.
    package let value: Double?
    /// Its 95% interval (Wilson for proportions, the effective-n Wilson over timelines for the single-event share,
    /// the floored quasi-Poisson interval over timelines for false-alarm rates, none for coordinates). The gesture
    /// intervals are the studies' own: ``DetectionMetrics`` computes them from the same counts and floor.
    package let interval: ConfidenceInterval?
    package let verdict: Verdict
    /// Points earned; nil when not applicable.
    package let points: Double?
    /// Why a value is missing, or which hall a value is about ("worst: Houston Market").
    package let note: String

    package init(
        criterionIndex: Int, value: Double?, interval: ConfidenceInterval?, verdict: Verdict, points: Double?,
        note: String
    ) {
        self.criterionIndex = criterionIndex
        self.value = value
        self.interval = interval
        self.verdict = verdict
        self.points = points
        self.note = note
    }
}

/// Pass, fail or borderline, and the points.
package enum Scoring {
    /// Compares a value and its interval with the rule.
    ///
    /// `atLeast t`: pass when the whole interval is ≥ t (low ≥ t), fail when it is wholly below (high < t),
    /// borderline otherwise; `atMost t` mirrors it (pass: high ≤ t; fail: low > t). Without an interval the value
    /// itself is compared (pass or fail, never borderline). No value: not measurable.
    package static func verdict(value: Double?, interval: ConfidenceInterval?, rule: PassRule) -> Verdict {
        guard let value else { return .notMeasurable }
        let low = interval?.low ?? value
        let high = interval?.high ?? value
        let t = rule.threshold
        switch rule.direction {
        case .atLeast:
            if low >= t { return .pass }
            if high < t { return .fail }
        case .atMost:
            if high <= t { return .pass }
            if low > t { return .fail }
        }
        return .borderline
    }

    /// The points for a verdict.
    ///
    /// pass: all the points P; fail: P × the partial-credit share of the value (0 without partial credit);
    /// borderline: by the policy, P (pass), the fail score (fail) or their mean (half), where a borderline fail
    /// score takes the partial credit at the interval's end on the failing side (low for atLeast, high for
    /// atMost: as bad as the data allow); not measurable: 0.
    package static func points(
        _ verdict: Verdict, value: Double?, interval: ConfidenceInterval? = nil,
        rule: PassRule? = nil, points p: Double, partialCredit: PartialCredit?,
        borderline: BorderlinePolicy
    ) -> Double {
        func failScore(_ v: Double?) -> Double { v.flatMap { v in partialCredit.map { p * $0.share(v) } } ?? 0 }
        switch verdict {
        case .pass: return p
        case .fail: return failScore(value)
        case .borderline:
            let pessimistic = interval.map { rule?.direction == .atMost ? $0.high : $0.low } ?? value
            switch borderline {
            case .pass: return p
            case .fail: return failScore(pessimistic)
            case .half: return (p + failScore(pessimistic)) / 2
            }
        default: return 0
        }
    }

    /// Measures a criterion on a suite outcome and scores it.
    ///
    /// - Parameter dispersionFloor: the least dispersion a false-alarm interval assumes, φ₀ of the settings fed
    ///   the suite's timelines (``GradingEvaluation/dispersionFloor(suite:)``); 1 assumes none.
    static func score(
        _ c: GradingCriterion, index: Int, outcome: SuiteOutcome?, placeNames: [String],
        manual: [String: Double], dispersionFloor: Double
    ) throws -> CriterionResult {
        guard case .simulated(let s) = c.kind else {
            if let entered = manual[c.id] {
                return CriterionResult(
                    criterionIndex: index, value: nil, interval: nil, verdict: .entered,
                    points: entered, note: "")
            }
            return CriterionResult(
                criterionIndex: index, value: nil, interval: nil, verdict: .notEntered, points: 0,
                note: "staff have not entered points")
        }
        let (value, interval, note) = try measure(
            s, outcome: outcome, placeNames: placeNames, dispersionFloor: dispersionFloor)
        if case .notApplicable? = outcome {
            return CriterionResult(
                criterionIndex: index, value: nil, interval: nil, verdict: .notApplicable,
                points: nil, note: note)
        }
        let v = verdict(value: value, interval: interval, rule: s.rule)
        return CriterionResult(
            criterionIndex: index, value: value, interval: interval, verdict: v,
            points: points(
                v, value: value, interval: interval, rule: s.rule, points: c.points, partialCredit: s.partialCredit,
                borderline: s.borderline), note: note)
    }

    /// The metric's value, its 95% interval and a note.
    ///
    /// A gesture suite's false-alarm rate and single-event share take their intervals from ``metrics(_:dispersionFloor:)``,
    /// the studies' own ``DetectionMetrics``, so a study and the rubric given the same counts and the same floor
    /// give the same interval and the same verdict.
    static func measure(
        _ s: SimulatedCriterion, outcome: SuiteOutcome?,
        placeNames: [String], dispersionFloor: Double
    ) throws -> (Double?, ConfidenceInterval?, String) {
        switch outcome {
        case .visits(let v)?:
            let (successes, trials) = v.counts(s.metric, s.visits)
            let among = s.visits == .gestureDetected ? " of the visits with a gesture detected" : ""
            guard trials.contains(where: { $0 > 0 }) else {
                return (nil, nil, "the detector caught no deliberate gesture in any visit")
            }
            switch s.aggregation {
            case .pooled:
                let n = trials.reduce(0, +)
                let k = successes.reduce(0, +)
                let p = try Proportion(successes: k, trials: n)
                return (
                    p.estimate, try GeofenceAnalysis.visitShareInterval(successes: k, trials: n),
                    among.isEmpty ? "" : "\(k) of \(n)\(among)"
                )
            case .worstPlace, .highestPlace:
                // The lowest (highest) rate among halls with visits counted; ties go to the first hall in the
                // rubric's order.
                var pick: Int?
                for i in trials.indices where trials[i] > 0 {
                    guard let p = pick else {
                        pick = i
                        continue
                    }
                    let rate = Double(successes[i]) / Double(trials[i])
                    let best = Double(successes[p]) / Double(trials[p])
                    if s.aggregation == .worstPlace ? rate < best : rate > best { pick = i }
                }
                let i = pick ?? 0
                let p = try Proportion(successes: successes[i], trials: trials[i])
                let name = i < placeNames.count ? placeNames[i] : "hall \(i + 1)"
                return (
                    p.estimate, try GeofenceAnalysis.visitShareInterval(successes: successes[i], trials: trials[i]),
                    "\(s.aggregation == .worstPlace ? "worst" : "highest"): \(name)"
                        + (among.isEmpty ? "" : " (\(successes[i]) of \(trials[i])\(among))")
                )
            }
        case .gestures(let t)?:
            switch s.metric {
            case .recall:
                guard t.truth > 0 else { return (nil, nil, "the suite holds no gesture") }
                // Clustered by timeline as the studies cluster it.
                let p = try Proportion(successes: t.truePositives, trials: t.truth)
                return (p.estimate, try t.recallProportion.wilson(), "\(t.truePositives) of \(t.truth)")
            case .falseAlarmsPerHour:
                let hours = t.exposureSeconds / 3600
                guard hours > 0 else { return (nil, nil, "no time outside gestures") }
                let m = try metrics(t, dispersionFloor: dispersionFloor)
                var note = "\(t.falseAlarms) in \(hoursText(hours)) h"
                // A count too small to show its own bursts takes the suite's floor: say so beside the bound it widens.
                if let phi = m.falseAlarmDispersion, phi > 1, phi == dispersionFloor {
                    note += "; bound ×\(hoursText(phi)) for the bursts this suite's busier settings show"
                }
                return (m.falseAlarmsPerHour, m.falseAlarmsPerHourInterval, note)
            default:
                guard t.truePositives > 0 else { return (nil, nil, "no gesture was detected") }
                let m = try metrics(t, dispersionFloor: dispersionFloor)
                return (
                    m.singleEventShare, m.singleEventShareInterval,
                    "\(t.gesturesWithFragments) of \(t.truePositives) fired twice or more"
                )
            }
        case .coordinates(let errors)?:
            if let missing = errors.firstIndex(where: { $0 == nil }) {
                return (nil, nil, "\(missing < placeNames.count ? placeNames[missing] : "a hall") is missing")
            }
            let values = errors.compactMap { $0 }
            guard let worst = values.indices.max(by: { values[$0] < values[$1] }) else { return (nil, nil, "no halls") }
            return (values[worst], nil, "worst: \(worst < placeNames.count ? placeNames[worst] : "hall")")
        case .notApplicable?, nil:
            return (nil, nil, "for teams that chose the other gesture")
        case .notRun(let why)?:
            return (nil, nil, "the team's code did not run: \(why)")
        }
    }

    /// A gesture tally as the studies measure it: ``DetectionMetrics`` on its counts, its false alarms clustered
    /// by timeline (a tally never split into timelines is one cluster, which gives Garwood's interval widened by
    /// the floor) and its single-event share and recall clustered by timeline.
    static func metrics(_ t: GestureTally, dispersionFloor: Double) throws -> DetectionMetrics {
        let hours = t.exposureSeconds / 3600
        let rate =
            t.falseAlarmClusters.clusters > 0 ? t.falseAlarmClusters : ClusteredRate(events: t.falseAlarms, exposure: hours)
        let single =
            t.singleEventClusters.trials == t.truePositives
            ? t.singleEventClusters
            : ClusteredProportion(successes: t.truePositives - t.gesturesWithFragments, trials: t.truePositives)
        return try DetectionMetrics(
            truePositives: t.truePositives, falseAlarms: t.falseAlarms, misses: t.misses, fragments: t.fragments,
            latency: nil, exposureHours: hours, falseAlarmClusters: rate, gesturesWithFragments: t.gesturesWithFragments,
            singleEventClusters: single, recallClusters: t.recallProportion, dispersionFloor: dispersionFloor)
    }

    static func hoursText(_ h: Double) -> String { (try? Format.number(h, significantDigits: 3)) ?? String(h) }
}

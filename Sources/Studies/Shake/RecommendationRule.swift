import Reporting

/// How a sweep's recommended setting is chosen.
package enum RecommendationRule: Sendable, Equatable {
    /// What a team needs, judged as the course rubric judges it (a criterion passes when its whole 95% interval
    /// is on the right side): recall's Wilson lower bound at least `minRecall`, the false-alarm rate's upper
    /// bound (quasi-Poisson over timelines) at most `maxFalseAlarmsPerHour`, and the single-event share's lower
    /// bound (effective-n Wilson over timelines) at least `minSingleEventShare`. Among settings meeting all
    /// three: highest recall, then fewer false alarms an hour, higher single-event share, shorter median
    /// latency, sweep order.
    case targets(minRecall: Double, maxFalseAlarmsPerHour: Double, minSingleEventShare: Double)
    /// The highest recall among settings with at most `maxFalseAlarmsPerHour` false alarms per hour, judged on
    /// the point estimate or, with `useUpperBound`, on the upper end of its 95% interval (stricter: the
    /// data must show the rate is low, not merely fail to show it is high). Ties: fewer false alarms per hour,
    /// higher precision, fewer fragments, shorter median latency, then sweep order.
    case maxRecall(maxFalseAlarmsPerHour: Double, useUpperBound: Bool)
    /// The highest F1. Ties: higher recall, fewer false alarms per hour, then sweep order.
    case bestF1

    /// The default: highest recall with at most 1 false alarm an hour (point estimate).
    package static let `default` = RecommendationRule.maxRecall(maxFalseAlarmsPerHour: 1, useUpperBound: false)

    /// The rule in words, for the summary.
    package var text: String {
        switch self {
        case .targets(let recall, let limit, let share):
            return "the highest recall among settings that meet three targets on their 95% bounds, as the "
                + "course rubric grades them: recall at least \(Self.percent(recall)), at most \(Format.exact(limit)) "
                + "false alarm\(limit == 1 ? "" : "s") an hour, and at least \(Self.percent(share)) of detected "
                + "gestures firing exactly once"
        case .maxRecall(let limit, let upper):
            let bound = upper ? "the upper end of its 95% interval" : "its estimate"
            return "the highest recall among settings whose false-alarm rate (\(bound)) is at most "
                + "\(Format.exact(limit)) an hour"
        case .bestF1:
            return "the highest F1 score"
        }
    }

    /// A fraction as a percentage without trailing zeros ("90%", "97.5%").
    static func percent(_ x: Double) -> String {
        let p = (x * 1000).rounded() / 10
        return (p == p.rounded() ? String(Int64(p)) : String(p)) + "%"
    }
}

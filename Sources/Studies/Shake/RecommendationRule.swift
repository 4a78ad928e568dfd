/// How a sweep's recommended setting is chosen.
package enum RecommendationRule: Sendable, Equatable {
    /// The highest recall among settings with at most `maxFalseAlarmsPerHour` false alarms per hour, judged on
    /// the point estimate or, with `useUpperBound`, on the upper end of its 95% Poisson interval (stricter: the
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
        case .maxRecall(let limit, let upper):
            let bound = upper ? "the upper end of its 95% interval" : "its estimate"
            return "the highest recall among settings whose false-alarm rate (\(bound)) is at most "
                + "\(Self.show(limit)) an hour"
        case .bestF1:
            return "the highest F1 score"
        }
    }

    static func show(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
    }
}

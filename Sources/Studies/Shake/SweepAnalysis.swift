import Stats

/// The statistics of a detector sweep: every setting's metrics, its false alarms by activity, and the
/// recommended setting with its runners-up and each family's best.
package struct SweepAnalysis: Sendable {
    package let settings: [SweepSetting]
    package let metrics: [DetectionMetrics]
    /// False alarms per setting (outer) and activity (inner, the study's activity indices).
    package let falseAlarmsByActivity: [[Int]]
    /// Hours spent in each activity over all timelines.
    package let activityHours: [Double]
    /// True gestures over all timelines.
    package let truthCount: Int
    /// Hours of timeline outside true gestures.
    package let exposureHours: Double
    package let rule: RecommendationRule
    /// The matching window around each gesture, s.
    package let toleranceBeforeSeconds: Double
    package let toleranceAfterSeconds: Double
    /// The recommended setting's index.
    package let recommended: Int
    /// Whether the recommended setting satisfies the rule's limit (false: none did, and the fallback was used).
    package let ruleMet: Bool
    /// Up to four next-best settings by the same rule, best first.
    package let runnersUp: [Int]
    /// Each family's best setting by the same rule, in the order families first appear in the sweep.
    package let familyBest: [Int]

    /// Matches every setting's detections on every timeline and ranks the settings.
    ///
    /// - Parameters:
    ///   - settings: the sweep, in order (at least one).
    ///   - outcomes: the trials, in index order.
    ///   - activityCount: the number of activities the labels index.
    ///   - toleranceBeforeSeconds: matching window before a gesture's start, s.
    ///   - toleranceAfterSeconds: matching window after a gesture's end, s.
    ///   - rule: how to choose the recommendation.
    /// - Throws: `StatsError` from the interval computations.
    package init(
        settings: [SweepSetting], outcomes: [GestureTrialOutcome], activityCount: Int,
        toleranceBeforeSeconds: Double, toleranceAfterSeconds: Double, rule: RecommendationRule
    ) throws {
        self.settings = settings
        self.rule = rule
        self.toleranceBeforeSeconds = toleranceBeforeSeconds
        self.toleranceAfterSeconds = toleranceAfterSeconds
        var hours = [Double](repeating: 0, count: activityCount)
        var truthCount = 0
        var exposureSeconds = 0.0
        for o in outcomes {
            for l in o.labels where l.activity < activityCount { hours[l.activity] += (l.endSeconds - l.startSeconds) / 3600 }
            truthCount += o.truth.count
            exposureSeconds += o.durationSeconds - o.truth.reduce(0) { $0 + ($1.endSeconds - $1.startSeconds) }
        }
        activityHours = hours
        self.truthCount = truthCount
        exposureHours = max(0, exposureSeconds) / 3600

        var metrics: [DetectionMetrics] = []
        var byActivity: [[Int]] = []
        for s in settings.indices {
            var tp = 0, fa = 0, fn = 0, fragments = 0
            var latencies: [Double] = []
            var causes = [Int](repeating: 0, count: activityCount)
            for o in outcomes {
                let detections = s < o.detections.count ? o.detections[s] : []
                let m = GestureMatcher.match(
                    truth: o.truth, detections: detections,
                    toleranceBeforeSeconds: toleranceBeforeSeconds,
                    toleranceAfterSeconds: toleranceAfterSeconds)
                tp += m.truePositives
                fn += m.misses
                for (j, status) in m.detectionStatus.enumerated() {
                    switch status {
                    case .truePositive:
                        if let i = m.detectionEvent[j] { latencies.append(detections[j] - o.truth[i].startSeconds) }
                    case .fragment:
                        fragments += 1
                    case .falseAlarm:
                        fa += 1
                        if let label = o.label(at: detections[j]), label.activity < activityCount {
                            causes[label.activity] += 1
                        }
                    }
                }
            }
            metrics.append(
                try DetectionMetrics(
                    truePositives: tp, falseAlarms: fa, misses: fn, fragments: fragments,
                    latenciesSeconds: latencies, exposureHours: exposureHours))
            byActivity.append(causes)
        }
        self.metrics = metrics
        falseAlarmsByActivity = byActivity

        let ranked = Self.rank(Array(settings.indices), metrics, rule)
        recommended = ranked.first ?? 0
        ruleMet = Self.satisfies(metrics[recommended], rule)
        runnersUp = Array(ranked.dropFirst().prefix(4))
        var families: [String] = []
        for s in settings where !families.contains(s.family) { families.append(s.family) }
        familyBest = families.compactMap { family in
            Self.rank(settings.indices.filter { settings[$0].family == family }, metrics, rule).first
        }
    }

    // MARK: - Rates by activity

    /// False alarms an hour of one activity for one setting: the false alarms that fell in the activity divided
    /// by the hours simulated of it over all timelines.
    ///
    /// - Parameters:
    ///   - setting: the setting's index.
    ///   - activity: the activity's index.
    /// - Returns: the rate, 1/h; nil when the activity was never simulated (no time to divide by) or an index is
    ///   out of range.
    package func falseAlarmsPerActivityHour(setting: Int, activity: Int) -> Double? {
        guard falseAlarmsByActivity.indices.contains(setting), activityHours.indices.contains(activity),
            falseAlarmsByActivity[setting].indices.contains(activity), activityHours[activity] > 0
        else { return nil }
        return Double(falseAlarmsByActivity[setting][activity]) / activityHours[activity]
    }

    // MARK: - Ranking

    /// Whether a setting meets the rule's limit (always true for best-F1).
    package static func satisfies(_ m: DetectionMetrics, _ rule: RecommendationRule) -> Bool {
        switch rule {
        case .maxRecall(let limit, let upper):
            guard let rate = upper ? m.falseAlarmsPerHourInterval?.high : m.falseAlarmsPerHour else { return false }
            return rate <= limit
        case .bestF1:
            return true
        }
    }

    /// The settings best first: those meeting the limit by the rule's order, then (when the limit excludes
    /// them) the rest by fewest false alarms an hour, then highest recall.
    static func rank(_ indices: [Int], _ metrics: [DetectionMetrics], _ rule: RecommendationRule) -> [Int] {
        func better(_ a: Int, _ b: Int) -> Bool {
            let ma = metrics[a], mb = metrics[b]
            let okA = satisfies(ma, rule), okB = satisfies(mb, rule)
            if okA != okB { return okA }
            let recallA = ma.recall ?? 0, recallB = mb.recall ?? 0
            let rateA = ma.falseAlarmsPerHour ?? .infinity, rateB = mb.falseAlarmsPerHour ?? .infinity
            if !okA {
                if rateA != rateB { return rateA < rateB }
                if recallA != recallB { return recallA > recallB }
                return a < b
            }
            switch rule {
            case .maxRecall:
                if recallA != recallB { return recallA > recallB }
                if rateA != rateB { return rateA < rateB }
                let pA = ma.precision ?? 0, pB = mb.precision ?? 0
                if pA != pB { return pA > pB }
                if ma.fragments != mb.fragments { return ma.fragments < mb.fragments }
                let lA = ma.latencyMedianSeconds ?? .infinity, lB = mb.latencyMedianSeconds ?? .infinity
                if lA != lB { return lA < lB }
                return a < b
            case .bestF1:
                let fA = ma.f1 ?? 0, fB = mb.f1 ?? 0
                if fA != fB { return fA > fB }
                if recallA != recallB { return recallA > recallB }
                if rateA != rateB { return rateA < rateB }
                return a < b
            }
        }
        return indices.sorted(by: better)
    }
}

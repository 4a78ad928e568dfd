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
    /// False alarms of each setting (outer) during each activity (inner), clustered by timeline: each timeline's
    /// false alarms in the activity over its hours of the activity.
    package let activityRates: [[ClusteredRate]]
    /// Each setting's (outer) false alarms per timeline with one activity (inner) left out: its false alarms
    /// and its hours removed from every timeline. What the rate would be on a day without that activity.
    package let falseAlarmsWithoutActivity: [[ClusteredRate]]
    /// The least dispersion every false-alarm interval of this sweep assumes: how clustered the settings that
    /// fired often show the timelines' false alarms to be (``ClusteredRate/dispersionFloor(of:minimumEvents:confidence:)``).
    package let dispersionFloor: Double
    /// Timelines analysed.
    package let timelineCount: Int
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

    /// Matches every setting's detections on every timeline and ranks the settings (the ``Accumulator`` over an
    /// array of outcomes).
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
        var accumulator = Accumulator(
            settings: settings, activityCount: activityCount, toleranceBeforeSeconds: toleranceBeforeSeconds,
            toleranceAfterSeconds: toleranceAfterSeconds, rule: rule)
        for o in outcomes { try accumulator.add(o) }
        self = try accumulator.finish()
    }

    /// The statistics of an accumulated sweep, ranked.
    init(_ a: Accumulator) throws {
        let settings = a.settings
        let rule = a.rule
        self.settings = settings
        self.rule = rule
        toleranceBeforeSeconds = a.toleranceBeforeSeconds
        toleranceAfterSeconds = a.toleranceAfterSeconds
        activityHours = a.hours
        timelineCount = a.timelineCount
        truthCount = a.truthCount
        exposureHours = max(0, a.exposureSeconds) / 3600
        let floor = try a.dispersionFloor ?? ClusteredRate.dispersionFloor(of: a.tallies.map(\.rate))
        dispersionFloor = floor
        var metrics: [DetectionMetrics] = []
        for t in a.tallies {
            let latency: (median: Double, p95: Double)? =
                t.latencies.count == 0 ? nil : (try t.latencies.quantile(0.5), try t.latencies.quantile(0.95))
            metrics.append(
                try DetectionMetrics(
                    truePositives: t.truePositives, falseAlarms: t.falseAlarms, misses: t.misses,
                    fragments: t.fragments, latency: latency, exposureHours: exposureHours,
                    falseAlarmClusters: t.rate, gesturesWithFragments: t.gesturesWithFragments,
                    singleEventClusters: t.single, precisionClusters: t.precision, recallClusters: t.recall,
                    dispersionFloor: floor))
        }
        self.metrics = metrics
        falseAlarmsByActivity = a.tallies.map(\.causes)
        activityRates = a.tallies.map(\.perActivity)
        falseAlarmsWithoutActivity = a.tallies.map(\.withoutActivity)

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

    // MARK: - Accumulating

    /// One setting's running totals over the timelines seen so far.
    struct SettingTally {
        var truePositives = 0, falseAlarms = 0, misses = 0, fragments = 0, gesturesWithFragments = 0
        var latencies: SpilledValues
        var causes: [Int]
        var rate = ClusteredRate.empty
        var single = ClusteredProportion.empty
        var precision = ClusteredProportion.empty
        var recall = ClusteredProportion.empty
        var perActivity: [ClusteredRate]
        var withoutActivity: [ClusteredRate]

        init(activityCount: Int, memoryLimit: Int) {
            latencies = SpilledValues(memoryLimit: memoryLimit)
            causes = [Int](repeating: 0, count: activityCount)
            perActivity = [ClusteredRate](repeating: .empty, count: activityCount)
            withoutActivity = [ClusteredRate](repeating: .empty, count: activityCount)
        }

        /// Adds one timeline's match of this setting.
        mutating func add(
            _ m: MatchResult, _ o: GestureTrialOutcome, _ detections: [Double], activityCount: Int,
            activityHours: [Double], exposureHours: Double
        ) throws {
            truePositives += m.truePositives
            misses += m.misses
            var here = [Int](repeating: 0, count: activityCount)
            var fragmentedHere = Set<Int>()
            for (j, status) in m.detectionStatus.enumerated() {
                switch status {
                case .truePositive:
                    if let i = m.detectionEvent[j] { try latencies.append(detections[j] - o.truth[i].startSeconds) }
                case .fragment:
                    fragments += 1
                    if let i = m.detectionEvent[j] { fragmentedHere.insert(i) }
                case .falseAlarm:
                    falseAlarms += 1
                    if let label = o.label(at: detections[j]), label.activity < activityCount {
                        causes[label.activity] += 1
                        here[label.activity] += 1
                    }
                }
            }
            gesturesWithFragments += fragmentedHere.count
            rate = rate + ClusteredRate(events: m.falseAlarms, exposure: exposureHours)
            single =
                single + ClusteredProportion(successes: m.truePositives - fragmentedHere.count, trials: m.truePositives)
            precision =
                precision + ClusteredProportion(successes: m.truePositives, trials: m.truePositives + m.falseAlarms)
            recall = recall + ClusteredProportion(successes: m.truePositives, trials: m.truePositives + m.misses)
            for a in 0..<activityCount {
                perActivity[a] =
                    perActivity[a] + ClusteredRate(events: here[a], exposure: activityHours[a])
                withoutActivity[a] =
                    withoutActivity[a]
                    + ClusteredRate(
                        events: m.falseAlarms - here[a],
                        exposure: max(0, exposureHours - activityHours[a]))
            }
        }
    }

    /// The sweep's statistics reduced one timeline at a time, in trial order: every sum is taken in the order the
    /// timelines arrive, so the result is bit for bit that of the same outcomes as an array, and memory does not
    /// grow with the timelines (latencies beyond `memoryLimit` a setting go to a temporary file,
    /// ``SpilledValues``).
    package struct Accumulator {
        let settings: [SweepSetting]
        let activityCount: Int
        let toleranceBeforeSeconds: Double
        let toleranceAfterSeconds: Double
        let rule: RecommendationRule
        /// The dispersion floor to use instead of the one these settings show (a confirmation uses its selection's).
        let dispersionFloor: Double?
        var hours: [Double]
        var truthCount = 0
        var exposureSeconds = 0.0
        var timelineCount = 0
        var tallies: [SettingTally]

        package init(
            settings: [SweepSetting], activityCount: Int, toleranceBeforeSeconds: Double,
            toleranceAfterSeconds: Double, rule: RecommendationRule, dispersionFloor: Double? = nil,
            memoryLimit: Int = SpilledValues.defaultMemoryLimit
        ) {
            self.dispersionFloor = dispersionFloor
            self.settings = settings
            self.activityCount = activityCount
            self.toleranceBeforeSeconds = toleranceBeforeSeconds
            self.toleranceAfterSeconds = toleranceAfterSeconds
            self.rule = rule
            hours = [Double](repeating: 0, count: activityCount)
            tallies = settings.map { _ in SettingTally(activityCount: activityCount, memoryLimit: memoryLimit) }
        }

        /// Adds the next timeline (in trial order).
        package mutating func add(_ o: GestureTrialOutcome) throws {
            for l in o.labels where l.activity < activityCount { hours[l.activity] += (l.endSeconds - l.startSeconds) / 3600 }
            truthCount += o.truth.count
            exposureSeconds += o.durationSeconds - o.truth.reduce(0) { $0 + ($1.endSeconds - $1.startSeconds) }
            timelineCount += 1

            // The timeline's hours in each activity and outside gestures: the cluster's exposures.
            var timelineActivityHours = [Double](repeating: 0, count: activityCount)
            for l in o.labels where l.activity < activityCount {
                timelineActivityHours[l.activity] += (l.endSeconds - l.startSeconds) / 3600
            }
            let timelineExposureHours =
                max(0, o.durationSeconds - o.truth.reduce(0) { $0 + ($1.endSeconds - $1.startSeconds) }) / 3600

            for s in tallies.indices {
                let detections = s < o.detections.count ? o.detections[s] : []
                let m = GestureMatcher.match(
                    truth: o.truth, detections: detections,
                    toleranceBeforeSeconds: toleranceBeforeSeconds,
                    toleranceAfterSeconds: toleranceAfterSeconds)
                try tallies[s].add(
                    m, o, detections, activityCount: activityCount, activityHours: timelineActivityHours,
                    exposureHours: timelineExposureHours)
            }
        }

        /// The statistics of the timelines added, ranked.
        package func finish() throws -> SweepAnalysis { try SweepAnalysis(self) }
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

    /// The 95% interval of one setting's false alarms an hour of one activity, as the report prints it: clustered by
    /// timeline, with the sweep's dispersion floor (``ClusteredRate/interval(confidence:dispersionFloor:)``); nil
    /// when the activity was never simulated.
    ///
    /// - Throws: `StatsError` from the interval.
    package func activityRateInterval(setting: Int, activity: Int) throws -> ConfidenceInterval? {
        try activityRates[setting][activity].interval(dispersionFloor: dispersionFloor)
    }

    /// The 95% interval of one setting's false alarms an hour on a day without one activity (its false alarms and
    /// hours left out of every timeline, ``falseAlarmsWithoutActivity``), as the report's answer prints it: clustered
    /// by timeline, with the sweep's dispersion floor; nil when no time is left.
    ///
    /// - Throws: `StatsError` from the interval.
    package func withoutActivityRateInterval(setting: Int, activity: Int) throws -> ConfidenceInterval? {
        try falseAlarmsWithoutActivity[setting][activity].interval(dispersionFloor: dispersionFloor)
    }

    // MARK: - Ranking

    /// Which of the targets a setting meets on its 95% bounds (the rubric's pass verdicts).
    package struct TargetCheck: Sendable, Equatable {
        package let recall: Bool
        package let falseAlarms: Bool
        package let singleEvent: Bool
        package var all: Bool { recall && falseAlarms && singleEvent }
        package var count: Int { (recall ? 1 : 0) + (falseAlarms ? 1 : 0) + (singleEvent ? 1 : 0) }
    }

    /// The targets of a `targets` rule checked on a setting's bounds: recall's lower bound ≥ the target, the
    /// false-alarm rate's upper bound ≤ the limit, the single-event share's lower bound ≥ its target.
    package static func check(
        _ m: DetectionMetrics, minRecall: Double, maxFalseAlarmsPerHour: Double, minSingleEventShare: Double
    ) -> TargetCheck {
        TargetCheck(
            recall: (m.recallInterval?.low ?? -1) >= minRecall,
            falseAlarms: (m.falseAlarmsPerHourInterval?.high ?? .infinity) <= maxFalseAlarmsPerHour,
            singleEvent: (m.singleEventShareInterval?.low ?? -1) >= minSingleEventShare)
    }

    /// Whether a setting meets the rule's limit (always true for best-F1).
    package static func satisfies(_ m: DetectionMetrics, _ rule: RecommendationRule) -> Bool {
        switch rule {
        case .targets(let recall, let limit, let share):
            return check(m, minRecall: recall, maxFalseAlarmsPerHour: limit, minSingleEventShare: share).all
        case .maxRecall(let limit, let upper):
            guard let rate = upper ? m.falseAlarmsPerHourInterval?.high : m.falseAlarmsPerHour else { return false }
            return rate <= limit
        case .bestF1:
            return true
        }
    }

    /// The settings best first: those meeting the limit by the rule's order, then the rest. For `targets`, the
    /// rest in the order of the best trade-off a team could ship: those meeting the false-alarm and
    /// single-event targets by highest recall, then those meeting the false-alarm target by highest recall,
    /// then by fewest false alarms an hour. For the other rules, the rest by fewest false alarms an hour, then
    /// highest recall.
    static func rank(_ indices: [Int], _ metrics: [DetectionMetrics], _ rule: RecommendationRule) -> [Int] {
        func better(_ a: Int, _ b: Int) -> Bool {
            let ma = metrics[a], mb = metrics[b]
            let okA = satisfies(ma, rule), okB = satisfies(mb, rule)
            if okA != okB { return okA }
            let recallA = ma.recall ?? 0, recallB = mb.recall ?? 0
            let rateA = ma.falseAlarmsPerHour ?? .infinity, rateB = mb.falseAlarmsPerHour ?? .infinity
            if !okA {
                if case .targets(let r, let limit, let share) = rule {
                    let cA = check(ma, minRecall: r, maxFalseAlarmsPerHour: limit, minSingleEventShare: share)
                    let cB = check(mb, minRecall: r, maxFalseAlarmsPerHour: limit, minSingleEventShare: share)
                    let tierA = cA.falseAlarms ? (cA.singleEvent ? 0 : 1) : 2
                    let tierB = cB.falseAlarms ? (cB.singleEvent ? 0 : 1) : 2
                    if tierA != tierB { return tierA < tierB }
                    if tierA < 2, recallA != recallB { return recallA > recallB }
                }
                if rateA != rateB { return rateA < rateB }
                if recallA != recallB { return recallA > recallB }
                return a < b
            }
            switch rule {
            case .targets:
                if recallA != recallB { return recallA > recallB }
                if rateA != rateB { return rateA < rateB }
                let sA = ma.singleEventShare ?? 0, sB = mb.singleEventShare ?? 0
                if sA != sB { return sA > sB }
                let lA = ma.latencyMedianSeconds ?? .infinity, lB = mb.latencyMedianSeconds ?? .infinity
                if lA != lB { return lA < lB }
                return a < b
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

import Stats

/// Event-level quality of one detector setting over all timelines of a study.
///
/// Definitions (TP true positives, FA false alarms, FN misses; fragments are left out of all three):
/// - precision = TP / (TP + FA), with the effective-n Wilson interval over timelines (``ClusteredProportion``),
///   its design effect at least (1 − p̂) + p̂·φ, φ the false alarms' dispersion (false alarms in bursts make a
///   clean sample likely); undefined (nil) with no TP and no FA;
/// - recall = TP / (TP + FN), with the effective-n Wilson interval over timelines (``ClusteredProportion``: a
///   timeline's gestures share its motion, so their detections are not independent); undefined when the timelines
///   hold no true gesture;
/// - F1 = 2·TP / (2·TP + FA + FN), the harmonic mean of precision and recall written so that it is defined
///   whenever anything happened (0 when there are detections or gestures but no TP);
/// - false alarms per hour = FA / exposure, exposure being the hours of timeline outside true gestures, with
///   the quasi-Poisson scaled Garwood interval over timelines with a dispersion floor
///   (``ClusteredRate/interval(confidence:dispersionFloor:)``: false alarms come in bursts, a running stretch
///   firing again and again, so each timeline is a cluster, and a few false alarms cannot show their own
///   clustering);
/// - single-event share = (TP − gestures that fired twice or more) / TP, the share of detected gestures that
///   gave exactly one event (what the rubric's `single-event-share` grades), with the effective-n Wilson
///   interval over timelines (``ClusteredProportion``); undefined with no TP;
/// - latency = detection time − gesture start for each true positive: median and 95th percentile (GSL's
///   quantile definition, Hyndman–Fan type 7).
package struct DetectionMetrics: Sendable, Equatable {
    package let truePositives: Int
    package let falseAlarms: Int
    package let misses: Int
    package let fragments: Int
    /// Hours of timeline outside true gestures.
    package let exposureHours: Double
    package let precision: Double?
    package let precisionInterval: ConfidenceInterval?
    package let recall: Double?
    package let recallInterval: ConfidenceInterval?
    package let f1: Double?
    package let falseAlarmsPerHour: Double?
    package let falseAlarmsPerHourInterval: ConfidenceInterval?
    /// The false alarms per timeline, as the interval used them.
    package let falseAlarmRate: ClusteredRate
    /// The least dispersion the false-alarm interval assumed (1: none).
    package let dispersionFloor: Double
    /// The dispersion φ the false-alarm interval used (nil without exposure).
    package let falseAlarmDispersion: Double?
    /// Detected gestures that fired more than once.
    package let gesturesWithFragments: Int
    package let singleEventShare: Double?
    package let singleEventShareInterval: ConfidenceInterval?
    package let latencyMedianSeconds: Double?
    package let latencyP95Seconds: Double?

    /// Computes the metrics from totals.
    ///
    /// - Parameters:
    ///   - truePositives: TP ≥ 0.
    ///   - falseAlarms: FA ≥ 0.
    ///   - misses: FN ≥ 0.
    ///   - fragments: extra detections inside matched gestures.
    ///   - latenciesSeconds: one latency per true positive, s.
    ///   - exposureHours: hours outside gestures (≥ 0; 0 leaves the rate undefined).
    ///   - falseAlarmClusters: the false alarms and exposure hours per timeline (default: one cluster of all,
    ///     which gives Garwood's interval).
    ///   - gesturesWithFragments: detected gestures that fired more than once.
    ///   - singleEventClusters: per timeline, detected gestures that fired once out of those detected (default:
    ///     one cluster of all, which gives the plain Wilson interval).
    ///   - precisionClusters: per timeline, true positives out of detections (default: one cluster of all).
    ///   - recallClusters: per timeline, detected gestures out of gestures (default: one cluster of all, which gives
    ///     the plain Wilson interval).
    ///   - dispersionFloor: the least dispersion the false-alarm interval assumes (default 1: none).
    /// - Throws: `StatsError` from GSL (not expected for valid counts).
    package init(
        truePositives: Int, falseAlarms: Int, misses: Int, fragments: Int, latenciesSeconds: [Double],
        exposureHours: Double, falseAlarmClusters: ClusteredRate? = nil, gesturesWithFragments: Int = 0,
        singleEventClusters: ClusteredProportion? = nil, precisionClusters: ClusteredProportion? = nil,
        recallClusters: ClusteredProportion? = nil, dispersionFloor: Double = 1
    ) throws {
        let summary = latenciesSeconds.isEmpty ? nil : try Descriptive.summary(latenciesSeconds)
        try self.init(
            truePositives: truePositives, falseAlarms: falseAlarms, misses: misses, fragments: fragments,
            latency: summary.map { ($0.median, $0.p95) }, exposureHours: exposureHours,
            falseAlarmClusters: falseAlarmClusters, gesturesWithFragments: gesturesWithFragments,
            singleEventClusters: singleEventClusters, precisionClusters: precisionClusters,
            recallClusters: recallClusters, dispersionFloor: dispersionFloor)
    }

    /// Computes the metrics from totals and the latencies' median and 95th percentile (nil: no true positive),
    /// as a streamed sweep selects them (``SpilledValues``); otherwise as ``init(truePositives:falseAlarms:misses:fragments:latenciesSeconds:exposureHours:falseAlarmClusters:gesturesWithFragments:singleEventClusters:precisionClusters:recallClusters:dispersionFloor:)``.
    package init(
        truePositives: Int, falseAlarms: Int, misses: Int, fragments: Int, latency: (median: Double, p95: Double)?,
        exposureHours: Double, falseAlarmClusters: ClusteredRate? = nil, gesturesWithFragments: Int = 0,
        singleEventClusters: ClusteredProportion? = nil, precisionClusters: ClusteredProportion? = nil,
        recallClusters: ClusteredProportion? = nil, dispersionFloor: Double = 1
    ) throws {
        self.truePositives = truePositives
        self.falseAlarms = falseAlarms
        self.misses = misses
        self.fragments = fragments
        self.exposureHours = exposureHours
        let events = truePositives + misses
        if events > 0 {
            let r = try Proportion(successes: truePositives, trials: events)
            recall = r.estimate
            recallInterval = try (recallClusters ?? ClusteredProportion(successes: truePositives, trials: events)).wilson()
        } else {
            recall = nil
            recallInterval = nil
        }
        let denominator = 2 * truePositives + falseAlarms + misses
        f1 = denominator > 0 ? Double(2 * truePositives) / Double(denominator) : nil
        let rate = falseAlarmClusters ?? ClusteredRate(events: falseAlarms, exposure: exposureHours)
        falseAlarmRate = rate
        self.dispersionFloor = max(1, dispersionFloor)
        if exposureHours > 0 {
            falseAlarmsPerHour = Double(falseAlarms) / exposureHours
            falseAlarmsPerHourInterval = try rate.interval(dispersionFloor: dispersionFloor)
            falseAlarmDispersion = try rate.dispersionUsed(dispersionFloor: dispersionFloor)
        } else {
            falseAlarmsPerHour = nil
            falseAlarmsPerHourInterval = nil
            falseAlarmDispersion = nil
        }
        let detections = truePositives + falseAlarms
        if detections > 0 {
            let p = try Proportion(successes: truePositives, trials: detections)
            precision = p.estimate
            let clusters = precisionClusters ?? ClusteredProportion(successes: truePositives, trials: detections)
            precisionInterval = try clusters.wilson(
                minimumDesignEffect: ClusteredProportion.precisionDesignEffect(
                    precision: p.estimate, falseAlarmDispersion: falseAlarmDispersion ?? 1))
        } else {
            precision = nil
            precisionInterval = nil
        }
        self.gesturesWithFragments = gesturesWithFragments
        let single =
            singleEventClusters
            ?? ClusteredProportion(successes: truePositives - gesturesWithFragments, trials: truePositives)
        singleEventShare = single.estimate
        singleEventShareInterval = try single.wilson()
        latencyMedianSeconds = latency?.median
        latencyP95Seconds = latency?.p95
    }

    /// The exact 95% interval for a Poisson mean from one observed count k (Garwood 1936):
    /// [χ²₀.₀₂₅(2k)/2, χ²₀.₉₇₅(2k + 2)/2], lower bound 0 when k = 0.
    package static func poissonInterval(count k: Int) throws -> ConfidenceInterval {
        let low = k == 0 ? 0 : try ChiSquared.quantile(0.025, degreesOfFreedom: Double(2 * k)) / 2
        let high = try ChiSquared.quantile(0.975, degreesOfFreedom: Double(2 * k + 2)) / 2
        return ConfidenceInterval(low: low, high: high)
    }
}

extension ConfidenceInterval {
    /// Both bounds times `factor` (> 0).
    package func scaled(by factor: Double) -> ConfidenceInterval { ConfidenceInterval(low: low * factor, high: high * factor) }
}

import MonteCarlo
import Reporting
import SensorSim
import Stats

/// Coverage of a shake report's false-alarm-rate, precision and recall intervals on the motion library itself: the
/// shipped scenario's timelines, with the clustering its motions produce, not a parametric design
/// (``SweepIntervalCoverage``). A scribble scenario is measured the same way on its touch timelines (the two studies
/// share ``SweepAnalysis`` and its report).
///
/// The truth of each chosen setting comes from one long run of `truthTimelines` timelines from global trial
/// ``truthBase`` on (false alarms an hour, precision and recall pooled over all of them, the ratios the report's
/// estimates aim at), printed with its own interval (quasi-Poisson with the run's own dispersion, no floor; the
/// effective-n Wilson intervals for the shares) so that a reader sees how well the truth itself is known.
///
/// A replication is a day of the scenario's own size from its own seed stream — replication r's timeline i is global
/// trial ``replicationBase`` + r·n + i, n the scenario's timelines — analysed exactly as the report analyses its
/// timelines: the whole sweep of every setting (``ShakeStudy``'s or ``ScribbleStudy``'s accumulator), so the dispersion floor is the one
/// that day's own busy settings give (the floor is the median over the settings with at least 20 false alarms, so it
/// depends on the whole sweep, and no cheaper path gives the same number). Each chosen setting's three intervals are
/// then checked against the truth, and so are the report's other intervals of that setting: its false alarms an hour
/// of each activity (``SweepAnalysis/activityRateInterval(setting:activity:)``, floored, as the report's table of
/// causes and its answer print it) against the truth run's false alarms in that activity over its hours of it, and
/// its single-event ("fires once") share (``DetectionMetrics/singleEventShareInterval``) against the truth run's
/// pooled share. The streams never meet: the selection uses trials below 10⁶, the replications
/// 2³⁰ to 1.5·2³⁰, the truth 1.5·2³⁰ to 2³¹, the report's confirmation 2³¹ to 2³¹ + 10⁹, `dev shake-recheck` 3·2³⁰ on.
///
/// A truth at its bound (no false alarm in the whole truth run, a share of exactly 0 or 1) is not judged: an interval
/// whose end is that bound whenever the day's count is too covers it by construction, which says nothing of the
/// interval (and a rate of 0 over thousands of hours is only a bound). Such cells print "–".
///
/// Results are reduced in trial order, so the output is byte-identical whatever the number of jobs.
package enum SweepMotionCoverage {
    /// The first global trial of the replications: 2³⁰.
    package static let replicationBase = 1 << 30
    /// The first global trial of the truth run: 1.5·2³⁰, so replications and truth each have 2²⁹ trials.
    package static let truthBase = (1 << 30) + (1 << 29)
    /// The most timelines the replications (all together) or the truth run may take: 2²⁹.
    package static let maximumTimelines = 1 << 29

    /// One setting's truth from the long run.
    package struct Truth: Sendable, Equatable {
        package let timelines: Int
        package let metrics: DetectionMetrics
        /// The setting's false alarms in each activity (the study's activity order) over the run's hours of it,
        /// clustered by timeline (empty: not measured).
        package var activityRates: [ClusteredRate] = []
        /// The setting's false alarms over the run with one activity (the study's activity order) left out of
        /// every timeline, its false alarms and hours removed (empty: not measured).
        package var withoutActivityRates: [ClusteredRate] = []
        /// False alarms an hour over the run (0 when it had no exposure).
        package var rate: Double { metrics.falseAlarmsPerHour ?? 0 }
        /// False alarms an hour of activity `k` over the run (0 when the run had none of it or the activity is out of
        /// range).
        package func activityRate(_ k: Int) -> Double { activityRates.indices.contains(k) ? activityRates[k].rate ?? 0 : 0 }
        /// False alarms an hour over the run with activity `k` left out (0 when no time is left or the activity is out
        /// of range).
        package func withoutActivityRate(_ k: Int) -> Double {
            withoutActivityRates.indices.contains(k) ? withoutActivityRates[k].rate ?? 0 : 0
        }
    }

    /// How often one setting's intervals held its truth.
    package struct Row: Sendable, Equatable {
        package let setting: SweepSetting
        package let truth: Truth
        package var replications = 0
        /// Replications where the setting raised no false alarm.
        package var zeroCounts = 0
        /// Replications with a rate interval (exposure) and a true rate above 0, and those whose floored (reported)
        /// and unfloored intervals held the truth.
        package var rateJudged = 0
        package var rateCovered = 0
        package var unflooredRateCovered = 0
        /// Replications with a precision (a detection, and a true precision strictly between 0 and 1), and those
        /// whose interval held it.
        package var precisionJudged = 0
        package var precisionCovered = 0
        /// Replications with a recall (gestures, and a true recall strictly between 0 and 1), and those whose
        /// interval held it.
        package var recallJudged = 0
        package var recallCovered = 0
        /// Replications with a single-event share interval (a detection, and a true share strictly between 0 and 1),
        /// and those whose interval held it.
        package var singleJudged = 0
        package var singleCovered = 0
        /// Each activity's counts (the study's activity order).
        package var activities: [ActivityCount]

        package init(setting: SweepSetting, truth: Truth, activityCount: Int = ShakeTrial.activities.count) {
            self.setting = setting
            self.truth = truth
            activities = [ActivityCount](repeating: ActivityCount(), count: activityCount)
        }
    }

    /// How often one setting's interval of one activity's false alarms an hour held the truth.
    package struct ActivityCount: Sendable, Equatable {
        /// Replications with some of the activity (an interval).
        package var reported = 0
        /// Replications with some of the activity and no false alarm in it.
        package var zeroCounts = 0
        /// Hours of the activity over all replications.
        package var hours = 0.0
        /// Replications with an interval and a true rate above 0, and those whose interval held it.
        package var judged = 0
        package var covered = 0
        /// Replications with some of the activity, a "day without it" interval and a true rate without it above 0,
        /// and those whose interval held it.
        package var withoutJudged = 0
        package var withoutCovered = 0
    }

    /// The measurement.
    package struct Result: Sendable, Equatable {
        package let scenario: String
        package let dayTimelines: Int
        package let replications: Int
        package let truthTimelines: Int
        package var rows: [Row]
        /// Each replication's dispersion floor, in replication order.
        package var floors: [Double]
        /// The study's activities (gesture kinds for scribble), as the rows' activity counts index them.
        package var activityNames: [String] = ShakeTrial.activities.map(\.rawValue)
        /// Where the timelines come from, for the heading: "the motion library" (shake) or "the touch gestures" (scribble).
        package var library = "the motion library"
        /// The activity of the gesture itself (shake, scribble): never left out by the report's answer, so its "day
        /// without it" interval is not judged.
        package var gestureActivity = ShakeTrial.activities.firstIndex(of: .shake) ?? 0
    }

    /// Measures the coverage of `settings` (sweep indices) of `s` over `replications` days.
    ///
    /// - Parameters:
    ///   - s: the scenario, at its own size (its `timelines`).
    ///   - settings: sweep indices, each in range.
    ///   - replications: days of the scenario's size, ≥ 1.
    ///   - truthTimelines: timelines of the truth run, ≥ 1.
    ///   - runner: the jobs (the result does not depend on them).
    /// - Throws: `StatsError` or `ShakeDetectorError` from the timelines and intervals; `ReportingError` for a setting
    ///   out of range or more timelines than a stream holds.
    package static func run(
        _ s: ShakeScenario, settings: [Int], replications: Int, truthTimelines: Int, runner: MonteCarloRunner
    ) throws -> Result {
        try measure(
            Sweep(
                name: s.name, dayTimelines: s.timelines, activityNames: ShakeTrial.activities.map(\.rawValue),
                library: "the motion library", gestureActivity: ShakeTrial.activities.firstIndex(of: .shake) ?? 0,
                accumulator: { ShakeStudy.accumulator(s) },
                runTimeline: { index, chosen in try ShakeTrial.run(s, index: index, settings: chosen) }),
            settings: settings, replications: replications, truthTimelines: truthTimelines, runner: runner)
    }

    /// Measures the coverage of `settings` of a scribble scenario `s` over `replications` days: the same measurement
    /// on its touch timelines, the gesture kinds in place of the activities.
    ///
    /// - Throws: `StatsError` or `ScribbleDetectorError` from the timelines and intervals; `ReportingError` for a
    ///   setting out of range or more timelines than a stream holds.
    package static func run(
        _ s: ScribbleScenario, settings: [Int], replications: Int, truthTimelines: Int, runner: MonteCarloRunner
    ) throws -> Result {
        try measure(
            Sweep(
                name: s.name, dayTimelines: s.timelines, activityNames: ScribbleStudy.activities.map(\.rawValue),
                library: "the touch gestures", gestureActivity: ScribbleStudy.activities.firstIndex(of: .scribble) ?? 0,
                accumulator: { ScribbleStudy.accumulator(s) },
                runTimeline: { index, chosen in try ScribbleStudy.run(s, index: index, settings: chosen) }),
            settings: settings, replications: replications, truthTimelines: truthTimelines, runner: runner)
    }

    /// What the measurement needs of a gesture study: its name and day size, its activities, an empty reduction of
    /// its whole sweep, and its trial (a timeline's global index and the settings to run, nil for all).
    struct Sweep: Sendable {
        let name: String
        let dayTimelines: Int
        let activityNames: [String]
        let library: String
        let gestureActivity: Int
        let accumulator: @Sendable () -> SweepAnalysis.Accumulator
        let runTimeline: @Sendable (Int, [Int]?) throws -> GestureTrialOutcome
    }

    /// The measurement of ``run(_:settings:replications:truthTimelines:runner:)`` for either study.
    static func measure(
        _ sweep: Sweep, settings: [Int], replications: Int, truthTimelines: Int, runner: MonteCarloRunner
    ) throws -> Result {
        let template = sweep.accumulator()
        let all = template.settings
        for i in settings where !all.indices.contains(i) {
            throw ReportingError.invalidValue(context: "setting \(i)", reason: "the sweep has settings 0 to \(all.count - 1)")
        }
        let n = sweep.dayTimelines
        guard replications >= 1, truthTimelines >= 1, replications * n <= maximumTimelines,
            truthTimelines <= maximumTimelines
        else {
            throw ReportingError.invalidValue(
                context: "\(replications) replications of \(n) timelines and \(truthTimelines) truth timelines",
                reason: "each stream holds 1 to \(maximumTimelines) timelines")
        }
        let truths = try truth(template, settings: settings, timelines: truthTimelines, runner: runner) { j in
            try sweep.runTimeline(truthBase + j, settings)
        }
        let activityCount = sweep.activityNames.count
        var result = Result(
            scenario: sweep.name, dayTimelines: n, replications: replications, truthTimelines: truthTimelines,
            rows: zip(settings, truths).map { Row(setting: all[$0], truth: $1, activityCount: activityCount) },
            floors: [], activityNames: sweep.activityNames, library: sweep.library,
            gestureActivity: sweep.gestureActivity)
        var day = sweep.accumulator()
        try runner.forEach(count: replications * n) { k in
            try sweep.runTimeline(replicationBase + k, nil)
        } consume: { k, outcome in
            try day.add(outcome)
            guard k % n == n - 1 else { return }
            let a = try day.finish()
            result.floors.append(a.dispersionFloor)
            for (j, i) in settings.enumerated() {
                try judge(&result.rows[j], a.metrics[i])
                try judgeActivities(&result.rows[j], a, setting: i, gestureActivity: sweep.gestureActivity)
            }
            day = sweep.accumulator()
        }
        return result
    }

    /// The report's choice for `s`: the sweep's recommended setting on the scenario's own timelines (trials 0 to
    /// n − 1), as `sensorbench run` selects it.
    package static func reportChoice(_ s: ShakeScenario, runner: MonteCarloRunner) throws -> Int {
        var a = ShakeStudy.accumulator(s)
        try s.simulate(0..<s.timelines, runner: runner) { _, o in try a.add(o) }
        return try a.finish().recommended
    }

    /// The report's choice for a scribble scenario `s`, as `sensorbench run` selects it.
    package static func reportChoice(_ s: ScribbleScenario, runner: MonteCarloRunner) throws -> Int {
        var a = ScribbleStudy.accumulator(s)
        try s.simulate(0..<s.timelines, runner: runner) { _, o in try a.add(o) }
        return try a.finish().recommended
    }

    /// The truth of `settings` (indices into `template`'s sweep) from `timelines` timelines (`runTimeline` of the
    /// j-th, from ``truthBase`` on): each setting's pooled metrics, its rate interval with its own dispersion (no
    /// floor: with thousands of timelines a setting's clustering shows).
    static func truth(
        _ template: SweepAnalysis.Accumulator, settings: [Int], timelines: Int, runner: MonteCarloRunner,
        runTimeline: @escaping @Sendable (Int) throws -> GestureTrialOutcome
    ) throws -> [Truth] {
        var a = SweepAnalysis.Accumulator(
            settings: settings.map { template.settings[$0] }, activityCount: template.activityCount,
            toleranceBeforeSeconds: template.toleranceBeforeSeconds, toleranceAfterSeconds: template.toleranceAfterSeconds,
            rule: template.rule, dispersionFloor: 1)
        try runner.forEach(count: timelines) { j in
            try runTimeline(j)
        } consume: { _, outcome in
            try a.add(outcome)
        }
        let t = try a.finish()
        return t.metrics.indices.map {
            Truth(
                timelines: timelines, metrics: t.metrics[$0], activityRates: t.activityRates[$0],
                withoutActivityRates: t.falseAlarmsWithoutActivity[$0])
        }
    }

    /// Counts one replication's intervals for a setting against its truth.
    static func judge(_ row: inout Row, _ m: DetectionMetrics) throws {
        row.replications += 1
        if m.falseAlarms == 0 { row.zeroCounts += 1 }
        let truth = row.truth
        if let ci = m.falseAlarmsPerHourInterval, truth.rate > 0 {
            row.rateJudged += 1
            if ci.contains(truth.rate) { row.rateCovered += 1 }
            if let plain = try m.falseAlarmRate.interval(), plain.contains(truth.rate) { row.unflooredRateCovered += 1 }
        }
        if let ci = m.precisionInterval, let p = truth.metrics.precision, p > 0, p < 1 {
            row.precisionJudged += 1
            if ci.contains(p) { row.precisionCovered += 1 }
        }
        if let ci = m.recallInterval, let r = truth.metrics.recall, r > 0, r < 1 {
            row.recallJudged += 1
            if ci.contains(r) { row.recallCovered += 1 }
        }
        if let ci = m.singleEventShareInterval, let p = truth.metrics.singleEventShare, p > 0, p < 1 {
            row.singleJudged += 1
            if ci.contains(p) { row.singleCovered += 1 }
        }
    }

    /// Counts one replication's per-activity intervals for sweep setting `setting` of the day's analysis `a` against
    /// the row's truth: each activity the day holds gives the report's interval, judged where the true rate is above 0,
    /// and the report's "day without it" interval (``SweepAnalysis/withoutActivityRateInterval(setting:activity:)``),
    /// judged where the true rate without the activity is above 0 and the activity is not the gesture's own
    /// (`gestureActivity`, which the answer never leaves out).
    static func judgeActivities(_ row: inout Row, _ a: SweepAnalysis, setting: Int, gestureActivity: Int? = nil) throws {
        for k in row.activities.indices where a.activityHours.indices.contains(k) && a.activityHours[k] > 0 {
            guard let ci = try a.activityRateInterval(setting: setting, activity: k) else { continue }
            row.activities[k].reported += 1
            row.activities[k].hours += a.activityHours[k]
            if a.falseAlarmsByActivity[setting][k] == 0 { row.activities[k].zeroCounts += 1 }
            let without = row.truth.withoutActivityRate(k)
            if k != gestureActivity, without > 0, let w = try a.withoutActivityRateInterval(setting: setting, activity: k) {
                row.activities[k].withoutJudged += 1
                if w.contains(without) { row.activities[k].withoutCovered += 1 }
            }
            let truth = row.truth.activityRate(k)
            guard truth > 0 else { continue }
            row.activities[k].judged += 1
            if ci.contains(truth) { row.activities[k].covered += 1 }
        }
    }

    // MARK: - Table

    /// "0.34 [0.21–0.52]": a value and its interval, 2 significant digits.
    static func valueText(_ value: Double?, _ ci: ConfidenceInterval?, percent: Bool = false) throws -> String {
        guard let value else { return "–" }
        let k = percent ? 100.0 : 1.0
        let v = try Format.number(k * value, significantDigits: percent ? 3 : 2)
        guard let ci else { return v + (percent ? "%" : "") }
        return "\(v)\(percent ? "%" : "") [\(try Format.number(k * ci.low, significantDigits: percent ? 3 : 2))–"
            + "\(try Format.number(k * ci.high, significantDigits: percent ? 3 : 2))]"
    }

    /// The result as a heading sentence and a Markdown table, one row a setting.
    package static func table(_ r: Result) throws -> String {
        var t = MarkdownTable(columns: [
            ("setting", .left), ("false alarms / h (truth)", .right), ("precision (truth)", .right),
            ("recall (truth)", .right), ("no false alarm", .right), ("rate interval (floored)", .right),
            ("without floor", .right), ("precision interval", .right), ("recall interval", .right),
            ("fires once (truth)", .right), ("fires-once interval", .right),
        ])
        for row in r.rows {
            let m = row.truth.metrics
            try t.append([
                "\(row.setting.index): \(row.setting.family) \(row.setting.shortLabel)",
                try valueText(m.falseAlarmsPerHour, m.falseAlarmsPerHourInterval),
                try valueText(m.precision, m.precisionInterval, percent: true),
                try valueText(m.recall, m.recallInterval, percent: true),
                "\(try Format.fixed(100 * Double(row.zeroCounts) / Double(max(1, row.replications)), decimals: 0))%",
                try SweepIntervalCoverage.coverageText(row.rateCovered, row.rateJudged),
                try SweepIntervalCoverage.coverageText(row.unflooredRateCovered, row.rateJudged),
                try SweepIntervalCoverage.coverageText(row.precisionCovered, row.precisionJudged),
                try SweepIntervalCoverage.coverageText(row.recallCovered, row.recallJudged),
                try valueText(m.singleEventShare, m.singleEventShareInterval, percent: true),
                try SweepIntervalCoverage.coverageText(row.singleCovered, row.singleJudged),
            ])
        }
        let floors = r.floors.sorted()
        let floorText: String
        if floors.isEmpty {
            floorText = "no replication"
        } else {
            let middle = floors.count / 2
            let median = floors.count % 2 == 1 ? floors[middle] : (floors[middle - 1] + floors[middle]) / 2
            floorText =
                "median \(try Format.number(median, significantDigits: 3)), "
                + "\(try Format.number(floors[0], significantDigits: 3))–"
                + "\(try Format.number(floors[floors.count - 1], significantDigits: 3))"
        }
        return "Coverage of \(r.scenario)'s 95% intervals on \(r.library): \(r.replications) replications of "
            + "\(r.dayTimelines) timelines (global trials from 2^30), each analysed as the report does over the whole "
            + "sweep; truth from \(r.truthTimelines) timelines (from 1.5·2^30), with its own 95% interval; the "
            + "replications' dispersion floors: \(floorText); coverage with its 95% Wilson interval, – where the "
            + "truth is at its bound (0 false alarms, a share of 0 or 1), which an interval covers by construction:\n\n" + t.render()
            + (try activityTable(r))
    }

    /// The per-activity table: one row a setting and activity in which the truth run had a false alarm (the others'
    /// truth is at its bound, 0, which the table counts instead of listing), each with the coverage of its activity
    /// interval and of its "day without it" interval; then the "day without it" coverage of the pairs left out, whose
    /// truth without the activity is not at its bound, as a range (lowest and highest, and which).
    static func activityTable(_ r: Result) throws -> String {
        var t = MarkdownTable(columns: [
            ("setting", .left), ("activity", .left), ("hours a day", .right), ("false alarms / h of it (truth)", .right),
            ("days with none in it", .right), ("activity interval (floored)", .right),
            ("false alarms / h without it (truth)", .right), ("day-without interval (floored)", .right),
        ])
        var atBound = 0
        // The left-out pairs' day-without coverage: (covered, judged, label) at the lowest and highest share.
        var lowest: (Int, Int, String)?
        var highest: (Int, Int, String)?
        var leftOutJudged = 0
        var leftOutBelow = 0
        for row in r.rows {
            let label = "\(row.setting.index): \(row.setting.family) \(row.setting.shortLabel)"
            for (k, rate) in row.truth.activityRates.enumerated() where rate.exposure > 0 {
                let count = row.activities[k]
                let without = row.truth.withoutActivityRates.indices.contains(k) ? row.truth.withoutActivityRates[k] : nil
                guard rate.events > 0 else {
                    atBound += 1
                    if count.withoutJudged > 0 {
                        leftOutJudged += 1
                        if try Proportion(successes: count.withoutCovered, trials: count.withoutJudged).wilson().high < 0.95 {
                            leftOutBelow += 1
                        }
                        let share = Double(count.withoutCovered) / Double(count.withoutJudged)
                        let pair = (count.withoutCovered, count.withoutJudged, "\(label) without \(r.activityNames[k])")
                        if lowest.map({ share < Double($0.0) / Double($0.1) }) ?? true { lowest = pair }
                        if highest.map({ share > Double($0.0) / Double($0.1) }) ?? true { highest = pair }
                    }
                    continue
                }
                try t.append([
                    label,
                    r.activityNames[k],
                    try Format.number(count.hours / Double(max(1, count.reported)), significantDigits: 2),
                    try valueText(rate.rate, rate.interval()),
                    "\(try Format.fixed(100 * Double(count.zeroCounts) / Double(max(1, count.reported)), decimals: 0))%",
                    try SweepIntervalCoverage.coverageText(count.covered, count.judged),
                    try valueText(without?.rate, try without?.interval()),
                    try SweepIntervalCoverage.coverageText(count.withoutCovered, count.withoutJudged),
                ])
            }
        }
        var leftOut = ""
        if let lowest, let highest {
            leftOut =
                "\nThe day-without interval of the \(leftOutJudged) pair\(leftOutJudged == 1 ? "" : "s") of those left out "
                + "that it is judged on (a true rate above 0 without the activity, which is not the gesture's own) covers "
                + "\(try SweepIntervalCoverage.coverageText(lowest.0, lowest.1)) (lowest, \(lowest.2)) to "
                + "\(try SweepIntervalCoverage.coverageText(highest.0, highest.1)) (highest, \(highest.2)); \(leftOutBelow) "
                + "with a coverage interval wholly below 95%.\n"
        }
        return "\nPer-activity false alarms an hour, the same days: each activity's interval as the report's table of causes "
            + "and its answer give it (clustered by timeline, with the day's dispersion floor), against the truth run's false "
            + "alarms in the activity over its hours of it (with its own 95% interval, no floor); and the interval the "
            + "answer gives for a day without the activity (its false alarms and hours left out of every timeline, the "
            + "day's floor), against the truth run's rate without it, judged on the days with some of the activity; hours "
            + "a day is the mean over the days with the activity; left out, \(atBound) setting–activity "
            + "pair\(atBound == 1 ? "" : "s") the truth run holds without a false alarm (a truth at its bound, 0, not "
            + "judged):\n\n" + t.render() + leftOut
    }
}

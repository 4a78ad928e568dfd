import Foundation
import MonteCarlo
import Reporting
import Stats

// MARK: - Per-activity rates and the day without an activity

extension SweepIntervalCoverage {
    /// A per-activity design: an activity (a bus ride, a run) on a share of the timelines, 0.02–0.1 h of it on each
    /// such timeline, during which the setting fires at `rate` an hour; outside it the setting fires at
    /// ``backgroundRate``. Both in bursts of mean `burstMean`. The report's per-activity interval is judged against
    /// `rate` (over the timelines that hold the activity), its "day without" interval against ``backgroundRate``
    /// (every timeline, the activity's false alarms and hours removed).
    package struct ActivityDesign: Sendable, Equatable {
        /// False alarms an hour during the activity.
        package let rate: Double
        /// Mean events a burst, B ≥ 1.
        package let burstMean: Double
        /// The share of timelines that hold the activity.
        package let share: Double
        /// The counts' dispersion, 2B − 1.
        package var dispersion: Double { 2 * burstMean - 1 }

        package init(rate: Double, burstMean: Double, share: Double) {
            self.rate = rate
            self.burstMean = burstMean
            self.share = share
        }
    }

    /// False alarms an hour outside the activity.
    package static let backgroundRate = 0.5
    static let activityHoursRange = (low: 0.02, high: 0.1)

    /// The activity designs `dev shake-coverage` prints: the activity on a quarter of the timelines at 0.5, 2 and 10
    /// an hour (the vehicle rides of `shake-campus-walk`'s old recommendation fired 9.7 an hour), independent or in
    /// bursts (φ 10, 20), and a rare activity (a sixth of the timelines).
    package static let activityDesigns: [ActivityDesign] =
        [1.0, 5.5, 10.5].flatMap { b in [0.5, 2, 10].map { ActivityDesign(rate: $0, burstMean: b, share: 0.25) } }
        + [ActivityDesign(rate: 10, burstMean: 5.5, share: 1.0 / 6), ActivityDesign(rate: 2, burstMean: 5.5, share: 1.0 / 6)]

    /// How often the per-activity and "day without" intervals contained the truth.
    package struct ActivityRow: Sendable, Equatable {
        package let design: ActivityDesign
        package let replications: Int
        /// Replications with an interval for the activity (at least one timeline held it).
        package var activityReported = 0
        /// The report's per-activity interval (floored, as the report's table and answer print it).
        package var activityCovered = 0
        /// Replications with no false alarm during the activity.
        package var activityZeroCounts = 0
        /// The report's "day without" interval (floored).
        package var withoutCovered = 0
        /// Replications with a "day without" interval.
        package var withoutReported = 0
    }

    /// Runs `replications` of one activity design over 36 timelines (0.05–0.3 h outside the activity, as
    /// ``run(_:designIndex:replications:seed:)``) with a companion setting at 45 an hour in the same bursts over all
    /// hours; the floor comes from the subject and the companion, as a sweep's does. Replication k draws from
    /// `TrialSeed(seed, 2·10⁸ + designIndex·10⁶ + k)`.
    ///
    /// - Throws: `StatsError` from the intervals.
    package static func runActivity(
        _ d: ActivityDesign, designIndex: Int, replications: Int, seed: UInt64
    ) throws -> ActivityRow {
        var row = ActivityRow(design: d, replications: replications)
        for k in 0..<replications {
            let stream = try RandomStream(
                seed: TrialSeed(scenarioSeed: seed, trialIndex: 200_000_000 + UInt64(designIndex) * 1_000_000 + UInt64(k)))
            var during = ClusteredRate.empty
            var without = ClusteredRate.empty
            var subject = ClusteredRate.empty
            var companion = ClusteredRate.empty
            for _ in 0..<timelines {
                let outside = stream.uniform(hoursRange.low, hoursRange.high)
                let inside =
                    stream.bernoulli(d.share) ? stream.uniform(activityHoursRange.low, activityHoursRange.high) : 0
                let y = inside > 0 ? count(rate: d.rate, hours: inside, burstMean: d.burstMean, stream) : 0
                let background = count(rate: backgroundRate, hours: outside, burstMean: d.burstMean, stream)
                let other = count(rate: companionRate, hours: outside + inside, burstMean: d.burstMean, stream)
                during = during + ClusteredRate(events: y, exposure: inside)
                without = without + ClusteredRate(events: background, exposure: outside)
                subject = subject + ClusteredRate(events: y + background, exposure: outside + inside)
                companion = companion + ClusteredRate(events: other, exposure: outside + inside)
            }
            let floor = try ClusteredRate.dispersionFloor(of: [companion, subject])
            if let ci = try during.interval(dispersionFloor: floor) {
                row.activityReported += 1
                if during.events == 0 { row.activityZeroCounts += 1 }
                if ci.contains(d.rate) { row.activityCovered += 1 }
            }
            if let ci = try without.interval(dispersionFloor: floor) {
                row.withoutReported += 1
                if ci.contains(backgroundRate) { row.withoutCovered += 1 }
            }
        }
        return row
    }

    // MARK: - Fires once

    /// A fires-once design: each timeline's 6 gestures are detected with probability 0.95, and a detected gesture
    /// fires exactly once with probability `easy`, or `hard` on a share `hardShare` of the timelines (a motion
    /// context in which the detector re-fires), so the single-event share clusters by timeline.
    package struct FiresOnceDesign: Sendable, Equatable {
        package let easy: Double
        package let hard: Double
        package let hardShare: Double

        package init(easy: Double, hard: Double, hardShare: Double) {
            self.easy = easy
            self.hard = hard
            self.hardShare = hardShare
        }

        /// The true single-event share, (1 − h)·easy + h·hard (detection does not depend on the timeline's kind).
        package var truth: Double { (1 - hardShare) * easy + hardShare * hard }
    }

    /// The fires-once designs `dev shake-coverage` prints: independent at 0.97 and 0.85, and re-firing timelines.
    package static let firesOnceDesigns: [FiresOnceDesign] = [
        FiresOnceDesign(easy: 0.97, hard: 0.97, hardShare: 0), FiresOnceDesign(easy: 0.85, hard: 0.85, hardShare: 0),
        FiresOnceDesign(easy: 0.99, hard: 0.8, hardShare: 0.2), FiresOnceDesign(easy: 1, hard: 0.5, hardShare: 0.25),
        FiresOnceDesign(easy: 0.95, hard: 0.4, hardShare: 0.3),
    ]

    /// How often the single-event share's interval contained the truth.
    package struct FiresOnceRow: Sendable, Equatable {
        package let design: FiresOnceDesign
        package let replications: Int
        /// Replications with a share (at least one detection).
        package var reported = 0
        /// The report's interval (effective-n Wilson over timelines, ``DetectionMetrics/singleEventShareInterval``).
        package var covered = 0
        /// The plain Wilson interval on pooled detected gestures.
        package var plainCovered = 0
    }

    /// Runs `replications` of one fires-once design over 36 timelines; replication k draws from
    /// `TrialSeed(seed, 3·10⁸ + designIndex·10⁶ + k)`.
    ///
    /// - Throws: `StatsError` from the intervals.
    package static func runFiresOnce(
        _ d: FiresOnceDesign, designIndex: Int, replications: Int, seed: UInt64
    ) throws -> FiresOnceRow {
        var row = FiresOnceRow(design: d, replications: replications)
        for k in 0..<replications {
            let stream = try RandomStream(
                seed: TrialSeed(scenarioSeed: seed, trialIndex: 300_000_000 + UInt64(designIndex) * 1_000_000 + UInt64(k)))
            var clusters = ClusteredProportion.empty
            for _ in 0..<timelines {
                let q = stream.bernoulli(d.hardShare) ? d.hard : d.easy
                var detected = 0
                var once = 0
                for _ in 0..<gesturesPerTimeline where stream.bernoulli(recall) {
                    detected += 1
                    if stream.bernoulli(q) { once += 1 }
                }
                clusters = clusters + ClusteredProportion(successes: once, trials: detected)
            }
            guard clusters.trials > 0 else { continue }
            row.reported += 1
            let metrics = try DetectionMetrics(
                truePositives: clusters.trials, falseAlarms: 0, misses: 0, fragments: 0, latency: nil,
                exposureHours: 1, gesturesWithFragments: clusters.trials - clusters.successes,
                singleEventClusters: clusters)
            if let ci = metrics.singleEventShareInterval, ci.contains(d.truth) { row.covered += 1 }
            let plain = try Proportion(successes: clusters.successes, trials: clusters.trials).wilson()
            if plain.contains(d.truth) { row.plainCovered += 1 }
        }
        return row
    }

    /// The per-activity and fires-once tables as Markdown.
    static func activityAndFiresOnceTables(replications: Int, runner: MonteCarloRunner, seed: UInt64) throws -> String {
        let activityRows = try runner.run(count: activityDesigns.count) { i in
            try runActivity(activityDesigns[i], designIndex: i, replications: replications, seed: seed)
        }
        var a = MarkdownTable(columns: [
            ("activity false alarms / h", .right), ("dispersion φ", .right), ("timelines with it", .right),
            ("none in the activity", .right), ("activity interval (floored)", .right),
            ("day without (0.5 / h, floored)", .right),
        ])
        for r in activityRows {
            try a.append([
                Format.exact(r.design.rate), Format.exact(r.design.dispersion),
                "\(try Format.fixed(100 * r.design.share, decimals: 0))%",
                "\(try Format.fixed(100 * Double(r.activityZeroCounts) / Double(max(1, r.activityReported)), decimals: 0))%",
                try coverageText(r.activityCovered, r.activityReported),
                try coverageText(r.withoutCovered, r.withoutReported),
            ])
        }
        let onceRows = try runner.run(count: firesOnceDesigns.count) { i in
            try runFiresOnce(firesOnceDesigns[i], designIndex: i, replications: replications, seed: seed)
        }
        var f = MarkdownTable(columns: [
            ("fires once (true)", .right), ("re-firing timelines", .right), ("interval (effective n)", .right),
            ("plain Wilson", .right),
        ])
        for r in onceRows {
            try f.append([
                try Format.fixed(r.design.truth, decimals: 3),
                r.design.hardShare > 0
                    ? "\(try Format.fixed(100 * r.design.hardShare, decimals: 0))% at \(Format.exact(r.design.hard))" : "none",
                try coverageText(r.covered, r.reported), try coverageText(r.plainCovered, r.reported),
            ])
        }
        return "\nFalse alarms during one activity and on a day without it, \(replications) replications a design "
            + "(36 timelines; the activity on a share of them, 0.02–0.1 h each; 0.5 false alarms an hour outside it; "
            + "the floor from the setting and a companion at 45 an hour):\n\n" + a.render()
            + "\nFires once, \(replications) replications a design (36 timelines of 6 gestures detected with "
            + "probability 0.95; on a share of the timelines a detected gesture fires once less often):\n\n" + f.render()
    }
}

import Foundation
import MonteCarlo
import Reporting
import Stats

/// Coverage of a sweep report's false-alarm-rate and precision intervals, counted by simulation from known
/// parameters: how often each reported 95% interval contains the true value.
///
/// A replication is one sweep's worth of clustered counts: 36 timelines whose hours outside gestures are drawn
/// uniformly from 0.05–0.3 h (varied, as a timeline's shakes take different time), false alarms arriving in
/// bursts (a Poisson number of bursts at rate λ/B an hour, each burst of geometric size with mean B, so the
/// counts' dispersion is φ = E[S²]/E[S] = 2B − 1), and 6 gestures a timeline each detected with probability 0.95.
/// As in a sweep, where the sensitive settings fire often on the same timelines, a companion setting fires at
/// 45 an hour with the same bursts, and the dispersion floor comes from both
/// (``ClusteredRate/dispersionFloor(of:minimumEvents:confidence:)``). The true precision is the ratio of
/// expectations 5.7/(5.7 + λ·0.175). The test suite runs a few hundred replications with a binomial band derived
/// from their number (`SweepIntervalCoverageTests`); `sensorbench dev shake-coverage [R]` runs more.
package enum SweepIntervalCoverage {
    /// One design: a true rate and a burst size.
    package struct Design: Sendable, Equatable {
        /// False alarms an hour.
        package let rate: Double
        /// Mean events a burst, B ≥ 1 (1: independent events).
        package let burstMean: Double
        /// The counts' dispersion, 2B − 1.
        package var dispersion: Double { 2 * burstMean - 1 }

        package init(rate: Double, burstMean: Double) {
            self.rate = rate
            self.burstMean = burstMean
        }
    }

    /// How often intervals contained the truth.
    package struct Row: Sendable, Equatable {
        package let design: Design
        package let replications: Int
        /// The report's false-alarm interval (floored, ``ClusteredRate/interval(confidence:dispersionFloor:)``).
        package var rateCovered = 0
        /// The interval without a floor (``ClusteredRate/interval(confidence:)``, what reports used before).
        package var unflooredRateCovered = 0
        /// Replications with a precision (at least one detection).
        package var precisionReported = 0
        /// The report's precision interval (effective-n Wilson with the dispersion's design effect).
        package var precisionCovered = 0
        /// The plain Wilson interval on pooled detections.
        package var plainPrecisionCovered = 0
        /// Replications with no false alarm of the design's setting.
        package var zeroCounts = 0

        package var rateCoverage: Double { Double(rateCovered) / Double(replications) }
        package var precisionCoverage: Double {
            precisionReported > 0 ? Double(precisionCovered) / Double(precisionReported) : 0
        }
    }

    static let timelines = 36
    static let hoursRange = (low: 0.05, high: 0.3)
    static let gesturesPerTimeline = 6
    static let recall = 0.95
    static let companionRate = 45.0

    /// The designs `dev shake-coverage` prints: rates 0.1–45 an hour, independent events (B = 1) and bursts of
    /// mean 5.5 and 10.5 (φ = 10 and 20, the dispersions the shipped sweeps' sensitive settings show, 10–30).
    package static let designs: [Design] = [1.0, 5.5, 10.5].flatMap { b in
        [0.1, 0.5, 1, 2, 5, 45].map { Design(rate: $0, burstMean: b) }
    }

    /// The true precision of a design: expected true positives over expected detections.
    package static func truePrecision(_ d: Design) -> Double {
        let tp = Double(gesturesPerTimeline) * recall
        let meanHours = (hoursRange.low + hoursRange.high) / 2
        return tp / (tp + d.rate * meanHours)
    }

    /// A burst's size: geometric on 1, 2, … with mean B (inverse transform; B ≤ 1 gives 1).
    static func burstSize(_ b: Double, _ stream: RandomStream) -> Int {
        guard b > 1 else { return 1 }
        let u = max(stream.uniform(), Double.leastNormalMagnitude)
        return 1 + Int((log(u) / log(1 - 1 / b)).rounded(.down))
    }

    /// Events in `hours` at `rate` an hour, in bursts of mean `b`.
    static func count(rate: Double, hours: Double, burstMean b: Double, _ stream: RandomStream) -> Int {
        let bursts = stream.poisson(mean: rate * hours / max(1, b))
        var n = 0
        for _ in 0..<bursts { n += burstSize(b, stream) }
        return n
    }

    /// Runs `replications` of one design; replication k draws from `TrialSeed(seed, designIndex·10⁶ + k)`.
    ///
    /// - Throws: `StatsError` from the intervals.
    package static func run(_ d: Design, designIndex: Int, replications: Int, seed: UInt64) throws -> Row {
        var row = Row(design: d, replications: replications)
        let truth = truePrecision(d)
        for k in 0..<replications {
            let stream = try RandomStream(
                seed: TrialSeed(scenarioSeed: seed, trialIndex: UInt64(designIndex) * 1_000_000 + UInt64(k)))
            var subject = ClusteredRate.empty
            var companion = ClusteredRate.empty
            var precision = ClusteredProportion.empty
            var truePositives = 0
            for _ in 0..<timelines {
                let hours = stream.uniform(hoursRange.low, hoursRange.high)
                let y = count(rate: d.rate, hours: hours, burstMean: d.burstMean, stream)
                let other = count(rate: companionRate, hours: hours, burstMean: d.burstMean, stream)
                var tp = 0
                for _ in 0..<gesturesPerTimeline where stream.bernoulli(recall) { tp += 1 }
                truePositives += tp
                subject = subject + ClusteredRate(events: y, exposure: hours)
                companion = companion + ClusteredRate(events: other, exposure: hours)
                precision = precision + ClusteredProportion(successes: tp, trials: tp + y)
            }
            if subject.events == 0 { row.zeroCounts += 1 }
            let floor = try ClusteredRate.dispersionFloor(of: [companion, subject])
            if let ci = try subject.interval(dispersionFloor: floor), ci.contains(d.rate) { row.rateCovered += 1 }
            if let ci = try subject.interval(), ci.contains(d.rate) { row.unflooredRateCovered += 1 }
            let detections = truePositives + subject.events
            if detections > 0 {
                row.precisionReported += 1
                let metrics = try DetectionMetrics(
                    truePositives: truePositives, falseAlarms: subject.events, misses: 0, fragments: 0,
                    latency: nil, exposureHours: subject.exposure, falseAlarmClusters: subject,
                    precisionClusters: precision, dispersionFloor: floor)
                if let ci = metrics.precisionInterval, ci.contains(truth) { row.precisionCovered += 1 }
                let plain = try Proportion(successes: truePositives, trials: detections).wilson()
                if plain.contains(truth) { row.plainPrecisionCovered += 1 }
            }
        }
        return row
    }

    /// Every design of ``designs``, in order, on `runner` (one design a work item; results do not depend on the
    /// number of jobs).
    package static func rows(replications: Int, seed: UInt64 = 20_261_203, runner: MonteCarloRunner) throws -> [Row] {
        try runner.run(count: designs.count) { i in
            try run(designs[i], designIndex: i, replications: replications, seed: seed)
        }
    }

    // MARK: - Recall

    /// A recall design: each timeline's 6 gestures are detected with probability `easy`, or, on a share `hardShare`
    /// of the timelines (a hard motion context, as a shake made while running), with probability `hard`, so that a
    /// timeline's gestures share their fate and recall clusters by timeline (intra-cluster correlation
    /// h(1 − h)(easy − hard)²/(p(1 − p)), p the true recall).
    package struct RecallDesign: Sendable, Equatable {
        package let easy: Double
        package let hard: Double
        package let hardShare: Double

        package init(easy: Double, hard: Double, hardShare: Double) {
            self.easy = easy
            self.hard = hard
            self.hardShare = hardShare
        }

        /// The true recall, (1 − h)·easy + h·hard.
        package var truth: Double { (1 - hardShare) * easy + hardShare * hard }
        /// The intra-timeline correlation of two gestures' detections.
        package var correlation: Double {
            let p = truth
            return p > 0 && p < 1 ? hardShare * (1 - hardShare) * (easy - hard) * (easy - hard) / (p * (1 - p)) : 0
        }
    }

    /// The recall designs `dev shake-coverage` prints: independent detections at 0.95 and 0.8, and timelines of two
    /// kinds (true recall 0.92 to 0.72, correlation 0.09 to 0.51; `shake-campus-walk`'s best setting shows a design
    /// effect of about 1.4 over 6 shakes a timeline, a correlation of about 0.08).
    package static let recallDesigns: [RecallDesign] = [
        RecallDesign(easy: 0.95, hard: 0.95, hardShare: 0), RecallDesign(easy: 0.8, hard: 0.8, hardShare: 0),
        RecallDesign(easy: 0.96, hard: 0.75, hardShare: 0.2), RecallDesign(easy: 0.98, hard: 0.7, hardShare: 0.25),
        RecallDesign(easy: 1, hard: 0.4, hardShare: 0.3),
        RecallDesign(easy: 0.9, hard: 0.3, hardShare: 0.3),
    ]

    /// How often the recall intervals contained the truth.
    package struct RecallRow: Sendable, Equatable {
        package let design: RecallDesign
        package let replications: Int
        /// The report's interval (effective-n Wilson over timelines, ``DetectionMetrics/recallInterval``).
        package var covered = 0
        /// The plain Wilson interval on pooled gestures (what the reports used before).
        package var plainCovered = 0
    }

    /// Runs `replications` of one recall design over 36 timelines of 6 gestures; replication k draws from
    /// `TrialSeed(seed, 10⁸ + designIndex·10⁶ + k)`.
    ///
    /// - Throws: `StatsError` from the intervals.
    package static func runRecall(_ d: RecallDesign, designIndex: Int, replications: Int, seed: UInt64) throws -> RecallRow {
        var row = RecallRow(design: d, replications: replications)
        for k in 0..<replications {
            let stream = try RandomStream(
                seed: TrialSeed(scenarioSeed: seed, trialIndex: 100_000_000 + UInt64(designIndex) * 1_000_000 + UInt64(k)))
            var clusters = ClusteredProportion.empty
            for _ in 0..<timelines {
                let p = stream.bernoulli(d.hardShare) ? d.hard : d.easy
                var tp = 0
                for _ in 0..<gesturesPerTimeline where stream.bernoulli(p) { tp += 1 }
                clusters = clusters + ClusteredProportion(successes: tp, trials: gesturesPerTimeline)
            }
            let metrics = try DetectionMetrics(
                truePositives: clusters.successes, falseAlarms: 0, misses: clusters.trials - clusters.successes,
                fragments: 0, latency: nil, exposureHours: 1, recallClusters: clusters)
            if let ci = metrics.recallInterval, ci.contains(d.truth) { row.covered += 1 }
            let plain = try Proportion(successes: clusters.successes, trials: clusters.trials).wilson()
            if plain.contains(d.truth) { row.plainCovered += 1 }
        }
        return row
    }

    /// "94.1% [92.5–95.4]": a coverage with its 95% Wilson interval.
    static func coverageText(_ covered: Int, _ n: Int) throws -> String {
        guard n > 0 else { return "–" }
        let ci = try Proportion(successes: covered, trials: n).wilson()
        return "\(try Format.fixed(100 * Double(covered) / Double(n), decimals: 1))% "
            + "[\(try Format.fixed(100 * ci.low, decimals: 1))–\(try Format.fixed(100 * ci.high, decimals: 1))]"
    }

    /// The coverage table as Markdown, one row a design.
    package static func table(replications: Int, runner: MonteCarloRunner) throws -> String {
        let rows = try rows(replications: replications, runner: runner)
        var t = MarkdownTable(columns: [
            ("false alarms / h", .right), ("dispersion φ", .right), ("no false alarm", .right),
            ("rate interval (floored)", .right), ("without floor", .right), ("precision (true)", .right),
            ("precision interval", .right), ("plain Wilson", .right),
        ])
        for r in rows {
            try t.append([
                Format.exact(r.design.rate), Format.exact(r.design.dispersion),
                "\(try Format.fixed(100 * Double(r.zeroCounts) / Double(r.replications), decimals: 0))%",
                try coverageText(r.rateCovered, r.replications),
                try coverageText(r.unflooredRateCovered, r.replications),
                try Format.fixed(truePrecision(r.design), decimals: 3),
                try coverageText(r.precisionCovered, r.precisionReported),
                try coverageText(r.plainPrecisionCovered, r.precisionReported),
            ])
        }
        let recallRows = try runner.run(count: recallDesigns.count) { i in
            try runRecall(recallDesigns[i], designIndex: i, replications: replications, seed: 20_261_203)
        }
        var r = MarkdownTable(columns: [
            ("recall (true)", .right), ("hard timelines", .right), ("correlation", .right),
            ("recall interval (effective n)", .right), ("plain Wilson", .right),
        ])
        for row in recallRows {
            try r.append([
                try Format.fixed(row.design.truth, decimals: 3),
                row.design.hardShare > 0
                    ? "\(try Format.fixed(100 * row.design.hardShare, decimals: 0))% at \(Format.exact(row.design.hard))" : "none",
                try Format.fixed(row.design.correlation, decimals: 2), try coverageText(row.covered, row.replications),
                try coverageText(row.plainCovered, row.replications),
            ])
        }
        return "Coverage of the 95% intervals, \(replications) replications a design (36 timelines of 0.05–0.3 h, "
            + "bursts of geometric size, a companion setting at 45 an hour; coverage with its 95% Wilson interval):\n\n"
            + t.render()
            + "\nRecall, \(replications) replications a design (36 timelines of 6 gestures; a share of the timelines hard, "
            + "their gestures detected less often):\n\n" + r.render()
            + (try activityAndFiresOnceTables(replications: replications, runner: runner, seed: 20_261_203))
    }
}

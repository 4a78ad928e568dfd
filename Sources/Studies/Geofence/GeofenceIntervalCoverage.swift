import Foundation
import MonteCarlo
import Reporting
import Stats

/// Coverage of a geofence report's false-trigger, miss and collect intervals, counted by simulation from the
/// scenario's own known parameters: how often each reported 95% interval contains the true value.
///
/// A replication is the scenario's visits of the chosen environments run again on trials the report never uses
/// (global indices from ``firstTrial`` on, replication r owning `firstTrial + r·totalTrials …`), through the whole
/// pipeline (movement, GPS jitter, every check) and the report's own analysis (``GeofenceAnalysis``, so the
/// dispersion floor is taken as the report takes it). The truth a replication's interval is judged against is the
/// pooled value of all the other replications (leave one out: independent of the interval it judges); with R
/// replications of 200 five-minute visits a row's truth rests on (R − 1)·16.7 h outside the circle.
///
/// Three false-trigger intervals per row: the report's false triggers per hour (quasi-Poisson over visits with the
/// environment's dispersion floor), the same without the floor (what reports used before), and the share of outside
/// visits with a false trigger (``GeofenceAnalysis/visitShareInterval(successes:trials:)``, the modified Wilson:
/// visits are independent, so it needs no clustering). Two shares more, each as the report prints it and as plain
/// Wilson: the miss share of the inside visits (``GeofenceAnalysis/Row/missInterval``) and the collect share of all
/// visits (``GeofenceAnalysis/Row/collectInterval``).
///
/// A share whose pooled value over all replications is exactly 0 or 1 is not judged: then every replication's count
/// is 0 (or n), the truth is that same bound, and an interval whose bound is 0 (or 1) there covers it by construction,
/// which says nothing about the interval. Such rows are counted apart (``Row/missDegenerate``,
/// ``Row/collectDegenerate``).
package enum GeofenceIntervalCoverage {
    /// Replication trials start here (2³¹): beyond any scenario's own trials (a scenario has at most
    /// ``ScenarioLimits/maximumTotalTrials``), as the shake confirmation's fresh timelines do.
    package static let firstTrial = 1 << 31

    /// One row of the report, counted over replications.
    package struct Row: Sendable, Equatable {
        package let variant: String
        package let environment: String
        package let distanceMeters: Double
        package let checkIndex: Int
        package let placeIndex: Int
        package let replications: Int
        /// False triggers and outside hours over all replications.
        package var events = 0
        package var hours = 0.0
        /// Outside visits with a false trigger, and outside visits, over all replications.
        package var triggeredVisits = 0
        package var visits = 0
        package var rateCovered = 0
        package var unflooredRateCovered = 0
        package var visitShareCovered = 0
        /// Replications whose row had outside visits (those whose intervals are judged).
        package var judged = 0
        /// Replications with no false trigger in the row.
        package var zeroCounts = 0
        /// Inside visits and those missed, over all replications; replications judged (with inside visits, the
        /// others having some too), and those whose reported and plain Wilson miss intervals held the truth.
        package var insideVisits = 0
        package var missedVisits = 0
        package var missJudged = 0
        package var missCovered = 0
        package var missWilsonCovered = 0
        /// All visits and those that collected, over all replications, with the same counts for the collect share.
        package var allVisits = 0
        package var collectedVisits = 0
        package var collectJudged = 0
        package var collectCovered = 0
        package var collectWilsonCovered = 0

        /// The pooled false triggers per hour of all replications.
        package var ratePerHour: Double { hours > 0 ? Double(events) / hours : 0 }
        package var rateCoverage: Double { judged > 0 ? Double(rateCovered) / Double(judged) : 0 }
        package var unflooredRateCoverage: Double { judged > 0 ? Double(unflooredRateCovered) / Double(judged) : 0 }
        package var visitShareCoverage: Double { judged > 0 ? Double(visitShareCovered) / Double(judged) : 0 }
        /// The pooled miss share of the inside visits (nil without any) and collect share of all visits.
        package var missShare: Double? { insideVisits > 0 ? Double(missedVisits) / Double(insideVisits) : nil }
        package var collectShare: Double? { allVisits > 0 ? Double(collectedVisits) / Double(allVisits) : nil }
        /// Inside visits whose pooled miss share is exactly 0 or 1 (not judged).
        package var missDegenerate: Bool { insideVisits > 0 && (missedVisits == 0 || missedVisits == insideVisits) }
        /// Visits whose pooled collect share is exactly 0 or 1 (not judged).
        package var collectDegenerate: Bool { allVisits > 0 && (collectedVisits == 0 || collectedVisits == allVisits) }
        /// Whether the row belongs in the false-trigger table (it fired outside), and in the miss-and-collect table
        /// (it had inside visits, or a collect share other than 0 and 1).
        package var hasFalseTriggers: Bool { events > 0 }
        package var hasSharesToJudge: Bool { insideVisits > 0 || (allVisits > 0 && !collectDegenerate) }
    }

    /// What one replication gave for one row.
    struct Sample: Sendable {
        let events: Int
        let hours: Double
        let triggeredVisits: Int
        let visits: Int
        let rate: ConfidenceInterval?
        let unflooredRate: ConfidenceInterval?
        let visitShare: ConfidenceInterval?
        let insideVisits: Int
        let missedVisits: Int
        let miss: ConfidenceInterval?
        let allVisits: Int
        let collectedVisits: Int
        let collect: ConfidenceInterval?
    }

    /// One replication: the cells of `environments` (all when nil) on fresh trials, analysed as the report does.
    static func replicate(_ s: GeofenceScenario, cells: [GeofenceCell], replication r: Int) throws -> [Sample] {
        var accumulator = GeofenceAnalysis.Accumulator(scenario: s)
        let base = firstTrial + r * s.totalTrials
        for cell in cells {
            for k in 0..<s.trialsPerCell {
                let g = base + cell.index * s.trialsPerCell + k
                try accumulator.add(try GeofenceTrial.run(cell: cell, trialInCell: k, globalIndex: g, scenario: s))
            }
        }
        let analysis = try accumulator.finish()
        return try analysis.rows.map { row in
            Sample(
                events: row.falseTriggers, hours: row.outsideHours, triggeredVisits: row.falseTriggerVisits,
                visits: row.outsideVisits, rate: row.falseTriggersPerHourInterval,
                unflooredRate: try row.falseTriggerClusters.interval(), visitShare: row.falseTriggerInterval,
                insideVisits: row.insideVisits, missedVisits: row.missedVisits, miss: row.missInterval,
                allVisits: row.visits, collectedVisits: row.collectedVisits, collect: row.collectInterval)
        }
    }

    /// Every row of the chosen environments with at least one false trigger, or with shares to judge
    /// (``Row/hasSharesToJudge``), over all replications.
    ///
    /// - Parameters:
    ///   - environments: environment names to replicate (nil: all of the scenario's).
    ///   - distances: distances to replicate (nil: all); the floor is then taken over those cells' rows only.
    /// - Throws: `StatsError`, `SimulationError` from the trials.
    package static func rows(
        _ s: GeofenceScenario, environments: [String]? = nil, distances: [Double]? = nil, replications: Int,
        runner: MonteCarloRunner
    ) throws -> [Row] {
        let cells = s.cells.filter { c in
            (environments?.contains(c.environment.name) ?? true) && (distances?.contains(c.distanceMeters) ?? true)
        }
        let samples = try runner.run(count: replications) { r in try replicate(s, cells: cells, replication: r) }
        guard let first = samples.first else { return [] }
        let rowCells = try GeofenceAnalysis.Accumulator(scenario: s).finishedEmpty()
        var out: [Row] = []
        for i in first.indices {
            let template = rowCells[i]
            guard cells.contains(where: { $0.index == template.cell.index }) else { continue }
            var row = Row(
                variant: template.cell.variant, environment: template.cell.environment.name,
                distanceMeters: template.cell.distanceMeters, checkIndex: template.checkIndex,
                placeIndex: template.placeIndex, replications: replications)
            for rep in samples {
                row.events += rep[i].events
                row.hours += rep[i].hours
                row.triggeredVisits += rep[i].triggeredVisits
                row.visits += rep[i].visits
                row.insideVisits += rep[i].insideVisits
                row.missedVisits += rep[i].missedVisits
                row.allVisits += rep[i].allVisits
                row.collectedVisits += rep[i].collectedVisits
            }
            guard row.hasFalseTriggers || row.hasSharesToJudge else { continue }
            if row.insideVisits > 0, !row.missDegenerate {
                try judgeShare(
                    samples.map { ($0[i].missedVisits, $0[i].insideVisits, $0[i].miss) }, successes: row.missedVisits,
                    trials: row.insideVisits, judged: &row.missJudged, covered: &row.missCovered,
                    wilsonCovered: &row.missWilsonCovered)
            }
            if row.allVisits > 0, !row.collectDegenerate {
                try judgeShare(
                    samples.map { ($0[i].collectedVisits, $0[i].allVisits, $0[i].collect) },
                    successes: row.collectedVisits, trials: row.allVisits, judged: &row.collectJudged,
                    covered: &row.collectCovered, wilsonCovered: &row.collectWilsonCovered)
            }
            for rep in samples where row.hasFalseTriggers && rep[i].visits > 0 {
                let otherHours = row.hours - rep[i].hours
                let otherVisits = row.visits - rep[i].visits
                guard otherHours > 0, otherVisits > 0 else { continue }
                row.judged += 1
                if rep[i].events == 0 { row.zeroCounts += 1 }
                let rate = Double(row.events - rep[i].events) / otherHours
                let share = Double(row.triggeredVisits - rep[i].triggeredVisits) / Double(otherVisits)
                if rep[i].rate?.contains(rate) == true { row.rateCovered += 1 }
                if rep[i].unflooredRate?.contains(rate) == true { row.unflooredRateCovered += 1 }
                if rep[i].visitShare?.contains(share) == true { row.visitShareCovered += 1 }
            }
            out.append(row)
        }
        return out
    }

    /// Judges one share's intervals, each replication's against the pooled share of the others (leave one out):
    /// the reported interval and plain Wilson's of the same counts.
    ///
    /// - Parameters:
    ///   - replications: each replication's successes, trials and reported interval.
    ///   - successes: the successes over all replications; `trials`: the trials over all.
    static func judgeShare(
        _ replications: [(successes: Int, trials: Int, reported: ConfidenceInterval?)], successes: Int, trials: Int,
        judged: inout Int, covered: inout Int, wilsonCovered: inout Int
    ) throws {
        for rep in replications where rep.trials > 0 {
            let otherTrials = trials - rep.trials
            guard otherTrials > 0 else { continue }
            judged += 1
            let truth = Double(successes - rep.successes) / Double(otherTrials)
            if rep.reported?.contains(truth) == true { covered += 1 }
            if try Proportion(successes: rep.successes, trials: rep.trials).wilson().contains(truth) { wilsonCovered += 1 }
        }
    }

    /// "94.1% [92.5–95.4]": a coverage with its 95% Wilson interval.
    static func coverageText(_ covered: Int, _ n: Int) throws -> String {
        guard n > 0 else { return "–" }
        let ci = try Proportion(successes: covered, trials: n).wilson()
        return "\(try Format.fixed(100 * Double(covered) / Double(n), decimals: 1))% "
            + "[\(try Format.fixed(100 * ci.low, decimals: 1))–\(try Format.fixed(100 * ci.high, decimals: 1))]"
    }

    /// The coverage tables as Markdown: the false-trigger table, one row per (environment, distance, check) with
    /// false triggers, and a line on the rows at 0.1–5 an hour; then, when any row has a miss or collect share to
    /// judge, the miss-and-collect table and a line on each share.
    package static func table(_ s: GeofenceScenario, replications: Int, runner: MonteCarloRunner) throws -> String {
        let all = try rows(s, replications: replications, runner: runner)
        var out = try falseTriggerTable(s, all.filter(\.hasFalseTriggers), replications: replications)
        let shared = all.filter(\.hasSharesToJudge)
        if !shared.isEmpty {
            out += "\n" + (try shareTable(s, shared, replications: replications))
        }
        return out
    }

    /// "campus" or "base campus" (variant first when the scenario has several), and the check's label (with the
    /// place when there are several).
    static func labels(_ s: GeofenceScenario, _ r: Row, variants: Int) -> (environment: String, check: String) {
        (
            (variants > 1 ? "\(r.variant) " : "") + r.environment,
            s.checks[r.checkIndex].label
                + (s.placesOfInterest.count > 1 ? " (\(s.placeSet.places[r.placeIndex].name))" : "")
        )
    }

    /// Whether a coverage is consistent with 95%: the Wilson interval of `covered` of `n` reaches 0.95.
    static func reaches95(_ covered: Int, _ n: Int) throws -> Bool {
        try Proportion(successes: covered, trials: n).wilson().high >= 0.95
    }

    static func falseTriggerTable(_ s: GeofenceScenario, _ rows: [Row], replications: Int) throws -> String {
        var t = MarkdownTable(columns: [
            ("environment", .left), ("d (m)", .right), ("check", .left), ("false triggers / h", .right),
            ("per visit", .right), ("no trigger", .right), ("rate interval (floored)", .right),
            ("without floor", .right), ("P(false trigger), modified Wilson", .right),
        ])
        let visitHours = rows.first.map { $0.visits > 0 ? $0.hours / Double($0.visits) : 0 } ?? 0
        let variants = Set(rows.map(\.variant)).count
        var low = (rows: 0, covering: 0, unflooredCovering: 0)
        var all = (covering: 0, visitShareCovering: 0)
        for r in rows {
            if try reaches95(r.rateCovered, r.judged) { all.covering += 1 }
            if try reaches95(r.visitShareCovered, r.judged) { all.visitShareCovering += 1 }
            let label = labels(s, r, variants: variants)
            try t.append([
                label.environment, Format.exact(r.distanceMeters), label.check,
                try Format.number(r.ratePerHour, significantDigits: 3),
                try Format.number(r.ratePerHour * visitHours, significantDigits: 2),
                "\(try Format.fixed(100 * Double(r.zeroCounts) / Double(max(1, r.judged)), decimals: 0))%",
                try coverageText(r.rateCovered, r.judged), try coverageText(r.unflooredRateCovered, r.judged),
                try coverageText(r.visitShareCovered, r.judged),
            ])
            if r.ratePerHour >= 0.1, r.ratePerHour <= 5 {
                low.rows += 1
                if try reaches95(r.rateCovered, r.judged) { low.covering += 1 }
                if try reaches95(r.unflooredRateCovered, r.judged) { low.unflooredCovering += 1 }
            }
        }
        return "Coverage of \(s.name)'s 95% false-trigger intervals, \(replications) replications of its "
            + "\(s.trialsPerCell) visits a cell on fresh trials; truth: the other replications pooled; coverage with "
            + "its 95% Wilson interval:\n\n" + t.render()
            + "\nRows at 0.1–5 false triggers an hour: \(low.rows); the floored interval covers 95% (the Wilson "
            + "interval of its coverage reaches 0.95) in \(low.covering) of them, the interval without the floor in "
            + "\(low.unflooredCovering). All \(rows.count) rows: the floored interval in \(all.covering), the per-visit "
            + "interval in \(all.visitShareCovering).\n"
    }

    /// The miss share (inside visits) and the collect share (all visits), each as reported and as plain Wilson.
    static func shareTable(_ s: GeofenceScenario, _ rows: [Row], replications: Int) throws -> String {
        var t = MarkdownTable(columns: [
            ("environment", .left), ("d (m)", .right), ("check", .left), ("missed / inside", .right),
            ("miss interval (reported)", .right), ("miss, plain Wilson", .right), ("collected / visits", .right),
            ("collect interval (reported)", .right), ("collect, plain Wilson", .right),
        ])
        let variants = Set(rows.map(\.variant)).count
        for r in rows {
            let label = labels(s, r, variants: variants)
            try t.append([
                label.environment, Format.exact(r.distanceMeters), label.check,
                r.insideVisits > 0 ? "\(r.missedVisits) / \(r.insideVisits)" : "–",
                try coverageText(r.missCovered, r.missJudged), try coverageText(r.missWilsonCovered, r.missJudged),
                "\(r.collectedVisits) / \(r.allVisits)", try coverageText(r.collectCovered, r.collectJudged),
                try coverageText(r.collectWilsonCovered, r.collectJudged),
            ])
        }
        return "Coverage of \(s.name)'s 95% miss-share intervals (inside visits) and collect-share intervals (all "
            + "visits), the same replications and truth; counts over all replications; a share pooled at exactly 0 or "
            + "1 is not judged (–): every replication then sits on that bound, which an interval holds by "
            + "construction:\n\n" + t.render() + "\n"
            + (try shareLine(
                "Miss share", rows.filter { $0.insideVisits > 0 }, degenerate: \.missDegenerate,
                judged: \.missJudged, covered: \.missCovered, wilson: \.missWilsonCovered, s: s, variants: variants))
            + " "
            + (try shareLine(
                "Collect share", rows, degenerate: \.collectDegenerate, judged: \.collectJudged,
                covered: \.collectCovered, wilson: \.collectWilsonCovered, s: s, variants: variants)) + "\n"
    }

    /// "Miss share: 40 rows with inside visits, 12 pooled at 0 or 1 (not judged); of the 28 judged, the reported
    /// interval covers 95% in 25, plain Wilson in 25; lowest reported 90.0% [85.1–93.4] (campus, 45 m, dwell)."
    static func shareLine(
        _ name: String, _ rows: [Row], degenerate: KeyPath<Row, Bool>, judged: KeyPath<Row, Int>,
        covered: KeyPath<Row, Int>, wilson: KeyPath<Row, Int>, s: GeofenceScenario, variants: Int
    ) throws -> String {
        let judgedRows = rows.filter { !$0[keyPath: degenerate] && $0[keyPath: judged] > 0 }
        var reportedCovering = 0
        var wilsonCovering = 0
        for r in judgedRows {
            if try reaches95(r[keyPath: covered], r[keyPath: judged]) { reportedCovering += 1 }
            if try reaches95(r[keyPath: wilson], r[keyPath: judged]) { wilsonCovering += 1 }
        }
        var text =
            "\(name): \(rows.count) rows, \(rows.filter { $0[keyPath: degenerate] }.count) pooled at exactly 0 or 1 "
            + "(not judged); of the \(judgedRows.count) judged, the reported interval covers 95% (the Wilson interval of "
            + "its coverage reaches 0.95) in \(reportedCovering), plain Wilson in \(wilsonCovering)"
        let lowest = judgedRows.min {
            (Double($0[keyPath: covered]) / Double($0[keyPath: judged]), $0.distanceMeters)
                < (Double($1[keyPath: covered]) / Double($1[keyPath: judged]), $1.distanceMeters)
        }
        if let r = lowest {
            let label = labels(s, r, variants: variants)
            text +=
                "; lowest reported \(try coverageText(r[keyPath: covered], r[keyPath: judged])) (\(label.environment), "
                + "\(Format.exact(r.distanceMeters)) m, \(label.check))"
        }
        return text + "."
    }
}

extension GeofenceAnalysis.Accumulator {
    /// The rows of a run with no visit, in the analysis's order (each row's cell and check, for labelling).
    func finishedEmpty() throws -> [GeofenceAnalysis.Row] {
        var copy = GeofenceAnalysis.Accumulator(scenario: scenario, memoryLimit: memoryLimit)
        return try copy.finish().rows
    }
}

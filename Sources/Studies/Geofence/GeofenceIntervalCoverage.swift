import Foundation
import MonteCarlo
import Reporting
import Stats

/// Coverage of a geofence report's false-trigger intervals, counted by simulation from the scenario's own known
/// parameters: how often each reported 95% interval contains the true value.
///
/// A replication is the scenario's visits of the chosen environments run again on trials the report never uses
/// (global indices from ``firstTrial`` on, replication r owning `firstTrial + r·totalTrials …`), through the whole
/// pipeline (movement, GPS jitter, every check) and the report's own analysis (``GeofenceAnalysis``, so the
/// dispersion floor is taken as the report takes it). The truth a replication's interval is judged against is the
/// pooled value of all the other replications (leave one out: independent of the interval it judges); with R
/// replications of 200 five-minute visits a row's truth rests on (R − 1)·16.7 h outside the circle.
///
/// Three intervals per row: the report's false triggers per hour (quasi-Poisson over visits with the environment's
/// dispersion floor), the same without the floor (what reports used before), and the share of outside visits with a
/// false trigger (``GeofenceAnalysis/visitShareInterval(successes:trials:)``, the modified Wilson: visits are
/// independent, so it needs no clustering).
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

        /// The pooled false triggers per hour of all replications.
        package var ratePerHour: Double { hours > 0 ? Double(events) / hours : 0 }
        package var rateCoverage: Double { judged > 0 ? Double(rateCovered) / Double(judged) : 0 }
        package var unflooredRateCoverage: Double { judged > 0 ? Double(unflooredRateCovered) / Double(judged) : 0 }
        package var visitShareCoverage: Double { judged > 0 ? Double(visitShareCovered) / Double(judged) : 0 }
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
                unflooredRate: try row.falseTriggerClusters.interval(), visitShare: row.falseTriggerInterval)
        }
    }

    /// Every row of the chosen environments with at least one false trigger over all replications.
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
            }
            guard row.events > 0 else { continue }
            for rep in samples where rep[i].visits > 0 {
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

    /// "94.1% [92.5–95.4]": a coverage with its 95% Wilson interval.
    static func coverageText(_ covered: Int, _ n: Int) throws -> String {
        guard n > 0 else { return "–" }
        let ci = try Proportion(successes: covered, trials: n).wilson()
        return "\(try Format.fixed(100 * Double(covered) / Double(n), decimals: 1))% "
            + "[\(try Format.fixed(100 * ci.low, decimals: 1))–\(try Format.fixed(100 * ci.high, decimals: 1))]"
    }

    /// The coverage table as Markdown, one row per (environment, distance, check) with false triggers, and a line
    /// on the rows at 0.1–5 an hour.
    package static func table(_ s: GeofenceScenario, replications: Int, runner: MonteCarloRunner) throws -> String {
        let rows = try rows(s, replications: replications, runner: runner)
        var t = MarkdownTable(columns: [
            ("environment", .left), ("d (m)", .right), ("check", .left), ("false triggers / h", .right),
            ("per visit", .right), ("no trigger", .right), ("rate interval (floored)", .right),
            ("without floor", .right), ("P(false trigger), modified Wilson", .right),
        ])
        let visitHours = rows.first.map { $0.visits > 0 ? $0.hours / Double($0.visits) : 0 } ?? 0
        var low = (rows: 0, covering: 0, unflooredCovering: 0)
        var all = (covering: 0, visitShareCovering: 0)
        for r in rows {
            if try Proportion(successes: r.rateCovered, trials: r.judged).wilson().high >= 0.95 { all.covering += 1 }
            if try Proportion(successes: r.visitShareCovered, trials: r.judged).wilson().high >= 0.95 {
                all.visitShareCovering += 1
            }
            try t.append([
                (Set(rows.map(\.variant)).count > 1 ? "\(r.variant) " : "") + r.environment,
                Format.exact(r.distanceMeters),
                s.checks[r.checkIndex].label
                    + (s.placesOfInterest.count > 1 ? " (\(s.placeSet.places[r.placeIndex].name))" : ""),
                try Format.number(r.ratePerHour, significantDigits: 3),
                try Format.number(r.ratePerHour * visitHours, significantDigits: 2),
                "\(try Format.fixed(100 * Double(r.zeroCounts) / Double(max(1, r.judged)), decimals: 0))%",
                try coverageText(r.rateCovered, r.judged), try coverageText(r.unflooredRateCovered, r.judged),
                try coverageText(r.visitShareCovered, r.judged),
            ])
            if r.ratePerHour >= 0.1, r.ratePerHour <= 5 {
                low.rows += 1
                if try Proportion(successes: r.rateCovered, trials: r.judged).wilson().high >= 0.95 { low.covering += 1 }
                if try Proportion(successes: r.unflooredRateCovered, trials: r.judged).wilson().high >= 0.95 {
                    low.unflooredCovering += 1
                }
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
}

extension GeofenceAnalysis.Accumulator {
    /// The rows of a run with no visit, in the analysis's order (each row's cell and check, for labelling).
    func finishedEmpty() throws -> [GeofenceAnalysis.Row] {
        var copy = GeofenceAnalysis.Accumulator(scenario: scenario, memoryLimit: memoryLimit)
        return try copy.finish().rows
    }
}

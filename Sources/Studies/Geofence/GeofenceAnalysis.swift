import Foundation
import Stats

/// The metrics of a geofence study, one row per (cell, check, place of interest).
///
/// Visits are split by the truth: an *outside* visit never came within the rule radius of the place (every enter is
/// a false trigger); an *inside* visit did (a check should enter within the time limit of the true entry).
package struct GeofenceAnalysis: Sendable {
    /// One row of `rates.csv`.
    package struct Row: Sendable {
        package let cell: GeofenceCell
        package let checkIndex: Int
        /// Index into the places of the scenario.
        package let placeIndex: Int
        package let visits: Int
        /// Visits with at least one enter (a collection).
        package let collectedVisits: Int
        /// Visits whose first enter happened while the walker was truly at least the rule radius plus the tolerance away.
        package let wronglyCollectedVisits: Int
        package let outsideVisits: Int
        package let falseTriggerVisits: Int
        /// Wilson 95 % interval of falseTriggerVisits / outsideVisits; `nil` without outside visits.
        package let falseTriggerInterval: ConfidenceInterval?
        /// Enter events during outside visits, and the outside visits' total time, hours.
        package let falseTriggers: Int
        package let outsideHours: Double
        /// The false triggers per outside visit (each visit a cluster: triggers come in bursts while a fix wanders
        /// inside the circle).
        package let falseTriggerClusters: ClusteredRate
        /// Quasi-Poisson 95 % interval of the false triggers per hour over visits (``ClusteredRate``); `nil`
        /// without outside visits.
        package let falseTriggersPerHourInterval: ConfidenceInterval?
        package let insideVisits: Int
        package let missedVisits: Int
        /// Wilson 95 % interval of missedVisits / insideVisits; `nil` without inside visits.
        package let missInterval: ConfidenceInterval?
        /// Time from the true entry to the first enter over inside visits that triggered, seconds (negative: the
        /// check entered before the walker was truly inside); `nil` when none triggered.
        package let timeToTriggerMedianSeconds: Double?
        package let timeToTriggerP95Seconds: Double?
        /// Exit events (each closes an enter/exit cycle) per hour of all visits.
        package let flappingCyclesPerHour: Double

        package var falseTriggerProbability: Double? {
            outsideVisits > 0 ? Double(falseTriggerVisits) / Double(outsideVisits) : nil
        }
        package var falseTriggersPerHour: Double? { outsideHours > 0 ? Double(falseTriggers) / outsideHours : nil }
        package var missProbability: Double? { insideVisits > 0 ? Double(missedVisits) / Double(insideVisits) : nil }
        package var collectProbability: Double { Double(collectedVisits) / Double(max(visits, 1)) }
        package var wronglyCollectedProbability: Double { Double(wronglyCollectedVisits) / Double(max(visits, 1)) }
    }

    package let rows: [Row]

    /// Computes every row from the outcomes (in global trial order).
    ///
    /// - Throws: ``StatsError`` from the intervals (not expected for valid counts).
    package init(scenario s: GeofenceScenario, outcomes: [GeofenceOutcome]) throws {
        var rows: [Row] = []
        let interest = s.placesOfInterest
        let p = interest.count
        for cell in s.cells {
            let cellOutcomes = outcomes.filter { $0.cellIndex == cell.index }
            for c in s.checks.indices {
                for (j, placeIndex) in interest.enumerated() {
                    let i = c * p + j
                    var collected = 0, wrong = 0, outside = 0, falseVisits = 0, falseEvents = 0, inside = 0, missed = 0
                    var exits = 0
                    var outsideSeconds = 0.0, allSeconds = 0.0
                    var times: [Double] = []
                    var clusters = ClusteredRate.empty
                    for o in cellOutcomes {
                        allSeconds += o.durationSeconds
                        exits += o.exits[i]
                        if o.enters[i] > 0 { collected += 1 }
                        if o.firstEnterWasFalse[i] { wrong += 1 }
                        if let entry = o.trueFirstInsideSeconds[j] {
                            inside += 1
                            if let first = o.firstEnterSeconds[i] {
                                times.append(first - entry)
                                if first - entry > s.timeLimitSeconds { missed += 1 }
                            } else {
                                missed += 1
                            }
                        } else {
                            outside += 1
                            outsideSeconds += o.durationSeconds
                            falseEvents += o.enters[i]
                            clusters = clusters + ClusteredRate(events: o.enters[i], exposure: o.durationSeconds / 3600)
                            if o.enters[i] > 0 { falseVisits += 1 }
                        }
                    }
                    times.sort()
                    let hours = outsideSeconds / 3600
                    rows.append(
                        Row(
                            cell: cell, checkIndex: c, placeIndex: placeIndex, visits: cellOutcomes.count,
                            collectedVisits: collected, wronglyCollectedVisits: wrong, outsideVisits: outside,
                            falseTriggerVisits: falseVisits,
                            falseTriggerInterval: outside > 0 ? try Proportion(successes: falseVisits, trials: outside).wilson() : nil,
                            falseTriggers: falseEvents, outsideHours: hours, falseTriggerClusters: clusters,
                            falseTriggersPerHourInterval: hours > 0 ? try clusters.interval() : nil,
                            insideVisits: inside, missedVisits: missed,
                            missInterval: inside > 0 ? try Proportion(successes: missed, trials: inside).wilson() : nil,
                            timeToTriggerMedianSeconds: times.isEmpty ? nil : try Descriptive.quantile(sorted: times, probability: 0.5),
                            timeToTriggerP95Seconds: times.isEmpty ? nil : try Descriptive.quantile(sorted: times, probability: 0.95),
                            flappingCyclesPerHour: allSeconds > 0 ? Double(exits) / (allSeconds / 3600) : 0))
                }
            }
        }
        self.rows = rows
    }

    /// The exact (Garwood) 95 % interval of a Poisson rate: k events in exposure T give
    /// [χ²(0.025; 2k)/2, χ²(0.975; 2k + 2)/2] / T, with 0 as the lower bound when k = 0 (Garwood 1936).
    ///
    /// - Parameters:
    ///   - events: k ≥ 0.
    ///   - exposure: T > 0 (hours here).
    /// - Returns: the interval of the rate per unit of exposure.
    package static func poissonInterval(events: Int, exposure: Double, confidence: Double = 0.95) throws -> ConfidenceInterval {
        let alpha = 1 - confidence
        let k = Double(events)
        let low = events == 0 ? 0 : try ChiSquared.quantile(alpha / 2, degreesOfFreedom: 2 * k) / 2
        let high = try ChiSquared.quantile(1 - alpha / 2, degreesOfFreedom: 2 * k + 2) / 2
        return ConfidenceInterval(low: low / exposure, high: high / exposure)
    }

    /// The row of a cell, check and place.
    package func row(cell: Int, check: Int, place: Int) -> Row? {
        rows.first { $0.cell.index == cell && $0.checkIndex == check && $0.placeIndex == place }
    }
}

import Foundation
import MonteCarlo
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
        /// 95 % interval of collectedVisits / visits (``GeofenceAnalysis/visitShareInterval(successes:trials:)``, the
        /// modified Wilson); `nil` without visits.
        package let collectInterval: ConfidenceInterval?
        /// Visits whose first enter happened while the walker was truly at least the rule radius plus the tolerance away.
        package let wronglyCollectedVisits: Int
        package let outsideVisits: Int
        package let falseTriggerVisits: Int
        /// 95 % interval of falseTriggerVisits / outsideVisits (``GeofenceAnalysis/visitShareInterval(successes:trials:)``,
        /// the modified Wilson); `nil` without outside visits.
        package let falseTriggerInterval: ConfidenceInterval?
        /// Enter events during outside visits, and the outside visits' total time, hours.
        package let falseTriggers: Int
        package let outsideHours: Double
        /// The false triggers per outside visit (each visit a cluster: triggers come in bursts while a fix wanders
        /// inside the circle).
        package let falseTriggerClusters: ClusteredRate
        /// Quasi-Poisson 95 % interval of the false triggers per hour over visits with the dispersion floor of its
        /// environment (``ClusteredRate/interval(confidence:dispersionFloor:)``, ``dispersionFloor``); `nil` without
        /// outside visits.
        package internal(set) var falseTriggersPerHourInterval: ConfidenceInterval?
        /// The least dispersion the per-hour interval assumed: φ₀ of the rows of its variant and environment
        /// (``GeofenceAnalysis/dispersionFloors(_:)``).
        package internal(set) var dispersionFloor = 1.0
        package let insideVisits: Int
        package let missedVisits: Int
        /// 95 % interval of missedVisits / insideVisits (``GeofenceAnalysis/visitShareInterval(successes:trials:)``,
        /// the modified Wilson); `nil` without inside visits.
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
        var accumulator = Accumulator(scenario: s)
        for o in outcomes { try accumulator.add(o) }
        self = try accumulator.finish()
    }

    init(rows: [Row]) { self.rows = rows }

    /// The rows accumulated one outcome at a time, so a study of any size needs memory for one cell's running
    /// counts only: a cell's rows are finished as soon as its last trial arrives (outcomes in global index order
    /// fill cells one after another), and the times to trigger go to ``SpilledValues`` (exact quantiles, on disk
    /// beyond 4096 values). Sums run over the visits in the order given, so the figures are those of the whole
    /// array, bit for bit.
    package struct Accumulator {
        /// The running counts of one (check, place) of a cell.
        struct Running {
            var visits = 0, collected = 0, wrong = 0, outside = 0, falseVisits = 0, falseEvents = 0, inside = 0
            var missed = 0, exits = 0
            var outsideSeconds = 0.0, allSeconds = 0.0
            var times: SpilledValues
            var clusters = ClusteredRate.empty
        }

        let scenario: GeofenceScenario
        let memoryLimit: Int
        /// Running counts of the cells not finished yet, by cell index (c·P + j within a cell).
        private var open: [Int: [Running]] = [:]
        /// Finished rows, by cell index.
        private var finished: [Int: [Row]] = [:]

        /// - Parameter memoryLimit: times to trigger kept in memory per (check, place) before they are spilled.
        package init(scenario: GeofenceScenario, memoryLimit: Int = SpilledValues.defaultMemoryLimit) {
            self.scenario = scenario
            self.memoryLimit = memoryLimit
        }

        package mutating func add(_ o: GeofenceOutcome) throws {
            let s = scenario
            let p = s.placesOfInterest.count
            var running =
                open.removeValue(forKey: o.cellIndex)
                ?? Array(repeating: Running(times: SpilledValues(memoryLimit: memoryLimit)), count: s.checks.count * p)
            for c in s.checks.indices {
                for j in 0..<p {
                    let i = c * p + j
                    try running[i].add(o, check: i, place: j, timeLimit: s.timeLimitSeconds)
                }
            }
            if running.first?.visits ?? 0 >= s.trialsPerCell {
                finished[o.cellIndex] = try rows(of: s.cells[o.cellIndex], running)
            } else {
                open[o.cellIndex] = running
            }
        }

        /// Every row, cells in grid order (a cell without visits has rows of zero visits).
        package mutating func finish() throws -> GeofenceAnalysis {
            var rows: [Row] = []
            let empty = Array(
                repeating: Running(times: SpilledValues(memoryLimit: memoryLimit)),
                count: scenario.checks.count * scenario.placesOfInterest.count)
            for cell in scenario.cells {
                if let done = finished[cell.index] {
                    rows += done
                } else {
                    rows += try self.rows(of: cell, open[cell.index] ?? empty)
                }
            }
            open = [:]
            finished = [:]
            return GeofenceAnalysis(rows: try GeofenceAnalysis.floored(rows))
        }

        private func rows(of cell: GeofenceCell, _ running: [Running]) throws -> [Row] {
            let interest = scenario.placesOfInterest
            var rows: [Row] = []
            for c in scenario.checks.indices {
                for (j, placeIndex) in interest.enumerated() {
                    let r = running[c * interest.count + j]
                    let hours = r.outsideSeconds / 3600
                    let noTimes = r.times.count == 0
                    rows.append(
                        Row(
                            cell: cell, checkIndex: c, placeIndex: placeIndex, visits: r.visits,
                            collectedVisits: r.collected,
                            collectInterval: r.visits > 0
                                ? try GeofenceAnalysis.visitShareInterval(successes: r.collected, trials: r.visits) : nil,
                            wronglyCollectedVisits: r.wrong, outsideVisits: r.outside,
                            falseTriggerVisits: r.falseVisits,
                            falseTriggerInterval: r.outside > 0
                                ? try GeofenceAnalysis.visitShareInterval(successes: r.falseVisits, trials: r.outside) : nil,
                            falseTriggers: r.falseEvents, outsideHours: hours, falseTriggerClusters: r.clusters,
                            falseTriggersPerHourInterval: nil,
                            insideVisits: r.inside, missedVisits: r.missed,
                            missInterval: r.inside > 0
                                ? try GeofenceAnalysis.visitShareInterval(successes: r.missed, trials: r.inside) : nil,
                            timeToTriggerMedianSeconds: noTimes ? nil : try r.times.quantile(0.5),
                            timeToTriggerP95Seconds: noTimes ? nil : try r.times.quantile(0.95),
                            flappingCyclesPerHour: r.allSeconds > 0 ? Double(r.exits) / (r.allSeconds / 3600) : 0))
                }
            }
            return rows
        }
    }

    // MARK: - The dispersion floor

    /// The dispersion floor φ₀ of each (variant, environment): ``ClusteredRate/dispersionFloor(of:minimumEvents:confidence:)``
    /// over the false triggers of all its rows (every distance and check).
    ///
    /// Why a floor: a check that fires a few times cannot show that its triggers come in bursts (a fix wandering
    /// inside the circle for as long as the GPS error persists, τ = 60–300 s), and with bursts of mean size B a
    /// visit without a trigger is far likelier than a Poisson count says, so the plain quasi-Poisson interval
    /// under-covers at a few triggers an hour (`sensorbench dev geofence-coverage`, docs/geofence.md). The rows of
    /// one environment share its error process, and the checks or distances that fire often show how bursty it is;
    /// as in the shake sweep, sensitive rows fire more times per burst than quiet ones, so the floor errs wide.
    ///
    /// - Returns: the floor by "variant\u{1F}environment".
    package static func dispersionFloors(_ rows: [Row]) throws -> [String: Double] {
        var groups: [String: [ClusteredRate]] = [:]
        for r in rows { groups[floorKey(r.cell), default: []].append(r.falseTriggerClusters) }
        var out: [String: Double] = [:]
        for (key, rates) in groups { out[key] = try ClusteredRate.dispersionFloor(of: rates) }
        return out
    }

    static func floorKey(_ cell: GeofenceCell) -> String { cell.variant + "\u{1F}" + cell.environment.name }

    /// The rows with their per-hour intervals floored at their environment's φ₀.
    static func floored(_ rows: [Row]) throws -> [Row] {
        let floors = try dispersionFloors(rows)
        return try rows.map { r in
            var r = r
            let floor = floors[floorKey(r.cell)] ?? 1
            r.dispersionFloor = floor
            r.falseTriggersPerHourInterval =
                r.outsideHours > 0 ? try r.falseTriggerClusters.interval(dispersionFloor: floor) : nil
            return r
        }
    }

    /// The 95 % interval of a per-visit share x/n (a false trigger, a miss, a collection): Wilson's, with the lower
    /// bound at x = 1, 2, 3 lowered to the Poisson one, χ²(0.025; 2x)/(2n), where that is lower (0.0253/n, 0.242/n,
    /// 0.619/n), and symmetrically the upper bound at n − x = 1, 2, 3 raised to 1 − χ²(0.025; 2(n − x))/(2n) where
    /// that is higher: the modified Wilson interval of Brown, Cai and DasGupta (2001, *Statistical Science* 16,
    /// §4.1.1, whose upper bound near n follows "a symmetric prescription").
    ///
    /// Why: Wilson's lower bound at x = 1 is about 0.18/n, so when the true share is below that (a check that fires
    /// on one visit in a thousand, n = 200), every sample with one such visit excludes the truth, and those samples
    /// are a sixth of them: `dev geofence-coverage` measured 84% coverage at 0.09% per visit (docs/geofence.md), and
    /// 83% for a miss share of 0.09% and 89.5% for a collect share of 0.06%; a collect share a hair below 1 (a check
    /// that misses one visit in several thousand at 45 m) is the mirror image, 91%. The Poisson bound is what a rare
    /// count obeys (of successes near 0, of failures near n). Brown, Cai and DasGupta modify x ≤ 2 for n ≤ 50 and
    /// x ≤ 3 up to n = 100; the dip is at n·p of 0.1–3 whatever n, so x ≤ 3 is kept for every n. Elsewhere the
    /// interval is Wilson's, and it is never narrower than Wilson's.
    ///
    /// - Throws: ``StatsError`` for x outside 0…n or n < 1.
    package static func visitShareInterval(successes x: Int, trials n: Int) throws -> ConfidenceInterval {
        try Proportion.poissonEnds(
            try Proportion(successes: x, trials: n).wilson(), successes: Double(x), failures: Double(n - x), n: Double(n),
            tail: 0.025, largestCount: 3)
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

extension GeofenceAnalysis.Accumulator.Running {
    /// Counts one visit for check-and-place `i` (place of interest `j`).
    mutating func add(_ o: GeofenceOutcome, check i: Int, place j: Int, timeLimit: Double) throws {
        visits += 1
        allSeconds += o.durationSeconds
        exits += o.exits[i]
        if o.enters[i] > 0 { collected += 1 }
        if o.firstEnterWasFalse[i] { wrong += 1 }
        if let entry = o.trueFirstInsideSeconds[j] {
            inside += 1
            if let first = o.firstEnterSeconds[i] {
                try times.append(first - entry)
                if first - entry > timeLimit { missed += 1 }
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
}

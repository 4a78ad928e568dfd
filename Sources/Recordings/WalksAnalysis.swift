import DetectionCore
import FileFormats
import Foundation
import MonteCarlo
import SensorSim
import Stats
import Studies

/// Does this phone drift as its profile says? The measured walks of a drift log against simulated walks.
///
/// Measured: OLS `abs_drift_deg ~ minutes` (as the drift study's `time` model) and, with at least 3 distinct
/// durations, the growth exponent `log|drift| ~ log(minutes)` (slope 0.5: random walk, 1: bias). Predicted: for
/// every distinct duration, `trials` walks through the drift study's own machinery (``DriftStudy``, one cell per
/// duration, a fresh device per trial), summarised as the median and the central 95% of |drift|.
package struct WalksAnalysis: Sendable {
    /// The profile's prediction at one duration, degrees.
    package struct Prediction: Sendable {
        package let minutes: Double
        package let trials: Int
        package let medianAbsDriftDeg: Double
        package let bandLowDeg: Double
        package let bandHighDeg: Double
        package let rmsDriftDeg: Double
        /// Sorted |drift| of the simulated walks, for percentiles.
        let sortedAbsDriftDeg: [Double]

        /// The fraction of simulated walks with |drift| below `x`.
        package func percentile(of x: Double) -> Double {
            var low = 0, high = sortedAbsDriftDeg.count
            while low < high {
                let mid = (low + high) / 2
                if sortedAbsDriftDeg[mid] < x { low = mid + 1 } else { high = mid }
            }
            return Double(low) / Double(max(sortedAbsDriftDeg.count, 1))
        }
    }

    package let log: DriftLog
    package let profile: GyroProfile
    package let walkShape: String
    package let models: [DriftAnalysis.Model]
    package let predictions: [Prediction]
    /// Measured walks above the band's upper edge at their duration.
    package let aboveBand: Int
    /// Measured walks below its lower edge.
    package let belowBand: Int

    package func prediction(minutes: Double) -> Prediction? { predictions.first { $0.minutes == minutes } }

    /// - Parameters:
    ///   - straight: simulate straight walks (0 turns) instead of 4-turn loops (360° net rotation).
    package init(
        log: DriftLog, profile: GyroProfile, trials: Int, seed: UInt64, straight: Bool,
        runner: MonteCarloRunner
    ) throws {
        self.log = log
        self.profile = profile
        let minutes = log.entries.map(\.minutes)
        let absDrift = log.entries.map { abs($0.driftDegrees) }
        var models: [DriftAnalysis.Model] = []
        func add(_ id: String, _ formula: String, _ response: [Double], _ terms: [RegressionTerm]) {
            do {
                models.append(.init(id: id, formula: formula, fit: try LinearModel.fit(response: response, terms: terms), note: nil))
            } catch {
                models.append(.init(id: id, formula: formula, fit: nil, note: "not estimable: \(error)"))
            }
        }
        add(DriftAnalysis.ModelID.time, "abs_drift_deg ~ minutes", absDrift, [RegressionTerm(name: "minutes", values: minutes)])
        let distinct = Array(Set(minutes)).sorted()
        let rows = absDrift.indices.filter { absDrift[$0] > 0 }
        if Set(rows.map { minutes[$0] }).count >= 3 {
            add(
                DriftAnalysis.ModelID.growthMinutes, "log(abs_drift_deg) ~ log(minutes)", rows.map { Foundation.log(absDrift[$0]) },
                [RegressionTerm(name: "log_minutes", values: rows.map { Foundation.log(minutes[$0]) })])
        } else {
            models.append(
                .init(
                    id: DriftAnalysis.ModelID.growthMinutes, formula: "log(abs_drift_deg) ~ log(minutes)",
                    fit: nil, note: "needs at least 3 distinct walk durations, the log has \(Set(rows.map { minutes[$0] }).count)"))
        }
        self.models = models

        // The drift study's machinery: one cell per distinct duration.
        walkShape = straight ? "straight (0 turns)" : "loop (4 turns, 360° net rotation)"
        let cells = distinct.enumerated().map { index, m in
            DriftCell(
                index: index, profile: profile, input: .rotationRate, tiltDegrees: 0,
                walk: WalkParameters(minutes: m, turns: straight ? 0 : 4, shape: .loop))
        }
        let scenario = DriftScenario(
            name: "walks", description: "", file: log.file, seed: seed, trialsPerCell: trials,
            sameDevice: false, cells: cells, tracker: HeadingTracker.Configuration(),
            straightAheadToleranceDegrees: 5)
        let outcomes = try DriftStudy.simulate(scenario, runner: runner)
        var byCell = Array(repeating: [Double](), count: cells.count)
        for o in outcomes { byCell[o.cellIndex].append(abs(o.driftRadians) * 180 / .pi) }
        predictions = try cells.map { cell in
            let sorted = byCell[cell.index].sorted()
            let summary = try Descriptive.summary(sorted)
            return Prediction(
                minutes: cell.walk.minutes, trials: sorted.count, medianAbsDriftDeg: summary.median,
                bandLowDeg: try Descriptive.quantile(sorted: sorted, probability: 0.025),
                bandHighDeg: try Descriptive.quantile(sorted: sorted, probability: 0.975),
                rmsDriftDeg: summary.rms, sortedAbsDriftDeg: sorted)
        }
        var above = 0, below = 0
        for e in log.entries {
            guard let p = predictions.first(where: { $0.minutes == e.minutes }) else { continue }
            if abs(e.driftDegrees) > p.bandHighDeg { above += 1 }
            if abs(e.driftDegrees) < p.bandLowDeg { below += 1 }
        }
        aboveBand = above
        belowBand = below
    }
}

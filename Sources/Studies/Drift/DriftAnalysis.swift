import Foundation
import SensorSim
import Stats

/// The statistics of a drift study: per-cell summaries, the regressions and the growth exponents.
package struct DriftAnalysis: Sendable {
    /// Summary of one cell's trials. Angles in degrees.
    package struct CellSummary: Sendable {
        package let cell: DriftCell
        package let count: Int
        /// Mean and sample SD of the signed drift.
        package let meanDriftDeg: Double
        package let sdDriftDeg: Double
        /// Root mean square of the drift (= of |drift|), with a 95% interval valid whatever the drift's mean and
        /// distribution: the square root of the BCa bootstrap interval of the mean of drift² over the cell's trials
        /// (``Bootstrap/bcaMeanInterval(_:replicates:stream:confidence:)``, 2000 replicates, seeded per cell).
        package let rmsDriftDeg: Double
        package let rmsInterval: ConfidenceInterval
        package let medianAbsDriftDeg: Double
        package let p95AbsDriftDeg: Double
        /// Fraction of walks whose arrow points more than 90° away from the mark (the user would walk off).
        package let arrowBeyond90Fraction: Double
        /// The trials' signed drifts, degrees, in trial order.
        let driftsDeg: [Double]
    }

    /// A regression that was fitted, or the reason it could not be.
    package struct Model: Sendable {
        package let id: String
        package let formula: String
        package let fit: LinearModelFit?
        package let note: String?

        package init(id: String, formula: String, fit: LinearModelFit?, note: String?) {
            self.id = id
            self.formula = formula
            self.fit = fit
            self.note = note
        }
    }

    package let cells: [CellSummary]
    package let models: [Model]
    /// The error-budget fit, one per gyro profile of the grid (in grid order); none for a profile whose walks do
    /// not drift beyond rounding (|drift| ≤ 10⁻⁹ rad).
    package let decompositions: [DriftDecomposition]

    /// Bootstrap replicates of each per-cell RMS interval.
    package static let rmsReplicates = 2000
    /// The global stream index of cell k's RMS bootstrap: above every trial index (capped at 10⁹) and below the
    /// one-phone stream (period − 1).
    static func rmsStreamIndex(_ cell: Int) -> UInt64 { TrialSeed.period - 2 - UInt64(cell) }

    /// Model ids, as `regression.csv` names them.
    package enum ModelID {
        package static let time = "time"
        package static let turns = "turns"
        package static let timeAndTurns = "time+turns"
        package static let rotation = "rotation"
        package static let signed = "signed"
        package static let growthMinutes = "growth-minutes"
        package static let growthTurns = "growth-turns"
    }

    package func model(_ id: String) -> Model? { models.first { $0.id == id } }

    /// Computes everything from the outcomes, in trial order.
    package init(scenario: DriftScenario, outcomes: [DriftOutcome]) throws {
        let degrees = 180 / Double.pi
        var byCell = Array(repeating: [Double](), count: scenario.cells.count)
        var beyond90 = Array(repeating: 0, count: scenario.cells.count)
        for o in outcomes {
            byCell[o.cellIndex].append(o.driftRadians * degrees)
            if abs(o.arrowTurnRadians) > .pi / 2 { beyond90[o.cellIndex] += 1 }
        }
        cells = try scenario.cells.map { cell in
            let drift = byCell[cell.index]
            let signed = try Descriptive.summary(drift)
            let absolute = try Descriptive.summary(drift.map(abs))
            let n = Double(drift.count)
            let interval: ConfidenceInterval
            if drift.count >= 2 {
                let stream = try RandomStream(
                    seed: TrialSeed(scenarioSeed: scenario.seed, trialIndex: DriftAnalysis.rmsStreamIndex(cell.index)))
                let ms = try Bootstrap.bcaMeanInterval(drift.map { $0 * $0 }, replicates: DriftAnalysis.rmsReplicates, stream: stream)
                interval = ConfidenceInterval(low: max(ms.low, 0).squareRoot(), high: max(ms.high, 0).squareRoot())
            } else {
                interval = ConfidenceInterval(low: signed.rms, high: signed.rms)
            }
            return CellSummary(
                cell: cell, count: drift.count, meanDriftDeg: signed.mean,
                sdDriftDeg: signed.standardDeviation, rmsDriftDeg: signed.rms, rmsInterval: interval,
                medianAbsDriftDeg: absolute.median, p95AbsDriftDeg: absolute.p95,
                arrowBeyond90Fraction: Double(beyond90[cell.index]) / n, driftsDeg: drift)
        }

        // Trial-level columns for the regressions.
        let cellOf = outcomes.map { scenario.cells[$0.cellIndex] }
        let minutes = cellOf.map(\.walk.minutes)
        let turns = cellOf.map { Double($0.walk.turns) }
        let drift = outcomes.map { $0.driftRadians * degrees }
        let absDrift = drift.map(abs)
        let net = outcomes.map { abs($0.netRotationRadians * degrees) }
        let signedNet = outcomes.map { $0.netRotationRadians * degrees }
        let total = outcomes.map { $0.totalRotationRadians * degrees }

        var models: [Model] = []
        func add(_ id: String, _ formula: String, response: [Double], _ terms: [RegressionTerm]) {
            do {
                models.append(
                    Model(
                        id: id, formula: formula,
                        fit: try LinearModel.fit(response: response, terms: terms, covariance: .hc3), note: nil))
            } catch {
                models.append(Model(id: id, formula: formula, fit: nil, note: "not estimable: \(error)"))
            }
        }
        add(ModelID.time, "abs_drift_deg ~ minutes", response: absDrift, [RegressionTerm(name: "minutes", values: minutes)])
        add(ModelID.turns, "abs_drift_deg ~ turns", response: absDrift, [RegressionTerm(name: "turns", values: turns)])
        add(
            ModelID.timeAndTurns, "abs_drift_deg ~ minutes + turns", response: absDrift,
            [RegressionTerm(name: "minutes", values: minutes), RegressionTerm(name: "turns", values: turns)])
        add(
            ModelID.rotation, "abs_drift_deg ~ minutes + abs_net_rotation_deg + total_rotation_deg", response: absDrift,
            [
                RegressionTerm(name: "minutes", values: minutes), RegressionTerm(name: "abs_net_rotation_deg", values: net),
                RegressionTerm(name: "total_rotation_deg", values: total),
            ])
        add(
            ModelID.signed, "drift_deg ~ minutes + net_rotation_deg", response: drift,
            [RegressionTerm(name: "minutes", values: minutes), RegressionTerm(name: "net_rotation_deg", values: signedNet)])

        // Growth exponents: log|drift| = log c + k·log(minutes) + log|Z| when drift = c·T^k·Z, so the OLS slope
        // estimates k. Only comparable walks share an exponent: walks that differ in nothing but duration (every
        // straight walk of a profile is alike whatever its tilt, input or shape; walks that turn are grouped by
        // profile, input, tilt, shape and turn count). The turn exponent compares turn counts within one shape,
        // tilt and input.
        let varyingFactors = DriftReport.varying(scenario)
        func label(_ c: DriftCell, leaving: [DriftReport.Factor]) -> String {
            varyingFactors.filter { !leaving.contains($0) }.map { $0.value(c) }.joined(separator: ", ")
        }
        func groups(_ rows: [Int], key: (DriftCell) -> String) -> [(key: String, rows: [Int])] {
            var order: [String] = []
            var members: [String: [Int]] = [:]
            for i in rows {
                let k = key(cellOf[i])
                if members[k] == nil { order.append(k) }
                members[k, default: []].append(i)
            }
            return order.map { ($0, members[$0] ?? []) }
        }
        let positive = absDrift.indices.filter { absDrift[$0] > 0 }
        let straight = positive.filter { turns[$0] == 0 }
        for g in groups(straight, key: { $0.profile.name }) where Set(g.rows.map { minutes[$0] }).count > 1 {
            let multipleProfiles = varyingFactors.contains(.profile)
            add(
                ModelID.growthMinutes + (multipleProfiles ? " (\(g.key), straight)" : " (straight)"),
                "log(abs_drift_deg) ~ log(minutes), straight walks", response: g.rows.map { log(absDrift[$0]) },
                [RegressionTerm(name: "log_minutes", values: g.rows.map { log(minutes[$0]) })])
        }
        let turning = positive.filter { turns[$0] > 0 }
        for g in groups(turning, key: { label($0, leaving: [.minutes]) }) where Set(g.rows.map { minutes[$0] }).count > 1 {
            let name = g.key.isEmpty ? "walks with turns" : g.key
            add(
                ModelID.growthMinutes + " (\(name))", "log(abs_drift_deg) ~ log(minutes), \(name)",
                response: g.rows.map { log(absDrift[$0]) },
                [RegressionTerm(name: "log_minutes", values: g.rows.map { log(minutes[$0]) })])
        }
        // Controls for time when durations vary among those walks, so the turn exponent is not time's in disguise.
        for g in groups(turning, key: { label($0, leaving: [.minutes, .turns]) }) where Set(g.rows.map { turns[$0] }).count > 1 {
            let name = g.key.isEmpty ? "walks with turns" : g.key
            let timeVaries = Set(g.rows.map { minutes[$0] }).count > 1
            let terms =
                [RegressionTerm(name: "log_turns", values: g.rows.map { log(turns[$0]) })]
                + (timeVaries ? [RegressionTerm(name: "log_minutes", values: g.rows.map { log(minutes[$0]) })] : [])
            add(
                ModelID.growthTurns + " (\(name))",
                timeVaries ? "log(abs_drift_deg) ~ log(turns) + log(minutes), \(name)" : "log(abs_drift_deg) ~ log(turns), \(name)",
                response: g.rows.map { log(absDrift[$0]) }, terms)
        }
        self.models = models

        // The error budget, per profile.
        var profileNames: [String] = []
        for c in scenario.cells where !profileNames.contains(c.profile.name) { profileNames.append(c.profile.name) }
        var decompositions: [DriftDecomposition] = []
        for name in profileNames {
            let mine = outcomes.filter { scenario.cells[$0.cellIndex].profile.name == name }
            // Below 10⁻⁹ rad (6·10⁻⁸ °) drift is the rounding of the integration, not an error to decompose.
            guard mine.contains(where: { abs($0.driftRadians) > 1e-9 }),
                let profile = scenario.cells.first(where: { $0.profile.name == name })?.profile
            else { continue }
            let device =
                scenario.sameDevice ? try DriftTrial.sharedDevice(scenarioSeed: scenario.seed, profile: profile) : nil
            decompositions.append(
                try DriftDecomposition(scenario: scenario, profileName: name, outcomes: outcomes, device: device))
        }
        self.decompositions = decompositions
    }
}

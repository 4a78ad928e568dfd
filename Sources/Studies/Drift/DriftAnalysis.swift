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
        /// Root mean square of the drift (= of |drift|), with a 95% interval assuming zero-mean normal drift:
        /// `[rms·√(n/χ²₀.₉₇₅,ₙ), rms·√(n/χ²₀.₀₂₅,ₙ)]`.
        package let rmsDriftDeg: Double
        package let rmsInterval: ConfidenceInterval
        package let medianAbsDriftDeg: Double
        package let p95AbsDriftDeg: Double
        /// Fraction of walks whose arrow points more than 90° away from the mark (the user would walk off).
        package let arrowBeyond90Fraction: Double
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
            let upper = try ChiSquared.quantile(0.975, degreesOfFreedom: n)
            let lower = try ChiSquared.quantile(0.025, degreesOfFreedom: n)
            let interval = ConfidenceInterval(
                low: signed.rms * (n / upper).squareRoot(),
                high: signed.rms * (n / lower).squareRoot())
            return CellSummary(
                cell: cell, count: drift.count, meanDriftDeg: signed.mean,
                sdDriftDeg: signed.standardDeviation, rmsDriftDeg: signed.rms, rmsInterval: interval,
                medianAbsDriftDeg: absolute.median, p95AbsDriftDeg: absolute.p95,
                arrowBeyond90Fraction: Double(beyond90[cell.index]) / n)
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
                        fit: try LinearModel.fit(response: response, terms: terms), note: nil))
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
        // estimates k. Pure time uses the straight walks (0 turns) when the grid has them.
        let hasStraight = turns.contains(0) && Set(minutes.indices.filter { turns[$0] == 0 }.map { minutes[$0] }).count > 1
        let timeRows = absDrift.indices.filter { absDrift[$0] > 0 && (!hasStraight || turns[$0] == 0) }
        add(
            ModelID.growthMinutes,
            hasStraight ? "log(abs_drift_deg) ~ log(minutes), walks without turns" : "log(abs_drift_deg) ~ log(minutes)",
            response: timeRows.map { log(absDrift[$0]) }, [RegressionTerm(name: "log_minutes", values: timeRows.map { log(minutes[$0]) })])
        let turnRows = absDrift.indices.filter { absDrift[$0] > 0 && turns[$0] > 0 }
        // Controls for time when durations vary among those walks, so the turn exponent is not time's in disguise.
        let turnTerms =
            [RegressionTerm(name: "log_turns", values: turnRows.map { log(turns[$0]) })]
            + (Set(turnRows.map { minutes[$0] }).count > 1
                ? [RegressionTerm(name: "log_minutes", values: turnRows.map { log(minutes[$0]) })] : [])
        add(
            ModelID.growthTurns,
            turnTerms.count > 1
                ? "log(abs_drift_deg) ~ log(turns) + log(minutes), walks with turns"
                : "log(abs_drift_deg) ~ log(turns), walks with turns",
            response: turnRows.map { log(absDrift[$0]) }, turnTerms)
        self.models = models
    }
}

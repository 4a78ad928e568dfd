import DetectionCore
import Foundation
import SensorSim
import Testing

@testable import Studies

/// The gradient behind one phone's share interval (``DriftDecomposition/Evaluation/logOddsGradient(_:cell:)``): the
/// derivative of log(time) − log(turning) with respect to the mean coefficients and the variance components.
@Suite struct DriftLogOddsGradientTests {
    typealias Decomposition = DriftDecomposition

    /// One cell of one row: 60 s, a net and a total turn of 2π rad, no tilt. Mean terms b (time, regressor: seconds)
    /// and s (turning, regressor: net); variance terms q (time, regressor: seconds) and r (turning, regressor: total).
    /// time = (60b)² + 60q and turning = (2πs)² + 2πr, so by hand
    /// ∂/∂b = 2·60²·b/time, ∂/∂s = −2·(2π)²·s/turning, ∂/∂q = 60/time, ∂/∂r = −2π/turning.
    static func evaluation() -> Decomposition.Evaluation {
        func term(_ id: String, _ source: Decomposition.Source, _ regressor: @escaping @Sendable (Decomposition.Row) -> Double)
            -> Decomposition.Term
        {
            Decomposition.Term(
                id: id, label: id, unit: "rad", source: source, regressor: regressor, toUnit: { $0 }, profileValue: 0)
        }
        let cell = DriftCell(
            index: 0, profile: DriftCoverage.phoneCalibratedAt10Hz(), input: .rotationRate, tiltDegrees: 0,
            walk: WalkParameters(minutes: 1, turns: 4, shape: .loop))
        let row = Decomposition.Row(cellIndex: 0, drift: 0, seconds: 60, tiltFactor: 1, net: 2 * .pi, total: 2 * .pi)
        return Decomposition.Evaluation(
            varianceTerms: [term("q", .time, { $0.seconds }), term("r", .turning, { $0.total })],
            meanTerms: [term("b", .time, { $0.seconds }), term("s", .turning, { $0.net })], cells: [cell],
            cellRows: [0: [row, row]])
    }

    @Test func theGradientIsTheHandDerivative() throws {
        let e = Self.evaluation()
        let (b, s, q, r) = (0.001, 0.01, 1e-6, 1e-4)
        let fit = Decomposition.FitValues(variances: [q, r], meanCoefficients: [b, s])
        let g = try #require(e.logOddsGradient(fit, cell: e.cells[0]))
        let twoPi = 2 * Double.pi
        let time = 60 * b * 60 * b + 60 * q
        let turning = twoPi * s * twoPi * s + twoPi * r
        let expected = [2 * 3600 * b / time, -2 * twoPi * twoPi * s / turning, 60 / time, -twoPi / turning]
        let got = g.mean + g.variance
        for (x, y) in zip(got, expected) { #expect(abs(x / y - 1) < 1e-12, "\(got) against \(expected)") }
        // Central differences of the log-odds that `parts` gives, step 10⁻⁶ of each value: the same to 10⁻⁶.
        func logOdds(_ f: Decomposition.FitValues) -> Double {
            let p = e.parts(f, rows: e.cellPatterns[0] ?? [])
            return log(p.time) - log(p.turning)
        }
        let values = [b, s, q, r]
        for k in values.indices {
            var up = values
            var down = values
            up[k] *= 1 + 1e-6
            down[k] *= 1 - 1e-6
            let fUp = Decomposition.FitValues(variances: [up[2], up[3]], meanCoefficients: [up[0], up[1]])
            let fDown = Decomposition.FitValues(variances: [down[2], down[3]], meanCoefficients: [down[0], down[1]])
            let numeric = (logOdds(fUp) - logOdds(fDown)) / (up[k] - down[k])
            #expect(abs(numeric / got[k] - 1) < 1e-6, "term \(k): \(numeric) against \(got[k])")
        }
    }

    /// No turning part (s = 0 and r = 0): the log-odds is infinite, and there is no gradient.
    @Test func noTurningPartHasNoGradient() {
        let e = Self.evaluation()
        #expect(e.logOddsGradient(.init(variances: [1e-6, 0], meanCoefficients: [0.001, 0]), cell: e.cells[0]) == nil)
    }
}

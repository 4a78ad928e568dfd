import Foundation
import SensorSim
import Stats
import Testing

@testable import MonteCarlo
@testable import Studies

/// Coverage of the drift report's per-cell RMS intervals and regression coefficients (``DriftCoverage/ReportIntervals``),
/// at few replications with fixed seeds; the large-R figures are `sensorbench dev drift-coverage … --report-intervals`'s,
/// recorded in docs/drift.md part r.
@Suite struct DriftReportIntervalCoverageTests {
    /// The closed-form RMS by hand. Bias σ 0.02 °/s alone over 1 min: 0.02·60 = 1.2°. With a 1% scale factor on a loop
    /// (θ_net = 360°): √(1.2² + 3.6²) = √14.4 = 3.794733°. With 0.005 °/s/√Hz of white noise as well: N²T =
    /// 0.005²·60 = 0.0015 °², so √14.4015. A zigzag's 0.1% asymmetry over θ_total = 1440° adds (0.001·720)² = 0.5184 °².
    @Test func closedFormRMSByHand() {
        var p = GyroProfile(name: "hand")
        p.sampleRateHz = 10
        p.turnOnBiasDegPerSec = 0.02
        let loop = 2 * Double.pi
        #expect(abs(DriftCoverage.ReportIntervals.trueRMSDeg(p, minutes: 1, netRadians: 0, totalRadians: 0) - 1.2) < 1e-12)
        p.scaleFactorErrorPercent = 1
        let scaled = DriftCoverage.ReportIntervals.trueRMSDeg(p, minutes: 1, netRadians: loop, totalRadians: loop)
        #expect(abs(scaled - 14.4.squareRoot()) < 1e-12)
        p.noiseDensityDegPerSecPerRootHz = 0.005
        let noisy = DriftCoverage.ReportIntervals.trueRMSDeg(p, minutes: 1, netRadians: loop, totalRadians: loop)
        #expect(abs(noisy - 14.4015.squareRoot()) < 1e-12)
        p.scaleFactorAsymmetryPercent = 0.1
        let zigzag = DriftCoverage.ReportIntervals.trueRMSDeg(p, minutes: 1, netRadians: 0, totalRadians: 4 * loop)
        #expect(abs(zigzag - (1.44 + 0.0015 + 0.5184).squareRoot()) < 1e-12)
    }

    /// The leave-one-out truth is the pooled least-squares fit of the other replications: the solver on a 2×2 system
    /// by hand, [[2, 1], [1, 3]]·x = [3, 5] gives x = (4/5, 7/5).
    @Test func normalEquationsSolveByHand() throws {
        let x = try #require(DriftCoverage.ReportIntervals.solve([[2, 1], [1, 3]], [3, 5]))
        #expect(abs(x[0] - 0.8) < 1e-15 && abs(x[1] - 1.4) < 1e-15)
        #expect(DriftCoverage.ReportIntervals.solve([[1, 2], [2, 4]], [1, 2]) == nil)
    }

    /// 16 replications of loops and zigzags (4 turns) and straight walks at 1 and 5 minutes, 40 walks per cell: 8 cells
    /// (loops and zigzags with 0 and 4 turns), 128 RMS intervals. The drift is Gaussian with mean 0 (a fresh phone each walk), so drift²/σ² is χ²₁ and the
    /// mean of 40 is skewed; the report's interval (log studentized bootstrap joined with the exact χ²ₙ interval, every
    /// cell here being a fresh phone, level, planned turns) must cover the closed-form RMS in a share consistent with
    /// 95% (0.95 inside the 99% Clopper–Pearson interval of the count; the cells' drifts come from distinct trial
    /// streams, so the 128 are independent). The BCa interval covered 89.8% at 20 walks over 1000 replications; at 128
    /// intervals the band is 115 to 127 covered, which a 90% coverage misses with probability 0.40 and a 95% one with
    /// 0.006 (the union's measured 96.9% at 20 walks, docs/drift.md part t, lies inside it).
    /// The pooled observed mean square must agree with the closed form: over 128·40 = 5120 χ²₁ draws its ratio has
    /// SD √(2/5120) = 0.020, so within 0.1 (5 SD). Every regression coefficient is judged 16 times against the
    /// other 15 replications pooled.
    @Test func rmsAndRegressionIntervalsCoverAtFewReplications() throws {
        let replications = 16
        let result = try DriftCoverage.reportIntervals(
            profile: DriftCoverage.phoneCalibratedAt10Hz(), minutes: [1, 5], turns: [4], trialsPerCell: 40,
            replications: replications, seed: 9_160_000, runner: MonteCarloRunner(jobs: 2))
        var pooled = DriftCoverage.Count()
        for (_, c) in result.rmsByKind { pooled.add(c) }
        #expect(pooled.reported == 8 * replications)
        #expect(
            try DriftCoverageTests.consistentWithNominal(pooled.covered, of: pooled.reported),
            "RMS covered \(pooled.covered) of \(pooled.reported)")
        for (kind, check) in result.meanSquareCheck {
            #expect(abs(check.observed / check.closedForm - 1) < 0.1, "\(kind): observed/closed form \(check.observed / check.closedForm)")
        }
        let regressions = result.regressionCounts()
        for key in ["time: minutes", "turns: turns", "signed: net_rotation_deg", "rotation: abs_net_rotation_deg"] {
            let c = try #require(regressions[key], "\(key) missing: \(regressions.keys.sorted())")
            #expect(c.reported == replications)
            #expect(try DriftCoverageTests.consistentWithNominal(c.covered, of: c.reported), "\(key) covered \(c.covered) of \(c.reported)")
        }
    }
}

import SensorSim
import Stats
import Testing

@testable import MonteCarlo
@testable import Studies

/// One phone's per-cell RMS interval against its own E[drift²] (``DriftCoverage/onePhoneRMSIntervals(replications:trialsPerCell:runner:)``;
/// the large-R figures are `sensorbench dev drift-coverage R N --one-phone --report-intervals`'s, docs/drift.md part u).
@Suite struct DriftOnePhoneRMSCoverageTests {
    /// By hand: b = 0.01 °/s over 1 min is 0.6°; a loop (θ_net = θ_total = 360°) with s = 0.002 adds 0.72° and
    /// a = 0.004 adds (0.004/2)·360 = 0.72°: mean 2.04°, E[drift²] = 4.1616 °². With 0.005 °/s/√Hz of white noise,
    /// v(T) = N²T = 0.005²·60 = 0.0015 °²: 4.1631. A straight walk keeps the bias alone: 0.36 + 0.0015.
    @Test func onePhoneMeanSquareByHand() {
        var p = GyroProfile(name: "hand")
        p.sampleRateHz = 10
        p.noiseDensityDegPerSecPerRootHz = 0.005
        let phone = DeviceAnswer.Phone(biasDegPerSec: 0.01, scaleFactor: 0.002, asymmetry: 0.004)
        let loop = 2 * Double.pi
        let m = DriftCoverage.ReportIntervals.onePhoneMeanSquare(p, phone: phone, minutes: 1, netRadians: loop, totalRadians: loop)
        #expect(abs(m - 4.1631) < 1e-12, "\(m)")
        let straight = DriftCoverage.ReportIntervals.onePhoneMeanSquare(p, phone: phone, minutes: 1, netRadians: 0, totalRadians: 0)
        #expect(abs(straight - 0.3615) < 1e-12, "\(straight)")
    }

    /// 20 replications (a new phone each) of the one-phone design at 20 walks a cell: 160 RMS intervals, independent
    /// given the phones (every walk has its own stream). Their count must hold 0.95 inside its 99% Clopper–Pearson
    /// interval. The pooled observed mean square must match the closed form: Var(d²) = 2v² + 4μ²v is at most 2·E[d²]²,
    /// so over 800 walks a kind (1600 straight) the ratio's SD is at most √(2/800) = 0.05; within 0.2 (4 SD). A wrong
    /// sign of a fixed error in the closed form would move the loops' and zigzags' ratio far more.
    @Test func onePhoneRMSIntervalsCoverAtFewReplications() throws {
        let result = try DriftCoverage.onePhoneRMSIntervals(replications: 20, trialsPerCell: 20, runner: MonteCarloRunner(jobs: 2))
        var pooled = DriftCoverage.Count()
        for (_, c) in result.rmsByKind { pooled.add(c) }
        #expect(pooled.reported == 160)
        let ci = try Proportion(successes: pooled.covered, trials: pooled.reported).clopperPearson(confidence: 0.99)
        #expect(ci.low <= 0.95 && 0.95 <= ci.high, "\(pooled.covered) of \(pooled.reported)")
        #expect(Set(result.meanSquareCheck.keys) == ["straight", "loops", "zigzags"])
        for (kind, check) in result.meanSquareCheck {
            #expect(abs(check.observed / check.closedForm - 1) < 0.2, "\(kind): \(check.observed / check.closedForm)")
        }
    }
}

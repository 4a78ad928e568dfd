import SensorSim
import Stats
import Testing

@testable import MonteCarlo
@testable import Studies

/// Which drift regressions join the HC3 t interval with the log|Z| pivot's (``DriftAnalysis/joinsLogGaussianPivot(_:_:)``):
/// the growth models over fresh phones of a class profile (their drift Gaussian with mean 0), not one phone's.
@Suite struct DriftGrowthPivotTests {
    @Test func freshPhonesJoinOnePhoneDoesNot() throws {
        for sameDevice in [false, true] {
            let s = DriftCoverage.scenario(
                DriftCoverage.phoneCalibratedAt10Hz(), minutes: [1, 5], turns: [0, 4], shapes: [.loop, .zigzag], trialsPerCell: 20,
                seed: 9_170_000, sameDevice: sameDevice)
            let outcomes = try DriftStudy.simulate(s, runner: MonteCarloRunner(jobs: 2))
            let models = DriftAnalysis.models(s, outcomes: outcomes)
            let growth = models.filter { $0.model.id.hasPrefix(DriftAnalysis.ModelID.growthMinutes) }
            #expect(!growth.isEmpty)
            for (_, m) in models {
                let isGrowth = m.id.hasPrefix(DriftAnalysis.ModelID.growthMinutes) || m.id.hasPrefix(DriftAnalysis.ModelID.growthTurns)
                #expect(m.joinsLogGaussianPivot == (isGrowth && !sameDevice), "\(m.id), sameDevice \(sameDevice)")
                guard let fit = m.fit else { continue }
                let t = try StudentT.quantile(0.975, degreesOfFreedom: Double(fit.residualDegreesOfFreedom))
                for c in fit.coefficients {
                    // The t interval b ± t·SE: exactly when not joined, inside the reported one when joined.
                    let low = c.estimate - t * c.standardError
                    let high = c.estimate + t * c.standardError
                    let tolerance = 1e-9 * max(1, abs(c.estimate))
                    if m.joinsLogGaussianPivot {
                        #expect(c.ciLow <= low + tolerance && c.ciHigh >= high - tolerance, "\(m.id): \(c.name)")
                    } else {
                        #expect(abs(c.ciLow - low) <= tolerance && abs(c.ciHigh - high) <= tolerance, "\(m.id): \(c.name)")
                    }
                }
            }
        }
    }
}

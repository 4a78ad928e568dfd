import Foundation
import Testing

@testable import SensorSim

@Suite struct GaussMarkovDiscretisationTests {
    // Closed form: φ = exp(−Δt/τ); driving σ = σ·√(1−φ²), so σ² = φ²σ² + σ_w² holds exactly at every Δt.
    @Test(arguments: [0.02, 0.01, 0.005])
    func stationaryVarianceIsConfiguredSigmaAtEveryRate(interval: Double) {
        let model = GaussMarkov(sigma: 3, correlationTimeSeconds: 100, intervalSeconds: interval)
        #expect(abs(model.phi - exp(-interval / 100)) < 1e-15)
        let stationary = model.phi * model.phi * 9 + model.drivingSigma * model.drivingSigma
        #expect(abs(stationary - 9) < 1e-12)
    }
}

import Testing

@testable import Stats

/// Noise terms read off curves of synthetic records whose coefficients are known in closed form.
@Suite struct AllanNoiseTermsTests {
    @Test func whiteNoiseGivesItsAngleRandomWalkWithinTheInterval() throws {
        // White rate noise with per-sample σ at τ0: OADEV(mτ0) = σ/√m exactly in expectation (each second
        // difference is τ0 times a difference of two m-sample sums, variance 2mσ²τ0², over 2τ²), so
        // σ(τ) = N/√τ with N = σ·√τ0 (IEEE Std 952 C.1.1). 200 000 samples at 100 Hz, fixed seed.
        let sigma = 0.05
        let tau0 = 0.01
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 2024, trialIndex: 0))
        let rates = (0..<200_000).map { _ in stream.gaussian(sigma: sigma) }
        let curve = try AllanDeviation.overlapping(rates: rates, sampleIntervalSeconds: tau0)
        let terms = try AllanNoiseTerms(curve: curve)
        let trueN = sigma * tau0.squareRoot()
        let n = try #require(terms.angleRandomWalk)
        #expect(n.interval.contains(trueN))
        // Read at the octave point closest to 1 s: m = 128 (1.28 s) against m = 64 (0.64 s).
        #expect(n.tauSeconds == 1.28)
        // The intervals at 95% are narrow here: about ±2% at 1.28 s with edf ≈ 200 000/128.
        #expect(n.interval.width < 0.1 * trueN)
        // Nothing but white noise: no other term is identified.
        #expect(!terms.departsFromWhiteNoise)
        if case .notIdentified = terms.biasInstability {} else { Issue.record("bias instability identified on white noise") }
        #expect(terms.rateRandomWalk == nil)
    }

    @Test func rateRandomWalkGivesItsCoefficientWithinTheInterval() throws {
        // A rate random walk y_k = Σ w_j, w ~ N(0, K²τ0), has σ²(τ) = K²τ/3 (IEEE Std 952 C.1.4) up to a
        // discretisation term of relative size O(1/m²); so σ(3 s) = K. 100 000 samples at 10 Hz, fixed seed.
        let k = 0.002
        let tau0 = 0.1
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 77, trialIndex: 3))
        // Plus white noise N = 0.0005 (crossover √3·N/K ≈ 0.4 s): a still gyro's curve falls before it rises, and
        // a curve without the −½ region is not read at all (see refusesACurveWithoutWhiteNoise).
        var walk = 0.0
        let rates = (0..<100_000).map { _ -> Double in
            walk += stream.gaussian(sigma: k * tau0.squareRoot())
            return walk + stream.gaussian(sigma: 0.0005 / tau0.squareRoot())
        }
        let curve = try AllanDeviation.overlapping(rates: rates, sampleIntervalSeconds: tau0)
        let terms = try AllanNoiseTerms(curve: curve)
        let estimate = try #require(terms.rateRandomWalk)
        #expect(estimate.interval.contains(k))
    }

    @Test func refusesACurveWithoutWhiteNoise() throws {
        // A pure rate random walk rises from τ₀ (slope +½): no −½ region, so nothing is identified.
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 78, trialIndex: 0))
        var walk = 0.0
        let rates = (0..<4096).map { _ -> Double in
            walk += stream.gaussian(sigma: 0.01)
            return walk
        }
        let terms = try AllanNoiseTerms(curve: try AllanDeviation.overlapping(rates: rates, sampleIntervalSeconds: 0.1))
        #expect(terms.angleRandomWalk == nil && terms.rateRandomWalk == nil && !terms.hasWhiteNoiseSlope)
        #expect(terms.angleRandomWalkReason?.hasPrefix("not identified in this recording") == true)
    }

    @Test func flickerFloorFactorIsIEEEValue() {
        // √(2 ln 2 / π) = 0.66428… (IEEE Std 952-1997, C.1.3).
        #expect(abs(AllanNoiseTerms.flickerFloorFactor - 0.664282) < 1e-6)
    }

    @Test func refusesAConstantRecord() throws {
        let curve = try AllanDeviation.overlapping(rates: Array(repeating: 1, count: 64), sampleIntervalSeconds: 1)
        #expect(throws: StatsError.self) { try AllanNoiseTerms(curve: curve) }
    }
}

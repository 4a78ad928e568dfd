import Testing

@testable import SensorSim
@testable import Stats

/// `GyroErrorModel.measure(_:stream:terms:)`, the drift loop's specialised path, against the general one.
@Suite struct GyroNoiseTermsTests {
    /// `phone-calibrated`'s terms: white noise and a driven bias instability, no random walk, no quantisation.
    static func calibrated() -> GyroProfile {
        var p = GyroProfile(name: "calibrated")
        p.noiseDensityDegPerSecPerRootHz = 0.005
        p.turnOnBiasDegPerSec = 0.02
        p.biasInstabilityDegPerHour = 10
        p.scaleFactorErrorPercent = 0.5
        p.scaleFactorAsymmetryPercent = 0.1
        return p
    }

    /// Two models of the same device from streams of the same seed, one measured through the general path and
    /// one through the path specialised for `WhiteNoiseAndInstability`, over rates of both signs, against the
    /// model's formula written out here from a third stream of the same seed (draws in the documented order:
    /// device, instability start, then per sample white noise and the instability step):
    /// `sat((1 + s ± a/2)·ω + (b₀ + b_GM) + n)`, then `b_GM ← φ·b_GM + w`. Every reading is the same double on all
    /// three, and the streams end in the same state (the next uniform variate agrees).
    @Test func specialisedReadingsAreTheGeneralOnesAndTheFormula() throws {
        let profile = Self.calibrated()
        let seed = TrialSeed(scenarioSeed: 5, trialIndex: 3)
        let a = try RandomStream(seed: seed)
        let b = try RandomStream(seed: seed)
        let c = try RandomStream(seed: seed)
        var general = GyroErrorModel(profile: profile, device: GyroDevice.draw(from: profile, stream: a), stream: a)
        var special = GyroErrorModel(profile: profile, device: GyroDevice.draw(from: profile, stream: b), stream: b)
        #expect(special.has(WhiteNoiseAndInstability.self))
        let device = GyroDevice.draw(from: profile, stream: c)
        let gm = GaussMarkov(
            sigma: profile.biasInstabilityDegPerHour / 3600 * (Double.pi / 180),  // the model's own rounding of σ
            correlationTimeSeconds: profile.biasCorrelationTimeSeconds, intervalSeconds: 1 / profile.sampleRateHz)
        var instability = c.gaussian(sigma: gm.sigma)
        let range = profile.rangeDegPerSec * (Double.pi / 180)
        var same = true
        for k in 0..<2_000 {
            let omega = Double(k % 200 - 100) * 0.01  // −1 … 0.99 rad/s, both signs and 0
            let x = general.measure(omega, stream: a)
            let y = special.measure(omega, stream: b, terms: WhiteNoiseAndInstability.self)
            let scale = 1 + device.scaleFactorError + (omega >= 0 ? 0.5 : -0.5) * device.scaleFactorAsymmetry
            var z = scale * omega + (device.turnOnBiasRadPerSec + instability + 0)
            z += c.gaussian(sigma: profile.whiteNoiseSigmaRadPerSec)
            instability = gm.phi * instability + c.gaussian(sigma: gm.drivingSigma)
            z = min(max(z, -range), range)
            same = same && x.bitPattern == y.bitPattern && x.bitPattern == z.bitPattern
        }
        #expect(same)
        let next = a.uniform()
        #expect(b.uniform() == next && c.uniform() == next)
    }

    /// `has` is false as soon as one fixed term disagrees with the profile, and the general terms fit any profile.
    @Test func hasChecksEveryFixedTerm() throws {
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 1, trialIndex: 0))
        var quantised = Self.calibrated()
        quantised.quantizationStepDegPerSec = 0.061
        var walking = Self.calibrated()
        walking.rateRandomWalkDegPerSecPerRootSec = 0.001
        var constantBias = Self.calibrated()
        constantBias.biasInstabilityDegPerHour = 0
        var quiet = Self.calibrated()
        quiet.noiseDensityDegPerSecPerRootHz = 0
        for profile in [quantised, walking, constantBias, quiet] {
            let model = GyroErrorModel(profile: profile, device: GyroDevice(), stream: stream)
            #expect(!model.has(WhiteNoiseAndInstability.self))
            #expect(model.has(ProfileNoiseTerms.self))
        }
    }
}

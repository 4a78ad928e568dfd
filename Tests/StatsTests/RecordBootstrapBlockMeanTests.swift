import Foundation
import Testing

@testable import Stats

/// The record bootstrap simulates each sample as the mean of b samples of the original rate (issue 24, part o):
/// point samples of the bias every b·τ₀ had 1.5 times the Allan variance of the block means at m = b.
@Suite struct RecordBootstrapBlockMeanTests {
    /// The stationary variance of an AR(1) with coefficient a and driving standard deviation s: s²/(1 − a²).
    static func stationary(_ a: Double, _ s: Double) -> Double { s * s / (1 - a * a) }

    /// Var(M) and Cov(M₀, M₁) of consecutive block means of a stationary AR(1), from the generator's coefficients:
    /// M = f·x₀ + ε_M with x₀ ~ N(0, σ²), and M₁ = f·x_b + ε_M′ with x_b = e·x₀ + ε_x (ε_M′ independent of the rest).
    static func fromCoefficients(_ m: RecordBootstrap.BlockMean, variance v: Double) -> (variance: Double, lagOne: Double) {
        let noiseMean = m.regression * m.regression * m.endSigma * m.endSigma + m.residualSigma * m.residualSigma
        let covMeanEnd = m.meanFactor * m.endFactor * v + m.regression * m.endSigma * m.endSigma
        return (m.meanFactor * m.meanFactor * v + noiseMean, m.meanFactor * covMeanEnd)
    }

    /// b = 2, a = 0.5, s = 1, by hand: x₁ = 0.5x₀ + e₀, x₂ = 0.25x₀ + 0.5e₀ + e₁, M = (x₀ + x₁)/2 = 0.75x₀ + e₀/2.
    /// So meanFactor 0.75, endFactor 0.25, Var ε_x = 0.25 + 1 = 1.25, Cov(ε_M, ε_x) = 0.5·0.5 = 0.25 (regression
    /// 0.25/1.25 = 0.2), Var ε_M = 0.25, residual 0.25 − 0.25·0.2 = 0.2.
    @Test func twoSampleBlockByHand() {
        let m = RecordBootstrap.BlockMean(logA: log(0.5), step: 1, block: 2)
        #expect(abs(m.meanFactor - 0.75) < 1e-15)
        #expect(abs(m.endFactor - 0.25) < 1e-15)
        #expect(abs(m.endSigma - 1.25.squareRoot()) < 1e-15)
        #expect(abs(m.regression - 0.2) < 1e-15)
        #expect(abs(m.residualSigma - 0.2.squareRoot()) < 1e-15)
    }

    /// A walk (a = 1), b = 3, s = 1, by hand: M = (w₀ + w₁ + w₂)/3 = w₀ + (2d₀ + d₁)/3 and w₃ = w₀ + d₀ + d₁ + d₂: Var ε_M
    /// = 5/9, Var ε_x = 3, Cov = (2 + 1)/3 = 1 (regression 1/3, residual 5/9 − 1/3 = 2/9).
    @Test func walkBlockByHand() {
        let m = RecordBootstrap.BlockMean(logA: 0, step: 1, block: 3)
        #expect(m.meanFactor == 1 && m.endFactor == 1)
        #expect(abs(m.endSigma - 3.0.squareRoot()) < 1e-15)
        #expect(abs(m.regression - 1.0 / 3) < 1e-15)
        #expect(abs(m.residualSigma - (2.0 / 9).squareRoot()) < 1e-15)
    }

    /// One sample a block is the plain recursion: M = x₀, x₁ = a·x₀ + s·z.
    @Test func oneSampleBlockIsTheRecursion() {
        let m = RecordBootstrap.BlockMean(logA: -0.01, step: 0.3, block: 1)
        #expect(m.meanFactor == 1 && m.endFactor == exp(-0.01) && m.endSigma == 0.3)
        #expect(m.regression == 0 && m.residualSigma == 0)
    }

    /// For b = 8, a = 0.9, s = 1: the block mean's variance and its lag-one covariance from the coefficients equal
    /// their definitions, σ²/b²·Σ_{i,j<b} a^|i−j| and σ²/b²·Σ_{i<b≤j<2b} a^{j−i}; and the state stays stationary
    /// (e²σ² + Var ε_x = σ²).
    @Test func blockMeanMomentsMatchTheirDefinitions() {
        let a = 0.9
        let b = 8
        let m = RecordBootstrap.BlockMean(logA: log(a), step: 1, block: b)
        let v = Self.stationary(a, 1)
        var within = 0.0
        var across = 0.0
        for i in 0..<b {
            for j in 0..<b { within += pow(a, Double(abs(i - j))) }
            for j in b..<(2 * b) { across += pow(a, Double(j - i)) }
        }
        let bb = Double(b * b)
        let got = Self.fromCoefficients(m, variance: v)
        #expect(abs(got.variance - v * within / bb) < 1e-12 * v)
        #expect(abs(got.lagOne - v * across / bb) < 1e-12 * v)
        #expect(abs(m.endFactor * m.endFactor * v + m.endSigma * m.endSigma - v) < 1e-12 * v)
    }

    /// The Allan variance at τ = bτ₀ that the coefficients give, ½·E[(M₁ − M₀)²]:
    /// - for a walk of steps s: (Var ε_x + 2 Var ε_M − 2 Cov) / 2 = s²(2b² + 1)/(6b) (the sum of squared triangular
    ///   weights, Σ_{k≤b} k² + Σ_{k<b} k², over 2b²), which is qτ/3·(1 + 1/(2b²)) with q = s²/τ₀: 1.5 times qτ/3 for
    ///   point samples (b = 1);
    /// - for the bias at phone scale (τ₀ = 0.01 s, T = 100 s, b = 512): Var(M) − Cov(M₀, M₁) is the continuous
    ///   model's σ²·g(τ/T) (``AllanVarianceModel``) within 10⁻³ relative (the discrete rate's O(τ₀/T)); a point
    ///   sample every 5.12 s has σ²(1 − e^{−τ/T}), 1.52 times as much.
    @Test func allanVarianceOfABlockIsTheModels() {
        for b in [1, 2, 7, 512] {
            let m = RecordBootstrap.BlockMean(logA: 0, step: 1, block: b)
            let cov = m.regression * m.endSigma * m.endSigma
            let noiseMean = m.regression * cov + m.residualSigma * m.residualSigma
            let avar = (m.endSigma * m.endSigma + 2 * noiseMean - 2 * cov) / 2
            let bd = Double(b)
            #expect(abs(avar - (2 * bd * bd + 1) / (6 * bd)) < 1e-12 * avar, "b = \(b)")
        }
        let tau0 = 0.01
        let t = 100.0
        let b = 512
        let a = exp(-tau0 / t)
        let s = (-expm1(-2 * tau0 / t)).squareRoot()
        let m = RecordBootstrap.BlockMean(logA: -tau0 / t, step: s, block: b)
        let got = Self.fromCoefficients(m, variance: 1)
        let avar = got.variance - got.lagOne
        let tau = Double(b) * tau0
        let model = AllanVarianceModel.gaussMarkovShape(tauSeconds: tau, correlationTimeSeconds: t)
        #expect(abs(avar / model - 1) < 1e-3, "block \(avar), model \(model)")
        let point = 1 - pow(a, Double(b))
        #expect(point / model > 1.4, "point samples \(point), model \(model)")
    }

    /// End to end: records of a Gauss–Markov bias alone (σ = 1, T = 100 s) at τ₀ = 0.01 s simulated in blocks of
    /// b = 512 (4096 blocks, 5.8 h), 60 records: the mean of the curve’s first point (τ = 5.12 s) lies within 4
    /// standard errors (the records' own spread / √60) of the model’s σ²·g(τ/T) = 0.0329; point samples have
    /// 1 − e^{−τ/T} = 0.0499 (1.52 times as much).
    @Test func simulatedCurvesHaveTheModelsVarianceAtTheFirstPoint() throws {
        let fit = AllanModelFit(
            terms: .gaussMarkov, whiteVariance: 0, flickerVariance: 0, gaussMarkovVariance: 1, correlationTimeSeconds: 100,
            randomWalkVariance: 0, score: 0)
        let generator = try RecordBootstrap(fit: fit, sampleCount: 4096, intervalSeconds: 5.12, block: 512, seed: 2414)
        var values: [Double] = []
        for _ in 0..<60 {
            let c = try generator.curve()
            values.append(c.points[0].deviation * c.points[0].deviation)
        }
        let n = Double(values.count)
        let mean = values.reduce(0, +) / n
        let sd = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / (n - 1)).squareRoot()
        let model = AllanVarianceModel.gaussMarkovShape(tauSeconds: 5.12, correlationTimeSeconds: 100)
        #expect(abs(mean - model) <= 4 * sd / n.squareRoot(), "mean \(mean) ± \(sd / n.squareRoot()), model \(model)")
    }
}

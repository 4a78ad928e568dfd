import Foundation
import Testing

@testable import Stats

/// The drift report's interval of a mean square, joined with the exact χ²ₙ interval where the values are squares of
/// zero-mean Gaussian draws (``Bootstrap/meanSquareInterval(_:replicates:stream:zeroMeanGaussian:)``, docs/drift.md
/// part t).
@Suite struct MeanSquareUnionTests {
    /// The χ²ₙ interval by hand, from a printed table (NIST/SEMATECH e-Handbook of Statistical Methods, §1.3.6.7.4,
    /// critical values of the chi-square distribution): χ²₂₀(0.975) = 34.170, χ²₂₀(0.025) = 9.591; χ²₁₀(0.975) =
    /// 20.483, χ²₁₀(0.025) = 3.247. With Σx² = 20 at n = 20: [20/34.170, 20/9.591] = [0.58531, 2.08529]; Σx² = 7.5 at
    /// n = 10: [7.5/20.483, 7.5/3.247] = [0.36616, 2.30982]. The table's 3 decimals bound the error at 5·10⁻⁴/3.247,
    /// so a relative 2·10⁻⁴. Σx² = 0 gives [0, 0]; a negative or infinite sum, n = 0 or a level of 1 are refused.
    @Test func chiSquaredIntervalByHand() throws {
        let twenty = try ChiSquared.zeroMeanGaussianMeanSquareInterval(sumOfSquares: 20, count: 20)
        #expect(abs(twenty.low / (20 / 34.170) - 1) < 2e-4, "\(twenty)")
        #expect(abs(twenty.high / (20 / 9.591) - 1) < 2e-4, "\(twenty)")
        let ten = try ChiSquared.zeroMeanGaussianMeanSquareInterval(sumOfSquares: 7.5, count: 10)
        #expect(abs(ten.low / (7.5 / 20.483) - 1) < 2e-4, "\(ten)")
        #expect(abs(ten.high / (7.5 / 3.247) - 1) < 2e-4, "\(ten)")
        #expect(try ChiSquared.zeroMeanGaussianMeanSquareInterval(sumOfSquares: 0, count: 5) == ConfidenceInterval(low: 0, high: 0))
        #expect(throws: StatsError.self) { try ChiSquared.zeroMeanGaussianMeanSquareInterval(sumOfSquares: -1, count: 5) }
        #expect(throws: StatsError.self) { try ChiSquared.zeroMeanGaussianMeanSquareInterval(sumOfSquares: .infinity, count: 5) }
        #expect(throws: StatsError.self) { try ChiSquared.zeroMeanGaussianMeanSquareInterval(sumOfSquares: 1, count: 0) }
        #expect(throws: StatsError.self) {
            try ChiSquared.zeroMeanGaussianMeanSquareInterval(sumOfSquares: 1, count: 5, confidence: 1)
        }
    }

    /// The union is the lower low and the higher high of the bootstrap interval (the same function with
    /// `zeroMeanGaussian: false`, on an identically seeded stream) and the χ²ₙ one; without the flag it is the bootstrap
    /// interval alone. The 20 values 1²/7 … 20²/7 sum to 2870/7 = 410, so the χ²₂₀ interval is [410/34.170,
    /// 410/9.591] (table values as above).
    @Test func unionOfBootstrapAndChiSquared() throws {
        func stream() throws -> RandomStream { try RandomStream(seed: TrialSeed(scenarioSeed: 1105, trialIndex: 0)) }
        let values = (1...20).map { Double($0 * $0) / 7 }
        let bootstrap = try Bootstrap.meanSquareInterval(values, replicates: 400, stream: try stream(), zeroMeanGaussian: false)
        let union = try Bootstrap.meanSquareInterval(values, replicates: 400, stream: try stream(), zeroMeanGaussian: true)
        let exactLow = 410 / 34.170
        let exactHigh = 410 / 9.591
        #expect(abs(union.low / min(bootstrap.low, exactLow) - 1) < 2e-4, "\(union) from \(bootstrap)")
        #expect(abs(union.high / max(bootstrap.high, exactHigh) - 1) < 2e-4, "\(union) from \(bootstrap)")
        #expect(union.low <= bootstrap.low && union.high >= bootstrap.high)
    }

    /// Coverage on the model the χ²ₙ part assumes: 2000 samples (seed 1106) of 20 drifts N(0, 2²), truth E[x²] = 4. The
    /// χ²ₙ interval alone covers exactly 95%, so its count must lie where a 95% binomial of 2000 puts it (0.95 inside its
    /// 99.9% Clopper–Pearson interval: about 1879 to 1920). The union holds every sample either holds, so it covers at
    /// least as often as each (checked sample by sample), and its own rate must be neither short of 95% nor as low as
    /// the studentized interval's alone at 20 walks (93.6%, docs/drift.md part r): its 99.9% Clopper–Pearson interval
    /// must reach 0.95 and lie wholly above 0.936 (at 2000 samples that interval is about ±1.4 points, so a union
    /// covering 93.6% fails the second with probability above 0.999; numpy gave the union 96.6% at 20). The bootstrap
    /// uses 100 replicates to keep the test quick.
    @Test func unionCoversAtLeastNominallyOnZeroMeanGaussianDrift() throws {
        let samples = 2000
        let truth = 4.0
        var exactHits = 0
        var bootstrapHits = 0
        var unionHits = 0
        for r in 0..<samples {
            let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 1106, trialIndex: UInt64(r)))
            let squares = (0..<20).map { _ -> Double in
                let d = stream.gaussian(sigma: 2)
                return d * d
            }
            let exact = try ChiSquared.zeroMeanGaussianMeanSquareInterval(sumOfSquares: squares.reduce(0, +), count: 20)
            let resample = try RandomStream(seed: TrialSeed(scenarioSeed: 1107, trialIndex: UInt64(r)))
            let bootstrap = try Bootstrap.meanSquareInterval(squares, replicates: 100, stream: resample, zeroMeanGaussian: false)
            let again = try RandomStream(seed: TrialSeed(scenarioSeed: 1107, trialIndex: UInt64(r)))
            let union = try Bootstrap.meanSquareInterval(squares, replicates: 100, stream: again, zeroMeanGaussian: true)
            if exact.contains(truth) { exactHits += 1 }
            if bootstrap.contains(truth) { bootstrapHits += 1 }
            if union.contains(truth) { unionHits += 1 }
            #expect(!(exact.contains(truth) || bootstrap.contains(truth)) || union.contains(truth))
        }
        let exactRate = try Proportion(successes: exactHits, trials: samples).clopperPearson(confidence: 0.999)
        #expect(exactRate.contains(0.95), "χ²ₙ alone \(exactHits)/\(samples)")
        #expect(unionHits >= max(exactHits, bootstrapHits))
        let unionRate = try Proportion(successes: unionHits, trials: samples).clopperPearson(confidence: 0.999)
        #expect(unionRate.high >= 0.95 && unionRate.low > 0.936, "union \(unionHits)/\(samples), bootstrap alone \(bootstrapHits)")
    }
}

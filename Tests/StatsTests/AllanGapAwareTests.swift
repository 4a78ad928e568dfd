import Foundation
import Testing

@testable import Stats

/// The gap-aware overlapping Allan deviation (``AllanDeviation/overlapping(rates:present:sampleIntervalSeconds:factors:confidenceLevel:)``):
/// second differences only inside gap-free stretches at short τ, gaps short beside τ bridged at long τ, pooled by
/// their number, intervals from the runs' summed edf.
@Suite struct AllanGapAwareTests {
    /// Rates 1, 2, 3, 4, (gap), 10, 11, 12 at τ₀ = 1 s. At m = 1 a second difference of the phase is τ₀(y_{i+1} −
    /// y_i): the first stretch gives 1, 1, 1 (3 terms), the second 1, 1 (2 terms), so σ² = (3 + 2)/(2·1²·5) = 0.5;
    /// the jump 4 → 10 across the gap is not used (joined, the even estimator would give (5 + 36)/(2·6) = 41/12).
    /// At m = 2 only the first stretch (5 phase points) holds a term: the means of (1, 2) and (3, 4) differ by 2, so
    /// σ² = ½·2² = 2 over 1 term.
    @Test func handComputedPooledVariance() throws {
        let rates = [1.0, 2, 3, 4, 0, 10, 11, 12]
        let present = [true, true, true, true, false, true, true, true]
        let curve = try AllanDeviation.overlapping(rates: rates, present: present, sampleIntervalSeconds: 1)
        #expect(curve.points.map(\.averagingFactor) == [1, 2])
        #expect(curve.segmentLengths == [4, 3] && curve.segmentStarts == [0, 5] && curve.hasGaps)
        #expect(abs(curve.points[0].deviation * curve.points[0].deviation - 0.5) < 1e-12)
        #expect(curve.points[0].terms == 5)
        #expect(abs(curve.points[1].deviation * curve.points[1].deviation - 2) < 1e-12)
        #expect(curve.points[1].terms == 1)
        let joined = try AllanDeviation.overlapping(
            rates: [1, 2, 3, 4, 10, 11, 12], sampleIntervalSeconds: 1, factors: .explicit([1]))
        #expect(abs(joined.points[0].deviation * joined.points[0].deviation - 41.0 / 12) < 1e-12)
        // The edf of a point is the sum over the stretches holding a term (each within [1, its terms]), capped at
        // the total: at m = 1, white FM gives (3·4/2 − 2·3/5)·4/9 = 2.133 for the first (N = 5) and
        // (3·3/2 − 2·2/4)·4/9 = 1.556 for the second (N = 4).
        let white = curve.equivalentDegreesOfFreedom(.whiteFM, m: 1)
        #expect(abs(white - ((6 - 1.2) * 4 / 9 + (4.5 - 1) * 4 / 9)) < 1e-12)
    }

    /// Bridging (session t): rates y_i = i on 40 slots at τ₀ = 1 s with slot 5 missing. At m = 8, ⌊0.8⌋ = 0 samples
    /// may be missing, so the terms whose 16 slots hold slot 5 (i ≤ 5) are dropped: i = 6…24, 19 terms, each a
    /// difference of cluster means of 8 (a ramp: d = 8), σ² = 8²/2 = 32. At m = 10 one may be missing: all 21 terms
    /// (i = 0…20) count; for i ≥ 6 d = 10; for i ≤ 5 the first cluster's mean is (Σ_{j=i}^{i+9} j − 5)/9 =
    /// (10i + 40)/9 and the second's i + 14.5, so d = (90.5 − i)/9. Σd² = 15·100 + (90.5² + 89.5² + … + 85.5²)/81 =
    /// 1500 + 46481.5/81, σ² = Σd²/(2·21). Each is one run of terms: edf from 19 + 16 = 35 and 21 + 20 = 41 phase
    /// points.
    @Test func aShortGapIsBridgedAtLongTau() throws {
        let rates = (0..<40).map { Double($0) }
        let present = (0..<40).map { $0 != 5 }
        let curve = try AllanDeviation.overlapping(
            rates: rates, present: present, sampleIntervalSeconds: 1, factors: .explicit([8, 10]))
        #expect(curve.points.map(\.terms) == [19, 21])
        #expect(abs(curve.points[0].deviation * curve.points[0].deviation - 32) < 1e-12)
        let expected = (1500 + 46481.5 / 81) / 42
        #expect(abs(curve.points[1].deviation * curve.points[1].deviation - expected) < 1e-12, "\(curve.points[1])")
        #expect(
            curve.equivalentDegreesOfFreedom(.whiteFM, m: 8)
                == AllanDeviation.equivalentDegreesOfFreedom(.whiteFM, phasePoints: 35, m: 8))
        #expect(
            curve.equivalentDegreesOfFreedom(.randomWalkFM, m: 10)
                == AllanDeviation.equivalentDegreesOfFreedom(.randomWalkFM, phasePoints: 41, m: 10))
        // A factor with no term at all is refused when asked for: at m = 20 the one term's first cluster misses slot 5
        // and ⌊2⌋ = 2 may be missing, so it counts; at m = 4 (none may be missing) a record of 9 slots with slot 4
        // missing has none.
        #expect(
            try AllanDeviation.overlapping(rates: rates, present: present, sampleIntervalSeconds: 1, factors: .explicit([20])).points[0]
                .terms == 1)
        #expect(throws: StatsError.self) {
            try AllanDeviation.overlapping(
                rates: Array(rates[0..<9]), present: (0..<9).map { $0 != 4 }, sampleIntervalSeconds: 1,
                factors: .explicit([4]))
        }
    }

    /// Without a gap the gap-aware estimator is the even one, point for point.
    @Test func noGapIsTheEvenEstimator() throws {
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 2401, trialIndex: 0))
        let rates = (0..<1000).map { _ in stream.gaussian(sigma: 0.1) }
        let even = try AllanDeviation.overlapping(rates: rates, sampleIntervalSeconds: 0.01)
        let gapAware = try AllanDeviation.overlapping(
            rates: rates, present: [Bool](repeating: true, count: 1000), sampleIntervalSeconds: 0.01)
        #expect(even == gapAware)
        #expect(!gapAware.hasGaps)
    }

    /// White noise σ = 0.05 at τ₀ = 0.01 s (N = σ·√τ₀ = 0.005) in 4096 samples with four gaps of 256 samples: N's
    /// χ² interval from the stretches' summed white-FM edf covers N in 95% of 200 records, within 3 binomial
    /// standard errors; joining the stretches as if even would not matter for white noise, so the gaps here also
    /// check that the pooling and the edf sum are right.
    @Test func angleRandomWalkWithGapsCovers() throws {
        let replications = 200
        let sigma = 0.05
        let tau0 = 0.01
        let trueN = sigma * tau0.squareRoot()
        var present = [Bool](repeating: true, count: 4096)
        for g in 0..<4 { for k in (600 + g * 900)..<(856 + g * 900) { present[k] = false } }
        var covered = 0
        for r in 0..<replications {
            let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 2402, trialIndex: UInt64(r)))
            let rates = (0..<4096).map { _ in stream.gaussian(sigma: sigma) }
            let curve = try AllanDeviation.overlapping(rates: rates, present: present, sampleIntervalSeconds: tau0)
            let terms = try AllanNoiseTerms(curve: curve, resamples: 20)
            if try #require(terms.angleRandomWalk).interval.contains(trueN) { covered += 1 }
        }
        let coverage = Double(covered) / Double(replications)
        #expect(abs(coverage - 0.95) <= AllanCoverageTests.tolerance(0.95, replications), "N coverage \(coverage)")
    }
}

import Testing

@testable import Stats

@Suite struct TrialSeedTests {
    @Test func seedsAreNeverZeroAndDistinctAcrossWrap() {
        // The offset is mix(seed) mod (2³²−1); index values straddling the wrap point must still map to 1…2³²−1.
        var seen = Set<UInt32>()
        for index in UInt64(0)..<10_000 {
            let seed = TrialSeed(scenarioSeed: 42, trialIndex: index)
            #expect(seed.value != 0)
            seen.insert(seed.value)
        }
        #expect(seen.count == 10_000)
        let period = TrialSeed.period
        let a = TrialSeed(scenarioSeed: 7, trialIndex: 0)
        let b = TrialSeed(scenarioSeed: 7, trialIndex: period)
        #expect(a == b)  // the bijection has period 2³²−1: index and index + period coincide, as documented.
    }

    @Test func sameSeedSameStream() throws {
        let a = try RandomStream(seed: TrialSeed(scenarioSeed: 1, trialIndex: 5))
        let b = try RandomStream(seed: TrialSeed(scenarioSeed: 1, trialIndex: 5))
        let c = try RandomStream(seed: TrialSeed(scenarioSeed: 1, trialIndex: 6))
        let xa = (0..<8).map { _ in a.standardNormal() }
        let xb = (0..<8).map { _ in b.standardNormal() }
        let xc = (0..<8).map { _ in c.standardNormal() }
        #expect(xa == xb)
        #expect(xa != xc)
    }
}

@Suite struct RandomStreamDistributionTests {
    /// n = 100 000 standard normals, fixed seed. The sample mean has standard deviation 1/√n, so |mean| < 4/√n
    /// fails with probability 6e-5 for a correct generator. (n − 1)s² ~ χ²(n − 1): s² must lie between the
    /// χ² quantiles at 1e-6 and 1 − 1e-6, divided by n − 1.
    @Test func gaussianMomentsWithinSamplingBounds() throws {
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 2024, trialIndex: 0))
        let n = 100_000
        let sigma = 2.5
        let values = (0..<n).map { _ in stream.gaussian(sigma: sigma) / sigma }
        let summary = try Descriptive.summary(values)
        #expect(abs(summary.mean) < 4 / Double(n).squareRoot())
        let dof = Double(n - 1)
        let low = try ChiSquared.quantile(1e-6, degreesOfFreedom: dof) / dof
        let high = try ChiSquared.quantile(1 - 1e-6, degreesOfFreedom: dof) / dof
        let variance = summary.standardDeviation * summary.standardDeviation
        #expect(variance > low && variance < high, "variance \(variance) outside [\(low), \(high)]")
    }

    /// Uniform [0, 1): every value in range; mean ½ with standard deviation √(1/12)/√n, checked to 4 of them.
    @Test func uniformInUnitInterval() throws {
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 99, trialIndex: 3))
        let n = 100_000
        let values = (0..<n).map { _ in stream.uniform() }
        #expect(values.allSatisfy { $0 >= 0 && $0 < 1 })
        let mean = try Descriptive.mean(values)
        #expect(abs(mean - 0.5) < 4 * (1.0 / 12).squareRoot() / Double(n).squareRoot())
        let ranged = (0..<1000).map { _ in stream.uniform(-3, 5) }
        #expect(ranged.allSatisfy { $0 >= -3 && $0 < 5 })
    }
}

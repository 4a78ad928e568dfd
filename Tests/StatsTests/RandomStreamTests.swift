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

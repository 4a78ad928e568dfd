import Foundation
import Synchronization
import Testing

@testable import MonteCarlo

@Suite struct ReorderBufferTests {
    /// Completions 2, 0, 3, 1 (capacity 4): nothing is released until 0 arrives, then 0; after 1, the run 1, 2, 3.
    @Test func releasesOutOfOrderCompletionsInIndexOrder() {
        var buffer = ReorderBuffer<String>(capacity: 4)
        var released: [Int] = []
        func drain() { while let (i, v) = buffer.popNext() { #expect(v == "r\(i)"); released.append(i) } }
        buffer.insert("r2", at: 2)
        drain()
        #expect(released.isEmpty && buffer.held == 1)
        buffer.insert("r0", at: 0)
        drain()
        #expect(released == [0])
        buffer.insert("r3", at: 3)
        drain()
        #expect(released == [0])
        buffer.insert("r1", at: 1)
        drain()
        #expect(released == [0, 1, 2, 3] && buffer.held == 0 && buffer.released == 4)
    }

    /// The window is `released..<released + capacity`: index 3 is refused with capacity 3 until 0 is released.
    @Test func acceptsOnlyInsideTheWindow() {
        var buffer = ReorderBuffer<Int>(capacity: 3)
        #expect(buffer.accepts(0) && buffer.accepts(2) && !buffer.accepts(3))
        buffer.insert(1, at: 1)
        buffer.insert(2, at: 2)
        #expect(!buffer.accepts(3) && buffer.popNext() == nil)
        buffer.insert(0, at: 0)
        #expect(buffer.popNext()?.index == 0)
        #expect(buffer.accepts(3) && !buffer.accepts(4) && !buffer.accepts(0))
    }
}

@Suite struct StreamingRunnerTests {
    /// Trials of uneven length on 4 workers with 3 results in flight: `consume` sees 0..<200 in order, and no
    /// trial starts more than `inFlight` indices beyond the results consumed so far (the bound that keeps memory
    /// flat in the trial count).
    @Test func consumesInOrderAndStaysWithinTheWindow() throws {
        let consumed = Atomic<Int>(0)
        let beyond = Atomic<Int>(0)
        let inFlight = 3
        var seen: [Int] = []
        try MonteCarloRunner(jobs: 4).forEach(count: 200, inFlight: inFlight) { index in
            // Started only while index < released + inFlight, and released ≤ consumed + 1.
            if index >= consumed.load(ordering: .sequentiallyConsistent) + inFlight + 1 {
                beyond.wrappingAdd(1, ordering: .relaxed)
            }
            var x = 0.0
            for k in 0..<((index * 7919) % 13 * 2000) { x += Double(k) }
            return (index, x)
        } consume: { index, result in
            #expect(result.0 == index)
            seen.append(index)
            consumed.wrappingAdd(1, ordering: .sequentiallyConsistent)
        }
        #expect(seen == Array(0..<200))
        #expect(beyond.load(ordering: .relaxed) == 0)
    }

    struct Failure: Error, Equatable { let index: Int }

    /// Trials 37 and 90 fail: the error is 37's whatever the jobs, and nothing from 37 on is consumed.
    @Test func throwsTheLowestFailureAndConsumesNothingAfterIt() {
        for jobs in [1, 4] {
            var last = -1
            #expect(throws: Failure(index: 37)) {
                try MonteCarloRunner(jobs: jobs).forEach(count: 120, inFlight: 8) { index in
                    if index == 37 || index == 90 { throw Failure(index: index) }
                    return index
                } consume: { index, _ in
                    last = index
                }
            }
            #expect(last == 36)
        }
    }

    /// A failing `consume` at 50 stops the run there, with its error.
    @Test func aConsumerErrorStopsTheRun() {
        var last = -1
        #expect(throws: Failure(index: 50)) {
            try MonteCarloRunner(jobs: 3).forEach(count: 500) {
                $0
            } consume: { index, _ in
                if index == 50 { throw Failure(index: 50) }
                last = index
            }
        }
        #expect(last == 49)
    }
}

@Suite struct SpilledValuesTests {
    /// Type-7 quantiles (GSL) of values with ties, by hand: sorted 1, 2, 2, 2, 5, 5, 9, 9 (n = 8). Median:
    /// h = 3.5 → 2 + 0.5 × (5 − 2) = 3.5. p = 0.95: h = 6.65 → 9 + 0.65 × 0 = 9. p = 0.25: h = 1.75 → 2. p = 0:
    /// 1, p = 1: 9. The same whether the values stay in memory or go to disk (limit 1).
    @Test func quantilesOfTiedValuesByHand() throws {
        let values: [Double] = [5, 2, 9, 2, 1, 9, 2, 5]
        for limit in [1, 3, 100] {
            var v = SpilledValues(memoryLimit: limit)
            for x in values { try v.append(x) }
            #expect(v.isSpilled == (limit < values.count))
            #expect(try v.quantile(0.5) == 3.5)
            #expect(try v.quantile(0.95) == 9)
            #expect(try v.quantile(0.25) == 2)
            #expect(try v.quantile(0) == 1 && v.quantile(1) == 9)
        }
    }

    /// 20 000 values with many ties, negatives, ±0 and subnormals: every quantile from the file is bit for bit
    /// the quantile of the values sorted in memory (the in-memory path sorts and calls GSL).
    @Test func spilledQuantilesMatchSortingInMemory() throws {
        var memory = SpilledValues(memoryLimit: 1 << 20)
        var disk = SpilledValues(memoryLimit: 64)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for k in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let r = Double(state >> 40) / Double(1 << 24)
            let x: Double
            switch k % 5 {
            case 0: x = (r * 20).rounded() - 10  // integers −10…10: heavy ties
            case 1: x = -r * 1e6
            case 2: x = r * 1e-310  // subnormals
            case 3: x = 0
            default: x = r * 3.7
            }
            try memory.append(x)
            try disk.append(x)
        }
        #expect(!memory.isSpilled && disk.isSpilled)
        for p in [0, 1e-6, 0.05, 0.25, 0.5, 0.6, 0.75, 0.95, 0.999, 1] {
            #expect(try disk.quantile(p).bitPattern == memory.quantile(p).bitPattern, "p = \(p)")
        }
    }

    /// The order key sorts as the numbers do, −0 just below +0, and maps back exactly.
    @Test func orderKeysFollowNumericOrder() {
        let sorted: [Double] = [-.infinity, -1e300, -1, -Double.leastNonzeroMagnitude, -0.0, 0, .leastNonzeroMagnitude, 1, .infinity]
        let keys = sorted.map(SpilledValues.key)
        #expect(keys == keys.sorted() && Set(keys).count == keys.count)
        for x in sorted { #expect(SpilledValues.value(key: SpilledValues.key(x)).bitPattern == x.bitPattern) }
    }

    @Test func refusesWhatSortedDataWouldRefuse() throws {
        #expect(throws: (any Error).self) { try SpilledValues().quantile(0.5) }
        var v = SpilledValues(memoryLimit: 1)
        try v.append(1)
        try v.append(.nan)
        #expect(throws: (any Error).self) { try v.quantile(0.5) }
    }
}

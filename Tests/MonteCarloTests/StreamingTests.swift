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

import Dispatch
import Foundation
import Reporting
import Synchronization

/// Runs independent trials on all cores and returns their results in trial order.
///
/// Each trial is a pure function of its global index (it seeds its own random stream from it), so the results
/// do not depend on the number of threads or the order in which trials finish. Workers take the next index
/// from a shared atomic counter (dynamic scheduling: long and short trials balance), write into their own slot
/// of a preallocated buffer, and the caller reduces the buffer in index order.
package struct MonteCarloRunner: Sendable {
    /// Worker threads; at least 1.
    package let jobs: Int
    /// Progress sink; `nil` for none.
    package let progress: ProgressReporter?

    package init(jobs: Int, progress: ProgressReporter? = nil) {
        self.jobs = max(1, jobs)
        self.progress = progress
    }

    /// The default number of jobs: every active core.
    package static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// Runs `body` for trials `0..<count` and returns the results in index order.
    ///
    /// - Throws: the error of the lowest-indexed trial that failed (so the error, too, is deterministic).
    package func run<Result: Sendable>(count: Int, _ body: @Sendable (Int) throws -> Result) throws -> [Result] {
        guard count > 0 else { return [] }
        let slots = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer {
            slots.deinitialize()
            slots.deallocate()
        }
        let shared = SharedState(slots: slots)
        let workers = min(jobs, count)
        let body = body
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = shared.next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                do {
                    shared.slots[index] = try body(index)
                } catch {
                    shared.failures.withLock { $0.append((index, error)) }
                }
                let done = shared.done.wrappingAdd(1, ordering: .relaxed).newValue
                progress?.update(done: done, total: count)
            }
        }
        progress?.finish()
        if let first = shared.failures.withLock({ $0.min(by: { $0.0 < $1.0 }) }) {
            throw first.1
        }
        // Every slot is filled: a trial either returned (slot set) or threw (rethrown above).
        return slots.compactMap { $0 }
    }
}

extension MonteCarloRunner {
    /// Results held at most by ``forEach(count:inFlight:_:consume:)`` by default, per worker.
    package static let resultsInFlightPerJob = 64

    /// Runs `body` for trials `0..<count` on all workers and hands each result to `consume` in index order, as
    /// soon as every lower index has been handed over, so a reduction never needs every result at once.
    ///
    /// Results that finish early wait in a ``ReorderBuffer`` of `inFlight` slots (default
    /// ``resultsInFlightPerJob`` × jobs); a worker does not start a trial beyond the buffer's window, so memory
    /// is bounded by `inFlight` results, not by `count`. `consume` is called by one worker at a time (never
    /// concurrently), in index order, so what it accumulates is identical whatever the number of jobs.
    ///
    /// - Throws: the error of the lowest index whose trial or `consume` call failed (deterministic, as with
    ///   ``run(count:_:)``); no index above it is consumed.
    package func forEach<Result: Sendable>(
        count: Int, inFlight: Int? = nil, _ body: @Sendable (Int) throws -> Result, consume: (Int, Result) throws -> Void
    ) throws {
        guard count > 0 else { return }
        let capacity = max(1, inFlight ?? jobs * Self.resultsInFlightPerJob)
        try withoutActuallyEscaping(consume) { consume in
            let shared = StreamState<Result>(count: count, capacity: capacity, consume: consume)
            let workers = min(jobs, count)
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                shared.work(body, progress: progress)
            }
            progress?.finish()
            try shared.finish()
        }
    }
}

/// The streaming runner's state: the next index to start, the reorder buffer, the failures, all under one lock.
private final class StreamState<Result>: @unchecked Sendable {
    // Safety: every field is read and written with `condition` locked, except `consume`, which only the one
    // worker that set `draining` calls (and the lock orders its calls).
    private let condition = NSCondition()
    private let count: Int
    private var buffer: ReorderBuffer<Result>
    private var next = 0
    /// No index at or above this is started or consumed: the lowest failed index, or `count`.
    private var stopAt: Int
    private var failures: [(Int, any Error)] = []
    private var draining = false
    private var done = 0
    private let consume: (Int, Result) throws -> Void

    init(count: Int, capacity: Int, consume: @escaping (Int, Result) throws -> Void) {
        self.count = count
        stopAt = count
        buffer = ReorderBuffer(capacity: capacity)
        self.consume = consume
    }

    /// One worker's loop: start the next index the window allows, run it, hand it to the buffer, drain.
    func work(_ body: (Int) throws -> Result, progress: ProgressReporter?) {
        condition.lock()
        while true {
            while next < stopAt && !buffer.accepts(next) { condition.wait() }
            guard next < stopAt else { break }
            let index = next
            next += 1
            condition.unlock()
            let outcome = Swift.Result { try body(index) }
            condition.lock()
            done += 1
            let finished = done
            switch outcome {
            case .success(let result):
                buffer.insert(result, at: index)
                if !draining { drain() }
            case .failure(let error):
                fail(index, error)
            }
            condition.unlock()
            progress?.update(done: finished, total: count)
            condition.lock()
        }
        condition.unlock()
    }

    /// Consumes every result that is next in order (lock held on entry and exit; released around `consume`).
    private func drain() {
        draining = true
        while let (index, result) = buffer.popNext(), index < stopAt {
            condition.broadcast()
            condition.unlock()
            var failure: (any Error)?
            do { try consume(index, result) } catch { failure = error }
            condition.lock()
            if let failure { fail(index, failure) }
        }
        draining = false
    }

    private func fail(_ index: Int, _ error: any Error) {
        failures.append((index, error))
        stopAt = min(stopAt, index)
        condition.broadcast()
    }

    /// After every worker has returned: throws the lowest-indexed failure.
    func finish() throws {
        condition.lock()
        defer { condition.unlock() }
        if let first = failures.min(by: { $0.0 < $1.0 }) { throw first.1 }
        precondition(buffer.released == count, "MonteCarloRunner.forEach: \(buffer.released) of \(count) results consumed")
    }
}

/// State shared by the workers: disjoint slots, two counters and the failures.
private final class SharedState<Result>: @unchecked Sendable {
    // Safety: each index is handed out once by `next`, so no two workers write the same slot, and the caller
    // reads the slots only after `concurrentPerform` has returned.
    let slots: UnsafeMutableBufferPointer<Result?>
    let next = Atomic<Int>(0)
    let done = Atomic<Int>(0)
    let failures = Mutex<[(Int, any Error)]>([])

    init(slots: UnsafeMutableBufferPointer<Result?>) { self.slots = slots }
}

/// The runner's progress line: ``TerminalProgress`` (Reporting), "name: done/total trials (p%), m:ss left".
package typealias ProgressReporter = TerminalProgress

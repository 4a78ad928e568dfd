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

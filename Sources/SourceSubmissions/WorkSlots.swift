import Foundation

// MARK: - Shared state of a parallel batch

/// The results of a batch of `count` jobs run by several threads, and the next job to take; under a lock.
final class WorkSlots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<Value, SourceSubmissionError>?]
    private var taken = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The next job's index, or nil when every job is taken.
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard taken < slots.count else { return nil }
        taken += 1
        return taken - 1
    }

    /// Records job `index`'s result.
    func set(_ index: Int, _ result: Result<Value, SourceSubmissionError>) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    /// Every job's result, nil for a job not run.
    func all() -> [Result<Value, SourceSubmissionError>?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}

// MARK: - Swift concurrency on the simulated phone

extension SimulatedDevice {
    /// Queues a job of Swift's concurrency runtime (a task's next step) on the simulated main thread: it runs,
    /// first in first out with the rest of the main queue, at the next ``drain()``.
    ///
    /// The harness installs the runtime's global-enqueue hook to call this, so a `Task { }` or `Task.detached`
    /// that is not main-actor isolated, and every hop to a nonisolated `async` function, runs on the one simulated
    /// thread instead of a pool thread: in a fixed order, never at the same time as the harness or the app.
    ///
    /// - Parameter job: the runtime's job.
    public static func enqueue(job: UnownedJob) {
        enqueue { job.runSynchronously(on: MainActor.sharedUnownedExecutor) }
    }

    /// Runs the jobs waiting on the main actor's executor (`Task { @MainActor in … }`, a resumed main-actor
    /// task): set once by the harness to the runtime's main-queue drain; nil where nothing drives it (the
    /// main-actor jobs then wait). ``drain()`` calls it after the queued work, until both are empty.
    nonisolated(unsafe) public static var mainExecutorDrain: (() -> Void)?

    /// Suspends the calling task for `seconds` of simulated time: it resumes when the clock reaches now +
    /// `seconds` (a timer of the device, in order with the others), or at once with `CancellationError` when
    /// its task is cancelled, as `Task.sleep` does.
    ///
    /// - Parameter seconds: seconds of stream time (negative or NaN: none).
    /// - Throws: `CancellationError` when the task is or becomes cancelled.
    static func sleep(seconds: Double) async throws {
        let waiter = SleepWaiter()
        let due = clockSeconds + (seconds > 0 ? seconds : 0)
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (c: UnsafeContinuation<Void, any Error>) in
                waiter.start(c, dueSeconds: due)
            }
        } onCancel: {
            waiter.finish(CancellationError())
        }
    }
}

/// One sleeping task: resumed once, by its timer or by cancellation, whichever comes first. Unchecked Sendable:
/// everything on the simulated phone runs on one thread.
final class SleepWaiter: @unchecked Sendable {
    var continuation: UnsafeContinuation<Void, any Error>?
    var cancelled = false

    func start(_ c: UnsafeContinuation<Void, any Error>, dueSeconds: Double) {
        if cancelled {
            c.resume(throwing: CancellationError())
            return
        }
        continuation = c
        SimulatedDevice.schedule(at: dueSeconds) { self.finish(nil) }
    }

    func finish(_ error: (any Error)?) {
        if error != nil { cancelled = true }
        guard let c = continuation else { return }
        continuation = nil
        if let error { c.resume(throwing: error) } else { c.resume() }
    }
}

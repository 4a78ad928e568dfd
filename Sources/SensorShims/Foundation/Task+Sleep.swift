// MARK: - Task.sleep on the simulated clock

extension Task where Success == Never, Failure == Never {
    /// Suspends the current task for `duration` nanoseconds of simulated time, as the standard library's
    /// `Task.sleep(nanoseconds:)` does on the device's clock: a student's `await Task.sleep(nanoseconds:
    /// 500_000_000)` resumes at the first moment the stream reaches half a second later, never after half a second
    /// of the grading machine's time. Shadows the standard library's for code that imports the shims.
    ///
    /// - Parameter duration: nanoseconds.
    /// - Throws: `CancellationError` when the task is cancelled (at once, as the standard library's).
    public static func sleep(nanoseconds duration: UInt64) async throws {
        try await SimulatedDevice.sleep(seconds: Double(duration) / 1e9)
    }

    /// Suspends the current task for `duration` of simulated time, as `Task.sleep(for:)` on the continuous
    /// clock (the tolerance is accepted and not needed: the simulated clock is exact).
    ///
    /// - Parameters:
    ///   - duration: how long, e.g. `.seconds(2)` or `.milliseconds(300)`.
    ///   - tolerance: ignored.
    /// - Throws: `CancellationError` when the task is cancelled.
    public static func sleep(for duration: Duration, tolerance: Duration? = nil) async throws {
        let (seconds, attoseconds) = duration.components
        try await SimulatedDevice.sleep(seconds: Double(seconds) + Double(attoseconds) / 1e18)
    }
}

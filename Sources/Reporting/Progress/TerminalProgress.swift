import Foundation
import Synchronization

/// A progress line on standard error that redraws itself in place, with an estimate of the time left.
///
/// Made only when standard error is a terminal and the user did not ask for quiet (``make(label:unit:quiet:)``
/// returns nil otherwise), so piped or redirected runs and logs stay clean. Thread-safe: workers may call
/// ``update(done:total:)`` concurrently; the line is redrawn at most every 0.1 s and whenever the percentage
/// changes, and ``finish()`` erases it. It writes only to standard error, never into results.
package final class TerminalProgress: Sendable {
    private let label: String
    private let unit: String
    private let start: Double
    /// (last percentage drawn, time of the last draw).
    private let last = Mutex<(percent: Int, time: Double)>((-1, -1))

    /// A progress line, or nil when standard error is not a terminal or `quiet` is set.
    ///
    /// - Parameters:
    ///   - label: what is running.
    ///   - unit: the plural noun of a unit ("trials").
    ///   - quiet: the user's `--quiet`.
    package static func make(label: String, unit: String = "trials", quiet: Bool) -> TerminalProgress? {
        guard !quiet, isatty(STDERR_FILENO) == 1 else { return nil }
        return TerminalProgress(label: label, unit: unit)
    }

    init(label: String, unit: String) {
        self.label = label
        self.unit = unit
        self.start = Self.now()
    }

    /// Seconds on a monotonic clock.
    private static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// Reports `done` of `total` units finished.
    package func update(done: Int, total: Int) {
        let time = Self.now()
        let percent = done * 100 / max(total, 1)
        let draw = last.withLock { state -> Bool in
            guard percent != state.percent || time - state.time >= 0.1 else { return false }
            state = (percent, time)
            return true
        }
        guard draw else { return }
        let line = ProgressLine.text(label: label, done: done, total: total, unit: unit, elapsedSeconds: time - start)
        // \r returns to the line start; ESC[K clears what a longer previous line left behind.
        FileHandle.standardError.write(Data("\r\(line)\u{1B}[K".utf8))
    }

    /// Erases the line.
    package func finish() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

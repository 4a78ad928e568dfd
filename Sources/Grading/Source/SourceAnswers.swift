import Foundation
import SourceSubmissions

// MARK: - What a source team's harness answered

/// A source team's harness answers over every suite, in the grader's units (seconds), or why there are none.
package struct SourceAnswers: Sendable {
    /// Per suite index: per trial, the firing times of the team's detector (s).
    var times: [Int: [[Double]]] = [:]
    /// Per suite index (hall visits, teams with their own check): per trial, the in-range intervals [start, end).
    var inside: [Int: [Int: [(start: Double, end: Double)]]] = [:]
    /// Whether the team's shake detector asked for raw readings (nil: no acceleration stream was fed).
    package var rawAccelerometer: Bool?
    /// The run's failure (compile error, crash, timeout, …): then no suite needing the code is measured.
    package var failure: SourceFailure?
    /// The isolation in force (``HarnessLauncher/summary``).
    package var isolation: String
    /// Lines the team's code printed over every run (its standard output, kept out of the answers).
    package var printedLines = 0
    /// The first bytes of what it printed (at most ``HarnessWire/logBytes`` over all runs).
    package var printed: [UInt8] = []
    /// The update intervals the team's app started its motion updates with (the last run that started each).
    package var intervals = HarnessTeamOutput()

    init(isolation: String) { self.isolation = isolation }

    /// Adds one harness run's output record.
    mutating func note(_ output: HarnessTeamOutput) {
        printedLines += output.printedLines
        printed += output.printed.prefix(max(0, HarnessWire.logBytes - printed.count))
        if output.accelerometerSeconds > 0 { intervals.accelerometerSeconds = output.accelerometerSeconds }
        if output.deviceMotionSeconds > 0 { intervals.deviceMotionSeconds = output.deviceMotionSeconds }
        if output.gyroSeconds > 0 { intervals.gyroSeconds = output.gyroSeconds }
    }

    /// Sentences for the team's report about how its code ran: the rate its app asked for and how the grader's
    /// 100 Hz stream reached it, and what it printed. Empty for a detector type driven through the protocol
    /// that printed nothing (the shipped reports).
    package func runNotes(streamRateHz: Double = 100, delivery: String = "latest") -> [String] {
        var notes: [String] = []
        let sensors = [
            ("accelerometer", "accelerometerUpdateInterval", intervals.accelerometerSeconds),
            ("device motion", "deviceMotionUpdateInterval", intervals.deviceMotionSeconds),
            ("gyroscope", "gyroUpdateInterval", intervals.gyroSeconds),
        ]
        for (name, property, seconds) in sensors where seconds > 0 {
            let hz = 1 / seconds
            let every = seconds * streamRateHz
            let model =
                every <= 1 + 1e-9
                ? "every sample of the grader's \(Self.number(streamRateHz)) Hz stream"
                : (delivery == "average"
                    ? "at each tick the mean of the samples since the last (about \(Self.number(every)) of the grader's "
                        + "\(Self.number(streamRateHz)) Hz samples)"
                    : "at each tick the latest sample (one in about \(Self.number(every)) of the grader's "
                        + "\(Self.number(streamRateHz)) Hz samples)")
            notes.append(
                "Its app ran its \(name) at `\(property)` = \(Self.number(seconds)) s "
                    + "(\(Self.number(hz)) Hz, clamped to 1–100 Hz as iOS caps it): it got \(model).")
        }
        if printedLines > 0 {
            let shown = shownLog
            let lines = shown.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } + (shown.last == 10 ? 0 : 1)
            notes.append(
                "Its code printed \(printedLines) line\(printedLines == 1 ? "" : "s") (standard output goes to the team's "
                    + "log, never to the grader's answer); "
                    + (lines == 1 ? "the log's first line is shown below." : "the log's first \(lines) lines are shown below."))
        }
        return notes
    }

    /// Lines of the printed log a report shows: the harness keeps up to 16 KiB, a student reads the start (a team
    /// printing on every shake would otherwise fill its report with a thousand lines).
    package static let reportLogLines = 20

    /// The start of the printed log a report shows: ``printed`` up to and including its ``reportLogLines``-th
    /// newline (all of it when it has fewer lines).
    package var shownLog: [UInt8] {
        var newlines = 0
        for (i, byte) in printed.enumerated() where byte == 10 {
            newlines += 1
            if newlines == Self.reportLogLines { return Array(printed[...i]) }
        }
        return printed
    }

    /// Up to 4 significant digits, no trailing zeros.
    static func number(_ v: Double) -> String {
        var s = String(format: "%.4g", v)
        if s.contains("."), !s.contains("e") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s
    }

    func times(suite: Int, trial: Int) -> [Double] {
        guard let t = times[suite], trial < t.count else { return [] }
        return t[trial]
    }

    func inside(suite: Int, trial: Int) -> [(start: Double, end: Double)] {
        inside[suite]?[trial] ?? []
    }
}

/// Why a source team's code produced no events: its outcome, shown in its report and the summary.
package struct SourceFailure: Sendable, Equatable {
    /// The outcome's name: "compile error", "crash", "time limit", "memory limit",
    /// "output limit", "exit status", "protocol error", "refused files", "grader error".
    package var outcome: String
    /// One line for the summary.
    package var summary: String
    /// The compiler's or runtime's text (paths relative), possibly empty.
    package var diagnostics: String

    /// The outcome of a harness run that did not end with status 0, or nil when it did.
    static func of(_ run: HarnessRun, limits: HarnessLauncher) -> SourceFailure? {
        let d = run.diagnostics
        switch run.termination {
        case .exited(status: 0): return nil
        case .exited(let status):
            return SourceFailure(outcome: "exit status", summary: "the harness exited with status \(status)", diagnostics: d)
        case .crashed(let signal):
            return SourceFailure(
                outcome: "crash", summary: "the harness crashed (\(signalName(signal)))", diagnostics: d)
        // One outcome for both time limits: which one a spinning team meets first depends on the machine's load
        // (at a third of a core, 180 s of wall clock come before 60 s of CPU), and a report must not.
        case .cpuLimit, .wallTimeout:
            return SourceFailure(
                outcome: "time limit",
                summary: "the harness ran past its time limits (CPU time or wall clock, as the isolation line says) "
                    + "and was killed",
                diagnostics: d)
        case .memoryLimit:
            return SourceFailure(outcome: "memory limit", summary: "the harness ran out of its memory limit", diagnostics: d)
        case .outputLimit:
            return SourceFailure(
                outcome: "output limit",
                summary: "the harness wrote more than \(limits.outputBytes) bytes and was killed", diagnostics: d)
        }
    }

    /// "signal 4, SIGILL: a Swift runtime trap (force unwrap, index out of range, overflow)".
    static func signalName(_ s: Int32) -> String {
        let trap = s == 4 || s == 5 ? ": a Swift runtime trap (force unwrap, index out of range, overflow, fatalError)" : ""
        return "signal \(s), \(SandboxOutcome.signalName(s))\(trap)"
    }
}

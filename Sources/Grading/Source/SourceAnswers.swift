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

    init(isolation: String) { self.isolation = isolation }

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
    /// The outcome's name: "compile error", "crash", "CPU time limit", "timeout", "memory limit",
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
        case .cpuLimit:
            return SourceFailure(outcome: "CPU time limit", summary: "the harness ran past its CPU-time limit", diagnostics: d)
        case .wallTimeout:
            return SourceFailure(
                outcome: "timeout",
                summary: "the harness ran past its wall-clock limit of \(Int(limits.wallSeconds)) s and was killed",
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

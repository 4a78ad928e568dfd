// MARK: - What one sandboxed run gave

/// One finished sandboxed run.
package struct SandboxRun: Sendable {
    /// The program's standard output (at most the limit's `outputBytes`).
    package var output: [UInt8]
    /// Its standard error, capped at 64 KiB, the scratch folder's path shown as `scratch/`.
    package var diagnostics: String
    /// How it ended.
    package var outcome: SandboxOutcome
    /// Wall-clock seconds from start to the end of its output.
    package var wallSeconds: Double
    /// The host user the sandbox ran as when the grader is root (one of ``SandboxUsers``, never 0); nil when the
    /// grader is not root (then the grader's own user, mapped to uid 65534 inside) or for a tool run.
    package var hostUser: UInt32? = nil
    /// The control group folders the run's processes were in (``TeamCgroup``; removed when the run returns), or
    /// nil when it had none.
    package var controlGroup: [String]? = nil
}

/// How a sandboxed program ended.
///
/// The rules, in order (the first that applies):
/// 1. `.outputLimit`: standard output passed `outputBytes`, so the grader killed the sandbox.
/// 2. `.wallTimeout`: still running after `wallSeconds`, so the grader killed the sandbox.
/// 3. `.cpuLimit`: ended by SIGXCPU (`RLIMIT_CPU`'s soft limit), or by a SIGKILL the grader did not send: the
///    hard limit one second later, for a program that ignores SIGXCPU. Nothing else in the sandbox sends SIGKILL
///    but the program itself, and with an address-space limit far below the machine's memory the kernel's
///    out-of-memory killer does not pick it. (The CPU time cannot decide: bubblewrap does not always reap the
///    program, so its CPU time does not reach the grader.)
/// 4. `.memoryLimit`: ended abnormally (a signal or a non-zero status) with an allocator's failure on standard
///    error: the Swift runtime's "failed to allocate … bytes of memory" (Swift 6) or "Could not allocate memory"
///    (earlier runtimes), "Cannot allocate memory" (`ENOMEM`'s text), "std::bad_alloc", or "out of memory". Under
///    `RLIMIT_AS` an allocation fails inside the program rather than killing it, so the runtime's own message is
///    what tells a memory blow-up from any other trap (both end on SIGABRT or SIGTRAP).
/// 5. `.crashed(signal:)`: ended by any other signal (SIGSEGV, SIGILL or SIGTRAP from a Swift fatal error,
///    SIGABRT, …). Both sandboxes report a program killed by signal n as exit status 128 + n, as the shell does
///    (bubblewrap itself; the fallback through the shell it runs the program under), so a status from 129 to 192
///    is read as that signal; a program that exits with such a status on purpose is shown as that signal.
/// 6. `.exited(status:)`: the program's exit status.
package enum SandboxOutcome: Sendable, Equatable, CustomStringConvertible {
    /// Exited on its own with this status.
    case exited(status: Int32)
    /// Ended by this signal.
    case crashed(signal: Int32)
    /// Passed its CPU-time limit.
    case cpuLimit
    /// Passed its wall-clock limit.
    case wallTimeout
    /// Passed its address-space limit.
    case memoryLimit
    /// Passed its output-size limit.
    case outputLimit

    /// In words, for reports: "exited with status 3", "crashed (SIGSEGV)", "CPU-time limit reached"…
    package var description: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .crashed(let signal) where signal == 4 || signal == 5:
            "crashed (\(Self.signalName(signal)): a Swift run-time check stopped it, such as an index out of range, "
                + "a nil force-unwrapped, an arithmetic overflow or a fatalError)"
        case .crashed(let signal): "crashed (\(Self.signalName(signal)))"
        case .cpuLimit: "CPU-time limit reached"
        case .wallTimeout: "wall-clock limit reached"
        case .memoryLimit: "memory limit reached"
        case .outputLimit: "output limit reached"
        }
    }

    /// The signal's name on Linux (SIGSEGV), or "signal N" for one without a name here.
    package static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE",
            9: "SIGKILL", 10: "SIGUSR1", 11: "SIGSEGV", 12: "SIGUSR2", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM",
            16: "SIGSTKFLT", 17: "SIGCHLD", 18: "SIGCONT", 19: "SIGSTOP", 20: "SIGTSTP", 21: "SIGTTIN", 22: "SIGTTOU",
            23: "SIGURG", 24: "SIGXCPU", 25: "SIGXFSZ", 26: "SIGVTALRM", 27: "SIGPROF", 28: "SIGWINCH", 29: "SIGIO",
            30: "SIGPWR", 31: "SIGSYS",
        ]
        return names[signal] ?? "signal \(signal)"
    }

    /// What ended the process, as the waiting side saw it.
    enum Termination: Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    /// Applies the rules above.
    ///
    /// - Parameters:
    ///   - termination: how the process the grader started ended.
    ///   - statusCarriesSignal: whether an exit status 129…192 stands for a signal (bubblewrap's convention).
    ///   - killedForOutput: the grader killed it for its output.
    ///   - killedForTime: the grader killed it at the wall-clock limit.
    ///   - diagnostics: its standard error.
    /// - Returns: the outcome.
    static func classify(
        _ termination: Termination, statusCarriesSignal: Bool, killedForOutput: Bool, killedForTime: Bool,
        diagnostics: String
    ) -> SandboxOutcome {
        if killedForOutput { return .outputLimit }
        if killedForTime { return .wallTimeout }
        var signal: Int32?
        var status: Int32 = 0
        switch termination {
        case .signaled(let number): signal = number
        case .exited(let code):
            status = code
            if statusCarriesSignal && code > 128 && code <= 128 + 64 { signal = code - 128 }
        }
        if signal == 24 || signal == 9 { return .cpuLimit }
        if signal != nil || status != 0 {
            let allocatorFailures = [
                "failed to allocate", "Could not allocate memory", "Cannot allocate memory", "std::bad_alloc",
                "out of memory",
            ]
            if allocatorFailures.contains(where: { diagnostics.contains($0) }) { return .memoryLimit }
        }
        if let signal { return .crashed(signal: signal) }
        return .exited(status: status)
    }
}

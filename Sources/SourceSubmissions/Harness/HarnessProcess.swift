import Foundation

// MARK: - Running one harness

/// How a harness run ended.
package enum HarnessTermination: Sendable, Equatable {
    case exited(status: Int32)
    case crashed(signal: Int32)
    case cpuLimit, wallTimeout, memoryLimit, outputLimit
}

/// One finished harness run.
package struct HarnessRun: Sendable {
    /// Standard output (the answer).
    package var output: [UInt8]
    /// Standard error, capped at 64 KiB.
    package var diagnostics: String
    package var termination: HarnessTermination
}

/// What one harness run is given: its request, how it is paced, its wall-clock limit, and whom to tell its
/// process ID.
package struct HarnessInput: Sendable {
    /// The request.
    package var bytes: [UInt8]
    /// Stream by stream (``HarnessRequest/pacing``); nil: all at once.
    package var pacing: InputPacing?
    /// The wall-clock limit of this run, seconds.
    package var wallSeconds: Double
    /// Called with the run's process ID once it runs.
    package var started: (@Sendable (Int32) -> Void)?
}

/// Runs a team's harness with its request on standard input: the isolation in force and how to start it.
package struct HarnessLauncher: Sendable {
    /// How one run is started: the executable, what it is given, the scratch folder.
    package typealias Start = @Sendable (URL, HarnessInput, URL) throws(SourceSubmissionError) -> HarnessRun

    /// One sentence for reports: the isolation and the limits.
    package var summary: String
    /// Wall-clock limit of one run, seconds.
    package var wallSeconds: Double
    /// Standard output beyond this many bytes ends the run (`.outputLimit`).
    package var outputBytes: Int
    private let start: Start
    private let scratchCheck: @Sendable (URL) -> Bool

    /// Whether a scratch folder made inside `folder` can be used (the sandbox, as root, hands it to an
    /// unprivileged user, who must be able to reach it).
    package func canUseScratch(in folder: URL) -> Bool { scratchCheck(folder) }

    /// A launcher from a run function.
    ///
    /// - Parameters:
    ///   - summary: the sentence reports show.
    ///   - wallSeconds: the wall-clock limit of one run.
    ///   - outputBytes: the output limit the run function applies.
    ///   - scratchCheck: whether a scratch folder made inside a folder can be used. Default: always.
    ///   - run: runs the executable with the input (paced when pacing is given) in the scratch folder, within
    ///     the wall-clock seconds given.
    package init(
        summary: String, wallSeconds: Double, outputBytes: Int,
        scratchCheck: @escaping @Sendable (URL) -> Bool = { _ in true },
        run: @escaping Start
    ) {
        self.summary = summary
        self.wallSeconds = wallSeconds
        self.outputBytes = outputBytes
        self.scratchCheck = scratchCheck
        self.start = run
    }

    /// Runs `executable` with `input` on standard input, its working folder `scratch`.
    ///
    /// - Parameters:
    ///   - executable: the harness.
    ///   - input: the request.
    ///   - pacing: feeds the request stream by stream (``HarnessRequest/pacing``); nil: all at once.
    ///   - scratch: its working folder.
    ///   - wallSeconds: a tighter wall-clock limit for this run (what is left of a team's budget); nil or more
    ///     than ``wallSeconds``: ``wallSeconds``.
    ///   - started: called with the run's process ID once it runs.
    package func run(
        executable: URL, input: [UInt8], pacing: InputPacing? = nil, scratch: URL, wallSeconds: Double? = nil,
        started: (@Sendable (Int32) -> Void)? = nil
    ) throws(SourceSubmissionError) -> HarnessRun {
        let wall = min(self.wallSeconds, wallSeconds ?? self.wallSeconds)
        return try start(
            executable, HarnessInput(bytes: input, pacing: pacing, wallSeconds: wall, started: started), scratch)
    }

    /// No isolation: a child process with a wall-clock limit and an output limit only (for tests of trusted code,
    /// and for machines where no sandbox works when staff accept that; reports say so).
    ///
    /// - Parameters:
    ///   - wallSeconds: killed (SIGKILL) after this. Default 120 s.
    ///   - outputBytes: killed beyond this much standard output. Default 64 MiB.
    package static func unsandboxed(wallSeconds: Double = 120, outputBytes: Int = 64 << 20) -> HarnessLauncher {
        HarnessLauncher(
            summary: "no isolation (an ordinary child process: wall-clock limit \(Int(wallSeconds)) s and output "
                + "limit \(outputBytes >> 20) MiB only; no CPU, memory, network or file-system limits)",
            wallSeconds: wallSeconds, outputBytes: outputBytes
        ) { (executable: URL, input: HarnessInput, scratch: URL) throws(SourceSubmissionError) -> HarnessRun in
            try ChildProcess.run(executable, input: input, scratch: scratch, outputBytes: outputBytes)
        }
    }
}

/// A child process started through `env -C scratch` (its working folder), fed and read by ``SpawnedProcess``.
enum ChildProcess {
    static func run(
        _ executable: URL, input: HarnessInput, scratch: URL, outputBytes: Int
    ) throws(SourceSubmissionError) -> HarnessRun {
        let result = try SpawnedProcess.run(
            ["/usr/bin/env", "-C", scratch.path, "--", executable.standardizedFileURL.path],
            environment: ["PATH=/usr/bin:/bin", "LANG=C.UTF-8", "SWIFT_BACKTRACE=enable=no"], input: input.bytes,
            pacing: input.pacing, outputLimit: outputBytes, errorLimit: 65_536, wallSeconds: input.wallSeconds,
            started: input.started)
        let termination: HarnessTermination
        if result.killedForOutput {
            termination = .outputLimit
        } else if result.killedForTime {
            termination = .wallTimeout
        } else {
            switch result.termination {
            case .exited(let status): termination = .exited(status: status)
            case .signaled(let signal): termination = .crashed(signal: signal)
            }
        }
        return HarnessRun(
            output: result.output, diagnostics: String(decoding: result.errorOutput, as: UTF8.self),
            termination: termination)
    }
}

extension HarnessLauncher {
    /// Runs harnesses in `sandbox` (``Sandbox/detect()``) with `limits`; the summary is the sandbox's sentence.
    ///
    /// - Parameters:
    ///   - sandbox: the isolation found on this machine.
    ///   - limits: the limits of every run. Default ``SandboxLimits/harness``.
    package static func sandboxed(_ sandbox: Sandbox, limits: SandboxLimits = .harness) -> HarnessLauncher {
        HarnessLauncher(
            summary: sandbox.summary(limits: limits), wallSeconds: limits.wallSeconds, outputBytes: limits.outputBytes,
            scratchCheck: { sandbox.canHandOverScratch(in: $0) }
        ) { (executable: URL, input: HarnessInput, scratch: URL) throws(SourceSubmissionError) -> HarnessRun in
            var limits = limits
            limits.wallSeconds = input.wallSeconds
            let run = try sandbox.run(
                executable: executable, arguments: [], input: input.bytes, pacing: input.pacing, scratch: scratch,
                limits: limits, started: input.started)
            let termination: HarnessTermination
            switch run.outcome {
            case .exited(let status): termination = .exited(status: status)
            case .crashed(let signal): termination = .crashed(signal: signal)
            case .cpuLimit: termination = .cpuLimit
            case .wallTimeout: termination = .wallTimeout
            case .memoryLimit: termination = .memoryLimit
            case .outputLimit: termination = .outputLimit
            }
            return HarnessRun(output: run.output, diagnostics: run.diagnostics, termination: termination)
        }
    }
}

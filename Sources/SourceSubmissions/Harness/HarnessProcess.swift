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

/// Runs a team's harness with its request on standard input: the isolation in force and how to start it.
package struct HarnessLauncher: Sendable {
    /// One sentence for reports: the isolation and the limits.
    package var summary: String
    /// Wall-clock limit of one run, seconds.
    package var wallSeconds: Double
    /// Standard output beyond this many bytes ends the run (`.outputLimit`).
    package var outputBytes: Int
    private let start: @Sendable (URL, [UInt8], URL) throws(SourceSubmissionError) -> HarnessRun
    private let scratchCheck: @Sendable (URL) -> Bool

    /// Whether a scratch folder made inside `folder` can be used (the sandbox, as root, hands it to an
    /// unprivileged user, who must be able to reach it).
    package func canUseScratch(in folder: URL) -> Bool { scratchCheck(folder) }

    /// A launcher from a run function.
    ///
    /// - Parameters:
    ///   - summary: the sentence reports show.
    ///   - wallSeconds: the wall-clock limit the run function applies.
    ///   - outputBytes: the output limit the run function applies.
    ///   - scratchCheck: whether a scratch folder made inside a folder can be used. Default: always.
    ///   - run: runs the executable with the input in the scratch folder.
    package init(
        summary: String, wallSeconds: Double, outputBytes: Int,
        scratchCheck: @escaping @Sendable (URL) -> Bool = { _ in true },
        run: @escaping @Sendable (URL, [UInt8], URL) throws(SourceSubmissionError) -> HarnessRun
    ) {
        self.summary = summary
        self.wallSeconds = wallSeconds
        self.outputBytes = outputBytes
        self.scratchCheck = scratchCheck
        self.start = run
    }

    /// Runs `executable` with `input` on standard input, its working folder `scratch`.
    package func run(executable: URL, input: [UInt8], scratch: URL) throws(SourceSubmissionError) -> HarnessRun {
        try start(executable, input, scratch)
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
        ) { (executable: URL, input: [UInt8], scratch: URL) throws(SourceSubmissionError) -> HarnessRun in
            try ChildProcess.run(
                executable, input: input, scratch: scratch, wallSeconds: wallSeconds, outputBytes: outputBytes)
        }
    }
}

/// A child process fed over a pipe by a writer thread while standard output and standard error are read, so
/// neither side blocks on a full pipe.
enum ChildProcess {
    static func run(
        _ executable: URL, input: [UInt8], scratch: URL, wallSeconds: Double, outputBytes: Int
    ) throws(SourceSubmissionError) -> HarnessRun {
        let process = Process()
        process.executableURL = executable
        process.currentDirectoryURL = scratch
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no"]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do { try process.run() } catch {
            throw .toolFailed("cannot start \(executable.lastPathComponent): \(error.localizedDescription)")
        }
        let collected = Collected()
        let group = DispatchGroup()
        group.enter()
        Thread.detachNewThread {
            signal(SIGPIPE, SIG_IGN)
            let handle = stdin.fileHandleForWriting
            input.withUnsafeBytes { raw in
                var done = 0
                while done < raw.count {
                    let n = write(handle.fileDescriptor, raw.baseAddress! + done, min(1 << 16, raw.count - done))
                    if n <= 0 { break }
                    done += n
                }
            }
            try? handle.close()
            group.leave()
        }
        group.enter()
        Thread.detachNewThread {
            let handle = stdout.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                if !collected.appendOutput(chunk, limit: outputBytes) { kill(process.processIdentifier, SIGKILL) }
            }
            group.leave()
        }
        group.enter()
        Thread.detachNewThread {
            let handle = stderr.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                collected.appendDiagnostics(chunk)
            }
            group.leave()
        }
        let deadline = Date().addingTimeInterval(wallSeconds)
        var timedOut = false
        while process.isRunning {
            if Date() >= deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        process.waitUntilExit()
        group.wait()
        let (output, diagnostics, flooded) = collected.result()
        let termination: HarnessTermination
        if flooded {
            termination = .outputLimit
        } else if timedOut {
            termination = .wallTimeout
        } else if process.terminationReason == .uncaughtSignal {
            termination = .crashed(signal: process.terminationStatus)
        } else {
            termination = .exited(status: process.terminationStatus)
        }
        return HarnessRun(output: output, diagnostics: diagnostics, termination: termination)
    }

    /// What the reader threads gathered.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var output: [UInt8] = []
        private var diagnostics: [UInt8] = []
        private var flooded = false

        /// Appends output; false once past the limit.
        func appendOutput(_ d: Data, limit: Int) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            if output.count + d.count > limit {
                flooded = true
                return false
            }
            output += d
            return true
        }

        func appendDiagnostics(_ d: Data) {
            lock.lock()
            defer { lock.unlock() }
            if diagnostics.count < 65_536 { diagnostics += d.prefix(65_536 - diagnostics.count) }
        }

        func result() -> ([UInt8], String, Bool) {
            lock.lock()
            defer { lock.unlock() }
            return (output, String(decoding: diagnostics, as: UTF8.self), flooded)
        }
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
        ) { (executable: URL, input: [UInt8], scratch: URL) throws(SourceSubmissionError) -> HarnessRun in
            let run = try sandbox.run(
                executable: executable, arguments: [], input: input, scratch: scratch, limits: limits)
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

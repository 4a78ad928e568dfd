import Foundation

// MARK: - Running a tool with a wall-clock limit

/// One finished run of an external program: its exit status and everything it wrote.
struct ToolRun: Sendable {
    /// Exit status (or the terminating signal's number when `terminatedBySignal`).
    var status: Int32
    /// Whether the program ended on a signal (including the one sent at the time limit).
    var terminatedBySignal: Bool
    /// Whether the wall-clock limit was reached and the program was stopped.
    var timedOut: Bool
    /// Standard output and standard error, interleaved as written, decoded as UTF-8 (invalid bytes replaced).
    var output: String

    /// Whether the program exited normally with status 0.
    var succeeded: Bool { !terminatedBySignal && !timedOut && status == 0 }

    /// Runs `executable` with `arguments`, output to a file in `scratch` (no pipe, so a chatty program cannot
    /// block on a full pipe), and stops it with SIGTERM, then SIGKILL, after `timeoutSeconds`.
    ///
    /// - Throws: `SourceSubmissionError.toolFailed` when the program cannot be started.
    static func run(
        _ executable: URL, _ arguments: [String], scratch: URL, timeoutSeconds: Double
    ) throws(SourceSubmissionError) -> ToolRun {
        let logURL = scratch.appendingPathComponent("tool-output-\(UInt64.random(in: 0...UInt64.max)).log")
        let descriptor = open(logURL.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .writing(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO), "cannot create \(logURL.path)")
        }
        let log = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? FileManager.default.removeItem(at: logURL) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            try? log.close()
            throw .toolFailed("cannot start \(executable.path): \(error.localizedDescription)")
        }
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        var timedOut = false
        while process.isRunning {
            if Date() >= deadline {
                timedOut = true
                process.terminate()
                let grace = Date().addingTimeInterval(2)
                while process.isRunning && Date() < grace { Thread.sleep(forTimeInterval: 0.02) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                break
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.waitUntilExit()
        try? log.close()
        let data = (try? Data(contentsOf: logURL)) ?? Data()
        return ToolRun(
            status: process.terminationStatus, terminatedBySignal: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut, output: String(decoding: data, as: UTF8.self))
    }
}

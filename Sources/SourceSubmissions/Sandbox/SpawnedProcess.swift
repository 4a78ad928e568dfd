import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - A child process with piped standard streams, a deadline and an output cap

/// Runs one program with its standard input fed from memory by a writer thread, its standard output and error read
/// by reader threads (so neither side blocks on a full pipe), and a wall-clock deadline.
///
/// The program is started with `posix_spawn` in a process group of its own, with every signal's default action
/// and an empty signal mask, and the grader's pipe ends are close-on-exec, so a program started at the same time
/// by another thread inherits none of them (its pipes would otherwise stay open and this run would never see the
/// end of its output). At the deadline, or when standard output passes its cap, the whole process group gets
/// SIGKILL.
struct SpawnedProcess {
    /// How the run ended, with what it wrote.
    struct Result {
        var termination: SandboxOutcome.Termination
        var output: [UInt8]
        var errorOutput: [UInt8]
        var killedForOutput: Bool
        var killedForTime: Bool
        var wallSeconds: Double
    }

    /// Starts `arguments[0]` (an absolute path) and waits for it.
    ///
    /// - Parameters:
    ///   - arguments: the program and its arguments.
    ///   - environment: its whole environment (`NAME=value`).
    ///   - input: bytes for its standard input, which is then closed.
    ///   - pacing: when given, the input is written piece by piece, each piece only once the output answers every
    ///     piece before it (``InputPacing``); nil: all at once.
    ///   - outputLimit: standard-output bytes kept; one more and the process group is killed.
    ///   - errorLimit: standard-error bytes kept (the rest is read and dropped).
    ///   - wallSeconds: the deadline.
    ///   - started: called with the process ID once it runs (to watch its CPU time).
    /// - Returns: how it ended.
    /// - Throws: `SourceSubmissionError.toolFailed` when the pipes cannot be made or the program cannot start.
    static func run(
        _ arguments: [String], environment: [String], input: [UInt8], pacing: InputPacing? = nil, outputLimit: Int,
        errorLimit: Int, wallSeconds: Double, started: (@Sendable (pid_t) -> Void)? = nil
    ) throws(SourceSubmissionError) -> Result {
        // Pipes are made and programs started under one lock, so no program started here inherits another run's
        // pipe in the instant before it is marked close-on-exec.
        spawnLock.lock()
        var locked = true
        defer { if locked { spawnLock.unlock() } }
        var inPipe: [Int32] = [-1, -1]
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard makePipe(&inPipe) else { throw .toolFailed("cannot make a pipe: \(errnoText())") }
        guard makePipe(&outPipe) else {
            closeAll(inPipe)
            throw .toolFailed("cannot make a pipe: \(errnoText())")
        }
        guard makePipe(&errPipe) else {
            closeAll(inPipe + outPipe)
            throw .toolFailed("cannot make a pipe: \(errnoText())")
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var spawned: pid_t = 0
        let startTime = Date()
        let spawnStatus = posix_spawn(&spawned, arguments[0], &actions, &attributes, argv, envp)
        let pid = spawned
        spawnLock.unlock()
        locked = false
        close(inPipe[0])
        close(outPipe[1])
        close(errPipe[1])
        guard spawnStatus == 0 else {
            closeAll([inPipe[1], outPipe[0], errPipe[0]])
            throw .toolFailed("cannot start \(arguments[0]): \(String(cString: strerror(spawnStatus)))")
        }

        started?(pid)
        let state = RunState(pid: pid, outputLimit: outputLimit, errorLimit: errorLimit)
        let done = DispatchGroup()
        let inputFD = inPipe[1]
        let outputFD = outPipe[0]
        let errorFD = errPipe[0]
        startThread(done) { writeAll(input, pacing: pacing, state: state, to: inputFD) }
        startThread(done) { state.drain(outputFD, isOutput: true) }
        startThread(done) { state.drain(errorFD, isOutput: false) }

        let exited = DispatchSemaphore(value: 0)
        let waited = WaitResult()
        startThread(nil) {
            // Wait without reaping first, so the kill switch is off before the process ID can be reused.
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
            state.markExited()
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            waited.set(status: status)
            exited.signal()
        }
        if exited.wait(timeout: .now() + max(0, wallSeconds)) == .timedOut {
            state.kill(forTime: true)
            exited.wait()
        }
        // The output pipes close when the last process holding them is gone (the sandbox's namespace dies with
        // its first process); a descendant that escaped it would keep them open, so they are not waited for
        // forever (its reader threads are then left to end with it).
        _ = done.wait(timeout: .now() + 5)
        let wall = Date().timeIntervalSince(startTime)
        let status = waited.get()
        let termination: SandboxOutcome.Termination =
            status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
        let snapshot = state.snapshot()
        return Result(
            termination: termination, output: snapshot.output, errorOutput: snapshot.errorOutput,
            killedForOutput: snapshot.killedForOutput, killedForTime: snapshot.killedForTime, wallSeconds: wall)
    }

    // MARK: - Helpers

    /// A pipe whose two ends are close-on-exec (`pipe2` is not visible to Swift here, so `pipe` then `fcntl`).
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return true
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }

    private static func closeAll(_ descriptors: [Int32]) {
        for descriptor in descriptors where descriptor >= 0 { close(descriptor) }
    }

    /// A dedicated thread (not a dispatch worker: many runs at once would block the shared pool on `read`).
    private static func startThread(_ group: DispatchGroup?, _ body: @escaping @Sendable () -> Void) {
        group?.enter()
        let thread = Thread {
            body()
            group?.leave()
        }
        thread.start()
    }

    /// Writes every byte, stopping at the first error (EPIPE: the program stopped reading), then closes; with
    /// `pacing`, each piece after the first waits until the output answers the pieces before it, and the rest is
    /// never written once the program has ended or closed its output without answering.
    ///
    /// SIGPIPE is blocked in this thread only: a write to a pipe whose reader has gone then fails with EPIPE
    /// instead of killing the grader, and the pending signal, directed at this thread, ends with it. The rest of
    /// the process keeps its own SIGPIPE behaviour.
    private static func writeAll(_ bytes: [UInt8], pacing: InputPacing?, state: RunState, to descriptor: Int32) {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        defer { close(descriptor) }
        let starts = (pacing?.pieceStarts ?? []).map { min(max(0, $0), bytes.count) }
        let ends = starts + [bytes.count]
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            for (piece, end) in ends.enumerated() {
                if piece > 0, let pacing, !state.waitForOutput(answering: piece, pacing.answered) { return }
                while offset < end {
                    let written = write(descriptor, buffer.baseAddress! + offset, end - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return
                    }
                    offset += written
                }
            }
        }
    }
}

/// Held while pipes are made and programs started (see `SpawnedProcess.run`), and while an executable is written
/// (`Sandbox.privateCopy`): a program started while another thread holds a file open for writing inherits that
/// descriptor, and the file can then not be executed ("Text file busy", exit status 126) while it lives.
let spawnLock = NSLock()

// MARK: - Shared state of one run's threads

/// What the reader threads collect, and the kill switch; every access under a lock.
private final class RunState: @unchecked Sendable {
    /// The lock, and the signal that output arrived or the run ended (for a paced writer).
    private let lock = NSCondition()
    private let pid: pid_t
    private let outputLimit: Int
    private let errorLimit: Int
    private var output: [UInt8] = []
    private var errorOutput: [UInt8] = []
    private var killedForOutput = false
    private var killedForTime = false
    private var killed = false
    private var exited = false
    private var outputClosed = false

    init(pid: pid_t, outputLimit: Int, errorLimit: Int) {
        self.pid = pid
        self.outputLimit = outputLimit
        self.errorLimit = errorLimit
    }

    /// Reads `descriptor` to its end, keeping what the limits allow, then closes it.
    func drain(_ descriptor: Int32, isOutput: Bool) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            lock.lock()
            if isOutput {
                let room = max(0, outputLimit - output.count)
                output.append(contentsOf: buffer[0..<min(count, room)])
                if count > room && !killedForTime {
                    killedForOutput = true
                    killLocked()
                }
                lock.broadcast()
            } else {
                let room = max(0, errorLimit - errorOutput.count)
                errorOutput.append(contentsOf: buffer[0..<min(count, room)])
            }
            lock.unlock()
        }
        if isOutput {
            lock.lock()
            outputClosed = true
            lock.broadcast()
            lock.unlock()
        }
        close(descriptor)
    }

    /// Waits until `answered` says the output so far answers at least `pieces` pieces (true), or the run ended,
    /// was killed or closed its output first (false).
    func waitForOutput(answering pieces: Int, _ answered: ([UInt8]) -> Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        while true {
            if answered(output) >= pieces { return true }
            if exited || killed || outputClosed { return false }
            lock.wait()
        }
    }

    /// SIGKILL to the process group (the sandbox tool; it takes the sandbox's namespace with it).
    func kill(forTime: Bool) {
        lock.lock()
        if forTime && !killedForOutput { killedForTime = true }
        killLocked()
        lock.unlock()
    }

    /// The process has ended (not yet reaped): from now on its ID is not signalled.
    func markExited() {
        lock.lock()
        exited = true
        lock.broadcast()
        lock.unlock()
    }

    private func killLocked() {
        guard !killed && !exited else { return }
        killed = true
        lock.broadcast()
        _ = Glibc.kill(-pid, SIGKILL)
        _ = Glibc.kill(pid, SIGKILL)
    }

    func snapshot() -> (output: [UInt8], errorOutput: [UInt8], killedForOutput: Bool, killedForTime: Bool) {
        lock.lock()
        defer { lock.unlock() }
        return (output, errorOutput, killedForOutput, killedForTime)
    }
}

/// The status `waitpid` gave, handed from the waiting thread.
private final class WaitResult: @unchecked Sendable {
    private let lock = NSLock()
    private var status: Int32 = 0

    func set(status: Int32) {
        lock.lock()
        self.status = status
        lock.unlock()
    }

    func get() -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        return status
    }
}

// MARK: - Standard input in answered pieces

/// Standard input written one piece at a time: piece k (k ≥ 1) only once the program's output answers pieces
/// 0 ..< k, so a program never holds input it has not yet earned by answering (a harness sees the next stream
/// only after its answer to the current one is out).
package struct InputPacing: Sendable {
    /// The byte offsets in the input where pieces 1, 2, … start (ascending); piece 0 starts at 0.
    package var pieceStarts: [Int]
    /// How many pieces the output so far answers completely; called under the run's lock each time output
    /// arrives, with the whole output so far.
    package var answered: @Sendable ([UInt8]) -> Int

    package init(pieceStarts: [Int], answered: @escaping @Sendable ([UInt8]) -> Int) {
        self.pieceStarts = pieceStarts
        self.answered = answered
    }
}

import Foundation
import Testing

@testable import SourceSubmissions

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - The sandbox on small C programs, one behaviour each

/// Runs on the isolation `Sandbox.detect()` picks here (bubblewrap on the project's machine). Skips, saying why,
/// when `gcc` is missing or no sandbox works; both work on the project's machine.
@Suite(
    "Sandbox", .enabled(if: SandboxTestPrograms.available, "needs gcc and a working bubblewrap or unshare"))
struct SandboxTests {
    let sandbox = SandboxTestPrograms.sandbox!
    let probe = SandboxTestPrograms.probe!
    /// Small limits, so the limit tests take about a second each.
    let limits = SandboxLimits(
        cpuSeconds: 1, memoryBytes: 256 << 20, wallSeconds: 20, outputBytes: 1 << 20, fileBytes: 1 << 20)

    func run(_ arguments: [String], input: [UInt8] = [], limits: SandboxLimits? = nil) throws -> SandboxRun {
        let (root, scratch, _) = try SandboxTestPrograms.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        return try sandbox.run(
            executable: probe, arguments: arguments, input: input, scratch: scratch, limits: limits ?? self.limits)
    }

    @Test func echoesItsInputAndExits() throws {
        let input = Array("three lines\nof input\n€ and a byte 0x00: \u{0}\n".utf8)
        let run = try run(["echo"], input: input)
        #expect(run.outcome == .exited(status: 0))
        #expect(run.output == input)
        #expect(run.diagnostics.isEmpty)
    }

    /// 24 MiB through the pipe while the output comes back: a writer that blocked until the reader finished (or
    /// the other way round) would deadlock on the 64 KiB pipe buffers and end at the wall clock instead.
    @Test func largeInputPassesThroughWithoutDeadlock() throws {
        // 251 (a prime) distinct bytes repeated: a dropped or repeated 64 KiB chunk shifts the pattern.
        let block = (0..<251).map { UInt8($0) }
        var pattern = Data(capacity: 24 << 20)
        for _ in 0..<((24 << 20) / 251) { pattern.append(contentsOf: block) }
        let input = [UInt8](pattern)
        var roomy = limits
        roomy.outputBytes = 64 << 20
        roomy.cpuSeconds = 20
        let run = try run(["echo"], input: input, limits: roomy)
        #expect(run.outcome == .exited(status: 0))
        // Compared as Data (memcmp): an element-by-element comparison of 24 MiB is slow in a debug build.
        #expect(run.output.count == input.count && Data(run.output) == pattern)
    }

    /// 8 MiB offered to a program that exits without reading: the writer gets EPIPE, and neither it nor the test
    /// process dies of SIGPIPE.
    @Test func programThatIgnoresItsInputDoesNotHurtTheGrader() throws {
        let run = try run(["exit", "0"], input: [UInt8](repeating: 0x41, count: 8 << 20))
        #expect(run.outcome == .exited(status: 0))
    }

    @Test func exitStatusIsReported() throws {
        #expect(try run(["exit", "3"]).outcome == .exited(status: 3))
        #expect(try run(["exit", "0"]).outcome == .exited(status: 0))
    }

    @Test func segmentationFaultIsACrash() throws {
        let run = try run(["segv"])
        #expect(run.outcome == .crashed(signal: 11))
        #expect(run.outcome.description == "crashed (SIGSEGV)")
    }

    @Test func busyLoopReachesTheCPULimit() throws {
        let run = try run(["spin"])
        #expect(run.outcome == .cpuLimit)
        // RLIMIT_CPU of 1 s: at least 1 s of wall clock went by.
        #expect(run.wallSeconds >= 0.9)
    }

    /// A sleeping program uses no CPU: only the wall clock stops it, and the whole sandbox must go with it.
    @Test func sleeperReachesTheWallClockAndLeavesNoProcess() throws {
        let marker = "sandbox-orphan-check-\(UInt64.random(in: 0...UInt64.max))"
        var short = limits
        short.wallSeconds = 1
        let started = Date()
        let run = try run(["sleep", marker], limits: short)
        #expect(run.outcome == .wallTimeout)
        #expect(Date().timeIntervalSince(started) < 10)
        // Any process whose command line holds the marker (the probe, or the sandbox tool around it)?
        var survivors: [String] = []
        for _ in 0..<20 {
            survivors = Self.processes(containing: marker)
            if survivors.isEmpty { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(survivors.isEmpty, "left running: \(survivors)")
    }

    @Test func allocationLoopReachesTheMemoryLimit() throws {
        let run = try run(["alloc"])
        #expect(run.outcome == .memoryLimit)
        #expect(run.diagnostics.contains("out of memory"))
    }

    @Test func outputFloodReachesTheOutputLimit() throws {
        let run = try run(["flood"])
        #expect(run.outcome == .outputLimit)
        #expect(run.output.count == limits.outputBytes)
    }

    /// Files outside the scratch folder: /etc/hostname, this very test file (a file of the repository), and the
    /// folder beside the scratch folder. Positive controls: the same probe, unsandboxed, reads both files, and
    /// in the sandbox it writes into its scratch folder.
    @Test func filesOutsideScratchCannotBeReadOrWritten() throws {
        let repositoryFile = #filePath
        let (root, scratch, outside) = try SandboxTestPrograms.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["/etc/hostname", repositoryFile] where FileManager.default.isReadableFile(atPath: path) {
            let control = try ToolRun.run(probe, ["read", path], scratch: root, timeoutSeconds: 30)
            #expect(control.output == "read-ok\n", "unsandboxed control for \(path)")
            let run = try sandbox.run(
                executable: probe, arguments: ["read", path], input: [], scratch: scratch, limits: limits)
            #expect(run.outcome == .exited(status: 0))
            #expect(String(decoding: run.output, as: UTF8.self).hasPrefix("read-failed"), "read \(path)")
        }
        let forbidden = outside.appendingPathComponent("escaped.txt")
        let write = try sandbox.run(
            executable: probe, arguments: ["write", forbidden.path], input: [], scratch: scratch, limits: limits)
        #expect(String(decoding: write.output, as: UTF8.self).hasPrefix("write-failed"))
        #expect(!FileManager.default.fileExists(atPath: forbidden.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        // The sandbox's own root and /dev are read-only too (bubblewrap makes both as memory file systems).
        if sandbox.isolation == .bubblewrap {
            for path in ["/escaped.txt", "/dev/escaped.txt", "/dev/shm/escaped.txt", "/usr/escaped.txt"] {
                let run = try sandbox.run(
                    executable: probe, arguments: ["write", path], input: [], scratch: scratch, limits: limits)
                #expect(String(decoding: run.output, as: UTF8.self).hasPrefix("write-failed"), "write \(path)")
            }
        }
        let allowed = try sandbox.run(
            executable: probe, arguments: ["write", "inside.txt"], input: [], scratch: scratch, limits: limits)
        #expect(allowed.output == Array("write-ok\n".utf8))
        #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("inside.txt").path))
    }

    /// A listener this test opens on the machine's 127.0.0.1 (the unsandboxed probe reaches it: the positive
    /// control), and 1.1.1.1:53 (a public DNS server; refused whether or not the machine has internet).
    @Test func networkIsUnreachable() throws {
        let listener = try #require(Listener())
        defer { listener.close() }
        let (root, scratch, _) = try SandboxTestPrograms.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let arguments = ["connect", "127.0.0.1", String(listener.port)]
        let control = try ToolRun.run(probe, arguments, scratch: root, timeoutSeconds: 30)
        #expect(control.output == "connect-ok\n")
        for target in [arguments, ["connect", "1.1.1.1", "53"]] {
            let run = try sandbox.run(executable: probe, arguments: target, input: [], scratch: scratch, limits: limits)
            #expect(run.outcome == .exited(status: 0))
            #expect(String(decoding: run.output, as: UTF8.self).hasPrefix("connect-failed"), "\(target)")
        }
    }

    /// The Swift runtime's shared libraries (outside /usr, found by ldd) are reachable inside; its allocation
    /// failure under the address-space limit is `.memoryLimit`; a fatal error is a crash (SIGILL or SIGTRAP).
    @Test func swiftProgramRunsWithItsRuntime() throws {
        let program = try #require(SandboxTestPrograms.swiftProgram, "swiftc compiles a small program")
        let (root, scratch, _) = try SandboxTestPrograms.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        var swiftLimits = limits
        swiftLimits.cpuSeconds = 20
        func run(_ mode: String, _ input: String = "") throws -> SandboxRun {
            try sandbox.run(
                executable: program, arguments: [mode], input: Array(input.utf8), scratch: scratch, limits: swiftLimits)
        }
        let echo = try run("echo", "a\nb\n")
        #expect(echo.outcome == .exited(status: 0), "\(echo.diagnostics)")
        #expect(echo.output == Array("swift: a\nswift: b\n".utf8))
        let allocate = try run("allocate")
        #expect(allocate.outcome == .memoryLimit, "\(allocate.diagnostics)")
        let fatal = try run("fatal")
        #expect(fatal.outcome == .crashed(signal: 4) || fatal.outcome == .crashed(signal: 5), "\(fatal.outcome)")
        #expect(fatal.diagnostics.contains("team code gave up"))
    }

    @Test func summaryNamesTheToolAndTheLimits() {
        let summary = sandbox.summary(limits: limits)
        #expect(summary.contains(sandbox.toolVersion))
        #expect(summary.contains("no network"))
        #expect(summary.contains("CPU 1 s, address space 256 MiB, wall clock 20 s, output 1 MiB, files 1 MiB"))
        if sandbox.isolation == .namespaces { #expect(summary.contains("not enforced")) }
    }

    // MARK: - Helpers

    /// Command lines (from /proc) of processes holding `marker`, the test process itself excepted.
    static func processes(containing marker: String) -> [String] {
        let own = String(getpid())
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0.allSatisfy(\.isNumber) && $0 != own }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(marker) ? "\(pid): \(line)" : nil
        }
    }
}

// MARK: - Outcome rules on their own

@Suite("Sandbox outcome rules") struct SandboxOutcomeRuleTests {
    func classify(
        _ termination: SandboxOutcome.Termination, bwrap: Bool = true, output: Bool = false, time: Bool = false,
        stderr: String = ""
    ) -> SandboxOutcome {
        SandboxOutcome.classify(
            termination, statusCarriesSignal: bwrap, killedForOutput: output, killedForTime: time, diagnostics: stderr)
    }

    @Test func rulesInOrder() {
        // bubblewrap reports signal n as status 128 + n: 139 is SIGSEGV (11), 152 SIGXCPU (24).
        #expect(classify(.exited(139)) == .crashed(signal: 11))
        #expect(classify(.exited(139), bwrap: false) == .exited(status: 139))
        #expect(classify(.exited(152)) == .cpuLimit)
        #expect(classify(.signaled(24), bwrap: false) == .cpuLimit)
        // A SIGKILL the grader did not send: RLIMIT_CPU's hard limit.
        #expect(classify(.exited(137)) == .cpuLimit)
        #expect(classify(.signaled(9), bwrap: false) == .cpuLimit)
        // The runtime's allocation failure under RLIMIT_AS (SIGABRT, status 134), and the same text on a clean exit.
        let swift6 = "Fatal error: failed to allocate 1048608 bytes of memory with alignment 8\n"
        #expect(classify(.exited(134), stderr: swift6) == .memoryLimit)
        #expect(classify(.exited(134), stderr: "Fatal error: Index out of range\n") == .crashed(signal: 6))
        #expect(classify(.exited(0), stderr: swift6) == .exited(status: 0))
        #expect(classify(.exited(1), stderr: "Could not allocate memory.") == .memoryLimit)
        // The grader's own kills come first.
        #expect(classify(.exited(137), output: true, time: true) == .outputLimit)
        #expect(classify(.exited(137), time: true) == .wallTimeout)
        #expect(SandboxOutcome.crashed(signal: 4).description.hasPrefix("crashed (SIGILL: a Swift run-time check"))
        #expect(SandboxOutcome.crashed(signal: 99).description == "crashed (signal 99)")
    }

    @Test func limitsInWords() {
        #expect(
            SandboxLimits.harness.description
                == "CPU 60 s, address space 2 GiB, wall clock 180 s, output 64 MiB, files 64 MiB")
        #expect(SandboxLimits(wallSeconds: 2.5, outputBytes: 1000).description.contains("wall clock 2.5 s, output 1000 bytes"))
    }
}

// MARK: - A TCP listener on 127.0.0.1

/// A listening socket on an ephemeral port of the machine's loopback interface.
final class Listener {
    let descriptor: Int32
    let port: UInt16

    init?() {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(socketDescriptor, 16) == 0 else {
            Glibc.close(socketDescriptor)
            return nil
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketDescriptor, $0, &length) }
        }
        guard named == 0 else {
            Glibc.close(socketDescriptor)
            return nil
        }
        descriptor = socketDescriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    func close() { Glibc.close(descriptor) }
}

// MARK: - The namespace fallback, forced

/// The fallback `detect()` uses where bubblewrap is missing, forced here (where both work) so it stays tested.
@Suite(
    "Sandbox namespace fallback",
    .enabled(
        if: SandboxTestPrograms.probe != nil && SandboxTestPrograms.namespaces != nil,
        "needs gcc and a working unshare"))
struct SandboxFallbackTests {
    let sandbox = SandboxTestPrograms.namespaces!
    let probe = SandboxTestPrograms.probe!
    let limits = SandboxLimits(
        cpuSeconds: 1, memoryBytes: 256 << 20, wallSeconds: 20, outputBytes: 1 << 20, fileBytes: 1 << 20)

    @Test func runsContainedAndSaysWhatIsNotEnforced() throws {
        let (root, scratch, outside) = try SandboxTestPrograms.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        func run(_ arguments: [String], _ input: [UInt8] = []) throws -> SandboxRun {
            try sandbox.run(executable: probe, arguments: arguments, input: input, scratch: scratch, limits: limits)
        }
        #expect(sandbox.isolation == .namespaces)
        #expect(sandbox.summary.contains("not enforced"))
        let input = Array("fallback\n".utf8)
        let echo = try run(["echo"], input)
        #expect(echo.outcome == .exited(status: 0) && echo.output == input)
        #expect(try run(["segv"]).outcome == .crashed(signal: 11))
        #expect(try run(["spin"]).outcome == .cpuLimit)
        #expect(try run(["alloc"]).outcome == .memoryLimit)
        let listener = try #require(Listener())
        defer { listener.close() }
        for target in [["connect", "127.0.0.1", String(listener.port)], ["connect", "1.1.1.1", "53"]] {
            #expect(String(decoding: try run(target).output, as: UTF8.self).hasPrefix("connect-failed"), "\(target)")
        }
        #expect(try run(["write", "inside.txt"]).output == Array("write-ok\n".utf8))
        // As root the program runs as nobody: the grader's own folders (mode 0755, owned by root) are not writable.
        if geteuid() == 0 {
            let forbidden = outside.appendingPathComponent("escaped.txt")
            #expect(String(decoding: try run(["write", forbidden.path]).output, as: UTF8.self).hasPrefix("write-failed"))
            #expect(!FileManager.default.fileExists(atPath: forbidden.path))
        }
    }
}

import Foundation
import Testing

@testable import SourceSubmissions

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Who the team is, and what it may hold, checked from inside the sandbox

/// Issue 29: run as root (as `scripts/run` and CI are), the sandbox's user was host root, `/proc/sys` was
/// writable, a fork bomb ran unchecked and only each process's memory was capped. Each test runs the probe through
/// `Sandbox.run`, the path the grader's harness runs take, on the isolation `Sandbox.detect()` picks here.
@Suite(
    "Sandbox containment",
    .enabled(if: SandboxTestPrograms.available, "needs gcc and a working bubblewrap or unshare"))
struct SandboxContainmentTests {
    let sandbox = SandboxTestPrograms.sandbox!
    let probe = SandboxTestPrograms.probe!
    /// Small limits: 256 MiB a process, 4 processes (the harness's count).
    let limits = SandboxLimits(
        cpuSeconds: 10, memoryBytes: 256 << 20, wallSeconds: 60, outputBytes: 1 << 20, fileBytes: 1 << 20,
        processes: 4)

    func run(_ arguments: [String], in scratch: URL, sandbox: Sandbox? = nil) throws -> SandboxRun {
        try (sandbox ?? self.sandbox).run(
            executable: probe, arguments: arguments, input: [], scratch: scratch, limits: limits)
    }

    func text(_ run: SandboxRun) -> String { String(decoding: run.output, as: UTF8.self) }

    /// The program's own view (`/proc/self/status`, `/proc/self/uid_map`) and the host's (the owner of a file it
    /// made in its scratch folder). Under bubblewrap the uid map read inside is relative to bubblewrap's
    /// intermediate namespace, so the host uid is read where the host sees it: the file's owner.
    @Test(.enabled(if: geteuid() == 0, "the grader is not root here: the sandbox runs as the grader's own user"))
    func hostUserIsNotRoot() throws {
        let (root, scratch, _) = try SandboxTestPrograms.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try run(["identity"], in: scratch)
        let said = text(run)
        #expect(run.outcome == .exited(status: 0), "\(run.diagnostics)")
        #expect(said.contains("created=yes"))
        let hostUser = try #require(run.hostUser)
        #expect(hostUser != 0)
        #expect(hostUser >= SandboxUsers.firstID)
        var info = stat()
        #expect(stat(scratch.appendingPathComponent("owned-by-sandbox").path, &info) == 0)
        #expect(info.st_uid == hostUser && info.st_uid != 0, "owner \(info.st_uid)")
        #expect(said.contains("CapEff:\t0000000000000000"))
        #expect(said.contains("CapBnd:\t0000000000000000"))
        if sandbox.isolation == .bubblewrap {
            // Inside, the only uid is 65534: one map line, one id, so no root exists in the namespace at all.
            #expect(said.contains("Uid:\t65534\t65534\t65534\t65534"))
            let uidMap = said.components(separatedBy: "/proc/self/uid_map:\n")[1]
                .components(separatedBy: "/proc/self/gid_map:")[0]
            let fields = uidMap.split(whereSeparator: { $0 == " " || $0 == "\n" })
            #expect(fields.count == 3 && fields.first == "65534" && fields.last == "1", "uid map \(uidMap)")
        }
    }

    /// The namespace fallback, as root, runs the program as the run's host uid directly (no user namespace), and
    /// holds it to the same process cap.
    @Test(
        .enabled(
            if: geteuid() == 0 && SandboxTestPrograms.namespaces != nil,
            "needs root (to drop to a host uid) and a working unshare"))
    func fallbackHostUserIsNotRoot() throws {
        let (root, scratch, _) = try SandboxTestPrograms.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try run(["identity"], in: scratch, sandbox: SandboxTestPrograms.namespaces!)
        let hostUser = try #require(run.hostUser)
        #expect(hostUser != 0)
        #expect(text(run).contains("Uid:\t\(hostUser)\t\(hostUser)\t\(hostUser)\t\(hostUser)"), "\(text(run))")
        var info = stat()
        #expect(stat(scratch.appendingPathComponent("owned-by-sandbox").path, &info) == 0)
        #expect(info.st_uid == hostUser)
        // Its process cap allows for its shell (`Sandbox.run`): the team still gets 4 tasks, so 3 children.
        let fork = try self.run(["forkbomb"], in: scratch, sandbox: SandboxTestPrograms.namespaces!)
        #expect(text(fork) == "children=3 fork=Resource temporarily unavailable\n")
    }

    /// The machine-wide settings a host-root sandbox could open for writing (the issue's two, the kernel's
    /// module loader and the magic SysRq key). Positive control, as root: the same probe outside the sandbox opens
    /// `core_pattern` for writing (it writes nothing).
    @Test func procSysCannotBeOpenedForWriting() throws {
        let (root, scratch, _) = try SandboxTestPrograms.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = [
            "/proc/sys/kernel/core_pattern", "/proc/sys/vm/drop_caches", "/proc/sys/kernel/modprobe",
            "/proc/sysrq-trigger",
        ]
        if geteuid() == 0 {
            let control = try ToolRun.run(probe, ["open-write", paths[0]], scratch: root, timeoutSeconds: 30)
            #expect(control.output == "\(paths[0]): ok\n", "unsandboxed control")
        }
        let run = try run(["open-write"] + paths, in: scratch)
        #expect(run.outcome == .exited(status: 0))
        let lines = text(run).split(separator: "\n")
        #expect(lines.count == paths.count)
        for (path, line) in zip(paths, lines) {
            #expect(line.hasPrefix(path + ": ") && !line.hasSuffix(": ok"), "\(line)")
        }
    }

    /// A fork loop: 4 processes for the team, the program included, so exactly 3 children (hand count; the
    /// sandbox's own tasks, bubblewrap's monitor and namespace init, are allowed for in `Sandbox.run`), then
    /// fork fails with EAGAIN. Two at once: with one uid for both (as `nobody` was) their children would share the
    /// count and one would get fewer than 3.
    @Test func forkBombStopsAtTheProcessCap() throws {
        let results = Locked<[String]>([])
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            do {
                let (root, scratch, _) = try SandboxTestPrograms.folders()
                defer { try? FileManager.default.removeItem(at: root) }
                let run = try run(["forkbomb"], in: scratch)
                results.update { $0.append(text(run) + " " + run.outcome.description) }
            } catch {
                failures.update { $0.append("\(error)") }
            }
        }
        #expect(failures.value.isEmpty)
        #expect(results.value.count == 2)
        for said in results.value {
            #expect(said == "children=3 fork=Resource temporarily unavailable\n exited with status 0")
        }
    }

    /// Every process the team may have holds all the memory it can at once: at most 4 processes (one asked for 8)
    /// of 256 MiB address space, so at most 1024 MiB together (`teamMemoryBytes`); each reaches at least 200 MiB
    /// (its 256 MiB less the C runtime's mappings and the 8 MiB stack reservation, with room), so the total is
    /// the sum of four capped processes, not of one.
    @Test func teamMemoryIsCapped() throws {
        let (root, scratch, _) = try SandboxTestPrograms.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try run(["team-memory", "8"], in: scratch)
        #expect(run.outcome == .exited(status: 0), "\(run.diagnostics)")
        let lines = text(run).split(separator: "\n")
        let summary = try #require(lines.last)
        #expect(summary.hasPrefix("processes=4 "), "\(summary)")
        let total = Int(summary.split(separator: "=").last!.split(separator: " ").first!) ?? -1
        #expect(total > 0 && UInt64(total) << 20 <= limits.teamMemoryBytes, "total \(total) MiB")
        #expect(limits.teamMemoryBytes == 1024 << 20)
        for line in lines.dropLast() {
            let mib = Int(line.split(separator: " ").dropLast().last ?? "") ?? -1
            #expect(mib >= 200 && mib <= 256, "\(line)")
        }
    }
}

extension SandboxContainmentTests {
    /// As root the scratch folder is handed to the run's uid, which must reach it: below a folder others may not
    /// search (a cache under /root), the run is refused with one line naming that folder, and the launcher tells
    /// the grader to make its scratch folders elsewhere (the temporary folder).
    @Test(.enabled(if: geteuid() == 0, "the grader is not root here: no scratch folder is handed over"))
    func scratchBelowAClosedFolderIsRefusedAndAvoided() throws {
        let (root, _, _) = try SandboxTestPrograms.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let closed = root.appendingPathComponent("closed")
        let scratch = closed.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        #expect(chmod(closed.path, 0o700) == 0)
        #expect(!sandbox.canHandOverScratch(in: closed))
        #expect(sandbox.canHandOverScratch(in: root))
        #expect(sandbox.canHandOverScratch(in: FileManager.default.temporaryDirectory))
        let launcher = HarnessLauncher.sandboxed(sandbox, limits: limits)
        #expect(!launcher.canUseScratch(in: closed) && launcher.canUseScratch(in: root))
        do {
            _ = try run(["exit", "0"], in: scratch)
            Issue.record("ran with an unreachable scratch folder")
        } catch {
            #expect("\(error)".contains("\(closed.path) is not searchable by others"), "\(error)")
        }
    }
}

/// A value behind a lock, for the concurrent runs above.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value { lock.withLock { stored } }

    func update(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}

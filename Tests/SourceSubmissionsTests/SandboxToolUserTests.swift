import Foundation
import Testing

@testable import SourceSubmissions

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - The compile sandbox's host user, as root

/// Issue 29: the compile sandbox (`Sandbox.runTool`, which runs `swiftc` on a team's files) started bubblewrap as
/// root, so its uid 65534 was host root and `/proc/sys` writable, as the harness runs' were before. Now it takes
/// the harness runs' path: a host uid of its own (`SandboxUsers`), the tools' group, no capabilities. Checked as
/// the harness tests check it (`SandboxContainmentTests`): the host uid is the owner of a file the tool makes,
/// and `/proc/sys` is probed by opening for writing (nothing is written), with the same probe outside as a
/// control that can fail.
@Suite(
    "Sandbox tool user",
    .enabled(
        if: geteuid() == 0 && SandboxTestPrograms.available && SandboxTestPrograms.sandbox?.canRunTools == true,
        "needs root (the grader is root: the tool drops to a uid of its own), gcc and bubblewrap"))
struct SandboxToolUserTests {
    let sandbox = SandboxTestPrograms.sandbox!
    let probe = SandboxTestPrograms.probe!

    /// A tool run whose work folder lies below a folder others may not search (as a cache under `/root` does):
    /// the shell makes a file and a folder in the shared (writable) folder, then the probe tries `/proc/sys`.
    @Test func toolRunIsNotHostRoot() throws {
        let (root, _, _) = try SandboxTestPrograms.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let closed = root.appendingPathComponent("closed")
        let work = closed.appendingPathComponent("work")
        let shared = closed.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try Data("from the grader\n".utf8).write(to: work.appendingPathComponent("source.txt"))
        #expect(chmod(closed.path, 0o700) == 0)
        // The tool's uid could not reach the work folder by its path.
        #expect(Sandbox.firstClosedFolder(above: work.appendingPathComponent("x")) == closed.path)
        let paths = ["/proc/sys/kernel/core_pattern", "/proc/sys/vm/drop_caches", "/proc/sys/kernel/modprobe"]
        let control = try ToolRun.run(probe, ["open-write", paths[0]], scratch: root, timeoutSeconds: 30)
        #expect(control.output == "\(paths[0]): ok\n", "unsandboxed control")

        let script =
            "cat source.txt && touch \"$1/made-by-tool\" && mkdir \"$1/made-dir\" && touch made-in-work && "
            + "probe=$2 && shift 2 && exec \"$probe\" open-write \"$@\""
        let run = try sandbox.runTool(
            URL(fileURLWithPath: "/usr/bin/sh"), arguments: ["-c", script, "sh", shared.path, probe.path] + paths,
            readOnly: [probe.deletingLastPathComponent()], workFolder: work, writable: [shared],
            limits: SandboxLimits(cpuSeconds: 10, memoryBytes: 256 << 20, wallSeconds: 60))
        #expect(run.outcome == .exited(status: 0), "\(run.diagnostics)")
        let hostUser = try #require(run.hostUser)
        #expect(hostUser != 0 && hostUser >= SandboxUsers.firstID)
        let lines = String(decoding: run.output, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 1 + paths.count, "\(lines)")
        #expect(lines.first == "from the grader")
        for (path, line) in zip(paths, lines.dropFirst()) {
            #expect(line.hasPrefix(path + ": ") && !line.hasSuffix(": ok"), "\(line)")
        }

        // The host's view: what the tool made in the shared folder is its uid's, in the tools' group, group-writable
        // (umask 007: a file 0666 & ~007, a folder 0777 & ~007 plus the set-group-ID bit it inherits).
        var info = stat()
        #expect(stat(shared.appendingPathComponent("made-by-tool").path, &info) == 0)
        #expect(info.st_uid == hostUser && info.st_gid == SandboxUsers.toolGroupID, "\(info.st_uid):\(info.st_gid)")
        #expect(info.st_mode & 0o7777 == 0o660)
        #expect(stat(shared.appendingPathComponent("made-dir").path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o2770)
        #expect(stat(shared.path, &info) == 0)
        #expect(info.st_uid == 0 && info.st_gid == SandboxUsers.toolGroupID && info.st_mode & 0o7777 == 0o2770)
        // The work folder and what the tool made in it are handed back to the grader.
        #expect(stat(work.appendingPathComponent("made-in-work").path, &info) == 0)
        #expect(info.st_uid == 0 && info.st_gid == 0)
        #expect(stat(work.path, &info) == 0)
        #expect(info.st_uid == 0 && info.st_mode & 0o777 == 0o755)
    }

    /// A real compile as root with the cache below a 0700 folder: two teams at once (two uids sharing a fresh
    /// module cache), a compile error still the compiler's line, the harness built, the grader's, and run; the
    /// same sources again come from the cache. The libraries are copied from the tests' shared cache (compiling
    /// them takes minutes; their folder's name is their hash, so the copy is found as the cache's own).
    @Test(.enabled(if: SubmissionCompiler.swiftcOnPath() != nil, "needs swiftc"))
    func compileBelowAClosedFolderAsAnotherUser() throws {
        let repository = SandboxHostileExampleTests.root
        let shared = try SandboxTestPrograms.compiler(root: repository)
        let sharedLibraries = try shared.prepareLibraries()
        let (root, scratch, _) = try SandboxTestPrograms.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let closed = root.appendingPathComponent("closed")
        let cache = closed.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: sharedLibraries.folder, to: cache.appendingPathComponent(sharedLibraries.folder.lastPathComponent))
        #expect(chmod(closed.path, 0o700) == 0)
        var compiler = shared
        compiler.cacheFolder = cache
        compiler.compileSandbox = sandbox
        let libraries = try compiler.prepareLibraries()
        #expect(libraries.reusedFromCache && libraries.hash == sharedLibraries.hash)

        func request(_ team: String) throws -> SubmissionCompiler.HarnessRequest {
            .init(
                teamFolder: SandboxHostileExampleTests.submissions.appendingPathComponent(team),
                harnessMain: SandboxHostileExampleTests.harnessMain(try SandboxHostileExampleTests.detectorType(team)))
        }
        let requests = [try request("source-compile-error"), try request("source-file-and-network")]
        let outcomes = compiler.compileHarnesses(requests, libraries: libraries, jobs: 2)
        guard case .success(.compileError(let text)) = outcomes[0] else {
            Issue.record("compile error: \(outcomes[0])")
            return
        }
        #expect(text.contains("CompileErrorShakeDetector.swift:17:") && text.contains("cannot find 'CMPedometer'"))
        guard case .success(.built(let executable, false)) = outcomes[1] else {
            Issue.record("file-and-network: \(outcomes[1])")
            return
        }
        var info = stat()
        #expect(stat(executable.path, &info) == 0)
        #expect(info.st_uid == 0, "the cached harness belongs to the grader")
        let moduleCache = cache.appendingPathComponent("module-cache")
        #expect(stat(moduleCache.path, &info) == 0)
        #expect(info.st_gid == SandboxUsers.toolGroupID && info.st_mode & 0o7777 == 0o2770)
        // Nothing of the module cache is root's alone: every entry is in the tools' group.
        for path in Sandbox.treePaths(moduleCache.path) {
            #expect(lstat(path, &info) == 0 && info.st_gid == SandboxUsers.toolGroupID, "\(path)")
        }
        let again = compiler.compileHarnesses([requests[1]], libraries: libraries, jobs: 1)
        guard case .success(.built(let cached, true)) = again[0] else {
            Issue.record("identical sources did not come from the cache: \(again[0])")
            return
        }
        #expect(cached == executable)
        let run = try sandbox.run(
            executable: executable, arguments: [], input: [], scratch: scratch,
            limits: SandboxLimits(cpuSeconds: 10, memoryBytes: 512 << 20, wallSeconds: 60))
        #expect(run.outcome == .exited(status: 0))
        #expect(run.output == Array("72 162\n".utf8))
    }
}

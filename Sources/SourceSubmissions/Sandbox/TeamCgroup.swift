import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - One run's processes in a control group of their own

/// A control group for one sandboxed run: every process of the team in it, their memory capped together
/// (`memory.max`, or v1's `memory.limit_in_bytes` and `memory.memsw.limit_in_bytes`) and their number
/// (`pids.max`), made before the run and removed after it.
///
/// Which hierarchy, found once (``TeamCgroup/hierarchy``):
/// - **cgroup v2**, when `/sys/fs/cgroup` is a cgroup2 file system and the grader's own group hands `memory` and
///   `pids` to its children (both are in its `cgroup.subtree_control`, as in a container's root group or a
///   delegated systemd unit whose processes sit in a leaf) and a child can be made there. One group
///   `<own>/sensorbench-<pid>-<n>`.
/// - **cgroup v1**, when the `memory` and `pids` hierarchies are mounted under `/sys/fs/cgroup` and a child can be
///   made in the grader's own group of each (`/proc/self/cgroup`); the memory group must count its children
///   (`memory.use_hierarchy` 1), so a team's group stays inside any limit the grader itself is under.
/// - **none**: the team's memory is bounded by processes × address space (``SandboxLimits/teamMemoryBytes``), its
///   processes by `RLIMIT_NPROC` alone.
///
/// Past the cap the kernel's out-of-memory killer ends a process of the group with SIGKILL; its `oom_kill`
/// count (v2 `memory.events`, v1 `memory.oom_control`) tells the grader, so the run's outcome is
/// ``SandboxOutcome/memoryLimit`` rather than a signal.
struct TeamCgroup {
    /// Where team groups are made.
    enum Hierarchy: Equatable {
        /// cgroup v2: children of this folder (the grader's own group).
        case v2(parent: String)
        /// cgroup v1: children of these folders (the grader's own memory and pids groups).
        case v1(memoryParent: String, pidsParent: String)
    }

    /// The folders made (v2: one; v1: the memory group, then the pids group).
    let folders: [String]
    /// The file whose `oom_kill` line counts the group's out-of-memory kills.
    let oomFile: String
    /// The `cgroup.procs` files a process writes itself into to join.
    var procsFiles: [String] { folders.map { $0 + "/cgroup.procs" } }

    /// The hierarchy this machine lets the grader use, found once (nil: none).
    static let hierarchy: Hierarchy? = find()

    private static let counter = Mutex(0)

    /// Makes a group capped at `memoryBytes` together and `processes` tasks.
    ///
    /// - Parameters:
    ///   - hierarchy: where (``hierarchy``).
    ///   - memoryBytes: the team's memory, bytes.
    ///   - processes: tasks at once (processes and threads), the sandbox's own included.
    /// - Throws: `SourceSubmissionError.toolFailed` naming the file that could not be made or written; whatever was
    ///   made is removed.
    static func make(in hierarchy: Hierarchy, memoryBytes: UInt64, processes: Int) throws(SourceSubmissionError)
        -> TeamCgroup
    {
        let number = counter.withLock { value in
            value += 1
            return value
        }
        let name = "sensorbench-\(getpid())-\(number)"
        var made: [String] = []
        func fail(_ what: String) -> SourceSubmissionError {
            let reason = String(cString: strerror(errno))
            for folder in made.reversed() { rmdir(folder) }
            return .toolFailed("cannot set up the team's control group: \(what): \(reason)")
        }
        func makeFolder(_ path: String) throws(SourceSubmissionError) {
            guard mkdir(path, 0o755) == 0 else { throw fail("mkdir \(path)") }
            made.append(path)
        }
        func write(_ value: String, _ path: String) throws(SourceSubmissionError) {
            guard writeFile(path, value) else { throw fail("\(path) = \(value)") }
        }
        switch hierarchy {
        case .v2(let parent):
            let folder = parent + "/" + name
            try makeFolder(folder)
            try write(String(memoryBytes), folder + "/memory.max")
            // No swap beyond the cap (the file is absent without swap accounting).
            if FileManager.default.fileExists(atPath: folder + "/memory.swap.max") {
                try write("0", folder + "/memory.swap.max")
            }
            try write(String(processes), folder + "/pids.max")
            return TeamCgroup(folders: [folder], oomFile: folder + "/memory.events")
        case .v1(let memoryParent, let pidsParent):
            let memory = memoryParent + "/" + name
            let pids = pidsParent + "/" + name
            try makeFolder(memory)
            try write(String(memoryBytes), memory + "/memory.limit_in_bytes")
            // Memory and swap together no more than memory alone: the cap holds with swap on (the file is absent
            // when swap accounting is off).
            if FileManager.default.fileExists(atPath: memory + "/memory.memsw.limit_in_bytes") {
                try write(String(memoryBytes), memory + "/memory.memsw.limit_in_bytes")
            }
            try makeFolder(pids)
            try write(String(processes), pids + "/pids.max")
            return TeamCgroup(folders: [memory, pids], oomFile: memory + "/memory.oom_control")
        }
    }

    /// `/bin/sh` writing its own process ID into every group's `cgroup.procs`, then running the rest of the
    /// command line in its place (so the sandbox and everything it starts are in the group from the start).
    var joinCommand: [String] {
        let script =
            "n=$1; shift; while [ \"$n\" -gt 0 ]; do echo $$ > \"$1\" || exit 125; shift; n=$((n - 1)); done; "
            + "exec \"$@\""
        return ["/bin/sh", "-c", script, "team-cgroup", String(procsFiles.count)] + procsFiles
    }

    /// How many processes of the group the kernel killed for its memory cap.
    var outOfMemoryKills: Int {
        guard let text = try? String(contentsOfFile: oomFile, encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2 && fields[0] == "oom_kill" { return Int(fields[1]) ?? 0 }
        }
        return 0
    }

    /// Kills whatever is still in the group (SIGKILL, a process that outlived its sandbox) and removes the
    /// groups, retrying for up to two seconds while the kernel reaps; true when every folder is gone.
    @discardableResult
    func remove() -> Bool {
        let deadline = Date().addingTimeInterval(2)
        var left = folders
        while !left.isEmpty {
            for file in left.map({ $0 + "/cgroup.procs" }) {
                let pids = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
                for pid in pids.split(separator: "\n").compactMap({ pid_t($0) }) where pid > 1 { kill(pid, SIGKILL) }
            }
            left = left.filter { rmdir($0) != 0 && errno != ENOENT }
            if left.isEmpty || Date() >= deadline { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return left.isEmpty
    }

    // MARK: - Finding the hierarchy

    /// The v2 or v1 hierarchy where a child of the grader's own group can be made, capped and removed here.
    static func find(
        cgroupFile: String = "/proc/self/cgroup", root: String = "/sys/fs/cgroup"
    ) -> Hierarchy? {
        guard let text = try? String(contentsOfFile: cgroupFile, encoding: .utf8) else { return nil }
        // Lines "id:controllers:path"; v2's is "0::path".
        var v1: [String: String] = [:]
        var v2Path: String?
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            if fields[0] == "0" && fields[1].isEmpty { v2Path = String(fields[2]) }
            for controller in fields[1].split(separator: ",") { v1[String(controller)] = String(fields[2]) }
        }
        if let path = v2Path, isCgroup2(root) {
            let parent = root + (path == "/" ? "" : path)
            let delegated = ((try? String(contentsOfFile: parent + "/cgroup.subtree_control", encoding: .utf8)) ?? "")
                .split(whereSeparator: { $0 == " " || $0 == "\n" })
            if delegated.contains("memory") && delegated.contains("pids") && canMakeChild(.v2(parent: parent)) {
                return .v2(parent: parent)
            }
        }
        if let memoryPath = v1["memory"], let pidsPath = v1["pids"] {
            let memoryParent = root + "/memory" + (memoryPath == "/" ? "" : memoryPath)
            let pidsParent = root + "/pids" + (pidsPath == "/" ? "" : pidsPath)
            let hierarchical = (try? String(contentsOfFile: memoryParent + "/memory.use_hierarchy", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let candidate = Hierarchy.v1(memoryParent: memoryParent, pidsParent: pidsParent)
            if hierarchical == "1" && canMakeChild(candidate) { return candidate }
        }
        return nil
    }

    /// Whether a capped child can be made (and is removed at once).
    static func canMakeChild(_ hierarchy: Hierarchy) -> Bool {
        guard let group = try? make(in: hierarchy, memoryBytes: 64 << 20, processes: 8) else { return false }
        return group.remove()
    }

    /// Whether `path` is the mount point of a cgroup2 file system (from `/proc/self/mounts`).
    static func isCgroup2(_ path: String) -> Bool {
        guard let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else { return false }
        return mounts.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.count > 2 && fields[1] == path && fields[2] == "cgroup2"
        }
    }

    /// Writes `value` to a control file in one `write`; true when the kernel took it.
    static func writeFile(_ path: String, _ value: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array(value.utf8)
        return bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count
    }
}

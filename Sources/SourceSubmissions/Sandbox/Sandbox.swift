import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Running untrusted code contained

/// Which isolation a sandbox uses.
package enum IsolationKind: String, Sendable {
    /// bubblewrap (`bwrap`): new user, PID, network, IPC, UTS and mount namespaces, a root holding only what the
    /// program needs, read-only; resource limits by `prlimit` inside.
    case bubblewrap
    /// `unshare` (network, PID and mount namespaces) and `prlimit`, the program run as `nobody` when the grader is
    /// root; the file system stays visible.
    case namespaces
}

/// Runs a program (a team's harness) with no network, no write access outside its scratch folder, and limits on
/// CPU time, memory, processes, wall-clock time and output; says in one sentence what it enforces.
///
/// **Its host user.** When the grader is root, every run drops first (`prlimit --nproc`, then `setpriv` to a
/// host uid of its own from ``SandboxUsers`` with no capabilities, no supplementary groups and no new privileges)
/// and the sandbox is made from there: bubblewrap then runs unprivileged, so the uid 65534 inside maps (through
/// bubblewrap's intermediate namespace) to that host uid, never to host root, and what host root owns (such as
/// `/proc/sys/kernel/core_pattern`) stays out of reach. The executable is copied to a private world-readable
/// folder and the scratch folder handed to that uid. When the grader is not root, its own user is the host user.
///
/// **bubblewrap** (preferred): `bwrap --unshare-all --unshare-user --uid 65534 --gid 65534 --cap-drop ALL
/// --die-with-parent --new-session`, a root file system holding only `/usr` (and the `/lib`, `/bin` links into
/// it), `/etc/ld.so.cache`, the folders of the shared libraries the executable loads (from `ldd`, e.g. the Swift
/// runtime's), each read-only; a fresh `/proc`, a minimal `/dev` (read-only but for its device nodes), a private
/// `/tmp` of `fileBytes`, the executable read-only at `/harness`, and the scratch folder read-write at `/scratch`,
/// the working folder; then the root itself is made read-only. No `/home`, no
/// `/etc` beyond the loader's cache, no `/work` or repository, no `/root`. The network namespace holds only a
/// loopback interface of its own, so neither 127.0.0.1 of the machine nor any outside address can be reached.
/// Inside, `prlimit --cpu=N:N+1 --as=B --fsize=F --nproc=P --core=0` execs the program.
///
/// **namespaces** (when bubblewrap is missing or does not work here): `unshare --net --pid --fork --kill-child
/// --mount-proc` (with `--user --map-root-user` when the grader is not root), then, as root, `setpriv` to the
/// run's host uid with no capabilities, then a shell (the namespace's first process) running the same `prlimit`.
/// No network and no signals outside; but every file any user may read stays readable, and world-writable folders
/// (`/tmp`) writable: the summary says so.
///
/// **Processes and memory.** `RLIMIT_NPROC` holds the team to `processes` tasks (see `run` for how the sandbox's
/// own are counted); with a uid per run the cap is the team's alone. The team's memory is bounded by
/// `processes × memoryBytes` (``SandboxLimits/teamMemoryBytes``): no memory cgroup is made (see
/// docs/source-submissions.md for why).
///
/// `detect()` probes once (runs `/usr/bin/true` inside) and picks the first that works.
package struct Sandbox: Sendable {
    /// Which isolation is in force.
    package var isolation: IsolationKind
    /// The sandbox tool and its version ("bubblewrap 0.8.0", "unshare from util-linux 2.38.1").
    package var toolVersion: String
    /// One sentence for reports: the tool, what it isolates, the default limits.
    package var summary: String { summary(limits: .harness) }

    var tool: String
    var prlimit: String
    /// `setpriv`, when the grader runs as root (nil otherwise): each run then drops to a host user of its own
    /// (``SandboxUsers``) before the sandbox is made.
    var setpriv: String?
    /// Why bubblewrap was not used (namespace fallback only).
    var fallbackReason: String?

    // MARK: - Choosing

    /// Finds the strongest isolation that works on this machine: bubblewrap, else `unshare` and `prlimit`.
    ///
    /// - Returns: the sandbox.
    /// - Throws: `SourceSubmissionError.toolFailed` with one line when neither works (which tools are missing or
    ///   what they said).
    package static func detect() throws(SourceSubmissionError) -> Sandbox {
        var reasons: [String] = []
        switch probe(.bubblewrap) {
        case .success(let sandbox): return sandbox
        case .failure(let reason): reasons.append(reason.message)
        }
        switch probe(.namespaces, fallbackReason: reasons.first) {
        case .success(let sandbox): return sandbox
        case .failure(let reason): reasons.append(reason.message)
        }
        throw .toolFailed("no sandbox works on this machine: " + reasons.joined(separator: "; "))
    }

    /// Why a probe failed.
    struct ProbeFailure: Error {
        var message: String
    }

    /// Tries one isolation: finds its tools and runs `/usr/bin/true` inside.
    ///
    /// - Parameters:
    ///   - kind: which isolation.
    ///   - fallbackReason: for the fallback, why bubblewrap was not used.
    /// - Returns: the sandbox, or why it does not work.
    static func probe(_ kind: IsolationKind, fallbackReason: String? = nil) -> Result<Sandbox, ProbeFailure> {
        guard let prlimit = findTool("prlimit") else { return .failure(.init(message: "prlimit not found")) }
        let toolName = kind == .bubblewrap ? "bwrap" : "unshare"
        guard let tool = findTool(toolName) else {
            return .failure(.init(message: "\(toolName) not found (install \(kind == .bubblewrap ? "bubblewrap" : "util-linux"))"))
        }
        var setpriv: String?
        if geteuid() == 0 {
            guard let found = findTool("setpriv") else { return .failure(.init(message: "setpriv not found")) }
            setpriv = found
        }
        let version = versionLine(tool)
        let sandbox = Sandbox(
            isolation: kind, toolVersion: version, tool: tool, prlimit: prlimit, setpriv: setpriv,
            fallbackReason: kind == .namespaces ? fallbackReason : nil)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sensorbench-sandbox-probe-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            return .failure(.init(message: "cannot create \(scratch.path)"))
        }
        guard let truePath = findTool("true") else { return .failure(.init(message: "true not found")) }
        let limits = SandboxLimits(cpuSeconds: 10, memoryBytes: 1 << 30, wallSeconds: 30, outputBytes: 1 << 16)
        do {
            let run = try sandbox.run(
                executable: URL(fileURLWithPath: truePath), arguments: [], input: [], scratch: scratch, limits: limits)
            guard run.outcome == .exited(status: 0) else {
                let said = run.diagnostics.split(separator: "\n").first.map(String.init) ?? ""
                return .failure(.init(message: "\(toolName) does not work here (\(run.outcome)\(said.isEmpty ? "" : ": " + said))"))
            }
        } catch {
            return .failure(.init(message: error.description))
        }
        return .success(sandbox)
    }

    // MARK: - Describing

    /// One sentence for reports: tool and version, what is isolated, what is not, the limits.
    ///
    /// - Parameter limits: the limits the runs use.
    /// - Returns: the sentence.
    package func summary(limits: SandboxLimits) -> String {
        switch isolation {
        case .bubblewrap:
            return "Each team's harness ran in \(toolVersion) with no network (an empty network namespace), its own "
                + "user (uid 65534, no capabilities), process, IPC and host-name namespaces, a read-only system "
                + "(/usr and the runtime libraries only: no /home, /etc, /root or repository), and write access only "
                + "to its scratch folder and a private \(SandboxLimits.bytes(limits.fileBytes)) /tmp; limits: "
                + "\(limits.description)."
        case .namespaces:
            let why = fallbackReason.map { " (bubblewrap unavailable: \($0))" } ?? ""
            let user =
                setpriv != nil
                ? "as an unprivileged host uid of its own with no capabilities"
                : "in a user namespace mapped to the grader's user"
            return "Each team's harness ran under \(toolVersion) and prlimit\(why) with no network (an empty network "
                + "namespace), its own process and mount namespaces, \(user); not enforced: files outside its "
                + "scratch folder that this user may read are readable, and world-writable folders such as /tmp are "
                + "writable; limits: \(limits.description)."
        }
    }

    // MARK: - Running

    /// Runs `executable` sandboxed, `input` on its standard input.
    ///
    /// - Parameters:
    ///   - executable: the program (for bubblewrap, bound read-only at `/harness`; its shared libraries' folders
    ///     are bound read-only too).
    ///   - arguments: its arguments.
    ///   - input: bytes for its standard input (fed by a writer thread while its output is read).
    ///   - pacing: when given, the input goes piece by piece, each once the output answers the earlier ones.
    ///   - started: called with the sandbox's process ID once it runs.
    ///   - scratch: an existing folder, the only place it may write (its working folder).
    ///   - limits: the limits.
    /// - Returns: its output, its standard error and how it ended (`SandboxOutcome`'s rules).
    /// - Throws: `SourceSubmissionError.toolFailed` when the sandbox cannot be started (not for anything the
    ///   program does).
    package func run(
        executable: URL, arguments: [String], input: [UInt8], pacing: InputPacing? = nil, scratch: URL,
        limits: SandboxLimits, started: (@Sendable (pid_t) -> Void)? = nil
    ) throws(SourceSubmissionError) -> SandboxRun {
        let executablePath = executable.standardizedFileURL.resolvingSymlinksInPath().path
        guard FileManager.default.isExecutableFile(atPath: executablePath) else {
            throw .toolFailed("\(executable.path) is not an executable file")
        }
        let scratchPath = scratch.standardizedFileURL.resolvingSymlinksInPath().path
        guard SubmissionCompiler.isDirectory(URL(fileURLWithPath: scratchPath)) else {
            throw .toolFailed("scratch folder \(scratch.path) does not exist")
        }
        // As root, the whole sandbox runs as a host user of its own (`SandboxUsers`), never root: it must reach its
        // executable (a private world-readable copy) and own its scratch folder.
        var hostUser: UInt32?
        var temporaryCopy: URL?
        defer {
            if let temporaryCopy { try? FileManager.default.removeItem(at: temporaryCopy) }
            if let hostUser { SandboxUsers.shared.release(hostUser) }
        }
        var program = executablePath
        var dropPrivileges: [String] = []
        if let setpriv {
            let user = SandboxUsers.shared.claim()
            hostUser = user
            let copy = try Self.privateCopy(of: executablePath)
            temporaryCopy = copy.deletingLastPathComponent()
            program = copy.path
            try Self.handOver(scratchPath, to: user)
            dropPrivileges = [
                setpriv, "--reuid=\(user)", "--regid=\(user)", "--clear-groups", "--inh-caps=-all",
                "--bounding-set=-all", "--no-new-privs", "--",
            ]
        }
        // `RLIMIT_NPROC` counts every task of the user the limit is checked for, in its user namespace and in each
        // one above it; the sandbox's own processes count with the team's (measured with a fork loop, see
        // `SandboxContainmentTests` and by hand unprivileged): bubblewrap's namespace init (and, as root, its monitor outside: the outer limit), the
        // namespace fallback's shell (and, unprivileged, `unshare` itself, in the namespace it made).
        let ownTasks: Int
        switch (isolation, hostUser != nil) {
        case (.bubblewrap, _), (.namespaces, true): ownTasks = 1
        case (.namespaces, false): ownTasks = 2
        }
        let taskLimit = limits.processes + ownTasks
        let limitArguments = [
            prlimit, "--cpu=\(limits.cpuSeconds):\(limits.cpuSeconds + 1)",
            "--as=\(limits.memoryBytes):\(limits.memoryBytes)", "--fsize=\(limits.fileBytes):\(limits.fileBytes)",
            "--nproc=\(taskLimit):\(taskLimit)", "--core=0:0", "--",
        ]
        var command: [String]
        var shownScratch: String
        switch isolation {
        case .bubblewrap:
            command = []
            if hostUser != nil {
                // Set before bubblewrap makes its user namespace, so the namespace inherits it as the cap on all
                // of this uid's tasks, bubblewrap's monitor included.
                command = [prlimit, "--nproc=\(taskLimit + 1):\(taskLimit + 1)", "--"] + dropPrivileges
            }
            command +=
                [tool]
                + Self.bubblewrapArguments(executable: program, scratch: scratchPath, limits: limits, prlimit: prlimit)
            command += limitArguments + ["/harness"] + arguments
            shownScratch = "/scratch/"
        case .namespaces:
            command = [tool, "--net", "--pid", "--fork", "--kill-child", "--mount", "--mount-proc"]
            if hostUser != nil {
                command += dropPrivileges
            } else {
                command.insert(contentsOf: ["--user", "--map-root-user"], at: 1)
            }
            // A shell as the namespace's first process, the program its child: the first process of a PID
            // namespace ignores every signal it has no handler for (SIGXCPU included), and `unshare` cannot pass
            // on a SIGKILL ("sigprocmask unblock failed"); the shell reports signal n as status 128 + n.
            command += ["/usr/bin/env", "-C", scratchPath, "--", "/bin/sh", "-c", "\"$@\"; exit $?", "sandbox"]
            command += limitArguments + [program] + arguments
            shownScratch = scratchPath + "/"
        }
        // The team's control group, when the limits cap its memory and this machine lets the grader make one: the
        // first process joins it before anything else starts. Two tasks of the sandbox's own are in it with the
        // team's: bubblewrap's monitor and namespace init, or `unshare` and its shell.
        var group: TeamCgroup?
        defer { group?.remove() }
        if let teamBytes = limits.teamMemoryCapBytes, let hierarchy = TeamCgroup.hierarchy {
            let made = try TeamCgroup.make(in: hierarchy, memoryBytes: teamBytes, processes: limits.processes + 2)
            group = made
            command = made.joinCommand + command
        }
        let result = try SpawnedProcess.run(
            command, environment: ["PATH=/usr/bin:/bin", "LANG=C.UTF-8", "SWIFT_BACKTRACE=enable=no"], input: input,
            pacing: pacing, outputLimit: limits.outputBytes, errorLimit: 65_536, wallSeconds: limits.wallSeconds,
            started: started)
        var diagnostics = String(decoding: result.errorOutput, as: UTF8.self)
            .replacingOccurrences(of: shownScratch, with: "scratch/")
        if result.errorOutput.count >= 65_536 { diagnostics += "\n[standard error cut at 64 KiB]\n" }
        var outcome = SandboxOutcome.classify(
            result.termination, statusCarriesSignal: true, killedForOutput: result.killedForOutput,
            killedForTime: result.killedForTime, diagnostics: diagnostics)
        // A process the kernel killed for the group's cap: the team's memory, whatever the others did after.
        if let group, group.outOfMemoryKills > 0, outcome != .outputLimit, outcome != .wallTimeout {
            outcome = .memoryLimit
        }
        return SandboxRun(
            output: result.output, diagnostics: diagnostics, outcome: outcome, wallSeconds: result.wallSeconds,
            hostUser: hostUser, controlGroup: group?.folders)
    }

    // MARK: - bubblewrap's command line

    /// Everything between `bwrap` and the command it runs.
    static func bubblewrapArguments(
        executable: String, scratch: String, limits: SandboxLimits, prlimit: String
    ) -> [String] {
        var arguments = systemArguments(limits: limits, prlimit: prlimit)
        for folder in libraryFolders(of: executable) {
            arguments += ["--ro-bind", folder, folder]
        }
        arguments += [
            "--ro-bind", executable, "/harness", "--bind", scratch, "/scratch", "--chdir", "/scratch",
            // bubblewrap's root is a writable tmpfs of no fixed size until made read-only.
            "--remount-ro", "/", "--",
        ]
        return arguments
    }

    /// The namespaces, the read-only system, `/proc`, `/dev` and `/tmp`: what every bubblewrap run starts with.
    static func systemArguments(limits: SandboxLimits, prlimit: String) -> [String] {
        var arguments = [
            "--unshare-all", "--unshare-user", "--uid", "65534", "--gid", "65534", "--cap-drop", "ALL",
            "--die-with-parent", "--new-session", "--hostname", "sandbox", "--ro-bind", "/usr", "/usr",
        ]
        // Merged-/usr systems make these links into /usr; older ones have real folders.
        for top in ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"] {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: top) {
                arguments += ["--symlink", target, top]
            } else if SubmissionCompiler.isDirectory(URL(fileURLWithPath: top)) {
                arguments += ["--ro-bind", top, top]
            }
        }
        arguments += ["--ro-bind-try", "/etc/ld.so.cache", "/etc/ld.so.cache"]
        if !prlimit.hasPrefix("/usr/") { arguments += ["--ro-bind", prlimit, prlimit] }
        arguments += [
            "--proc", "/proc", "--dev", "/dev", "--remount-ro", "/dev", "--size", String(limits.fileBytes), "--tmpfs",
            "/tmp",
        ]
        return arguments
    }

    /// The folders, outside `/usr` and its links, of the shared libraries `ldd` says the executable loads.
    ///
    /// `ldd` asks the dynamic loader to list them without running the program's code; the executables run here
    /// are harnesses the grader compiled itself, so their loader is the system's.
    static func libraryFolders(of executable: String) -> [String] {
        guard let ldd = findTool("ldd"),
            let result = try? SpawnedProcess.run(
                [ldd, executable], environment: ["PATH=/usr/bin:/bin", "LANG=C"], input: [], outputLimit: 1 << 20,
                errorLimit: 1 << 16, wallSeconds: 30)
        else { return [] }
        var folders = Set<String>()
        for line in String(decoding: result.output, as: UTF8.self).split(separator: "\n") {
            let path: Substring
            if let arrow = line.range(of: "=> ") {
                path = line[arrow.upperBound...].prefix { $0 != " " }
            } else {
                path = line.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " }
            }
            guard path.hasPrefix("/") else { continue }
            let resolved = URL(fileURLWithPath: String(path)).resolvingSymlinksInPath().deletingLastPathComponent().path
            if resolved.hasPrefix("/usr/") || resolved == "/usr" { continue }
            if ["/lib", "/lib64", "/lib32", "/libx32"].contains(where: { resolved == $0 || resolved.hasPrefix($0 + "/") }),
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/lib")) != nil
            {
                continue
            }
            folders.insert(resolved)
        }
        return folders.sorted()
    }

    // MARK: - Helpers

    /// The first executable `name` in /usr/bin, /bin, /usr/sbin, /sbin or on `PATH`, symbolic links resolved.
    static func findTool(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = ["/usr/bin", "/bin", "/usr/sbin", "/sbin"] + path.split(separator: ":").map(String.init)
        for folder in folders where folder.hasPrefix("/") {
            let candidate = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
            }
        }
        return nil
    }

    /// The tool's first line of `--version`.
    static func versionLine(_ tool: String) -> String {
        guard
            let result = try? SpawnedProcess.run(
                [tool, "--version"], environment: ["PATH=/usr/bin:/bin", "LANG=C"], input: [], outputLimit: 1 << 16,
                errorLimit: 1 << 16, wallSeconds: 30)
        else { return URL(fileURLWithPath: tool).lastPathComponent }
        let text = String(decoding: result.output + result.errorOutput, as: UTF8.self)
        return text.split(separator: "\n").first.map { String($0) } ?? URL(fileURLWithPath: tool).lastPathComponent
    }

    /// Gives the scratch folder to the run's host user (mode 0700), after checking that user can reach it: every
    /// folder above it must be searchable by others.
    static func handOver(_ scratch: String, to user: UInt32) throws(SourceSubmissionError) {
        if let closed = firstClosedFolder(above: URL(fileURLWithPath: scratch)) {
            throw .toolFailed(
                "the scratch folder \(scratch) cannot be reached by the sandbox's unprivileged user: "
                    + "\(closed) is not searchable by others")
        }
        guard chown(scratch, user, user) == 0, chmod(scratch, 0o700) == 0 else {
            throw .toolFailed("cannot hand \(scratch) to uid \(user): \(String(cString: strerror(errno)))")
        }
    }

    /// Whether a scratch folder made inside `folder` can be handed to a run's user: `folder` and every folder
    /// above it are searchable by others (always true when the grader is not root: nothing is handed over then).
    ///
    /// - Parameter folder: where scratch folders would be made.
    /// - Returns: whether `run` can use a scratch folder made there.
    package func canHandOverScratch(in folder: URL) -> Bool {
        setpriv == nil || Self.firstClosedFolder(above: folder.appendingPathComponent("scratch")) == nil
    }

    /// The first folder above `path` (nearest first) that others may not search, or nil.
    static func firstClosedFolder(above path: URL) -> String? {
        var folder = path.standardizedFileURL.deletingLastPathComponent()
        while true {
            var info = stat()
            if stat(folder.path, &info) != 0 || info.st_mode & S_IXOTH == 0 { return folder.path }
            if folder.path == "/" { return nil }
            folder = folder.deletingLastPathComponent()
        }
    }

    /// Copies the executable into a fresh world-readable folder in the temporary directory (mode 0755), so the
    /// `nobody` user can run it wherever the cache is.
    static func privateCopy(of executable: String) throws(SourceSubmissionError) -> URL {
        let folder = URL(fileURLWithPath: "/tmp").appendingPathComponent(
            "sensorbench-sandbox-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        let copy = folder.appendingPathComponent("harness")
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
            // Under the spawn lock: no program is started while the copy is open for writing (see `spawnLock`).
            try spawnLock.withLock { try FileManager.default.copyItem(atPath: executable, toPath: copy.path) }
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw .writing(error, "cannot copy \(executable) for the sandbox")
        }
        return copy
    }
}

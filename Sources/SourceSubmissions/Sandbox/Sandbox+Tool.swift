import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Running the compiler contained

extension Sandbox {
    /// Whether `runTool` contains the tool here: only bubblewrap can show a tool the folders it needs under
    /// their own names and nothing else.
    package var canRunTools: Bool { isolation == .bubblewrap }

    /// Runs a tool the grader trusts on files it does not (`swiftc` on a team's files) in bubblewrap: no network,
    /// uid 65534 with no capabilities, a read-only system (`/usr` and its links, the loader's cache), the
    /// `readOnly` folders read-only and `workFolder` and `writable` read-write under their own paths (so the tool's
    /// messages name the real paths), `TMPDIR` the work folder, the limits by `prlimit`.
    ///
    /// **As root** the tool runs as the harnesses do (``run(executable:arguments:input:pacing:scratch:limits:started:)``):
    /// as a host uid of its own from ``SandboxUsers``, never root, with no capabilities, in the group
    /// ``SandboxUsers/toolGroupID``. The work folder is handed to that uid for the run (mode 0700) and back to the
    /// grader afterwards, every file in it included; each `writable` folder (the shared module cache) belongs to the
    /// grader and the tool group (mode 2770, new files group-writable: the tool runs under umask 007), so runs with
    /// different uids share it. Folders the uid could not reach by path (a cache under a 0700 `/root`) are bound by
    /// the grader first, in a mount namespace of the run's own (`unshare --mount`), below a world-searchable staging
    /// folder in `/tmp`; bubblewrap binds them from there to their own paths (the others it binds directly). The tool's own files need only be
    /// readable by others (they are: a toolchain and the grader's compiled libraries).
    ///
    /// - Parameters:
    ///   - tool: the program (its folder's parent, the toolchain's `usr`, is bound read-only too).
    ///   - arguments: its arguments.
    ///   - readOnly: folders it may read.
    ///   - workFolder: a folder it may write, its working folder.
    ///   - writable: other folders it may write (a compiler's module cache).
    ///   - limits: the limits.
    /// - Returns: its output, its standard error (paths as they are), the outcome and, as root, the host uid.
    /// - Throws: `SourceSubmissionError.toolFailed` when this sandbox cannot run tools or cannot start, or (as
    ///   root) a folder cannot be handed over.
    package func runTool(
        _ tool: URL, arguments: [String], readOnly: [URL], workFolder: URL, writable: [URL] = [],
        limits: SandboxLimits
    ) throws(SourceSubmissionError) -> SandboxRun {
        guard canRunTools else { throw .toolFailed("the \(isolation.rawValue) sandbox cannot run tools") }
        // Run under its own name (`swiftc` is a link to `swift-driver`, which reads its mode from that name); bind
        // the folders of both the link and its target.
        let toolPath = tool.standardizedFileURL
        let resolved = toolPath.resolvingSymlinksInPath()
        let work = workFolder.standardizedFileURL.resolvingSymlinksInPath().path
        let toolchains = [toolPath, resolved].map { $0.deletingLastPathComponent().deletingLastPathComponent().path }
        var readOnlyFolders: [String] = []
        for folder in toolchains + readOnly.map({ $0.standardizedFileURL.resolvingSymlinksInPath().path })
        where !folder.hasPrefix("/usr/") && folder != "/usr" && !readOnlyFolders.contains(folder) {
            readOnlyFolders.append(folder)
        }
        let writableFolders = writable.map { $0.standardizedFileURL.resolvingSymlinksInPath().path }

        var hostUser: UInt32?
        var staging: ToolStaging?
        var handedOver = false
        defer {
            if handedOver { Self.handBack(work) }
            staging?.remove()
            if let hostUser { SandboxUsers.shared.release(hostUser) }
        }
        var prefix: [String] = []
        var inside: [String] = []
        var source: (String) -> String = { $0 }
        if let setpriv {
            let user = SandboxUsers.shared.claim()
            hostUser = user
            let group = SandboxUsers.toolGroupID
            handedOver = true
            try Self.handOver(tree: work, to: user, group: group)
            for folder in writableFolders { try Self.shareWithToolGroup(folder) }
            let unreachable = (readOnlyFolders + writableFolders + [work]).filter {
                Self.firstClosedFolder(above: URL(fileURLWithPath: $0)) != nil
            }
            if !unreachable.isEmpty {
                let made = try ToolStaging(folders: unreachable)
                staging = made
                source = { made.source(for: $0) }
                prefix = made.mountCommand()
            }
            prefix += [
                setpriv, "--reuid=\(user)", "--regid=\(group)", "--clear-groups", "--inh-caps=-all",
                "--bounding-set=-all", "--no-new-privs", "--",
            ]
            inside = ["/bin/sh", "-c", "umask 007 && exec \"$0\" \"$@\""]
        }
        var arguments0 = Self.systemArguments(limits: limits, prlimit: prlimit)
        for folder in readOnlyFolders { arguments0 += ["--ro-bind", source(folder), folder] }
        for folder in writableFolders { arguments0 += ["--bind", source(folder), folder] }
        arguments0 += [
            "--bind", source(work), work, "--chdir", work, "--setenv", "TMPDIR", work, "--remount-ro", "/", "--",
        ]
        let command =
            prefix + [self.tool] + arguments0 + inside + [
                prlimit, "--cpu=\(limits.cpuSeconds):\(limits.cpuSeconds + 1)",
                "--as=\(limits.memoryBytes):\(limits.memoryBytes)", "--fsize=\(limits.fileBytes):\(limits.fileBytes)",
                "--core=0:0", "--", toolPath.path,
            ] + arguments
        let result = try SpawnedProcess.run(
            command, environment: ["PATH=/usr/bin:/bin", "LANG=C.UTF-8"], input: [],
            outputLimit: limits.outputBytes, errorLimit: 1 << 20, wallSeconds: limits.wallSeconds)
        let diagnostics = String(decoding: result.errorOutput, as: UTF8.self)
        let outcome = SandboxOutcome.classify(
            result.termination, statusCarriesSignal: true, killedForOutput: result.killedForOutput,
            killedForTime: result.killedForTime, diagnostics: diagnostics)
        return SandboxRun(
            output: result.output, diagnostics: diagnostics, outcome: outcome, wallSeconds: result.wallSeconds,
            hostUser: hostUser)
    }

    // MARK: - Folders shared with the tool's uid

    /// Makes `folder` the grader's and the tool group's, mode 2770 (new entries inherit the group), every
    /// folder below it group-writable and set-group-ID and every file group-readable and -writable: once, when the
    /// folder is not yet so (a module cache made before tools ran unprivileged). Symbolic links are left alone.
    static func shareWithToolGroup(_ folder: String) throws(SourceSubmissionError) {
        let group = SandboxUsers.toolGroupID
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw .toolFailed("\(folder) is not a folder")
        }
        if info.st_gid == group && info.st_uid == geteuid() && info.st_mode & 0o7777 == 0o2770 { return }
        for path in treePaths(folder) {
            guard lstat(path, &info) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            guard kind == S_IFDIR || kind == S_IFREG else { continue }
            let mode = kind == S_IFDIR ? (info.st_mode & 0o777) | 0o2070 : (info.st_mode & 0o777) | 0o060
            guard lchown(path, geteuid(), group) == 0, chmod(path, path == folder ? 0o2770 : mode) == 0 else {
                throw .toolFailed("cannot share \(path) with the tools' group: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Gives the work folder and everything in it (the sources the grader wrote there) to the tool's uid and
    /// group, the folder itself mode 0700. Symbolic links are changed themselves, never followed.
    static func handOver(tree work: String, to user: UInt32, group: UInt32) throws(SourceSubmissionError) {
        for path in treePaths(work) where lchown(path, user, group) != 0 {
            throw .toolFailed("cannot hand \(path) to uid \(user): \(String(cString: strerror(errno)))")
        }
        guard chmod(work, 0o700) == 0 else {
            throw .toolFailed("cannot hand \(work) to uid \(user): \(String(cString: strerror(errno)))")
        }
    }

    /// Gives the work folder and everything the tool left in it back to the grader (the products are moved into
    /// the cache next), the folder itself mode 0755. Symbolic links are changed themselves, never followed.
    static func handBack(_ work: String) {
        for path in treePaths(work) { _ = lchown(path, geteuid(), getegid()) }
        _ = chmod(work, 0o755)
    }

    /// `folder` and every path below it.
    static func treePaths(_ folder: String) -> [String] {
        var paths = [folder]
        if let walker = FileManager.default.enumerator(atPath: folder) {
            while let relative = walker.nextObject() as? String { paths.append(folder + "/" + relative) }
        }
        return paths
    }
}

// MARK: - Staging folders a tool's uid cannot reach by path

/// A world-searchable folder in `/tmp` (mode 0755, the grader's) with one empty mount point per folder a tool
/// run needs; the run's first process binds each folder onto its mount point in a mount namespace of its own, so
/// bubblewrap, running as the tool's uid, reaches a folder whose path it could not search (below `/root`). The
/// mounts end with the run's namespace; `remove()` deletes the empty folders.
struct ToolStaging {
    let root: URL
    let folders: [String]
    let unshare: String
    let mount: String

    /// Makes the staging folder and its mount points.
    ///
    /// - Throws: `SourceSubmissionError.toolFailed` when `unshare` or `mount` is missing, or the folders cannot
    ///   be made.
    init(folders: [String]) throws(SourceSubmissionError) {
        guard let unshare = Sandbox.findTool("unshare"), let mount = Sandbox.findTool("mount") else {
            throw .toolFailed("unshare and mount are needed to run the compiler unprivileged (install util-linux)")
        }
        self.unshare = unshare
        self.mount = mount
        self.folders = folders
        root = URL(fileURLWithPath: "/tmp").appendingPathComponent(
            "sensorbench-tool-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        do {
            try FileManager.default.createDirectory(
                at: root, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
            for index in folders.indices {
                try FileManager.default.createDirectory(
                    at: root.appendingPathComponent(String(index)), withIntermediateDirectories: false,
                    attributes: [.posixPermissions: 0o755])
            }
        } catch {
            try? FileManager.default.removeItem(at: root)
            throw .writing(error, "cannot make the staging folder \(root.path)")
        }
    }

    /// Where bubblewrap finds `folder` (its mount point), or `folder` itself when it is not staged.
    func source(for folder: String) -> String {
        guard let index = folders.firstIndex(of: folder) else { return folder }
        return root.appendingPathComponent(String(index)).path
    }

    /// `unshare --mount` and a shell that binds every folder onto its mount point, then runs the rest of the
    /// command line (paths are arguments, never part of the script).
    func mountCommand() -> [String] {
        let script =
            "m=$1; n=$2; shift 2; while [ \"$n\" -gt 0 ]; do \"$m\" --bind \"$1\" \"$2\" || exit 125; shift 2; "
            + "n=$((n - 1)); done; exec \"$@\""
        var command = [unshare, "--mount", "--propagation", "private", "--", "/bin/sh", "-c", script, "stage", mount]
        command.append(String(folders.count))
        for folder in folders { command += [folder, source(for: folder)] }
        return command
    }

    /// Deletes the mount points and the staging folder (empty on the host: the mounts lived in the run's
    /// namespace).
    func remove() {
        for index in folders.indices { rmdir(root.appendingPathComponent(String(index)).path) }
        rmdir(root.path)
    }
}

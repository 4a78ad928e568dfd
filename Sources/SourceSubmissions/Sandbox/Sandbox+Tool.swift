import Foundation

// MARK: - Running the compiler contained

extension Sandbox {
    /// Whether `runTool` contains the tool here: only bubblewrap can show a tool the folders it needs under
    /// their own names and nothing else.
    package var canRunTools: Bool { isolation == .bubblewrap }

    /// Runs a tool the grader trusts on files it does not (`swiftc` on a team's files) in bubblewrap: no network,
    /// uid 65534 with no capabilities, a read-only system (`/usr` and its links, the loader's cache), the
    /// `readOnly` folders read-only and `workFolder` and `writable` read-write under their own paths (so the tool's messages name
    /// the real paths), `TMPDIR` the work folder, the limits by `prlimit`.
    ///
    /// - Parameters:
    ///   - tool: the program (its folder's parent, the toolchain's `usr`, is bound read-only too).
    ///   - arguments: its arguments.
    ///   - readOnly: folders it may read.
    ///   - workFolder: a folder it may write, its working folder.
    ///   - writable: other folders it may write (a compiler's module cache).
    ///   - limits: the limits.
    /// - Returns: its output, its standard error (paths as they are) and the outcome.
    /// - Throws: `SourceSubmissionError.toolFailed` when this sandbox cannot run tools or cannot start.
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
        var arguments0 = Self.systemArguments(limits: limits, prlimit: prlimit)
        var bound: [String] = []
        for folder in toolchains + readOnly.map({ $0.standardizedFileURL.resolvingSymlinksInPath().path })
        where !folder.hasPrefix("/usr/") && folder != "/usr" && !bound.contains(folder) {
            bound.append(folder)
            arguments0 += ["--ro-bind", folder, folder]
        }
        for folder in writable.map({ $0.standardizedFileURL.resolvingSymlinksInPath().path }) {
            arguments0 += ["--bind", folder, folder]
        }
        arguments0 += [
            "--bind", work, work, "--chdir", work, "--setenv", "TMPDIR", work, "--remount-ro", "/", "--",
        ]
        let command =
            [self.tool] + arguments0 + [
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
            output: result.output, diagnostics: diagnostics, outcome: outcome, wallSeconds: result.wallSeconds)
    }
}

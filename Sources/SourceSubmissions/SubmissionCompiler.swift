import Checksum
import Foundation

// MARK: - Compiling a team's Swift files into a harness

/// Compiles a team's Swift files against the library modules (DetectionCore, SensorShims) into one harness
/// executable, with `swiftc`, caching every product by the SHA-256 of what went into it.
///
/// Per run, `prepareLibraries()` compiles each library once (static archive and `.swiftmodule`, whole-module
/// optimised) into `<cache>/libraries-<hash>/`, the hash covering the compiler's version, the flags and every
/// source file's path and bytes; a later run with the same sources reuses them. `compileHarness` then builds
/// `<cache>/harness-<hash>/harness` from the team's `.swift` files and the harness's `main.swift`, the hash
/// covering the libraries' hash, the team files' names and bytes and the main file; the same submission content
/// compiles once. Products are built in a scratch folder and renamed into place, so an interrupted build never
/// leaves a half-written cache entry.
///
/// A team's compile error is an outcome (`CompileOutcome.compileError`, the compiler's text with the folder
/// paths taken out), never a throw and never a crash; so is a compiler that runs past `timeoutSeconds`.
///
/// Not done here (later sessions): running the harness sandboxed, feeding it suites, wiring it into `grade`.
package struct SubmissionCompiler: Sendable {
    // MARK: - Configuration

    /// One library module compiled from its source folder (every `.swift` file below it).
    package struct Library: Sendable, Equatable {
        /// The module name (`DetectionCore`).
        package var name: String
        /// Its source folder.
        package var sourceFolder: URL

        /// A library.
        ///
        /// - Parameters:
        ///   - name: the module name.
        ///   - sourceFolder: the folder holding its sources.
        package init(name: String, sourceFolder: URL) {
            self.name = name
            self.sourceFolder = sourceFolder
        }
    }

    /// A module that only re-exports another (`@_exported import SensorShims`), so team files that say
    /// `import CoreMotion` or `import Foundation` compile against the shims. Its folder comes first on the search
    /// path (`-I`), so a team's `import Foundation` finds it, never the toolchain's Foundation (whose `Date` and
    /// `sqrt` would clash with the shims').
    package struct ModuleAlias: Sendable, Equatable {
        /// The name team code imports.
        package var name: String
        /// The module it re-exports.
        package var reexporting: String

        /// An alias.
        ///
        /// - Parameters:
        ///   - name: the imported name.
        ///   - reexporting: the module behind it.
        package init(name: String, reexporting: String) {
            self.name = name
            self.reexporting = reexporting
        }

        /// The Apple frameworks a course's app code imports, each re-exporting `module`: Combine, CoreGraphics,
        /// CoreLocation, CoreMotion, Foundation, Observation, SwiftUI, UIKit.
        ///
        /// - Parameter module: the module behind them (`SensorShims`).
        /// - Returns: the aliases.
        package static func appleFrameworks(reexporting module: String) -> [ModuleAlias] {
            ["Combine", "CoreGraphics", "CoreLocation", "CoreMotion", "Foundation", "Observation", "SwiftUI", "UIKit"].map {
                ModuleAlias(name: $0, reexporting: module)
            }
        }

        /// The alias module's whole source.
        var source: String { "@_exported import \(reexporting)\n" }
    }

    /// The compiled libraries of one run.
    package struct PreparedLibraries: Sendable, Equatable {
        /// The folder with each library's `.swiftmodule` and `lib<name>.a`.
        package var folder: URL
        /// SHA-256 of everything that went into them.
        package var hash: String
        /// The module names (libraries, then aliases), in dependency order.
        package var names: [String]
        /// Whether they were already in the cache.
        package var reusedFromCache: Bool
    }

    /// The `swiftc` to run.
    package var swiftc: URL
    /// The libraries, each depending only on earlier ones.
    package var libraries: [Library]
    /// Modules that re-export a library under another name, compiled after the libraries.
    package var aliases: [ModuleAlias]
    /// Where compiled products are kept.
    package var cacheFolder: URL
    /// `-O` (true) or `-Onone`.
    package var optimize: Bool
    /// Wall-clock limit of one compiler run, seconds.
    package var timeoutSeconds: Double
    /// When set (and bubblewrap: `Sandbox.canRunTools`), each team's compile runs in it: no network, the
    /// toolchain, the libraries and the team's folder read-only, only the build's scratch folder and the shared
    /// module cache (`<cache>/module-cache`) writable, CPU and wall clock `timeoutSeconds`, 8 GiB of address
    /// space. Nil (the default): `swiftc` runs as the grader.
    package var compileSandbox: Sandbox?

    /// A compiler.
    ///
    /// - Parameters:
    ///   - swiftc: the compiler executable.
    ///   - libraries: library modules in dependency order (DetectionCore, then SensorShims).
    ///   - aliases: re-exporting modules (for grading, `ModuleAlias.appleFrameworks(reexporting: "SensorShims")`).
    ///   - cacheFolder: the cache (created when missing).
    ///   - optimize: `-O` when true (grading), `-Onone` otherwise (tests).
    ///   - timeoutSeconds: wall-clock limit per compiler run. Default 600 s (choice: a clean DetectionCore build
    ///     takes minutes on a loaded two-core machine).
    package init(
        swiftc: URL, libraries: [Library], aliases: [ModuleAlias] = [], cacheFolder: URL, optimize: Bool = true,
        timeoutSeconds: Double = 600
    ) {
        self.swiftc = swiftc
        self.libraries = libraries
        self.aliases = aliases
        self.cacheFolder = cacheFolder
        self.optimize = optimize
        self.timeoutSeconds = timeoutSeconds
    }

    /// `swiftc` found on `PATH` (the first executable one).
    ///
    /// - Parameter environment: the environment to read `PATH` from.
    /// - Returns: its URL, or nil when none is found.
    package static func swiftcOnPath(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    // MARK: - Libraries

    /// Compiles the libraries, or finds them in the cache.
    ///
    /// - Returns: where they are and their hash.
    /// - Throws: `SourceSubmissionError` when the compiler cannot run or a library does not compile.
    package func prepareLibraries() throws(SourceSubmissionError) -> PreparedLibraries {
        var hasher = SHA256()
        hasher.update(field: "libraries v1")
        hasher.update(field: try compilerVersion())
        hasher.update(field: optimize ? "-O" : "-Onone")
        var sources: [[URL]] = []
        for library in libraries {
            let files = try Self.swiftFiles(in: library.sourceFolder)
            guard !files.isEmpty else { throw .noSources(folder: library.sourceFolder.path) }
            hasher.update(field: library.name)
            try Self.hashFiles(files, relativeTo: library.sourceFolder, into: &hasher)
            sources.append(files)
        }
        for alias in aliases {
            hasher.update(field: alias.name)
            hasher.update(field: alias.source)
        }
        let hash = hasher.hexDigest
        let names = libraries.map(\.name) + aliases.map(\.name)
        let folder = cacheFolder.appendingPathComponent("libraries-\(hash)")
        if Self.isDirectory(folder) {
            return PreparedLibraries(folder: folder, hash: hash, names: names, reusedFromCache: true)
        }
        let scratch = try makeScratch("libraries")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var modules = zip(libraries.map(\.name), sources).map { (name: $0, files: $1) }
        let aliasFolder = scratch.appendingPathComponent("aliases")
        for alias in aliases {
            let file = aliasFolder.appendingPathComponent(alias.name + ".swift")
            do {
                try FileManager.default.createDirectory(at: aliasFolder, withIntermediateDirectories: true)
                try Data(alias.source.utf8).write(to: file)
            } catch {
                throw .writing(error, "cannot write \(file.path)")
            }
            modules.append((alias.name, [file]))
        }
        for library in modules {
            let modulePath = scratch.appendingPathComponent(library.name + ".swiftmodule").path
            let archivePath = scratch.appendingPathComponent("lib" + library.name + ".a").path
            var arguments: [String] = [
                // `package` declarations (DetectionCore has some) need the package name SwiftPM passes.
                "-parse-as-library", "-module-name", library.name, "-package-name", "SensorBench", "-swift-version", "6",
                optimize ? "-O" : "-Onone", "-whole-module-optimization",
                "-emit-module", "-emit-module-path", modulePath, "-emit-library", "-static", "-o", archivePath,
                "-I", scratch.path,
            ]
            arguments += library.files.map(\.path)
            let run = try ToolRun.run(swiftc, arguments, scratch: scratch, timeoutSeconds: timeoutSeconds)
            guard run.succeeded else {
                try checkCacheDisk()
                if let full = Self.graderDiskProblem(in: run.output) {
                    throw .graderDisk("the compile cache (\(cacheFolder.path)): \(full)", full: !full.hasPrefix("read-only"))
                }
                throw .libraryDidNotCompile(
                    module: library.name,
                    diagnostics: run.timedOut ? "the compiler ran past \(Int(timeoutSeconds)) s" : run.output)
            }
        }
        try? FileManager.default.removeItem(at: aliasFolder)
        try Self.moveIntoPlace(scratch, folder)
        return PreparedLibraries(folder: folder, hash: hash, names: names, reusedFromCache: false)
    }

    // MARK: - A team's harness

    /// Compiles the `.swift` files of `teamFolder` and `harnessMain` (the harness's `main.swift`) against the
    /// libraries into one executable, or finds it in the cache.
    ///
    /// Safe to call from several threads at once, also for the same content: within one process a second call
    /// for content being compiled waits for the first and gets its outcome (a compile error included); between
    /// processes each builds in its own scratch folder and the first rename into place wins.
    ///
    /// - Parameters:
    ///   - teamFolder: the submission's folder; every `.swift` file below it is compiled, in path order.
    ///   - files: when given, only these `.swift` files (paths relative to `teamFolder`), in path order.
    ///   - harnessMain: the text of the harness's `main.swift` (it drives the team's types).
    ///   - libraries: from `prepareLibraries()`.
    /// - Returns: the executable, or the compiler's diagnostics with the folder paths made relative.
    /// - Throws: `SourceSubmissionError` only for failures of the grader itself (no Swift file, a listed file
    ///   missing or outside the folder, unwritable cache).
    package func compileHarness(
        teamFolder: URL, files listed: [String]? = nil, harnessMain: String, libraries: PreparedLibraries,
        settings: CompileSettings = CompileSettings()
    ) throws(SourceSubmissionError) -> CompileOutcome {
        let files = try Self.teamFiles(in: teamFolder, listed: listed)
        guard !files.isEmpty else { throw .noSources(folder: teamFolder.path) }
        var hasher = SHA256()
        hasher.update(field: "harness v2")
        hasher.update(field: libraries.hash)
        hasher.update(field: settings.arguments.joined(separator: " "))
        try Self.hashFiles(files, relativeTo: teamFolder, into: &hasher)
        hasher.update(field: harnessMain)
        let hash = hasher.hexDigest
        let folder = cacheFolder.appendingPathComponent("harness-\(hash)")
        let executable = folder.appendingPathComponent("harness")
        if FileManager.default.isExecutableFile(atPath: executable.path) {
            return .built(executable: executable, reusedFromCache: true)
        }
        let key = folder.path
        if case .finished(let outcome) = HarnessBuilds.shared.claim(key) { return outcome }
        var outcome: CompileOutcome?
        defer { HarnessBuilds.shared.finish(key, outcome) }
        // Another thread may have built it while this one waited.
        if FileManager.default.isExecutableFile(atPath: executable.path) {
            outcome = .built(executable: executable, reusedFromCache: true)
        } else {
            outcome = try build(
                files: files, teamFolder: teamFolder, harnessMain: harnessMain, libraries: libraries,
                settings: settings, into: folder)
        }
        return outcome!
    }

    /// Compiles the harness in a scratch folder and renames it into `folder`.
    private func build(
        files: [URL], teamFolder: URL, harnessMain: String, libraries: PreparedLibraries,
        settings: CompileSettings, into folder: URL
    ) throws(SourceSubmissionError) -> CompileOutcome {
        let executable = folder.appendingPathComponent("harness")
        let scratch = try makeScratch("harness")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let harnessFolder = scratch.appendingPathComponent("main")
        let mainFile = harnessFolder.appendingPathComponent("main.swift")
        do {
            try FileManager.default.createDirectory(at: harnessFolder, withIntermediateDirectories: true)
            try Data(harnessMain.utf8).write(to: mainFile)
        } catch {
            throw .writing(error, "cannot write \(mainFile.path)")
        }
        // Files with attributes only a macro could expand (`@Observable`) are compiled from a copy with them
        // blanked out, same length, so every line and column the compiler names is the team's. A contained
        // compile reads every file from a copy (the grader's, world-readable): as root its uid is not the grader's
        // and may not read the team's folder.
        let contained = compileSandbox?.canRunTools == true
        let copies = scratch.appendingPathComponent("team")
        var sources: [URL] = []
        let prefix = teamFolder.standardizedFileURL.path + "/"
        for file in files {
            guard let data = try? Data(contentsOf: file) else { throw .toolFailed("cannot read \(file.path)") }
            let text = String(decoding: data, as: UTF8.self)
            let blanked = MacroAttributes.blankedOut(text)
            guard blanked != text || contained else {
                sources.append(file)
                continue
            }
            let relative = file.path.hasPrefix(prefix) ? String(file.path.dropFirst(prefix.count)) : file.lastPathComponent
            let copy = copies.appendingPathComponent(relative)
            do {
                try FileManager.default.createDirectory(
                    at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
                try (blanked == text ? data : Data(blanked.utf8)).write(to: copy)
            } catch {
                throw .writing(error, "cannot write \(copy.path)")
            }
            sources.append(copy)
        }
        // Team code is Swift 5 mode unless the submission says 6 (most Xcode projects of the course are 5); the
        // libraries are Swift 6.
        var arguments: [String] =
            ["-module-name", "TeamHarness"] + settings.arguments + [
                optimize ? "-O" : "-Onone", "-I", libraries.folder.path, "-L", libraries.folder.path,
            ]
        // Static archives: a library before the ones it depends on.
        arguments += libraries.names.reversed().map { "-l" + $0 }
        // The standard library lowers `squareRoot()`, `remainder(dividingBy:)`, `rounded()` to libm calls.
        arguments.append("-lm")
        arguments += sources.map(\.path)
        arguments += [mainFile.path, "-o", scratch.appendingPathComponent("harness").path]
        let run: ToolRun
        if let compileSandbox, compileSandbox.canRunTools {
            run = try compileContained(compileSandbox, arguments, readOnly: [libraries.folder], scratch: scratch)
        } else {
            run = try ToolRun.run(swiftc, arguments, scratch: scratch, timeoutSeconds: timeoutSeconds)
        }
        guard run.succeeded else {
            try checkCacheDisk()
            if let full = Self.graderDiskProblem(in: run.output) {
                throw .graderDisk("the compile cache (\(cacheFolder.path)): \(full)", full: !full.hasPrefix("read-only"))
            }
            let text =
                run.timedOut
                ? "the compiler ran past \(Int(timeoutSeconds)) s and was stopped"
                : Self.relativeDiagnostics(
                    run.output.replacingOccurrences(
                        of: copies.standardizedFileURL.path + "/", with: teamFolder.standardizedFileURL.path + "/"),
                    teamFolder: teamFolder, harnessFolder: harnessFolder, cacheFolder: cacheFolder,
                    libraries: self.libraries)
            return .compileError(diagnostics: text)
        }
        try? FileManager.default.removeItem(at: harnessFolder)
        try? FileManager.default.removeItem(at: copies)
        try Self.moveIntoPlace(scratch, folder)
        return .built(executable: executable, reusedFromCache: false)
    }

    /// `swiftc` in the compile sandbox, its result in `ToolRun`'s shape (a memory blow-up said in words).
    private func compileContained(
        _ sandbox: Sandbox, _ arguments: [String], readOnly: [URL], scratch: URL
    ) throws(SourceSubmissionError) -> ToolRun {
        let moduleCache = cacheFolder.appendingPathComponent("module-cache")
        do {
            try FileManager.default.createDirectory(at: moduleCache, withIntermediateDirectories: true)
        } catch {
            throw .writing(error, "cannot create \(moduleCache.path)")
        }
        let seconds = Int(timeoutSeconds.rounded(.up))
        let limits = SandboxLimits(
            cpuSeconds: max(1, seconds), memoryBytes: 8 << 30, wallSeconds: timeoutSeconds, outputBytes: 16 << 20,
            fileBytes: 1 << 30)
        let result = try sandbox.runTool(
            swiftc, arguments: arguments + ["-module-cache-path", moduleCache.path], readOnly: readOnly,
            workFolder: scratch, writable: [moduleCache], limits: limits)
        var output = String(decoding: result.output, as: UTF8.self) + result.diagnostics
        switch result.outcome {
        case .exited(let status):
            return ToolRun(status: status, terminatedBySignal: false, timedOut: false, output: output)
        case .cpuLimit, .wallTimeout:
            return ToolRun(status: 1, terminatedBySignal: true, timedOut: true, output: output)
        case .memoryLimit:
            output += "\nthe compiler ran out of memory (8 GiB of address space)\n"
            return ToolRun(status: 1, terminatedBySignal: false, timedOut: false, output: output)
        case .crashed(let signal):
            output += "\nthe compiler crashed (\(SandboxOutcome.signalName(signal)))\n"
            return ToolRun(status: signal, terminatedBySignal: true, timedOut: false, output: output)
        case .outputLimit:
            output += "\nthe compiler's output passed 16 MiB\n"
            return ToolRun(status: 1, terminatedBySignal: false, timedOut: false, output: output)
        }
    }

    // MARK: - Helpers

    /// The grader's own disk trouble in a failed compile's output (the disk or the quota full, the file system
    /// read-only), which is never the team's compile error; nil when the output shows none.
    ///
    /// Only lines the tools write about their own files count: a diagnostic about a team's source
    /// (`Name.swift:3:5: …`) and the source lines the compiler echoes under it (indented, or `3 | …`) are skipped,
    /// so a team cannot turn its own compile error into the grader's by writing the words in a string literal.
    package static func graderDiskProblem(in output: String) -> String? {
        let sourceDiagnostic = #/\.swift:\d+:/#
        for line in output.split(separator: "\n") {
            guard let first = line.first, !first.isWhitespace, !first.isNumber, first != "|",
                line.firstMatch(of: sourceDiagnostic) == nil
            else { continue }
            for text in ["No space left on device", "Disk quota exceeded", "Read-only file system"]
            where line.contains(text) {
                return text.lowercased()
            }
        }
        return nil
    }

    /// Throws ``SourceSubmissionError/graderDisk(_:full:)`` when the cache's file system cannot take a build:
    /// read-only, or less than 1 MiB free for the grader (`statvfs`). Called when a tool failed: a tool whose
    /// output could not be written to its log on a full disk fails with nothing to show (`swiftc --version`
    /// says nothing at all), so its output alone cannot tell.
    private func checkCacheDisk() throws(SourceSubmissionError) {
        var folder = cacheFolder.standardizedFileURL
        var info = statvfs()
        while statvfs(folder.path, &info) != 0 {
            guard folder.path != "/" else { return }
            folder = folder.deletingLastPathComponent()
        }
        if info.f_flag & UInt(ST_RDONLY) != 0 {
            throw .graderDisk("the compile cache (\(cacheFolder.path)): read-only file system", full: false)
        }
        if UInt64(info.f_bavail) * UInt64(info.f_frsize) < 1 << 20 {
            throw .graderDisk(
                "the compile cache (\(cacheFolder.path)): no space left on device (less than 1 MiB free)", full: true)
        }
    }

    /// `swiftc --version`, so a toolchain change invalidates the cache.
    private func compilerVersion() throws(SourceSubmissionError) -> String {
        let scratch = try makeScratch("version")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try ToolRun.run(swiftc, ["--version"], scratch: scratch, timeoutSeconds: 60)
        guard run.succeeded else {
            try checkCacheDisk()
            throw .toolFailed("\(swiftc.path) --version failed: \(run.output)")
        }
        return run.output
    }

    /// A fresh folder inside the cache for one build.
    private func makeScratch(_ label: String) throws(SourceSubmissionError) -> URL {
        let url = cacheFolder.appendingPathComponent(
            "scratch-\(label)-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64.random(in: 0...UInt64.max))")
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .writing(error, "cannot create \(url.path)")
        }
        return url
    }

    /// Renames a finished build into its cache entry; when another process got there first, theirs is kept.
    private static func moveIntoPlace(_ scratch: URL, _ destination: URL) throws(SourceSubmissionError) {
        do {
            try FileManager.default.moveItem(at: scratch, to: destination)
        } catch {
            guard isDirectory(destination) else {
                throw .writing(error, "cannot move \(scratch.path) to \(destination.path)")
            }
        }
    }

    /// The most `.swift` files a team's folder may hold (a choice: the seven public submissions of the course
    /// assignment have 3–14 Swift files each; 40 000 files once ended in the grader's own E2BIG).
    package static let maximumTeamFiles = 1000

    static func isDirectory(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// The team's files: every `.swift` file below `folder`, or the listed ones (each a `.swift` file inside
    /// `folder`, no `..` and no absolute path), sorted by path; each must pass ``TeamFile/problem(_:in:)`` (a
    /// regular file inside the folder, its name without control characters) before a byte of it is read.
    static func teamFiles(in folder: URL, listed: [String]?) throws(SourceSubmissionError) -> [URL] {
        guard let listed else {
            let files = try swiftFiles(in: folder)
            let prefix = folder.standardizedFileURL.path + "/"
            for file in files {
                let name = file.path.hasPrefix(prefix) ? String(file.path.dropFirst(prefix.count)) : file.path
                if let problem = TeamFile.problem(name, in: folder) {
                    throw .teamFiles("\(folder.path): \(TeamFile.shown(name)) \(problem)")
                }
            }
            return files
        }
        guard isDirectory(folder) else { throw .noSources(folder: folder.path) }
        guard listed.count <= maximumTeamFiles else {
            throw .teamFiles("\(folder.path): \(listed.count) files listed, more than \(maximumTeamFiles)")
        }
        var files: [URL] = []
        for name in listed {
            let parts = name.split(separator: "/", omittingEmptySubsequences: false)
            let file = folder.appendingPathComponent(name).standardizedFileURL
            guard !name.hasPrefix("/"), !parts.contains(".."), name.hasSuffix(".swift"),
                TeamFile.problem(name, in: folder) == nil
            else {
                throw .teamFiles(
                    "\(folder.path): listed file \"\(TeamFile.shown(name))\" is not a regular .swift file inside the folder")
            }
            files.append(file)
        }
        return Array(Set(files)).sorted { $0.path < $1.path }
    }

    /// Every `.swift` file below `folder`, sorted by path (so the hash and the compile order are stable).
    static func swiftFiles(in folder: URL) throws(SourceSubmissionError) -> [URL] {
        guard isDirectory(folder) else { throw .noSources(folder: folder.path) }
        let root = folder.standardizedFileURL
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw .noSources(folder: folder.path)
        }
        var files: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            files.append(url.standardizedFileURL)
            guard files.count <= maximumTeamFiles else {
                throw .teamFiles(
                    "\(folder.path): more than \(maximumTeamFiles) .swift files; a submission holds the team's detection "
                        + "code, not a whole project")
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Adds each file's path relative to `root` and its bytes.
    static func hashFiles(_ files: [URL], relativeTo root: URL, into hasher: inout SHA256) throws(SourceSubmissionError) {
        let prefix = root.standardizedFileURL.path + "/"
        for file in files {
            guard let data = try? Data(contentsOf: file) else { throw .toolFailed("cannot read \(file.path)") }
            let path = file.path
            hasher.update(field: path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path)
            hasher.update(field: String(data.count))
            hasher.update(data)
        }
    }

    /// Diagnostics with the team folder's path removed (so `Shake.swift:3:5: error: …`), the harness's scratch
    /// folder shown as `harness/`, the cache as `cache/` and each library's source folder by the library's name
    /// (so the text names no machine path), capped at 64 KiB.
    static func relativeDiagnostics(
        _ text: String, teamFolder: URL, harnessFolder: URL, cacheFolder: URL, libraries: [Library] = []
    ) -> String {
        var out = text.replacingOccurrences(of: teamFolder.standardizedFileURL.path + "/", with: "")
        // A note pointing into a library (`SensorShims/Foundation/Math.swift:12:…`) names no machine path either.
        for library in libraries {
            out = out.replacingOccurrences(of: library.sourceFolder.standardizedFileURL.path + "/", with: library.name + "/")
        }
        out = out.replacingOccurrences(of: harnessFolder.standardizedFileURL.path + "/", with: "harness/")
        out = out.replacingOccurrences(of: cacheFolder.standardizedFileURL.path + "/", with: "cache/")
        let limit = 65_536
        if out.utf8.count > limit {
            out = String(decoding: Array(out.utf8.prefix(limit)), as: UTF8.self) + "\n[diagnostics cut at 64 KiB]\n"
        }
        return out
    }
}

/// What compiling one team gave.
package enum CompileOutcome: Sendable, Equatable {
    /// The harness executable, and whether it came from the cache.
    case built(executable: URL, reusedFromCache: Bool)
    /// The team's code did not compile: the compiler's text, paths relative to the submission folder.
    case compileError(diagnostics: String)
}

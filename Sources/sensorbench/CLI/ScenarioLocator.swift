import Foundation

/// Finds the shipped `Scenarios` folder.
package enum ScenarioLocator {
    /// `$SENSORBENCH_SCENARIOS`, else `./Scenarios`, else a `Scenarios` folder above the executable (a checkout
    /// whose `.build/<config>/sensorbench` is running, also when it is started through a symbolic link on `PATH`,
    /// as `scripts/install` makes it).
    package static func folder() -> URL? {
        let manager = FileManager.default
        if let env = ProcessInfo.processInfo.environment["SENSORBENCH_SCENARIOS"], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        let local = URL(fileURLWithPath: manager.currentDirectoryPath).appendingPathComponent("Scenarios")
        if manager.fileExists(atPath: local.appendingPathComponent("profiles").path) { return local }
        var folder = executable().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = folder.appendingPathComponent("Scenarios")
            if manager.fileExists(atPath: candidate.appendingPathComponent("profiles").path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// The running executable with symbolic links resolved. `argv[0]` is only the bare name when the program was
    /// found on `PATH`, so Linux's `/proc/self/exe` comes first.
    static func executable() -> URL {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: target)
        }
        return URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
    }

    /// Where to read a file named on the command line: the path itself when it exists; otherwise, for a relative
    /// path starting with `Scenarios/` (as every report's "Reproduce with" line writes it), the same file in the
    /// shipped folder, so those lines work from any folder. Messages and reports keep the path as given.
    package static func inputPath(_ path: String) -> String {
        let manager = FileManager.default
        guard !path.hasPrefix("/"), !manager.fileExists(atPath: path), path.hasPrefix("Scenarios/"),
            let shipped = folder()
        else { return path }
        let candidate = shipped.appendingPathComponent(String(path.dropFirst("Scenarios/".count)))
        return manager.fileExists(atPath: candidate.path) ? candidate.path : path
    }
}

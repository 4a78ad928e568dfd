import Foundation

/// Finds the shipped `Scenarios` folder.
package enum ScenarioLocator {
    /// `$SENSORBENCH_SCENARIOS`, else `./Scenarios`, else a `Scenarios` folder above the executable (a checkout
    /// whose `.build/<config>/sensorbench` is running).
    package static func folder() -> URL? {
        let manager = FileManager.default
        if let env = ProcessInfo.processInfo.environment["SENSORBENCH_SCENARIOS"], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        let local = URL(fileURLWithPath: manager.currentDirectoryPath).appendingPathComponent("Scenarios")
        if manager.fileExists(atPath: local.path) { return local }
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = folder.appendingPathComponent("Scenarios")
            if manager.fileExists(atPath: candidate.appendingPathComponent("profiles").path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}

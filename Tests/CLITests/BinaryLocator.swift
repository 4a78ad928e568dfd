import Foundation

/// Finds the built `sensorbench` binary beside the test bundle, and runs it.
enum SensorBenchBinary {
    /// `.build/<config>/sensorbench`, the folder that also holds the test bundle.
    static var url: URL {
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("sensorbench")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL.appendingPathComponent("sensorbench")
    }
}

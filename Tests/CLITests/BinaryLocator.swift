import Foundation

/// Finds the built `sensorbench` binary and runs it, capturing exit code, standard output and standard error.
enum SensorBench {
    /// The package root, from this file's path (`Tests/CLITests/BinaryLocator.swift`).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `.build/<config>/sensorbench`, the folder that also holds the test bundle.
    static var binary: URL? {
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("sensorbench")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let debug = packageRoot.appendingPathComponent(".build/debug/sensorbench")
        return FileManager.default.isExecutableFile(atPath: debug.path) ? debug : nil
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs the binary with `arguments` in `directory` (default: the package root).
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Result {
        guard let binary else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        return try collect(process)
    }

    /// Runs a configured `process` to its end and returns its exit status and both outputs.
    static func collect(_ process: Process) throws -> Result {
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

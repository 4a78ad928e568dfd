// MARK: - Errors of the compile step itself

/// A failure of the grader's own compile step (not a team's compile error, which is an outcome).
package enum SourceSubmissionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A tool could not be started or its files could not be written.
    case toolFailed(String)
    /// A library module (DetectionCore, SensorShims) failed to compile: the checkout is broken.
    case libraryDidNotCompile(module: String, diagnostics: String)
    /// A submission folder is missing or holds no Swift file.
    case noSources(folder: String)
    /// The team's folder holds something the grader refuses to read (a link out of the folder, a FIFO, a name
    /// with control characters, more files than a submission may have): the team's outcome, not the grader's.
    case teamFiles(String)

    /// One line for the command line.
    package var description: String {
        switch self {
        case .toolFailed(let message): "compile step: \(message)"
        case .libraryDidNotCompile(let module, let diagnostics): "library \(module) did not compile:\n\(diagnostics)"
        case .noSources(let folder): "\(folder): no .swift file in the submission folder"
        case .teamFiles(let message): message
        }
    }
}

import Foundation

extension SubmissionCompiler {
    /// Every `.swift` file below `folder`, as paths relative to it, sorted (the order the compiler takes them).
    ///
    /// - Throws: ``SourceSubmissionError/noSources(folder:)`` when the folder is missing.
    package static func swiftFilesRelative(in folder: URL) throws(SourceSubmissionError) -> [String] {
        let prefix = folder.standardizedFileURL.path + "/"
        return try swiftFiles(in: folder).map { url in
            url.path.hasPrefix(prefix) ? String(url.path.dropFirst(prefix.count)) : url.lastPathComponent
        }
    }
}

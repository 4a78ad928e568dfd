import Foundation

/// The files of one report folder, collected in memory and then written together.
///
/// Render everything first and ``add(_:_:)`` the results; only then call ``write(to:)``. A rendering error
/// therefore writes nothing, and a folder never mixes files from two runs because one chart failed halfway.
/// Each file is written with ``AtomicFile``, in sorted path order so that runs behave identically.
public struct ReportFiles: Sendable {
    // MARK: - State

    /// Contents by relative path.
    private var files: [String: String] = [:]

    /// The relative paths collected so far, sorted (byte order of their UTF-8, as `<` on `String` compares).
    public var paths: [String] { files.keys.sorted() }

    /// Creates an empty collection.
    public init() {}

    // MARK: - Collecting

    /// Adds a file; adding the same path again replaces the earlier contents.
    ///
    /// - Parameters:
    ///   - relativePath: A path below the report folder using "/" separators, e.g. "figures/roc.svg".
    ///   - contents: The text, written as UTF-8.
    public mutating func add(_ relativePath: String, _ contents: String) {
        files[relativePath] = contents
    }

    /// The contents collected for `relativePath`, or nil.
    public func contents(of relativePath: String) -> String? {
        files[relativePath]
    }

    // MARK: - Writing

    /// Writes every file below `folder`, creating subfolders as needed.
    ///
    /// All paths are checked before anything is written: each must be relative, non-empty, and stay inside
    /// `folder` (no empty, "." or ".." components).
    ///
    /// - Parameter folder: The report folder (created when missing).
    /// - Throws: ``ReportingError/write(path:reason:)`` for an unsafe path (nothing written) or a failed write
    ///   (files earlier in sorted order are already in place, each complete).
    public func write(to folder: URL) throws(ReportingError) {
        let sortedPaths = paths
        for path in sortedPaths {
            let components = path.split(separator: "/", omittingEmptySubsequences: false)
            let unsafe = path.hasPrefix("/") || components.contains { $0.isEmpty || $0 == "." || $0 == ".." }
            if unsafe {
                throw .write(path: path, reason: "not a relative path inside the report folder")
            }
        }
        for path in sortedPaths {
            guard let contents = files[path] else { continue }
            try AtomicFile.write(contents, to: folder.appendingPathComponent(path))
        }
    }
}

import Foundation

/// The files of one report folder, collected in memory and then written together.
///
/// Render everything first and ``add(_:_:)`` the results; only then call ``write(to:)``. A rendering error
/// therefore writes nothing, and a folder never mixes files from two runs because one chart failed halfway.
/// Each file is written with ``AtomicFile``, in sorted path order so that runs behave identically.
package struct ReportFiles: Sendable {
    // MARK: - State

    /// Contents by relative path.
    private var files: [String: ReportFileContents] = [:]

    /// The relative paths collected so far, sorted (byte order of their UTF-8, as `<` on `String` compares).
    package var paths: [String] { files.keys.sorted() }

    /// Creates an empty collection.
    package init() {}

    // MARK: - Collecting

    /// Adds a file; adding the same path again replaces the earlier contents.
    ///
    /// - Parameters:
    ///   - relativePath: A path below the report folder using "/" separators, e.g. "figures/roc.svg".
    ///   - contents: The text, written as UTF-8.
    package mutating func add(_ relativePath: String, _ contents: String) {
        files[relativePath] = .text(contents)
    }

    /// Adds a file whose contents were streamed to a ``SpoolFile`` (a `trials.csv` too large to hold in memory);
    /// the spool is copied into the report folder when it is written, like any other file.
    package mutating func add(_ relativePath: String, spooled spool: SpoolFile) {
        files[relativePath] = .spooled(spool)
    }

    /// The contents collected for `relativePath`, or nil (a spooled file is read back whole: for tests and small
    /// reports; `nil` when it cannot be read).
    package func contents(of relativePath: String) -> String? {
        switch files[relativePath] {
        case .text(let text): return text
        case .spooled(let spool): return try? spool.text()
        case nil: return nil
        }
    }

    // MARK: - Writing

    /// Writes the whole report as the folder `folder`, replacing any previous report there in one step.
    ///
    /// All paths are checked before anything is written: each must be relative, non-empty, and stay inside
    /// `folder` (no empty, "." or ".." components). The files are then written into a temporary sibling folder
    /// and swapped into place (see ``ReportFolder``), so after any kill or failure `folder` holds the previous
    /// report or this one, never a mix, and no temporary file is left inside it.
    ///
    /// - Parameter folder: The report folder (created when missing; replaced when it holds a report).
    /// - Throws: ``ReportingError/invalidValue(context:reason:)`` for an unsafe path or two paths differing only
    ///   in case (nothing written; validation should have refused the names), ``ReportingError/write(path:reason:)``
    ///   for a failed write,
    ///   ``ReportingError/output(path:reason:)`` for a destination that cannot hold a report,
    ///   ``ReportingError/locked(path:)`` while another process writes the same folder; the previous report is
    ///   intact in every case.
    package func write(to folder: URL) throws(ReportingError) {
        try checkPaths()
        try ReportFolder.write(paths.map { ($0, files[$0] ?? .text("")) }, to: folder)
    }

    /// Takes `folder`'s lock and checks that it can hold a report, before the work that produces the report;
    /// a later ``write(to:)`` of the same folder uses this lock and releases it.
    ///
    /// - Throws: ``ReportingError/locked(path:)`` while another process reserves or writes the folder,
    ///   ``ReportingError/output(path:reason:)`` when the location cannot hold a report.
    package static func reserve(_ folder: URL) throws(ReportingError) {
        try ReportFolder.reserve(folder)
    }

    /// Writes each file into `folder` with ``AtomicFile``, keeping whatever else the folder holds.
    ///
    /// For files that live among others (the sample recordings in `Scenarios/recordings`), not for reports:
    /// each file is whole, but a failure midway leaves the earlier files new and the later ones old.
    package func writeEach(into folder: URL) throws(ReportingError) {
        try checkPaths()
        for path in paths {
            guard let text = contents(of: path) else { continue }
            try AtomicFile.write(text, to: folder.appendingPathComponent(path))
        }
    }

    /// Refuses unsafe paths, and two paths that differ only in case (one file on case-insensitive file systems,
    /// so one would overwrite the other).
    private func checkPaths() throws(ReportingError) {
        var folded: [String: String] = [:]
        for path in paths {
            if let other = folded[path.lowercased()] {
                throw .invalidValue(context: path, reason: "differs from \(other) only in case: one would overwrite the other")
            }
            folded[path.lowercased()] = path
            let components = path.split(separator: "/", omittingEmptySubsequences: false)
            let unsafe = path.hasPrefix("/") || components.contains { $0.isEmpty || $0 == "." || $0 == ".." }
            if unsafe {
                throw .invalidValue(context: path, reason: "not a relative path inside the report folder")
            }
        }
    }
}

/// What one report file holds: text in memory, or bytes streamed to a temporary file.
enum ReportFileContents: Sendable {
    case text(String)
    case spooled(SpoolFile)
}

import Foundation

/// Writes files so that a reader sees either the old content or the whole new content, never a part.
///
/// The bytes go to `.<name>.tmp-<pid>` in the destination folder (same file system) and are fsync'd; the file is
/// then renamed over the destination (`rename(2)` is atomic on POSIX file systems) and the folder fsync'd.
/// Temporary files that a killed process left beside the destination are removed first (only those whose
/// process is dead). Whole report folders use ``ReportFiles/write(to:)`` instead.
package enum AtomicFile {
    /// Writes `text` as UTF-8 to `url`, creating the parent folder when needed.
    ///
    /// - Throws: ``ReportingError`` naming the file when any step fails; the temporary file is removed and the
    ///   previous file, if any, is intact.
    package static func write(_ text: String, to url: URL) throws(ReportingError) {
        try write(Data(text.utf8), to: url)
    }

    /// Writes `data` to `url` atomically, creating the parent folder when needed.
    ///
    /// The destination must be a regular file or missing: a folder, a device (`/dev/null`) or a FIFO is refused
    /// with ``ReportingError/output(path:reason:)``.
    package static func write(_ data: Data, to url: URL) throws(ReportingError) {
        do {
            try write(to: url) { sink in try data.withUnsafeBytes { try sink($0) } }
        } catch let error as ReportingError {
            throw error
        } catch {
            throw .output(path: url.relativePath, reason: "\(error)")
        }
    }

    /// Writes the bytes `produce` hands to its sink to `url` atomically, as they come: the temporary file is
    /// created before `produce` starts (so an unwritable destination is refused before any work) and renamed over
    /// the destination only after `produce` returns; when `produce` throws, the temporary file is removed, the
    /// destination is untouched and the error is rethrown.
    ///
    /// - Throws: ``ReportingError`` for a bad destination or a failed write, or whatever `produce` throws.
    package static func write(
        to url: URL, streaming produce: (_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        let shown = url.relativePath
        let path = url.standardizedFileURL.path
        let folder = PathText.parent(of: path)
        let name = (path as NSString).lastPathComponent
        guard !name.isEmpty, name != "/", name != ".", name != ".." else {
            throw ReportingError.output(path: shown, reason: "is not a file name")
        }
        try FileSystem.makeFolders(PathText.parent(of: shown))
        if let kind = FileSystem.kind(path), kind != S_IFREG {
            throw ReportingError.output(path: shown, reason: kind == S_IFDIR ? "is a folder, not a file" : "is not a regular file")
        }
        let prefix = ".\(name).tmp-"
        for entry in FileSystem.entries(folder) {
            guard let pid = FileSystem.owner(of: entry, prefix: prefix), !FileSystem.isAlive(pid) else { continue }
            FileSystem.removeTree(folder + "/" + entry)
        }
        let temporary = folder + "/" + prefix + "\(getpid())"
        FileSystem.removeTree(temporary)
        try FileSystem.writeSynced(to: temporary, streaming: produce)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileSystem.error(code, path: shown, doing: "cannot replace")
        }
        try FileSystem.syncFolder(folder)
    }
}

import Foundation

/// Writes files so that a reader sees either the old content or the whole new content, never a part.
///
/// The bytes go to `.<name>.tmp-<pid>` in the destination folder (same file system) and are fsync'd; the file is
/// then renamed over the destination (`rename(2)` is atomic on POSIX file systems) and the folder fsync'd.
/// Temporary files that a killed process left beside the destination are removed first (only those whose
/// process is dead). Whole report folders use ``ReportFiles/write(to:)`` instead.
public enum AtomicFile {
    /// Writes `text` as UTF-8 to `url`, creating the parent folder when needed.
    ///
    /// - Throws: ``ReportingError`` naming the file when any step fails; the temporary file is removed and the
    ///   previous file, if any, is intact.
    public static func write(_ text: String, to url: URL) throws(ReportingError) {
        try write(Data(text.utf8), to: url)
    }

    /// Writes `data` to `url` atomically, creating the parent folder when needed.
    ///
    /// The destination must be a regular file or missing: a folder, a device (`/dev/null`) or a FIFO is refused
    /// with ``ReportingError/output(path:reason:)``.
    public static func write(_ data: Data, to url: URL) throws(ReportingError) {
        let shown = url.relativePath
        let path = url.standardizedFileURL.path
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        guard !name.isEmpty, name != "/", name != ".", name != ".." else {
            throw .output(path: shown, reason: "is not a file name")
        }
        try FileSystem.makeFolders((shown as NSString).deletingLastPathComponent)
        if let kind = FileSystem.kind(path), kind != S_IFREG {
            throw .output(path: shown, reason: kind == S_IFDIR ? "is a folder, not a file" : "is not a regular file")
        }
        let prefix = ".\(name).tmp-"
        for entry in FileSystem.entries(folder) {
            guard let pid = FileSystem.owner(of: entry, prefix: prefix), !FileSystem.isAlive(pid) else { continue }
            FileSystem.removeTree(folder + "/" + entry)
        }
        let temporary = folder + "/" + prefix + "\(getpid())"
        FileSystem.removeTree(temporary)
        try FileSystem.writeSynced(data, to: temporary)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileSystem.error(code, path: shown, doing: "cannot replace")
        }
        try FileSystem.syncFolder(folder)
    }
}

import Foundation

/// Writes files so that a reader sees either the old content or the whole new content, never a part.
///
/// The bytes go to a temporary file in the destination folder (same file system), which is then renamed over
/// the destination; `rename(2)` is atomic on POSIX file systems.
public enum AtomicFile {
    /// Writes `text` as UTF-8 to `url`, creating the parent folder when needed.
    ///
    /// - Throws: ``ReportingError/write(path:reason:)`` naming the file when any step fails; the temporary file
    ///   is removed.
    public static func write(_ text: String, to url: URL) throws(ReportingError) {
        try write(Data(text.utf8), to: url)
    }

    /// Writes `data` to `url` atomically, creating the parent folder when needed.
    public static func write(_ data: Data, to url: URL) throws(ReportingError) {
        let folder = url.deletingLastPathComponent()
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .write(path: folder.path, reason: "cannot create folder: \(error.localizedDescription)")
        }
        let process = ProcessInfo.processInfo.processIdentifier
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(process)")
        do {
            try data.write(to: temporary)
        } catch {
            try? manager.removeItem(at: temporary)
            throw .write(path: url.path, reason: error.localizedDescription)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(at: temporary)
            throw .write(path: url.path, reason: reason)
        }
    }
}

import Foundation

/// The POSIX calls the report writers need, each turning a failure into a ``ReportingError`` in plain words.
///
/// Foundation's file APIs report failures as `NSCocoaErrorDomain` codes (512 for "a file is in the way"); these
/// wrappers call the system directly and name the path and the system's own words (`strerror`) instead.
enum FileSystem {
    /// The error for a failed system call on `path`: disk-level failures (no space, quota, I/O, file too large)
    /// are ``ReportingError/write(path:reason:)``, everything else (permission, a file where a folder should be,
    /// a name too long, a read-only file system) is ``ReportingError/output(path:reason:)``.
    static func error(_ code: Int32, path: String, doing action: String) -> ReportingError {
        let words = String(cString: strerror(code))
        let reason = "\(action): \(words)"
        switch code {
        case ENOSPC, EDQUOT, EIO, EFBIG: return .write(path: path, reason: reason)
        default: return .output(path: path, reason: reason)
        }
    }

    /// The kind of file at `path` without following a final symbolic link, or nil when nothing is there.
    static func kind(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// Plain words for a file of `kind` found where a folder should be.
    static func notAFolder(_ kind: mode_t) -> String {
        kind == S_IFREG ? "is a file, not a folder" : "is a device or special file, not a folder"
    }

    /// Creates `path` and every missing folder above it.
    ///
    /// - Throws: ``ReportingError/output(path:reason:)`` naming the first component that is a file (or device)
    ///   rather than a folder, or the system's reason.
    static func makeFolders(_ path: String) throws(ReportingError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += prefix.isEmpty || prefix.hasSuffix("/") ? String(component) : "/" + component
            if component == "." || component == ".." { continue }
            if mkdir(prefix, 0o755) == 0 { continue }
            let code = errno
            var info = stat()
            if stat(prefix, &info) == 0 {
                if info.st_mode & S_IFMT == S_IFDIR { continue }
                throw .output(path: prefix, reason: notAFolder(info.st_mode & S_IFMT))
            }
            throw error(code, path: prefix, doing: "cannot create folder")
        }
    }

    /// Writes `data` to a new file at `path` (which must not exist) and forces it to the disk (`fsync`).
    static func writeSynced(_ data: Data, to path: String) throws(ReportingError) {
        try writeSynced(to: path) { fd in data.withUnsafeBytes { writeAll(fd, $0) } }
    }

    /// Writes a spool's contents to a new file at `path` (which must not exist), chunk by chunk, and syncs it.
    static func writeSynced(_ spool: SpoolFile, to path: String) throws(ReportingError) {
        var readFailure: ReportingError?
        do throws(ReportingError) {
            try writeSynced(to: path) { fd in
                var failure: Int32 = 0
                do throws(ReportingError) {
                    try spool.forEachChunk { (chunk) throws(ReportingError) in
                        if failure == 0 { failure = writeAll(fd, chunk) }
                    }
                } catch {
                    readFailure = error
                    return EIO
                }
                return failure
            }
        } catch {
            throw readFailure ?? error
        }
    }

    /// Creates a new file at `path` (which must not exist), hands `produce` a sink that writes each buffer it is
    /// given to the file, then syncs and closes it; when `produce` or a write fails, the file is removed and the
    /// error rethrown (a write failure as ``ReportingError``).
    static func writeSynced(
        to path: String, streaming produce: (_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        /// A failed write inside `produce`, carried out of it as its `errno`.
        struct WriteFailure: Error { let code: Int32 }
        var thrown: (any Error)?
        do throws(ReportingError) {
            try writeSynced(to: path) { fd in
                do {
                    try produce { buffer in
                        let failure = writeAll(fd, buffer)
                        if failure != 0 { throw WriteFailure(code: failure) }
                    }
                    return 0
                } catch let failure as WriteFailure {
                    return failure.code
                } catch {
                    thrown = error
                    return EIO
                }
            }
        } catch {
            throw thrown ?? error
        }
    }

    /// Writes every byte of `buffer` to `fd`; returns 0 or the `errno` of the failed write.
    private static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < buffer.count {
            let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return 0
    }

    /// Creates `path` (which must not exist), lets `fill` write into its descriptor (returning 0 or an `errno`),
    /// then syncs and closes it; on any failure the file is removed.
    private static func writeSynced(to path: String, _ fill: (Int32) -> Int32) throws(ReportingError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw error(errno, path: path, doing: "cannot create file") }
        var failure = fill(fd)
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(path)
            throw error(failure, path: path, doing: "cannot write")
        }
    }

    /// Forces a folder's entries (creations, renames) to the disk. File systems that cannot sync a folder
    /// (`EINVAL`) are accepted.
    static func syncFolder(_ path: String) throws(ReportingError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw error(errno, path: path, doing: "cannot open folder") }
        defer { close(fd) }
        if fsync(fd) != 0, errno != EINVAL { throw error(errno, path: path, doing: "cannot sync folder") }
    }

    /// Removes a file or a whole folder tree; missing is fine.
    static func removeTree(_ path: String) {
        guard let kind = kind(path) else { return }
        if kind == S_IFDIR {
            try? FileManager.default.removeItem(atPath: path)
        } else {
            unlink(path)
        }
    }

    /// Whether process `pid` exists (a process of another user counts as alive).
    static func isAlive(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }

    /// The process id a temporary name `<prefix><pid>` ends with, or nil when `name` is not of that form.
    static func owner(of name: String, prefix: String) -> Int32? {
        guard name.hasPrefix(prefix) else { return nil }
        let digits = name.dropFirst(prefix.count)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int32(digits)
    }

    /// The entries of a folder (empty when unreadable).
    static func entries(_ path: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    }
}

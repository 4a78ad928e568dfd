import Foundation

/// The one way input files are opened: only regular files, never blocking.
///
/// A FIFO, a socket, a device or a folder given where a file is expected is refused at once: the file is
/// opened with `O_NONBLOCK` (so opening a FIFO with no writer does not wait), checked with `fstat`, and only a
/// regular file is read (blocking mode restored, which regular files ignore anyway).
package enum InputFile {
    /// Opens `path` and returns a descriptor of a regular file.
    ///
    /// - Parameter shown: The path as the user gave it, for messages.
    /// - Throws: ``InputError`` of kind `.missingFile` (exit 66) for a missing, unreadable or non-regular file.
    package static func open(_ path: String, shown: String) throws(InputError) -> Int32 {
        let fd = Foundation.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw InputError(.missingFile, file: shown, problem: "no such file" + nearName(path)) }
            throw InputError(.missingFile, file: shown, problem: "cannot be read (\(String(cString: strerror(code))))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw InputError(.missingFile, file: shown, problem: "cannot be read (\(String(cString: strerror(errno))))")
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            close(fd)
            let what =
                switch kind {
                case S_IFDIR: "a folder"
                case S_IFIFO: "a FIFO (named pipe)"
                case S_IFSOCK: "a socket"
                case S_IFCHR, S_IFBLK: "a device"
                default: "not a regular file"
                }
            throw InputError(.missingFile, file: shown, problem: "is \(what), not a file")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// Reads the whole regular file at `path`, refusing files over `limit` bytes before reading them.
    ///
    /// - Parameters:
    ///   - shown: The path as the user gave it, for messages.
    ///   - limit: The largest size accepted, bytes.
    ///   - what: What such files are called in the size message ("scenario files", "part files").
    package static func read(_ path: String, shown: String, limit: Int, what: String) throws(InputError) -> [UInt8] {
        let fd = try open(path, shown: shown)
        defer { close(fd) }
        var info = stat()
        _ = fstat(fd, &info)
        let size = Int(info.st_size)
        guard size <= limit else { throw InputError(file: shown, problem: "is \(size) bytes; \(what) are limited to \(limit) bytes") }
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else {
                    throw InputError(file: shown, problem: "is over \(limit) bytes; \(what) are limited to \(limit) bytes")
                }
                bytes.append(contentsOf: repeatElement(0, count: max(4096, count)))
            }
            let n = bytes.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw InputError(.missingFile, file: shown, problem: "cannot be read (\(String(cString: strerror(errno))))")
            }
            if n == 0 { break }
            count += n
        }
        bytes.removeLast(bytes.count - count)
        guard count <= limit else {
            throw InputError(file: shown, problem: "is over \(limit) bytes; \(what) are limited to \(limit) bytes")
        }
        return bytes
    }

    /// The first `count` bytes of the regular file at `path` (fewer when the file is shorter).
    ///
    /// - Throws: ``InputError`` as ``open(_:shown:)`` does.
    package static func prefix(_ path: String, shown: String, count: Int) throws(InputError) -> [UInt8] {
        let fd = try open(path, shown: shown)
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + filled, count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw InputError(.missingFile, file: shown, problem: "cannot be read (\(String(cString: strerror(errno))))")
            }
            if n == 0 { break }
            filled += n
        }
        return Array(bytes[..<filled])
    }

    /// "; did you mean "Gyroscope.csv"?" when the missing file's folder holds a name one or two slips away (the
    /// same rule as a misspelt key), else "".
    static func nearName(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        guard !names.isEmpty, names.count <= 10_000,
            let near = KeySuggestion.nearest(to: url.lastPathComponent, among: names)
        else { return "" }
        return "; did you mean \"\(near)\"?"
    }
}

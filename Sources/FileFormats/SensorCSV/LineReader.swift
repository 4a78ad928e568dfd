import Foundation

/// Reads a text file line by line through one fixed-size buffer: O(1) memory whatever the file's length.
///
/// Lines end with LF, CRLF or a lone CR (each counts as one line end, so line numbers agree whichever a file uses). The current line is kept in a reused byte array (its capacity
/// grows to the longest line once and is then reused), NUL-terminated so `strtod` can parse fields in place.
/// A line longer than ``maximumLineBytes`` is refused rather than buffered.
final class LineReader {
    /// The longest line accepted, bytes.
    static let maximumLineBytes = 1 << 16

    let path: String
    /// 1-based number of the line last returned by ``next()``.
    private(set) var lineNumber = 0
    /// The current line without its terminator, followed by one NUL byte.
    private(set) var line: [UInt8] = []
    /// The open file, or nil when reading bytes already in memory (an extracted zip entry).
    private let file: UnsafeMutablePointer<FILE>?
    private var chunk: [UInt8]
    private var chunkStart = 0
    private var chunkEnd = 0
    private var atEnd = false
    /// Bytes read from the file so far (whole chunks), for progress.
    private(set) var bytesRead = 0
    /// The last line ended with CR: an LF right after it is the same line end (CRLF), not an empty line.
    private var skipLineFeed = false

    /// Opens `path` for reading.
    ///
    /// - Throws: ``InputError`` of kind `.missingFile` when it cannot be opened.
    init(path: String, chunkBytes: Int = 1 << 20) throws(InputError) {
        // A "Scenarios/…" path from a report or the docs also opens from outside the checkout.
        let fd = try InputFile.open(InputPaths.resolve(path), shown: path)
        guard let file = fdopen(fd, "rb") else {
            close(fd)
            throw InputError(.missingFile, file: path, problem: "cannot be opened (\(String(cString: strerror(errno))))")
        }
        self.path = path
        self.file = file
        chunk = [UInt8](repeating: 0, count: max(chunkBytes, 16))
        line.reserveCapacity(256)
    }

    /// Reads lines from bytes in memory (an extracted zip entry); `path` is the name shown in errors.
    init(bytes: [UInt8], path: String) {
        self.path = path
        file = nil
        chunk = bytes
        chunkEnd = bytes.count
        atEnd = true
        line.reserveCapacity(256)
    }

    deinit { if let file { fclose(file) } }

    /// The number of bytes of the current line (without the NUL).
    var length: Int { line.count - 1 }

    /// Advances to the next line.
    ///
    /// - Returns: `false` at the end of the file.
    /// - Throws: ``InputError`` for an over-long line or a read error.
    func next() throws(InputError) -> Bool {
        line.removeAll(keepingCapacity: true)
        var terminated = false
        while true {
            if chunkStart == chunkEnd {
                if atEnd { break }
                guard let file else { break }
                let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
                if count == 0 {
                    if ferror(file) != 0 { throw InputError(file: path, line: lineNumber + 1, problem: "read error") }
                    atEnd = true
                    break
                }
                chunkStart = 0
                chunkEnd = count
                bytesRead += count
            }
            if skipLineFeed {
                skipLineFeed = false
                if chunk[chunkStart] == 0x0A {
                    chunkStart += 1
                    continue
                }
            }
            var newline = -1
            chunk.withUnsafeBufferPointer { bytes in
                for i in chunkStart..<chunkEnd where bytes[i] == 0x0A || bytes[i] == 0x0D {
                    newline = i
                    break
                }
            }
            let end = newline >= 0 ? newline : chunkEnd
            line.append(contentsOf: chunk[chunkStart..<end])
            guard line.count <= Self.maximumLineBytes else {
                throw InputError(file: path, line: lineNumber + 1, problem: "line longer than \(Self.maximumLineBytes) bytes")
            }
            if newline >= 0 {
                skipLineFeed = chunk[newline] == 0x0D
                chunkStart = newline + 1
                terminated = true
                break
            }
            chunkStart = chunkEnd
        }
        // At the end of the file with nothing read: no more lines (a final line without LF still counts).
        if !terminated && line.isEmpty { return false }
        line.append(0)
        lineNumber += 1
        return true
    }

    /// The current line as text (for headers and messages; not for the per-sample path).
    var text: String { String(decoding: line.dropLast(), as: UTF8.self) }
}

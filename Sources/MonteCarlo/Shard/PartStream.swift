import Checksum
import FileFormats
import Foundation
import Reporting

// MARK: - Writing as records arrive

extension PartFile {
    /// The header's lines, as ``render()`` and ``write(to:program:header:shard:trials:columns:records:)`` write them.
    static func headerLines(program: String, header h: PartHeader, shard: ShardSpec, trials: Range<Int>, columns: String) -> [String] {
        var lines = [
            "sensorbench-part \(PartFile.formatVersion)",
            "program \(program)",
            "study \(h.study)",
            "source \(h.source)",
            "name \(h.name)",
            "content-hash \(h.contentHash)",
            "seed \(h.seed)",
            "trials-per-cell \(h.trialsPerCell.map(String.init) ?? "-")",
            "files \(h.files.count)",
        ]
        lines += h.files.map { "file \($0)" }
        lines += [
            "total-trials \(h.totalTrials)",
            "shard \(shard)",
            "trials \(trials.lowerBound) \(trials.upperBound)",
            "columns \(columns)",
        ]
        return lines
    }

    /// Bytes gathered before they are hashed and handed to the file.
    static let writeChunkBytes = 1 << 20

    /// Writes a part file to `url` as its records arrive: the header, every record `produce` hands to its sink (in
    /// index order), the `end` line and the checksum, computed as the bytes pass. The bytes are those of
    /// ``render()`` for the same records; they go to a temporary file beside `url` that replaces it only when
    /// `produce` has returned (``AtomicFile/write(to:streaming:)``), so a failed or killed shard leaves no part.
    ///
    /// - Returns: the number of records written.
    /// - Throws: whatever `produce` throws, or ``ReportingError`` when the file cannot be written.
    @discardableResult
    package static func write(
        to url: URL, program: String, header: PartHeader, shard: ShardSpec, trials: Range<Int>, columns: String,
        records produce: (_ sink: (String) throws -> Void) throws -> Void
    ) throws -> Int {
        var count = 0
        func stream(_ write: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
            var hash = SHA256()
            var pending: [UInt8] = []
            pending.reserveCapacity(writeChunkBytes + 4096)
            func flush() throws {
                hash.update(pending)
                try pending.withUnsafeBytes { try write($0) }
                pending.removeAll(keepingCapacity: true)
            }
            func line(_ text: String) throws {
                pending.append(contentsOf: text.utf8)
                pending.append(10)
                if pending.count >= writeChunkBytes { try flush() }
            }
            for text in headerLines(program: program, header: header, shard: shard, trials: trials, columns: columns) {
                try line(text)
            }
            try produce { record in
                try line(record)
                count += 1
            }
            try line("end \(count)")
            try flush()
            let seal = Array("\(PartChecksum.key) \(hash.hexDigest)\n".utf8)
            try seal.withUnsafeBytes { try write($0) }
        }
        try AtomicFile.write(to: url) { write in
            // `produce` and `write` are both non-escaping; neither keeps the other.
            try withoutActuallyEscaping(write) { write in try stream(write) }
        }
        return count
    }
}

// MARK: - Reading line by line

/// The lines of an open file, read through one buffer that grows only to the longest line.
struct PartLineReader {
    private let fd: Int32
    private let shown: String
    private let limit: Int
    private var buffer: [UInt8]
    /// Bytes read so far.
    private(set) var bytesRead = 0

    init(fd: Int32, shown: String, limit: Int, chunkBytes: Int = 1 << 20) {
        self.fd = fd
        self.shown = shown
        self.limit = limit
        self.buffer = [UInt8](repeating: 0, count: chunkBytes)
    }

    /// Hands every line to `body` without its newline, with whether a newline ended it (only the last piece of a
    /// file can lack one), in file order.
    ///
    /// - Throws: ``InputError`` when the file cannot be read or grows past `limit` bytes, or what `body` throws.
    mutating func forEachLine(_ body: (UnsafeBufferPointer<UInt8>, _ terminated: Bool) throws -> Void) throws {
        var start = 0
        var end = 0
        var atEnd = false
        while true {
            // Every complete line in the buffer.
            try buffer.withUnsafeBufferPointer { all in
                let base = all.baseAddress!
                while start < end, let hit = memchr(base + start, 10, end - start) {
                    let i = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
                    try body(UnsafeBufferPointer(start: base + start, count: i - start), true)
                    start = i + 1
                }
            }
            if atEnd {
                if start < end {
                    try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end]), false) }
                }
                return
            }
            // Keep the unfinished line at the front and read more behind it.
            if start > 0 {
                buffer.withUnsafeMutableBufferPointer { b in
                    b.baseAddress!.update(from: b.baseAddress! + start, count: end - start)
                }
                end -= start
                start = 0
            }
            if end == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
            let n = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + end, $0.count - end) }
            if n < 0 {
                if errno == EINTR { continue }
                throw InputError(.missingFile, file: shown, problem: "cannot be read (\(String(cString: strerror(errno))))")
            }
            if n == 0 {
                atEnd = true
                continue
            }
            end += n
            bytesRead += n
            guard bytesRead <= limit else {
                throw InputError(file: shown, problem: "is over \(limit) bytes; part files are limited to \(limit) bytes")
            }
        }
    }
}

// MARK: - Checking a part without keeping its records

extension PartFile {
    /// What a first pass over a part file found: the header (``records`` left empty) and where the records are.
    package struct Scan: Sendable {
        package let path: String
        /// The part with `records` empty.
        package let part: PartFile
        /// Records in the file (the header's trial count: the scan refuses any other).
        package let recordCount: Int
        /// Line number (1-based) of the first record.
        package var firstRecordLine: Int { part.firstRecordLine }
        /// The checksum the file ends with.
        let digest: String
    }

    /// Opens a part file, refusing a missing or non-regular file and one over ``maximumFileBytes``.
    private static func openPart(_ path: String) throws(InputError) -> Int32 {
        let fd = try InputFile.open(path, shown: path)
        var info = stat()
        _ = fstat(fd, &info)
        let size = Int(info.st_size)
        guard size <= maximumFileBytes else {
            close(fd)
            throw InputError(file: path, problem: "is \(size) bytes; part files are limited to \(maximumFileBytes) bytes")
        }
        return fd
    }

    /// The first up to 64 bytes of the file.
    private static func leadingBytes(_ fd: Int32, path: String) throws(InputError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 64)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + count, $0.count - count, off_t(count)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw InputError(.missingFile, file: path, problem: "cannot be read (\(String(cString: strerror(errno))))")
            }
            if n == 0 { break }
            count += n
        }
        return Array(bytes.prefix(count))
    }

    /// Checks a part file in one streaming pass, keeping only its header: the format version (first line), the
    /// checksum (last line), UTF-8, every header line, the `end` line and the record count, with the same
    /// checks, order and messages as ``read(path:)``. Memory does not grow with the records.
    ///
    /// - Throws: ``InputError`` naming the file (and line) of the first problem.
    package static func scan(path: String) throws -> Scan {
        let fd = try openPart(path)
        defer { close(fd) }
        let firstLine = String(decoding: try leadingBytes(fd, path: path).split(separator: 10, maxSplits: 1).first ?? [], as: UTF8.self)
        let versionKey = "sensorbench-part "
        guard firstLine.hasPrefix(versionKey) else {
            throw InputError(file: path, line: 1, field: "sensorbench-part", problem: "expected the 'sensorbench-part' line")
        }
        let version = firstLine.dropFirst(versionKey.count)
        guard version == String(formatVersion) else {
            throw InputError(
                file: path, line: 1, field: "sensorbench-part",
                problem: "format version \(version) is not \(formatVersion); rerun the shards with this sensorbench")
        }
        var reader = PartLineReader(fd: fd, shown: path, limit: maximumFileBytes)
        var hash = SHA256()
        var held: [UInt8] = []  // the latest line: hashed once a line follows it (the last one is the checksum)
        var holding = false
        var unterminated = false
        var newlines = 0
        var valid = true
        var header: [String] = []
        var needed = 9  // header lines kept: up to `files`, then as many as it announces (see below)
        var bodyLast: [UInt8] = []  // the last line before the checksum line: the `end` line
        try reader.forEachLine { line, terminated in
            guard terminated else {
                unterminated = true
                return
            }
            if holding {
                // `held` is a body line: every line but the last one.
                hash.update(held)
                hash.update(CollectionOfOne(UInt8(10)))
                if valid && !(held.allSatisfy { $0 < 0x80 } || String(validating: held, as: UTF8.self) != nil) { valid = false }
                let i = newlines - 1
                if i < needed {
                    let text = String(decoding: held, as: UTF8.self)
                    header.append(text)
                    if i == 8, text.hasPrefix("files "), let files = Int(text.dropFirst(6)), files >= 0, files <= Int.max - 13 {
                        needed = 13 + files
                    } else if i >= 9, i < needed - 4, !text.hasPrefix("file ") {
                        // Parsing stops at this line (a `file` line was expected): nothing after it is read.
                        needed = i + 1
                    }
                }
                swap(&bodyLast, &held)
            }
            held.removeAll(keepingCapacity: true)
            held.append(contentsOf: line)
            holding = true
            newlines += 1
        }
        // The checksum line (as PartChecksum.verify checks it).
        guard !unterminated, holding else {
            throw InputError(
                file: path, line: newlines + 1, field: "end", problem: "missing: the file is truncated (was the shard killed?)")
        }
        let last = String(decoding: held, as: UTF8.self)
        let prefix = PartChecksum.key + " "
        guard last.hasPrefix(prefix), last.utf8.count == prefix.utf8.count + 64 else {
            throw InputError(file: path, line: newlines, field: "end", problem: "missing: the file is truncated (was the shard killed?)")
        }
        let digest = String(last.dropFirst(prefix.count))
        guard digest == hash.hexDigest else { throw PartChecksum.mismatch(file: path, line: newlines) }
        guard valid else { throw InputError(file: path, problem: "is not UTF-8 text") }
        let lineCount = newlines - 1  // the body's lines
        let parsed = try parseHeader(path: path, lineCount: lineCount) { header[$0] }
        let n = parsed.lines
        guard n < lineCount, bodyLast.starts(with: "end ".utf8),
            let end = Int(String(decoding: bodyLast.dropFirst(4), as: UTF8.self))
        else {
            throw InputError(file: path, line: lineCount, field: "end", problem: "missing: the file is truncated (was the shard killed?)")
        }
        let records = lineCount - n - 1
        guard end == records, end == parsed.part.trials.count else {
            throw InputError(
                file: path, line: lineCount, field: "end",
                problem: "the file holds \(records) records, its header promises \(parsed.part.trials.count)")
        }
        return Scan(path: path, part: parsed.part, recordCount: records, digest: digest)
    }

    /// Reads the header from lines `0..<lineCount` (`line(i)` gives line i; the parse reads them in order and
    /// stops at the first bad one).
    ///
    /// - Returns: the part (no records) and the number of header lines.
    static func parseHeader(path: String, lineCount: Int, line: (Int) -> String) throws(InputError) -> (part: PartFile, lines: Int) {
        var n = 0
        func next(_ key: String) throws(InputError) -> String {
            guard n < lineCount else {
                throw InputError(file: path, line: n + 1, field: key, problem: "missing: the file is truncated")
            }
            let text = line(n)
            guard text.hasPrefix(key + " ") else {
                throw InputError(file: path, line: n + 1, field: key, problem: "expected the '\(key)' line")
            }
            n += 1
            return String(text.dropFirst(key.count + 1))
        }
        func bad(_ key: String, _ problem: String) -> InputError { InputError(file: path, line: n, field: key, problem: problem) }
        let version = try next("sensorbench-part")
        guard version == String(formatVersion) else { throw bad("sensorbench-part", "format version \(version) is not \(formatVersion)") }
        let program = try next("program")
        let study = try next("study")
        let source = try next("source")
        let name = try next("name")
        let hash = try next("content-hash")
        guard let seed = UInt64(try next("seed")) else { throw bad("seed", "not a whole number") }
        let perCellText = try next("trials-per-cell")
        let perCell = Int(perCellText)
        guard perCellText == "-" || (perCell ?? 0) >= 1 else { throw bad("trials-per-cell", "not a positive whole number or '-'") }
        guard let count = Int(try next("files")), count >= 0, count <= lineCount else { throw bad("files", "not a valid count") }
        var files: [String] = []
        for _ in 0..<count { files.append(try next("file")) }
        guard let total = Int(try next("total-trials")), total >= 0 else { throw bad("total-trials", "not a whole number") }
        let shard: ShardSpec
        do { shard = try ShardSpec.parsePartLine(try next("shard")) } catch { throw bad("shard", error.problem) }
        let bounds = try next("trials").split(separator: " ").compactMap { Int($0) }
        guard bounds.count == 2, bounds[0] <= bounds[1], bounds[1] <= total else { throw bad("trials", "not a valid trial range") }
        let trials = bounds[0]..<bounds[1]
        guard trials == shard.range(total: total) else { throw bad("trials", "does not match shard \(shard) of \(total) trials") }
        let columns = try next("columns")
        let header = PartHeader(
            study: study, source: source, name: name, contentHash: hash, seed: seed, trialsPerCell: perCell, files: files,
            totalTrials: total)
        return (PartFile(program: program, header: header, shard: shard, trials: trials, columns: columns, records: []), n)
    }

    /// Streams the records of a part that ``scan(path:)`` accepted, in file order, each with its file and line,
    /// hashing the file again as it goes: a file that changed since the scan (another length, another digest) is
    /// refused after its last record with the checksum error, so the caller must not write anything before every
    /// part has been streamed.
    ///
    /// - Throws: ``InputError`` for an unreadable or changed file, or what `body` throws.
    package static func forEachRecord(_ scan: Scan, _ body: (PartRecord) throws -> Void) throws {
        let path = scan.path
        let fd = try openPart(path)
        defer { close(fd) }
        var reader = PartLineReader(fd: fd, shown: path, limit: maximumFileBytes)
        var hash = SHA256()
        let first = scan.firstRecordLine - 1  // 0-based index of the first record line
        let end = first + scan.recordCount  // the `end` line
        var i = 0
        var last = ""
        var changed = false
        try reader.forEachLine { line, terminated in
            defer { i += 1 }
            guard terminated, i <= end + 1 else {
                changed = true
                return
            }
            if i == end + 1 {
                last = String(decoding: line, as: UTF8.self)
                return
            }
            hash.update(line)
            hash.update(CollectionOfOne(UInt8(10)))
            if i >= first && i < end {
                try body(PartRecord(file: path, line: i + 1, text: String(decoding: line, as: UTF8.self)))
            }
        }
        guard !changed, i == end + 2, last == PartChecksum.key + " " + scan.digest, hash.hexDigest == scan.digest else {
            throw PartChecksum.mismatch(file: path, line: max(i, 1))
        }
    }
}

internal import CZlib
import Foundation

/// A zip archive read from its central directory (PKWARE APPNOTE 6.3, §4.3), entries inflated with zlib.
///
/// Supported: stored (method 0) and deflated (method 8) entries of a single-disk archive. Refused with one line
/// naming the archive: zip64 archives, encrypted entries, other compression methods, multi-disk archives, entry
/// names that leave the archive (absolute, a drive letter, `..`), and anything past the size limits (an archive
/// over ``maximumArchiveBytes``, an entry declaring more than ``maximumEntryBytes``, or one inflating past its
/// declared size — a zip bomb stops there). Every extracted entry
/// is checked against the CRC-32 of its central-directory record.
struct ZipArchive {
    /// The largest archive read, bytes.
    static let maximumArchiveBytes = 64 << 20
    /// The largest uncompressed entry extracted, bytes.
    static let maximumEntryBytes = 64 << 20
    /// The most entries listed.
    static let maximumEntries = 10_000

    /// One central-directory record.
    struct Entry: Equatable {
        let name: String
        let method: UInt16
        let crc32: UInt32
        let compressedBytes: Int
        let uncompressedBytes: Int
        let localHeaderOffset: Int
        /// The central record's external attributes (APPNOTE §4.4.15; a Unix archiver keeps the file mode in the
        /// high 16 bits, so a symbolic link shows as `S_IFLNK`).
        var externalAttributes: UInt32 = 0
    }

    let path: String
    let entries: [Entry]
    private let bytes: [UInt8]

    /// Whether the file starts with a zip local-header signature ("PK\u{3}\u{4}").
    static func looksLikeZip(path: String) -> Bool {
        // Through InputFile, so a FIFO is not waited on here; the reader that follows names what it is.
        guard let fd = try? InputFile.open(path, shown: path) else { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 4)
        let n = head.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, 4) }
        return n == 4 && head == [0x50, 0x4B, 0x03, 0x04]
    }

    /// Opens an archive and lists its entries.
    ///
    /// - Throws: ``InputError``: 66 for a missing file; 65 for a damaged, oversized, zip64 or multi-disk archive.
    init(path: String) throws(InputError) {
        self.path = path
        bytes = try InputFile.read(path, shown: path, limit: Self.maximumArchiveBytes, what: "zip archives")
        entries = try Self.centralDirectory(bytes, path: path)
    }

    /// The entry with this exact name (folders included, e.g. "meta/device.csv").
    func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    /// The uncompressed bytes of an entry, CRC-checked.
    ///
    /// - Throws: ``InputError`` naming `archive:entry` for an encrypted or unsupported entry, a damaged stream,
    ///   an oversized entry, or a CRC mismatch.
    func extract(_ entry: Entry) throws(InputError) -> [UInt8] {
        let display = "\(path):\(entry.name)"
        func fail(_ problem: String) -> InputError { InputError(file: display, problem: problem) }
        guard entry.uncompressedBytes <= Self.maximumEntryBytes else {
            throw fail("declares \(entry.uncompressedBytes) bytes uncompressed; entries are limited to \(Self.maximumEntryBytes)")
        }
        let o = entry.localHeaderOffset
        guard o + 30 <= bytes.count, Self.u32(bytes, o) == 0x0403_4B50 else { throw fail("local header missing (damaged zip)") }
        let start = o + 30 + Int(Self.u16(bytes, o + 26)) + Int(Self.u16(bytes, o + 28))
        guard start + entry.compressedBytes <= bytes.count else { throw fail("data runs past the end of the archive") }
        var out: [UInt8]
        switch entry.method {
        case 0:
            guard entry.compressedBytes == entry.uncompressedBytes else {
                throw fail("stored entry with different compressed and uncompressed sizes (damaged zip)")
            }
            out = Array(bytes[start..<(start + entry.compressedBytes)])
        case 8:
            out = try inflate(start: start, count: entry.compressedBytes, expected: entry.uncompressedBytes, display: display)
        default:
            throw fail("uses compression method \(entry.method); only stored (0) and deflate (8) are read")
        }
        let crc = out.withUnsafeBufferPointer { b in
            UInt32(truncatingIfNeeded: crc32(0, b.baseAddress, uInt(b.count)))
        }
        guard crc == entry.crc32 else {
            throw fail(String(format: "CRC-32 %08x does not match the directory's %08x (damaged zip)", crc, entry.crc32))
        }
        return out
    }

    /// Inflates a raw deflate stream into exactly `expected` bytes; more output is refused (zip bomb), less too.
    private func inflate(start: Int, count: Int, expected: Int, display: String) throws(InputError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: expected + 1)
        var stream = z_stream()
        guard sb_inflate_init_raw(&stream) == Z_OK else { throw InputError(file: display, problem: "zlib could not start inflating") }
        defer { inflateEnd(&stream) }
        var status: Int32 = Z_OK
        var produced = 0
        bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress! + start)
                stream.avail_in = uInt(count)
                stream.next_out = output.baseAddress
                // One byte of room past the declared size: filling it means the entry lies about its size.
                stream.avail_out = uInt(output.count)
                status = CZlib.inflate(&stream, Z_FINISH)
                produced = output.count - Int(stream.avail_out)
            }
        }
        guard produced <= expected else {
            throw InputError(file: display, problem: "inflates past its declared \(expected) bytes (refused as a zip bomb)")
        }
        guard status == Z_STREAM_END else {
            let reason = stream.msg.map { String(cString: $0) } ?? "status \(status)"
            throw InputError(file: display, problem: "damaged deflate data (zlib: \(reason))")
        }
        guard produced == expected else {
            throw InputError(file: display, problem: "inflates to \(produced) bytes, the directory declares \(expected)")
        }
        out.removeLast()
        return out
    }

    // MARK: - Central directory

    /// Whether an entry name leaves the archive's folder when joined to it (APPNOTE §4.4.17: names are relative,
    /// no drive or leading slash): nothing is extracted to disk, but an entry is chosen by its last component, so
    /// a crafted `../../Gyroscope.csv` is refused rather than read.
    static func escapes(_ name: String) -> Bool {
        if name.hasPrefix("/") || name.hasPrefix("\\") { return true }
        if name.count >= 2, name.dropFirst().first == ":" { return true }
        return name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains("..")
    }

    static func u16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
    static func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }

    /// Finds the end-of-central-directory record (within the last 65 557 bytes: 22 plus the longest comment) and
    /// reads every central-directory record.
    static func centralDirectory(_ b: [UInt8], path: String) throws(InputError) -> [Entry] {
        func fail(_ problem: String) -> InputError { InputError(file: path, problem: problem) }
        guard b.count >= 22 else { throw fail("is not a zip archive (too short)") }
        var eocd = -1
        var i = b.count - 22
        let lowest = max(0, b.count - 22 - 65_535)
        while i >= lowest {
            if u32(b, i) == 0x0605_4B50 {
                eocd = i
                break
            }
            i -= 1
        }
        guard eocd >= 0 else { throw fail("is not a zip archive (no end-of-central-directory record)") }
        if eocd >= 20, u32(b, eocd - 20) == 0x0706_4B50 {
            throw fail("is a zip64 archive, which is not read; re-export it, or unzip it and give the CSV")
        }
        let disk = u16(b, eocd + 4), cdDisk = u16(b, eocd + 6)
        let count = Int(u16(b, eocd + 10))
        let cdSize = Int(u32(b, eocd + 12)), cdOffset = Int(u32(b, eocd + 16))
        if count == 0xFFFF || cdSize == 0xFFFF_FFFF || cdOffset == 0xFFFF_FFFF {
            throw fail("is a zip64 archive, which is not read; re-export it, or unzip it and give the CSV")
        }
        guard disk == 0, cdDisk == 0 else { throw fail("is a multi-disk archive, which is not read") }
        guard count <= maximumEntries else { throw fail("lists \(count) entries, at most \(maximumEntries) are read") }
        guard cdOffset + cdSize <= eocd else { throw fail("central directory runs past its end record (damaged zip)") }
        var entries: [Entry] = []
        var p = cdOffset
        for k in 0..<count {
            guard p + 46 <= eocd, u32(b, p) == 0x0201_4B50 else {
                throw fail("central directory record \(k + 1) is damaged")
            }
            let flags = u16(b, p + 8)
            let nameLength = Int(u16(b, p + 28)), extraLength = Int(u16(b, p + 30)), commentLength = Int(u16(b, p + 32))
            guard p + 46 + nameLength <= eocd else { throw fail("central directory record \(k + 1) is damaged") }
            let name = String(decoding: b[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self)
            if escapes(name) {
                throw fail("entry \"\(name)\" names a path outside the archive (absolute, a drive, or \"..\"), which is not read")
            }
            if flags & 1 != 0 {
                throw fail("entry \"\(name)\" is encrypted, which is not read; export the recording without a password")
            }
            let compressed = u32(b, p + 20), uncompressed = u32(b, p + 24), offset = u32(b, p + 42)
            if compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
                throw fail("entry \"\(name)\" uses zip64 sizes, which are not read")
            }
            entries.append(
                Entry(
                    name: name, method: u16(b, p + 10), crc32: u32(b, p + 16), compressedBytes: Int(compressed),
                    uncompressedBytes: Int(uncompressed), localHeaderOffset: Int(offset),
                    externalAttributes: u32(b, p + 38)))
            p += 46 + nameLength + extraLength + commentLength
        }
        return entries
    }
}

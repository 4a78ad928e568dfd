import Foundation
import Testing

@testable import FileFormats

/// One entry as the archive stores it: `data` is what follows the local header (stored bytes or a raw deflate
/// stream), `size` and `crc` what the directory declares of the uncompressed bytes.
struct ZipTestEntry: Sendable {
    var name: String
    var method: UInt16
    var data: [UInt8]
    var size: Int
    var crc: UInt32
    var flags: UInt16 = 0
}

/// A single-disk zip written byte by byte (PKWARE APPNOTE 6.3: local header §4.3.7, central directory header
/// §4.3.12, end of central directory §4.3.16; little-endian throughout).
func zipBytes(_ entries: [ZipTestEntry], zip64Locator: Bool = false) -> [UInt8] {
    func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    func u32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
    var out: [UInt8] = []
    var directory: [UInt8] = []
    for e in entries {
        let name = Array(e.name.utf8)
        let offset = UInt32(out.count)
        out += u32(0x0403_4B50) + u16(20) + u16(Int(e.flags)) + u16(Int(e.method)) + u16(0) + u16(0)
        out += u32(e.crc) + u32(UInt32(e.data.count)) + u32(UInt32(e.size)) + u16(name.count) + u16(0) + name + e.data
        directory += u32(0x0201_4B50) + u16(20) + u16(20) + u16(Int(e.flags)) + u16(Int(e.method)) + u16(0) + u16(0)
        directory += u32(e.crc) + u32(UInt32(e.data.count)) + u32(UInt32(e.size)) + u16(name.count) + u16(0) + u16(0)
        directory += u16(0) + u16(0) + u32(0) + u32(offset) + name
    }
    let directoryOffset = out.count
    out += directory
    if zip64Locator { out += u32(0x0706_4B50) + u32(0) + u32(0) + u32(0) + u32(1) }
    out += u32(0x0605_4B50) + u16(0) + u16(0) + u16(entries.count) + u16(entries.count)
    out += u32(UInt32(directory.count)) + u32(UInt32(directoryOffset)) + u16(0)
    return out
}

private func writeArchive(_ bytes: [UInt8], _ name: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sb-zip-\(getpid())-\(name)")
    try Data(bytes).write(to: url)
    return url.path
}

/// The zip reader on archives written in the test: entries listed from the central directory, stored and deflated
/// entries extracted and CRC-checked, and every refusal (limits, damage, path escapes) in one line naming the archive.
@Suite struct ZipArchiveTests {
    /// "hello": CRC-32 0x3610A686 (IEEE 802.3; the value zlib's `crc32` and Python's `zlib.crc32(b"hello")` give).
    static let hello = Array("hello".utf8)
    static let helloCRC: UInt32 = 0x3610_A686
    /// "hello" as a raw deflate stream with one fixed-Huffman block (RFC 1951 §3.2.6), as zlib writes it
    /// (`zlib.compressobj(9, DEFLATED, -15)`): BFINAL 1, BTYPE 01, five literals, end of block.
    static let helloDeflated: [UInt8] = [0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00]

    @Test func storedAndDeflatedEntriesAreExtracted() throws {
        let path = try writeArchive(
            zipBytes([
                ZipTestEntry(name: "stored.txt", method: 0, data: Self.hello, size: 5, crc: Self.helloCRC),
                ZipTestEntry(name: "data/deflated.txt", method: 8, data: Self.helloDeflated, size: 5, crc: Self.helloCRC),
            ]), "good.zip")
        #expect(ZipArchive.looksLikeZip(path: path))
        let archive = try ZipArchive(path: path)
        #expect(archive.entries.map(\.name) == ["stored.txt", "data/deflated.txt"])
        #expect(archive.entries.map(\.method) == [0, 8])
        // The first local header is 30 bytes + 10 of name + 5 of data = 45 bytes: the second starts there.
        #expect(archive.entries.map(\.localHeaderOffset) == [0, 45])
        #expect(try archive.extract(try #require(archive.entry(named: "stored.txt"))) == Self.hello)
        #expect(try archive.extract(try #require(archive.entry(named: "data/deflated.txt"))) == Self.hello)
        #expect(archive.entry(named: "deflated.txt") == nil)
    }

    /// Extraction refusals, each naming `archive:entry`.
    @Test(arguments: [
        (
            ZipTestEntry(name: "a", method: 0, data: hello, size: 5, crc: 0x1234_5678),
            "CRC-32 3610a686 does not match the directory's 12345678"
        ),
        (
            ZipTestEntry(name: "a", method: 8, data: helloDeflated, size: 4, crc: helloCRC),
            "inflates past its declared 4 bytes (refused as a zip bomb)"
        ),
        (ZipTestEntry(name: "a", method: 8, data: helloDeflated, size: 6, crc: helloCRC), "inflates to 5 bytes, the directory declares 6"),
        (ZipTestEntry(name: "a", method: 8, data: [0xFF, 0xFF], size: 5, crc: helloCRC), "damaged deflate data"),
        (ZipTestEntry(name: "a", method: 12, data: hello, size: 5, crc: helloCRC), "uses compression method 12"),
        (ZipTestEntry(name: "a", method: 0, data: hello, size: 4, crc: helloCRC), "stored entry with different compressed"),
        (
            ZipTestEntry(name: "a", method: 8, data: helloDeflated, size: ZipArchive.maximumEntryBytes + 1, crc: helloCRC),
            "declares 67108865 bytes uncompressed; entries are limited to 67108864"
        ),
    ])
    func badEntriesAreRefused(entry: ZipTestEntry, problem: String) throws {
        let path = try writeArchive(zipBytes([entry]), "bad-entry-\(problem.count).zip")
        let archive = try ZipArchive(path: path)
        do {
            _ = try archive.extract(archive.entries[0])
            Issue.record("extracted a bad entry")
        } catch {
            #expect(error.file == "\(path):a")
            #expect(error.problem.contains(problem), "\(error)")
            #expect(ExitCode(error) == .dataError)
        }
    }

    /// Names that leave the archive's folder are refused when the directory is read, before any entry is chosen.
    @Test(arguments: ["../Gyroscope.csv", "recording/../../Gyroscope.csv", "/etc/Gyroscope.csv", "C:Gyroscope.csv", "a\\..\\Gyroscope.csv"])
    func pathEscapesAreRefused(name: String) throws {
        let path = try writeArchive(
            zipBytes([ZipTestEntry(name: name, method: 0, data: Self.hello, size: 5, crc: Self.helloCRC)]), "escape-\(name.count).zip")
        #expect(
            throws: InputError(
                file: path,
                problem: "entry \"\(name)\" names a path outside the archive (absolute, a drive, or \"..\"), which is not read")
        ) { try ZipArchive(path: path) }
        // A name with dots that is not "..", and a folder, stay readable.
        #expect(!ZipArchive.escapes("a..b/c.csv") && !ZipArchive.escapes("rec/Gyroscope.csv"))
    }

    /// Archive-level refusals, naming the archive.
    @Test func damagedAndUnsupportedArchivesAreRefused() throws {
        let entry = ZipTestEntry(name: "a", method: 0, data: Self.hello, size: 5, crc: Self.helloCRC)
        let cases: [([UInt8], String)] = [
            (Array(repeating: 0, count: 21), "is not a zip archive (too short)"),
            ([0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 40), "no end-of-central-directory record"),
            (zipBytes([entry], zip64Locator: true), "is a zip64 archive"),
            (
                zipBytes([ZipTestEntry(name: "a", method: 0, data: Self.hello, size: 5, crc: Self.helloCRC, flags: 1)]),
                "entry \"a\" is encrypted"
            ),
        ]
        for (k, (bytes, problem)) in cases.enumerated() {
            let path = try writeArchive(bytes, "bad-archive-\(k).zip")
            do {
                _ = try ZipArchive(path: path)
                Issue.record("accepted: \(problem)")
            } catch {
                #expect(error.file == path && error.problem.contains(problem), "\(error)")
            }
        }
        #expect(throws: InputError(.missingFile, file: "/nonexistent/x.zip", problem: "no such file")) {
            try ZipArchive(path: "/nonexistent/x.zip")
        }
        #expect(ZipArchive.maximumArchiveBytes == 64 << 20 && ZipArchive.maximumEntryBytes == 64 << 20)
    }
}

import Foundation

// MARK: - Zipped student projects written by the tests

/// A minimal zip writer for the tests (stored entries, APPNOTE 6.3 §4.3), so fixtures are made from source text
/// in the test rather than checked in as binary blobs.
enum ProjectZip {
    /// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        }
        return ~c
    }

    /// One entry: a name, its bytes, and the Unix mode kept in the external attributes (0o100644 a file,
    /// 0o120777 a symbolic link whose bytes are its target).
    struct Entry {
        var name: String
        var bytes: [UInt8]
        var mode: UInt32 = 0o100644
    }

    /// The archive's bytes.
    static func bytes(_ entries: [Entry]) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        var out: [UInt8] = []
        var central: [UInt8] = []
        for e in entries {
            let name = Array(e.name.utf8)
            let crc = crc32(e.bytes)
            let offset = UInt32(out.count)
            out +=
                u32(0x0403_4B50) + u16(20) + u16(0) + u16(0) + u16(0) + u16(0) + u32(crc) + u32(UInt32(e.bytes.count))
                + u32(UInt32(e.bytes.count)) + u16(name.count) + u16(0) + name + e.bytes
            // Version made by: 3 (Unix) in the high byte, so the mode in the external attributes is read.
            central +=
                u32(0x0201_4B50) + u16(0x031E) + u16(20) + u16(0) + u16(0) + u16(0) + u16(0) + u32(crc)
                + u32(UInt32(e.bytes.count)) + u32(UInt32(e.bytes.count)) + u16(name.count) + u16(0) + u16(0) + u16(0) + u16(0)
                + u32(e.mode << 16) + u32(offset) + name
        }
        let start = UInt32(out.count)
        out += central
        out +=
            u32(0x0605_4B50) + u16(0) + u16(0) + u16(entries.count) + u16(entries.count) + u32(UInt32(central.count))
            + u32(start) + u16(0)
        return out
    }

    /// Writes `files` (path → text) as a zip at `url`, each path under `prefix` (the folder a Mac's "Compress"
    /// puts the project in).
    static func write(_ files: [String: String], prefix: String, to url: URL, extra: [Entry] = []) throws {
        let entries = files.keys.sorted().map { Entry(name: prefix + $0, bytes: Array(files[$0]!.utf8)) } + extra
        try Data(bytes(entries)).write(to: url)
    }
}

import Checksum
import FileFormats

/// The closing line of every part file: `sha256 <64 hex digits>`, the SHA-256 of every byte before it (header,
/// records and the `end` line).
///
/// Why SHA-256 rather than the FNV-1a of ``ContentHash``: a part file is a megabyte of hex records that a person
/// may open, and a checksum must catch any edit, not only likely accidents. FNV-1a's 64 bits fold bytes with one
/// multiply each, so small, structured edits (a digit swapped in two records) can cancel; SHA-256 gives no
/// known way to find two files with one digest. Neither is keyed: someone who recomputes the digest after an
/// edit is not stopped, and nothing here claims to stop them. It guards against damage, truncation and casual
/// edits, which is what `merge` must refuse.
///
/// Both part formats (``PartFile``, ``GradePartFile``) seal their text with ``seal(_:)`` and check it with
/// ``verify(_:file:)``.
enum PartChecksum {
    static let key = "sha256"

    /// The digest of `bytes` as 64 hex digits.
    static func digest<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hash = SHA256()
        hash.update(bytes)
        return hash.hexDigest
    }

    /// `text` (which ends with a newline) followed by its checksum line.
    static func seal(_ text: String) -> String {
        text + "\(key) \(digest(text.utf8))\n"
    }

    /// Checks the closing checksum line and returns the bytes before it.
    ///
    /// - Throws: ``InputError`` with field `end` when the file ends without a complete checksum line (a shard
    ///   killed while writing, a file cut short), with field `sha256` when the digest does not match.
    static func verify(_ bytes: [UInt8], file: String) throws(InputError) -> ArraySlice<UInt8> {
        let lineCount = bytes.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        let newline = UInt8(ascii: "\n")
        guard bytes.last == newline else {
            throw InputError(
                file: file, line: lineCount + 1, field: "end", problem: "missing: the file is truncated (was the shard killed?)")
        }
        let start = bytes.dropLast().lastIndex(of: newline).map { $0 + 1 } ?? 0
        let last = String(decoding: bytes[start..<(bytes.count - 1)], as: UTF8.self)
        let prefix = key + " "
        guard last.hasPrefix(prefix), last.utf8.count == prefix.utf8.count + 64 else {
            throw InputError(file: file, line: lineCount, field: "end", problem: "missing: the file is truncated (was the shard killed?)")
        }
        let body = bytes[..<start]
        let expected = digest(body)
        guard String(last.dropFirst(prefix.count)) == expected else { throw mismatch(file: file, line: lineCount) }
        return body
    }

    /// The error for a checksum line (at `line`) that does not match the bytes before it.
    static func mismatch(file: String, line: Int) -> InputError {
        InputError(
            file: file, line: line, field: key,
            problem: "the checksum does not match the contents: the part was edited or damaged after its shard "
                + "wrote it; rerun that shard")
    }
}

extension PartFile {
    /// `body` (lines ending with a newline) followed by its checksum line, as a part writer seals its text; for
    /// tools that build part files byte by byte (the part-file fuzz target).
    package static func sealed(_ body: [UInt8]) -> [UInt8] {
        body + Array("\(PartChecksum.key) \(PartChecksum.digest(body))\n".utf8)
    }
}

import FileFormats

/// FNV-1a, 64 bits: a fast, deterministic fingerprint of everything a run read, so that `merge` can refuse parts
/// computed from different content. It guards against mistakes, not against an adversary.
package struct ContentHash: Sendable {
    private var state: UInt64 = 0xCBF2_9CE4_8422_2325

    package init() {}

    package mutating func add(_ text: String) {
        for byte in text.utf8 {
            state ^= UInt64(byte)
            state = state &* 0x0000_0100_0000_01B3
        }
        add(byte: 0x1F)  // field separator, so "ab","c" differs from "a","bc"
    }

    package mutating func add(_ value: Int) { add(String(value)) }

    /// Adds raw bytes, preceded by their count (so the boundary between two files is unambiguous).
    package mutating func add(bytes: [UInt8]) {
        add(bytes.count)
        for byte in bytes { add(byte: byte) }
    }

    /// The one content hash of a run: the bytes of every file it read, in reading order (``InputLog``), then the
    /// seed and trials per cell after the command line's overrides.
    package static func of(_ log: InputLog, seed: UInt64, trialsPerCell: Int?) -> String {
        var h = ContentHash()
        for file in log.files { h.add(bytes: file.bytes) }
        h.add(String(seed))
        h.add(trialsPerCell.map(String.init) ?? "-")
        return h.hex
    }

    private mutating func add(byte: UInt8) {
        state ^= UInt64(byte)
        state = state &* 0x0000_0100_0000_01B3
    }

    /// Sixteen lowercase hex digits.
    package var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

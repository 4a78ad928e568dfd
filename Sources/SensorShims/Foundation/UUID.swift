// MARK: - Foundation-shaped UUID

/// A universally unique identifier, as Foundation's `UUID`. `UUID()` is deterministic here: the n-th made since
/// the stream started is n in its last bytes (version-4 bits set), so reruns are identical; unique within a run.
public struct UUID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 16 bytes.
    public let bytes: [UInt8]

    /// The next identifier of the stream.
    public init() {
        SimulatedDevice.uuidCounter += 1
        var b = [UInt8](repeating: 0, count: 16)
        var n = SimulatedDevice.uuidCounter
        for i in stride(from: 15, through: 8, by: -1) {
            b[i] = UInt8(truncatingIfNeeded: n)
            n >>= 8
        }
        b[6] = 0x40
        b[8] = (b[8] & 0x3F) | 0x80
        bytes = b
    }

    /// Parses `"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"` (hex digits in either case), or nil.
    ///
    /// - Parameter string: the text.
    public init?(uuidString string: String) {
        let groups = string.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return nil }
        var b: [UInt8] = []
        let hex = Array(groups.joined().utf8)
        for i in stride(from: 0, to: hex.count, by: 2) {
            guard let hi = Self.nibble(hex[i]), let lo = Self.nibble(hex[i + 1]) else { return nil }
            b.append(hi << 4 | lo)
        }
        bytes = b
    }

    static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 65...70: return c - 55
        case 97...102: return c - 87
        default: return nil
        }
    }

    /// Upper-case hex in 8-4-4-4-12 groups.
    public var uuidString: String {
        let digits = Array("0123456789ABCDEF")
        var s = ""
        for (i, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(i) { s.append("-") }
            s.append(digits[Int(byte >> 4)])
            s.append(digits[Int(byte & 0xF)])
        }
        return s
    }

    public var description: String { uuidString }

    /// Orders by bytes.
    public static func < (a: UUID, b: UUID) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }
}

/// FNV-1a, 64 bits: a fast, deterministic fingerprint of a scenario's resolved content, so that `merge` can refuse
/// parts computed from a different scenario. It guards against mistakes, not against an adversary.
public struct ContentHash: Sendable {
    private var state: UInt64 = 0xCBF2_9CE4_8422_2325

    public init() {}

    public mutating func add(_ text: String) {
        for byte in text.utf8 {
            state ^= UInt64(byte)
            state = state &* 0x0000_0100_0000_01B3
        }
        add(byte: 0x1F)  // field separator, so "ab","c" differs from "a","bc"
    }

    public mutating func add(_ value: Double) { add(String(value.bitPattern, radix: 16)) }
    public mutating func add(_ value: Int) { add(String(value)) }

    private mutating func add(byte: UInt8) {
        state ^= UInt64(byte)
        state = state &* 0x0000_0100_0000_01B3
    }

    /// Sixteen lowercase hex digits.
    public var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

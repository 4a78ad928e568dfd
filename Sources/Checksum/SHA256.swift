/// SHA-256 (FIPS 180-4, §6.2) of a byte stream, written out so the package needs no crypto library.
///
/// The one implementation of the package: the part files' checksum line (MonteCarlo) and the compile cache's keys
/// (SourceSubmissions). A team controls its files, so a cache key must resist a deliberate collision (FNV-1a would
/// not): two submissions share a compiled harness only when their contents are the same. Standard library only.
package struct SHA256: Sendable {
    // MARK: - Constants (FIPS 180-4 §4.2.2, §5.3.3)

    /// K: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// H⁽⁰⁾: the first 32 bits of the fractional parts of the square roots of the first 8 primes.
    private static let initial: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    // MARK: - State

    private var state = SHA256.initial
    /// Bytes of an incomplete 64-byte block.
    private var pending: [UInt8] = []
    /// Message length so far, bytes.
    private var length: UInt64 = 0

    package init() { pending.reserveCapacity(64) }

    // MARK: - Hashing

    /// Adds bytes to the message.
    ///
    /// - Parameter bytes: the next bytes.
    @inlinable
    package mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(buffer: $0) }
        if done == nil { Array(bytes).withUnsafeBufferPointer { update(buffer: $0) } }
    }

    /// Adds a string's UTF-8 bytes, preceded by its length and a colon, so that ("ab", "c") and ("a", "bc") differ.
    ///
    /// - Parameter field: the text.
    package mutating func update(field: String) {
        update(String(field.utf8.count).utf8)
        update(CollectionOfOne(UInt8(ascii: ":")))
        update(field.utf8)
    }

    /// Fills the pending block first, then compresses whole 64-byte blocks straight from `buffer`.
    @usableFromInline
    mutating func update(buffer: UnsafeBufferPointer<UInt8>) {
        length &+= UInt64(buffer.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, buffer.count)
            pending += buffer[0..<take]
            offset = take
            if pending.count == 64 {
                pending.withUnsafeBufferPointer { compress(UnsafeBufferPointer(rebasing: $0[0..<64])) }
                pending.removeAll(keepingCapacity: true)
            }
        }
        while buffer.count - offset >= 64 {
            compress(UnsafeBufferPointer(rebasing: buffer[offset..<(offset + 64)]))
            offset += 64
        }
        if offset < buffer.count { pending += buffer[offset...] }
    }

    /// The digest of the message so far as 64 lowercase hexadecimal digits (padding per FIPS 180-4 §5.1.1); the
    /// hash can still be updated afterwards.
    package var hexDigest: String {
        var copy = self
        let bits = copy.length &* 8
        copy.pending.append(0x80)
        if copy.pending.count > 56 {
            copy.pending += [UInt8](repeating: 0, count: 64 - copy.pending.count)
            copy.pending.withUnsafeBufferPointer { copy.compress($0) }
            copy.pending.removeAll(keepingCapacity: true)
        }
        copy.pending += [UInt8](repeating: 0, count: 56 - copy.pending.count)
        for shift in stride(from: 56, through: 0, by: -8) { copy.pending.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        copy.pending.withUnsafeBufferPointer { copy.compress($0) }
        return copy.state.map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 8 - digits.count) + digits
        }.joined()
    }

    // MARK: - Compression (FIPS 180-4 §6.2.2)

    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

    /// One 64-byte block.
    private mutating func compress(_ block: UnsafeBufferPointer<UInt8>) {
        let k = Self.k
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for t in 0..<16 {
                w[t] =
                    UInt32(block[4 * t]) << 24 | UInt32(block[4 * t + 1]) << 16 | UInt32(block[4 * t + 2]) << 8
                    | UInt32(block[4 * t + 3])
            }
            for t in 16..<64 {
                let s0 = Self.rotr(w[t - 15], 7) ^ Self.rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
                let s1 = Self.rotr(w[t - 2], 17) ^ Self.rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
            for t in 0..<64 {
                let sum1 = Self.rotr(e, 6) ^ Self.rotr(e, 11) ^ Self.rotr(e, 25)
                let choice = (e & f) ^ (~e & g)
                let t1 = h &+ sum1 &+ choice &+ k[t] &+ w[t]
                let sum0 = Self.rotr(a, 2) ^ Self.rotr(a, 13) ^ Self.rotr(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let t2 = sum0 &+ majority
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            state[0] = state[0] &+ a
            state[1] = state[1] &+ b
            state[2] = state[2] &+ c
            state[3] = state[3] &+ d
            state[4] = state[4] &+ e
            state[5] = state[5] &+ f
            state[6] = state[6] &+ g
            state[7] = state[7] &+ h
        }
    }
}

/// SHA-256 (FIPS 180-4), written out so the part files' checksum needs no library.
///
/// The round constants are computed, not typed in: K_t is the first 32 bits of the fractional part of the cube
/// root of the t-th prime and H⁽⁰⁾ those of the square roots of the first eight primes (FIPS 180-4 §4.2.2,
/// §5.3.3), i.e. ⌊∛p · 2³²⌋ mod 2³² = ⌊∛(p · 2⁹⁶)⌋ mod 2³², found exactly with integer roots in `UInt128`.
struct SHA256 {
    private static let primes: [UInt128] = {
        var found: [UInt128] = []
        var n: UInt128 = 2
        while found.count < 64 {
            if !found.contains(where: { $0 * $0 <= n && n % $0 == 0 }) { found.append(n) }
            n += 1
        }
        return found
    }()

    /// ⌊x^(1/k)⌋ for k = 2 or 3, by bisection on exact integers.
    private static func integerRoot(_ x: UInt128, _ k: Int) -> UInt128 {
        var low: UInt128 = 0
        var high: UInt128 = 1 << 40
        while low < high {
            let mid = (low + high + 1) / 2
            var power: UInt128 = 1
            for _ in 0..<k { power *= mid }
            if power <= x { low = mid } else { high = mid - 1 }
        }
        return low
    }

    private static let k: [UInt32] = primes.map { UInt32(truncatingIfNeeded: integerRoot($0 << 96, 3)) }
    private static let initial: [UInt32] = primes.prefix(8).map { UInt32(truncatingIfNeeded: integerRoot($0 << 64, 2)) }

    private var state = SHA256.initial
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    init() { pending.reserveCapacity(64) }

    mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(buffer: $0) }
        if done == nil { update(buffer: Array(bytes)) }
    }

    private mutating func update(buffer: [UInt8]) {
        buffer.withUnsafeBufferPointer { update(buffer: $0) }
    }

    /// Fills the pending block first, then compresses whole 64-byte blocks straight from `buffer`.
    private mutating func update(buffer: UnsafeBufferPointer<UInt8>) {
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

    /// The digest as 64 lowercase hex digits (the hash cannot be updated afterwards).
    mutating func finalizeHex() -> String {
        let bits = length &* 8
        pending.append(0x80)
        if pending.count > 56 {
            pending += [UInt8](repeating: 0, count: 64 - pending.count)
            pending.withUnsafeBufferPointer { compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        pending += [UInt8](repeating: 0, count: 56 - pending.count)
        for shift in stride(from: 56, through: 0, by: -8) { pending.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        pending.withUnsafeBufferPointer { compress($0) }
        pending.removeAll()
        return state.map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 8 - digits.count) + digits
        }.joined()
    }

    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

    /// One 64-byte block (FIPS 180-4 §6.2.2).
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

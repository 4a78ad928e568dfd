internal import CGSL

/// MT19937 (Matsumoto and Nishimura 1998) with GSL's seeding, written in Swift so that a study's per-sample draws
/// inline into its loop instead of crossing into GSL through two C calls and a function pointer.
///
/// Its words are `gsl_rng_mt19937`'s, bit for bit, for every seed (`MersenneTwisterTests` compares them).
/// GSL's own samplers (Poisson, exponential, the ziggurat's rare slow path) read the same state through a
/// `gsl_rng` of type ``gslType``, so a stream is one sequence of words whoever draws from it.
///
/// A state block is 1249 words: the 624 words of the generator, the same 624 tempered (the outputs), then the index
/// of the next output (624: regenerate first). Tempering the whole block at once, where the compiler vectorises it,
/// leaves a draw a load and an index step.
@usableFromInline
enum MersenneTwister {
    @usableFromInline static let wordCount = 624
    /// Where the tempered words and the index sit in a block.
    @usableFromInline static let outputs = 624
    @usableFromInline static let index = 1248
    /// Words in a state block: the generator's, the outputs and the index.
    static let blockCount = 1249
    static let shift = 397

    /// GSL's `mt19937` seeding (Knuth's multiplier 1812433253, as in the authors' 2002 `init_genrand`); seed 0
    /// means GSL's default seed, 4357, and only the low 32 bits of a seed count.
    static func seed(_ mt: UnsafeMutablePointer<UInt32>, _ seed: UInt) {
        let s = UInt32(truncatingIfNeeded: seed)
        mt[0] = s == 0 ? 4357 : s
        for i in 1..<wordCount {
            let previous = mt[i - 1]
            mt[i] = 1_812_433_253 &* (previous ^ (previous >> 30)) &+ UInt32(i)
        }
        mt[index] = UInt32(wordCount)
    }

    /// The next 32-bit output: regenerates the block when it is used up.
    @inlinable @inline(__always)
    static func next(_ mt: UnsafeMutablePointer<UInt32>) -> UInt32 {
        var i = Int(truncatingIfNeeded: mt[index])
        if i >= wordCount {
            regenerate(mt)
            i = 0
        }
        mt[index] = UInt32(truncatingIfNeeded: i &+ 1)
        return mt[outputs &+ i]
    }

    /// Gives the last word back: the next ``next(_:)`` returns it again. Only valid right after a `next`.
    @inlinable @inline(__always)
    static func unread(_ mt: UnsafeMutablePointer<UInt32>) {
        mt[index] &-= 1
    }

    /// The recurrence over all 624 words (once every 624 draws), then their tempering into the outputs, leaving
    /// the index at 0.
    @usableFromInline @inline(never)
    static func regenerate(_ mt: UnsafeMutablePointer<UInt32>) {
        @inline(__always) func twist(_ upper: UInt32, _ lower: UInt32, _ far: UInt32) -> UInt32 {
            let y = (upper & 0x8000_0000) | (lower & 0x7FFF_FFFF)
            return far ^ (y >> 1) ^ (y & 1 == 0 ? 0 : 0x9908_B0DF)
        }
        let n = wordCount
        let m = shift
        for k in 0..<(n - m) { mt[k] = twist(mt[k], mt[k + 1], mt[k + m]) }
        for k in (n - m)..<(n - 1) { mt[k] = twist(mt[k], mt[k + 1], mt[k + m - n]) }
        mt[n - 1] = twist(mt[n - 1], mt[0], mt[m - 1])
        let out = mt + outputs
        for k in 0..<n {
            var y = mt[k]
            y ^= y >> 11
            y ^= (y << 7) & 0x9D2C_5680
            y ^= (y << 15) & 0xEFC6_0000
            y ^= y >> 18
            out[k] = y
        }
        mt[index] = 0
    }

    /// The word as a double in [0, 1), as GSL's `mt19937` makes it (word / 2³²; the product by 2⁻³² is exact).
    @inlinable @inline(__always)
    static func unit(_ word: UInt32) -> Double {
        Double(word) * 0x1p-32
    }

    /// A `gsl_rng_type` whose state is a ``MersenneTwister`` block: what GSL's samplers are handed. Never freed.
    nonisolated(unsafe) static let gslType: UnsafeMutablePointer<gsl_rng_type> = {
        let type = UnsafeMutablePointer<gsl_rng_type>.allocate(capacity: 1)
        let name = UnsafeRawPointer(("sensorbench-mt19937" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
        type.initialize(
            to: gsl_rng_type(
                name: name, max: 0xFFFF_FFFF, min: 0, size: blockCount * MemoryLayout<UInt32>.stride,
                set: { state, seed in MersenneTwister.seed(block(state), seed) },
                get: { state in UInt(MersenneTwister.next(block(state))) },
                get_double: { state in MersenneTwister.unit(MersenneTwister.next(block(state))) }))
        return type
    }()

    static func block(_ state: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<UInt32> {
        state!.assumingMemoryBound(to: UInt32.self)
    }
}

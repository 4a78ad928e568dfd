internal import CGSL

/// One of the 128 layers of GSL's Gaussian ziggurat: a draw whose 24-bit `j` is below `limit` is ±σ · j · `width`.
@usableFromInline
struct ZigguratLayer {
    @usableFromInline let width: Double
    @usableFromInline let limit: UInt32
}

/// The fast path of GSL's Gaussian ziggurat (`gsl_ran_gaussian_ziggurat`: Marsaglia and Tsang 2000, in Jochen
/// Voss's version), in Swift so it inlines; the rest stays GSL's.
///
/// GSL takes one 32-bit word per attempt: its low 7 bits pick a layer, bit 7 the sign, the top 24 bits `j`. When
/// `j` is below the layer's limit (97.2% of words) the variate is ±σ · j · width and GSL is done. Otherwise (the
/// wedges and the tail, with their `exp` and `log`) ``RandomStream`` gives the word back and lets GSL draw the
/// variate from the same words, so every variate is GSL's.
///
/// The widths and limits are not copied from GSL's source: they are read from the linked GSL at first use, by
/// handing its ziggurat chosen words through a probing `gsl_rng`. A limit is the number of `j` that return after one
/// word (found by bisection, so exact: a limit above GSL's would return j · width where GSL goes on to a wedge; one
/// below would only send more words to GSL), a width the variate at `j` = 1. The layers are then checked against
/// GSL itself on 24 000 draws; if any differs (another GSL with another ziggurat), every draw goes to GSL instead.
@usableFromInline
enum Ziggurat {
    static let layerCount = 128

    /// The layers every ``RandomStream`` reads; never freed.
    nonisolated(unsafe) static let layers: UnsafePointer<ZigguratLayer> = {
        GSLRuntime.ensureReady()
        let layers = UnsafeMutablePointer<ZigguratLayer>.allocate(capacity: layerCount)
        layers.initialize(from: readFromGSL(), count: layerCount)
        if !agreesWithGSL(UnsafePointer(layers)) {
            for i in 0..<layerCount { layers[i] = ZigguratLayer(width: 0, limit: 0) }
        }
        return UnsafePointer(layers)
    }()

    /// Whether the fast path is on: `false` only when the linked GSL's ziggurat is not the one this reads.
    static var fastPathAgreesWithGSL: Bool { (0..<layerCount).contains { layers[$0].limit > 0 } }

    /// The share of 32-bit words that take the fast path.
    static var fastPathShare: Double {
        (0..<layerCount).reduce(0.0) { $0 + Double(layers[$1].limit) } / (Double(layerCount) * 0x1p24)
    }

    /// The probing generator's state: a Mersenne Twister block (for the words after the first), the word to hand
    /// out first, and how many words GSL has asked for.
    private static let scriptedWord = MersenneTwister.blockCount
    private static let callCount = MersenneTwister.blockCount + 1

    private static func probeWord(_ state: UnsafeMutableRawPointer?) -> UInt32 {
        let p = MersenneTwister.block(state)
        p[callCount] &+= 1
        return p[callCount] == 1 ? p[scriptedWord] : MersenneTwister.next(p)
    }

    static func readFromGSL() -> [ZigguratLayer] {
        let state = UnsafeMutablePointer<UInt32>.allocate(capacity: MersenneTwister.blockCount + 2)
        defer { state.deallocate() }
        MersenneTwister.seed(state, 1)
        let name = UnsafeRawPointer(("sensorbench-ziggurat-probe" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
        var type = gsl_rng_type(
            name: name, max: 0xFFFF_FFFF, min: 0, size: (MersenneTwister.blockCount + 2) * MemoryLayout<UInt32>.stride,
            set: { _, _ in }, get: { UInt(Ziggurat.probeWord($0)) }, get_double: { MersenneTwister.unit(Ziggurat.probeWord($0)) })
        return withUnsafePointer(to: &type) { type in
            var probe = gsl_rng(type: type, state: UnsafeMutableRawPointer(state))
            return withUnsafePointer(to: &probe) { probe in
                // The variate for `word`, and whether GSL returned it after that one word.
                func draw(_ word: UInt32) -> (value: Double, oneWord: Bool) {
                    state[scriptedWord] = word
                    state[callCount] = 0
                    let value = gsl_ran_gaussian_ziggurat(probe, 1)
                    return (value, state[callCount] == 1)
                }
                return (0..<UInt32(layerCount)).map { i in
                    // The smallest j that needs a second word.
                    var low: UInt32 = 0
                    var high: UInt32 = 1 << 24
                    while low < high {
                        let j = low + (high - low) / 2
                        if draw(j << 8 | i).oneWord { low = j + 1 } else { high = j }
                    }
                    // j = 1 with the sign bit set: +1 · 1 · width (exact). A layer whose only fast j is 0 returns ±0.
                    let width = low >= 2 ? draw(1 << 8 | 0x80 | i).value : 0
                    return ZigguratLayer(width: width, limit: low)
                }
            }
        }
    }

    /// Draws 8000 variates (interleaved with uniforms) from GSL's MT19937 and ziggurat and from a stream on these
    /// layers, for three seeds, and compares their bits.
    static func agreesWithGSL(_ layers: UnsafePointer<ZigguratLayer>) -> Bool {
        guard let reference = gsl_rng_alloc(sb_gsl_rng_mt19937()) else { return false }
        defer { gsl_rng_free(reference) }
        for seed: UInt32 in [1, 4357, 0xFFFF_FFFF] {
            gsl_rng_set(reference, UInt(seed))
            let ours = RandomStream(seedValue: seed, layers: layers)
            for k in 0..<8000 {
                let sigma = k % 3 == 0 ? 1 : 0.37
                guard gsl_ran_gaussian_ziggurat(reference, sigma).bitPattern == ours.gaussian(sigma: sigma).bitPattern
                else { return false }
                if k % 7 == 0, gsl_rng_uniform(reference) != ours.uniform() { return false }
            }
        }
        return true
    }
}

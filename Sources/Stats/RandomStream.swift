internal import CGSL

/// The seed of one trial's random stream: never 0, distinct for every trial of a scenario.
///
/// GSL treats seed 0 as "use the default seed", and Mersenne Twister keeps 32 bits of it. So the seed is a
/// bijection of the trial's global index onto 1…2³²−1, offset by a mix of the scenario seed:
/// `seed = (mix(scenarioSeed) + index) mod (2³² − 1) + 1`. Trials of one scenario never share a seed while
/// the scenario has fewer than 2³² − 1 trials (the scenario validator caps far below that).
package struct TrialSeed: Hashable, Sendable, CustomStringConvertible {
    /// The 32-bit value handed to `gsl_rng_set`, in 1…4 294 967 295.
    package let value: UInt32

    /// The number of distinct seeds, 2³² − 1.
    package static let period: UInt64 = 0xFFFF_FFFF

    package init(scenarioSeed: UInt64, trialIndex: UInt64) {
        let offset = TrialSeed.splitMix64(scenarioSeed) % TrialSeed.period
        let position = (offset + trialIndex % TrialSeed.period) % TrialSeed.period
        value = UInt32(position + 1)
    }

    package var description: String { String(value) }

    /// SplitMix64's finaliser (Steele, Lea and Flood 2014): spreads nearby scenario seeds over the whole range.
    static func splitMix64(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One trial's stream of random numbers: GSL's Mersenne Twister (MT19937) seeded from a ``TrialSeed``, and GSL's
/// samplers over it.
///
/// The generator is ``MersenneTwister`` (Swift, the same words as `gsl_rng_mt19937`), and the Gaussian, uniform and
/// Bernoulli draws are `@inlinable`, so they inline into a study's sample loop. Every value is GSL's, bit for bit:
/// a Gaussian is GSL's ziggurat, its fast path in Swift (``Ziggurat``) and the rest in GSL on the same words; the
/// other samplers are GSL's, reading the same state through a `gsl_rng`.
///
/// Not thread-safe, like a `gsl_rng`: make one per work item and never share it.
/// `public`, its members `package`: Swift 6.3.1 does not inline or specialise an `@inlinable` member of a `package`
/// type in another module, and the drift sample loop (issue 17) then ran at 18 M samples/s instead of 47 M
/// (docs/performance.md).
public final class RandomStream {
    /// The generator's words and index (``MersenneTwister``'s block).
    @usableFromInline let words: UnsafeMutablePointer<UInt32>
    @usableFromInline let layers: UnsafePointer<ZigguratLayer>
    /// The same state as a `gsl_rng`, for GSL's samplers.
    private let rng: UnsafeMutablePointer<gsl_rng>

    /// Creates a stream. It cannot fail; `throws` is kept for the callers written when GSL allocated it.
    package convenience init(seed: TrialSeed) throws(StatsError) {
        self.init(seedValue: seed.value, layers: Ziggurat.layers)
    }

    init(seedValue: UInt32, layers: UnsafePointer<ZigguratLayer>) {
        GSLRuntime.ensureReady()
        words = .allocate(capacity: MersenneTwister.blockCount)
        MersenneTwister.seed(words, UInt(seedValue))
        self.layers = layers
        rng = .allocate(capacity: 1)
        rng.initialize(to: gsl_rng(type: MersenneTwister.gslType, state: UnsafeMutableRawPointer(words)))
    }

    deinit {
        rng.deallocate()
        words.deallocate()
    }

    /// A Gaussian variate with mean 0 and standard deviation `sigma` (GSL's ziggurat method).
    @inlinable @inline(__always)
    package func gaussian(sigma: Double) -> Double {
        let word = MersenneTwister.next(words)
        let layer = layers[Int(word & 0x7F)]
        let j = word >> 8
        guard j < layer.limit else { return gaussianFromGSL(sigma: sigma) }
        // GSL: sign · σ · x, with x = j · width.
        return (word & 0x80 == 0 ? -sigma : sigma) * (Double(j) * layer.width)
    }

    /// The ziggurat's wedges and tail: the word goes back, and GSL draws the variate from it.
    @usableFromInline @inline(never)
    func gaussianFromGSL(sigma: Double) -> Double {
        MersenneTwister.unread(words)
        return gsl_ran_gaussian_ziggurat(rng, sigma)
    }

    /// A standard normal variate (mean 0, standard deviation 1).
    @inlinable @inline(__always)
    package func standardNormal() -> Double {
        gaussian(sigma: 1)
    }

    /// A uniform variate in [0, 1) (`gsl_rng_uniform`).
    @inlinable @inline(__always)
    package func uniform() -> Double {
        MersenneTwister.unit(MersenneTwister.next(words))
    }

    /// A uniform variate in [low, high).
    @inlinable @inline(__always)
    package func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * uniform()
    }

    /// A uniform integer in 0..<count; 0 when `count` is below 2 (nothing to choose from).
    package func uniformIndex(_ count: Int) -> Int {
        guard count > 1 else { return 0 }
        return Int(gsl_rng_uniform_int(rng, UInt(count)))
    }

    /// `true` with probability `p`.
    @inlinable @inline(__always)
    package func bernoulli(_ p: Double) -> Bool {
        uniform() < p
    }

    /// An exponential variate with the given mean.
    package func exponential(mean: Double) -> Double {
        gsl_ran_exponential(rng, mean)
    }

    /// A Poisson variate with the given mean.
    package func poisson(mean: Double) -> Int {
        Int(gsl_ran_poisson(rng, mean))
    }

    /// A log-normal variate: `exp(N(mu, sigma))`.
    package func lognormal(mu: Double, sigma: Double) -> Double {
        gsl_ran_lognormal(rng, mu, sigma)
    }
}

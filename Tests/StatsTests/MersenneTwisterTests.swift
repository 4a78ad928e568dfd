import CGSL
import Testing

@testable import Stats

/// The Swift Mersenne Twister and ziggurat fast path against their definitions and against GSL itself: a stream
/// must give GSL's values bit for bit, or every report would change.
@Suite struct MersenneTwisterTests {
    static func words(seed: UInt, count: Int) -> [UInt32] {
        let block = UnsafeMutablePointer<UInt32>.allocate(capacity: MersenneTwister.blockCount)
        defer { block.deallocate() }
        MersenneTwister.seed(block, seed)
        return (0..<count).map { _ in MersenneTwister.next(block) }
    }

    /// The C++ standard ([rand.predef], `std::mt19937`): seeded 5489, the 10 000th word is 4 123 659 995. The first
    /// word, 3 499 211 612, is the authors' `mt19937ar` output for `init_genrand(5489)`.
    @Test func matchesTheStandardsReferenceWords() {
        let w = Self.words(seed: 5489, count: 10_000)
        #expect(w[0] == 3_499_211_612)
        #expect(w[9999] == 4_123_659_995)
    }

    /// `gsl_rng_mt19937`'s words for seeds at the edges (0 is GSL's default seed 4357; above 2³² only the low 32 bits
    /// count), over three regenerations of the block.
    @Test func matchesGSLWordForWord() throws {
        let reference = try #require(gsl_rng_alloc(sb_gsl_rng_mt19937()))
        defer { gsl_rng_free(reference) }
        for seed: UInt in [0, 1, 2, 4357, 5489, 0xFFFF_FFFF, (1 << 32) + 5] {
            gsl_rng_set(reference, seed)
            let ours = Self.words(seed: seed, count: 2000)
            let gsl = (0..<2000).map { _ in UInt32(gsl_rng_get(reference)) }
            #expect(ours == gsl, "seed \(seed)")
        }
    }

    /// Every sampler of a stream against the same GSL call on `gsl_rng_mt19937` with the same seed, interleaved as a
    /// study interleaves them: 400 000 Gaussians cross about 660 block regenerations, so the ziggurat's slow path (2.8% of
    /// draws) falls right after a regeneration several times (where the word given back is the block's first).
    @Test func everySamplerGivesGSLsValues() throws {
        let reference = try #require(gsl_rng_alloc(sb_gsl_rng_mt19937()))
        defer { gsl_rng_free(reference) }
        for seedValue: UInt32 in [3, 77_777, 0xFFFF_FFFE] {
            gsl_rng_set(reference, UInt(seedValue))
            let ours = RandomStream(seedValue: seedValue, layers: Ziggurat.layers)
            var mismatches = 0
            for k in 0..<400_000 {
                let sigma = [1, 0.25, 3e-4][k % 3]
                if gsl_ran_gaussian_ziggurat(reference, sigma).bitPattern != ours.gaussian(sigma: sigma).bitPattern {
                    mismatches += 1
                }
                guard k % 97 == 0 else { continue }
                switch (k / 97) % 6 {
                case 0: if gsl_rng_uniform(reference) != ours.uniform() { mismatches += 1 }
                case 1: if Int(gsl_rng_uniform_int(reference, 37)) != ours.uniformIndex(37) { mismatches += 1 }
                case 2: if Int(gsl_ran_poisson(reference, 4.5)) != ours.poisson(mean: 4.5) { mismatches += 1 }
                case 3: if gsl_ran_exponential(reference, 2).bitPattern != ours.exponential(mean: 2).bitPattern { mismatches += 1 }
                case 4:
                    if gsl_ran_lognormal(reference, 0.1, 0.5).bitPattern != ours.lognormal(mu: 0.1, sigma: 0.5).bitPattern {
                        mismatches += 1
                    }
                default: if (gsl_rng_uniform(reference) < 0.3) != ours.bernoulli(0.3) { mismatches += 1 }
                }
            }
            #expect(mismatches == 0, "seed \(seedValue)")
        }
    }

    /// The layers read from GSL pass the start-up check, so the fast path is on. The share of words it takes is
    /// the mean of limit / 2²⁴ over the 128 layers: 0.972399 for GSL 2.7.1's tables, by the same bisection written in
    /// C against `gsl_ran_gaussian_ziggurat` (layer 0 has no fast path; the others are 0.93–0.99).
    @Test func fastPathIsOnAndTakesMostWords() {
        #expect(Ziggurat.fastPathAgreesWithGSL)
        #expect(Ziggurat.layers[0].limit == 0)
        #expect(Ziggurat.fastPathShare > 0.97 && Ziggurat.fastPathShare < 0.975)
    }

    /// The start-up check can fail: one width off by one ulp is caught, and so is a limit too high (layer 0 has no
    /// fast path: claiming all of it returns j · width where GSL goes on to the wedge). A limit too low is not an
    /// error, only slower: those words go to GSL, which returns its own value; so is the fallback, no fast path.
    @Test func theStartUpCheckCatchesAWrongLayer() {
        let wrong = UnsafeMutablePointer<ZigguratLayer>.allocate(capacity: Ziggurat.layerCount)
        defer { wrong.deallocate() }
        wrong.initialize(from: Ziggurat.layers, count: Ziggurat.layerCount)
        #expect(Ziggurat.agreesWithGSL(UnsafePointer(wrong)))
        let w = wrong[50]
        wrong[50] = ZigguratLayer(width: w.width.nextUp, limit: w.limit)
        #expect(!Ziggurat.agreesWithGSL(UnsafePointer(wrong)))
        wrong[50] = w
        wrong[0] = ZigguratLayer(width: wrong[1].width, limit: 1 << 24)
        #expect(!Ziggurat.agreesWithGSL(UnsafePointer(wrong)))
        wrong[0] = Ziggurat.layers[0]
        wrong[50] = ZigguratLayer(width: w.width, limit: w.limit / 2)
        #expect(Ziggurat.agreesWithGSL(UnsafePointer(wrong)))
        // The fallback (what a failed check installs): no fast path at all, every Gaussian drawn by GSL.
        for i in 0..<Ziggurat.layerCount { wrong[i] = ZigguratLayer(width: 0, limit: 0) }
        #expect(Ziggurat.agreesWithGSL(UnsafePointer(wrong)))
    }
}

import Stats
import Testing

@testable import Studies

/// The per-visit shares' interval (false trigger, miss, collect): Wilson, with Brown, Cai and DasGupta's modified
/// lower bound at x = 1–3 (the Poisson χ²(0.025; 2x)/(2n)) and, symmetrically, upper bound at n − x = 1–3.
@Suite struct GeofenceVisitShareIntervalTests {
    /// n = 200. Poisson lower bounds by hand: χ²(0.025; 2)/2 = −ln(0.975) = 0.025318, so 1.2659e-4; χ²(0.025; 4)/2
    /// = 0.24221 and χ²(0.025; 6)/2 = 0.61867, so 1.2110e-3 and 3.0934e-3. Wilson's (from its closed form
    /// (p̂ + z²/2n ∓ z√(p̂(1 − p̂)/n + z²/4n²))/(1 + z²/n)): 8.832e-4, 2.747e-3, 5.114e-3 low; 0.027774 high at x = 1.
    @Test(arguments: [(1, 1.2659e-4), (2, 1.2110e-3), (3, 3.0934e-3)])
    func lowerBoundIsPoissonAtOneToThree(x: Int, poissonLow: Double) throws {
        let ci = try GeofenceAnalysis.visitShareInterval(successes: x, trials: 200)
        #expect(abs(ci.low - poissonLow) < 1e-7, "\(ci)")
    }

    /// n = 200, the mirror image: at 199, 198 and 197 of 200 the upper bound is 1 − the Poisson lower bound of the
    /// 1, 2 and 3 not counted, 1 − 1.2659e-4 = 0.99987341, 1 − 1.2110e-3 = 0.99878895, 1 − 3.0934e-3 = 0.99690664,
    /// above Wilson's (1 − its lower bound at 1, 2, 3: 0.9991168, 0.997253, 0.994886); the lower bound stays Wilson's
    /// (1 − 0.0277737 at 199).
    @Test(arguments: [(199, 0.99987341), (198, 0.99878895), (197, 0.99690664)])
    func upperBoundIsPoissonAtOneToThreeShort(x: Int, poissonHigh: Double) throws {
        let ci = try GeofenceAnalysis.visitShareInterval(successes: x, trials: 200)
        #expect(abs(ci.high - poissonHigh) < 1e-7, "\(ci)")
        let wilson = try Proportion(successes: x, trials: 200).wilson()
        #expect(ci.low == wilson.low && wilson.high < poissonHigh - 1e-4)
    }

    @Test func atOneMissingTheLowerBoundIsWilsons() throws {
        let ci = try GeofenceAnalysis.visitShareInterval(successes: 199, trials: 200)
        #expect(abs(ci.low - (1 - 0.0277737)) < 1e-6)
        // 196 of 200 (4 not counted) and 200 of 200 are Wilson's exactly: 1 − 7.8044e-3 and 1.
        let four = try GeofenceAnalysis.visitShareInterval(successes: 196, trials: 200)
        #expect(abs(four.high - (1 - 7.8044e-3)) < 1e-6)
        #expect(try GeofenceAnalysis.visitShareInterval(successes: 200, trials: 200).high == 1)
    }

    @Test func upperBoundAndOtherCountsAreWilsons() throws {
        let one = try GeofenceAnalysis.visitShareInterval(successes: 1, trials: 200)
        #expect(abs(one.high - 0.0277737) < 1e-6)
        // x = 0 and x = 4 are Wilson's exactly (4/200: low 7.8044e-3).
        let zero = try GeofenceAnalysis.visitShareInterval(successes: 0, trials: 200)
        #expect(zero.low == 0)
        let four = try GeofenceAnalysis.visitShareInterval(successes: 4, trials: 200)
        #expect(abs(four.low - 7.8044e-3) < 1e-6)
        // x = n = 3: Wilson's low is 3/(3 + z²) = 0.4385, the Poisson bound 0.61867/3 = 0.2062; the lower is taken,
        // and the upper stays Wilson's 1.
        let small = try GeofenceAnalysis.visitShareInterval(successes: 3, trials: 3)
        #expect(abs(small.low - 0.61867 / 3) < 1e-4 && small.high == 1)
    }
}

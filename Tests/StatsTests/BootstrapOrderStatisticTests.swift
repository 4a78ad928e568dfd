import Foundation
import Testing

@testable import Stats

/// The percentile interval at the (B + 1)·α/2-th order statistics (issue 24, part o): type 7's ends, used before by
/// the Allan bootstrap, sat inside them and held a fresh draw with only 90.4% at B = 40.
@Suite struct BootstrapOrderStatisticTests {
    /// Hand values on 1, 2, …, 9 (B = 9): p = 0.25 gives h = 10·0.25 = 2.5, halfway between x₍₂₎ = 2 and x₍₃₎ = 3;
    /// p = 0.5 gives h = 5, x₍₅₎ = 5; p = 0.05 gives h = 0.5 < 1, the minimum; p = 0.95 gives h = 9.5 ≥ 9, the
    /// maximum. Type 7 would give 3, 5, 1.4 and 8.6.
    @Test func typeSixByHand() {
        let x = (1...9).map(Double.init)
        #expect(Bootstrap.orderStatisticQuantile(x, 0.25) == 2.5)
        #expect(Bootstrap.orderStatisticQuantile(x, 0.5) == 5)
        #expect(Bootstrap.orderStatisticQuantile(x, 0.05) == 1)
        #expect(Bootstrap.orderStatisticQuantile(x, 0.95) == 9)
        #expect(Bootstrap.quantile(x, 0.25) == 3)
    }

    /// B = 39 at 95%: (B + 1)·0.025 = 1 and (B + 1)·0.975 = 39, so the interval is exactly [min, max] (Davison and
    /// Hinkley's choice of B with (B + 1)α whole; 1 − 0.95 is not exactly 0.05 in binary, hence the tolerance);
    /// B = 199: the 5th and 195th of 1…199.
    @Test func wholeOrderStatistics() throws {
        let x = (1...39).map(Double.init).reversed().map { $0 }
        let i = try Bootstrap.orderStatisticInterval(x)
        #expect(abs(i.low - 1) < 1e-12 && abs(i.high - 39) < 1e-12, "\(i)")  // α = 1 − 0.95 is 0.05 + 4e-17
        let y = (1...199).map(Double.init)
        let j = try Bootstrap.orderStatisticInterval(y)
        #expect(abs(j.low - 5) < 1e-12 && abs(j.high - 195) < 1e-12)
    }

    /// The property the ends are chosen for: for B iid replicates and one more draw from the same distribution,
    /// the interval holds the fresh draw with probability (B + 1 − 2h)/(B + 1) for a whole h, 95% here. Over 4000
    /// trials of B = 39 standard normals the count lies within 3 binomial standard errors of 0.95·4000 = 3800
    /// (√(4000·0.95·0.05) = 13.8); type 7's ends ((B − 1)·0.025 + 1 = 1.95: 90.25%) would give about 3610.
    @Test func aFreshDrawFallsInsideAtTheNominalRate() throws {
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 2415, trialIndex: 0))
        var inside = 0
        var insideSeven = 0
        let trials = 4000
        for _ in 0..<trials {
            let replicates = (0..<39).map { _ in stream.gaussian(sigma: 1) }
            let fresh = stream.gaussian(sigma: 1)
            if try Bootstrap.orderStatisticInterval(replicates).contains(fresh) { inside += 1 }
            if try Bootstrap.percentileInterval(replicates).contains(fresh) { insideSeven += 1 }
        }
        let se = (Double(trials) * 0.95 * 0.05).squareRoot()
        #expect(abs(Double(inside) - 0.95 * Double(trials)) <= 3 * se, "type 6: \(inside) of \(trials)")
        #expect(Double(insideSeven) < 0.95 * Double(trials) - 3 * se, "type 7: \(insideSeven) of \(trials)")
    }
}

/// K's test-inversion interval beside a Gauss–Markov bias (issue 24, part o), by hand. Φ⁻¹ values from the normal
/// quantile: Φ⁻¹(0.025) = −1.959964, Φ⁻¹(0.1) = −1.281552, Φ⁻¹(0.9875) = 2.241403.
@Suite struct AllanWalkTestInversionTests {
    /// Observed K̂ = 1, 40 refits at each of K = 0 (all 0: F = 1, clamped to 1 − ½/40 = 0.9875, z = 2.241403), K = 1
    /// (20 at 0.5, 20 at 1.5: F = ½, z = 0) and K = 2 (4 at 0.5, 36 at 1.5: F = 0.1, z = −1.281552).
    /// - Upper end: no simulated K reaches z = −1.959964, so the line through K = 1 and 2 is extended: 1 + 1.959964/1.281552
    ///   = 2.529368.
    /// - Lower end: K = 0 lies in the upper tail (2.241403 > 1.959964), so the end is where the line from K = 0 to 1
    ///   falls to 1.959964: (2.241403 − 1.959964)/2.241403 = 0.125564.
    @Test func extrapolatedUpperEndAndInterpolatedLowerEnd() throws {
        let bootstraps: [(walk: Double, refits: [Double])] = [
            (1, [Double](repeating: 0.5, count: 20) + [Double](repeating: 1.5, count: 20)),
            (0, [Double](repeating: 0, count: 40)),
            (2, [Double](repeating: 0.5, count: 4) + [Double](repeating: 1.5, count: 36)),
        ]
        let i = try #require(try AllanNoiseTerms.testInversionInterval(observed: 1, bootstraps: bootstraps, level: 0.95))
        #expect(abs(i.high - 2.529368023) < 1e-8, "\(i)")
        #expect(abs(i.low - 0.125563666) < 1e-8, "\(i)")
    }

    /// With K = 3 added (all 40 refits at 1.5: F clamped to 0.0125, z = −2.241403) the upper end is interpolated
    /// between K = 2 and 3: 2 + (1.959964 − 1.281552)/(2.241403 − 1.281552) = 2.706789. With 20 of K = 0's refits at 2
    /// (F = ½) K = 0 is not in the upper tail and the lower end is 0.
    @Test func interpolatedUpperEndAndZeroLowerEnd() throws {
        let bootstraps: [(walk: Double, refits: [Double])] = [
            (0, [Double](repeating: 0, count: 20) + [Double](repeating: 2, count: 20)),
            (1, [Double](repeating: 0.5, count: 20) + [Double](repeating: 1.5, count: 20)),
            (2, [Double](repeating: 0.5, count: 4) + [Double](repeating: 1.5, count: 36)),
            (3, [Double](repeating: 1.5, count: 40)),
        ]
        let i = try #require(try AllanNoiseTerms.testInversionInterval(observed: 1, bootstraps: bootstraps, level: 0.95))
        #expect(abs(i.high - 2.706789183) < 1e-8, "\(i)")
        #expect(i.low == 0)
    }

    /// When the refitted K does not fall below K̂ more rarely as K grows there is no upper end: nil (the caller keeps
    /// the percentile interval and says so); and fewer than two bootstraps of 10 refits: nil.
    @Test func noUpperEnd() throws {
        let same = [Double](repeating: 0.5, count: 20) + [Double](repeating: 1.5, count: 20)
        #expect(try AllanNoiseTerms.testInversionInterval(observed: 1, bootstraps: [(1, same), (2, same)], level: 0.95) == nil)
        #expect(try AllanNoiseTerms.testInversionInterval(observed: 1, bootstraps: [(1, same), (0, [0, 0])], level: 0.95) == nil)
    }
}

import Foundation

/// Tests that a sample of percentiles is uniform on (0, 1): how `walks` asks whether the measured walks come from
/// the profile's predicted distribution (each walk's percentile among the simulated ones is uniform if they do).
package enum UniformityTests {
    /// The Anderson–Darling statistic and its p-value.
    package struct Result: Sendable, Equatable {
        package let statistic: Double
        package let pValue: Double
    }

    /// Anderson–Darling against U(0, 1): A² = −n − (1/n)·Σ(2i − 1)·[ln u₍ᵢ₎ + ln(1 − u₍ₙ₊₁₋ᵢ₎)] (Anderson and Darling,
    /// JASA 49, 1954), with p = 1 − AD_n(A²) from Marsaglia and Marsaglia's approximation of the finite-n
    /// distribution (J. Stat. Softw. 9(2), 2004: `adinf` plus `errfix`, accurate to about 1e-6 for n ≥ 5 and good
    /// to 1e-3 below). Weighting the tails, it has more power than Kolmogorov–Smirnov against a shifted or
    /// stretched distribution, which is what a phone that drifts more (or less) than its profile gives.
    ///
    /// - Parameter percentiles: values in (0, 1) (the caller keeps them off 0 and 1, e.g. by mid-ranks).
    package static func andersonDarling(_ percentiles: [Double]) -> Result {
        let u = percentiles.sorted()
        let n = u.count
        guard n > 0 else { return Result(statistic: 0, pValue: 1) }
        var sum = 0.0
        for i in 0..<n {
            sum += Double(2 * i + 1) * (log(u[i]) + log1p(-u[n - 1 - i]))
        }
        let a2 = -Double(n) - sum / Double(n)
        let cdf = adinf(a2)
        return Result(statistic: a2, pValue: min(max(1 - (cdf + errfix(n, cdf)), 0), 1))
    }

    /// The limiting distribution of A², P(A² < z) (Marsaglia and Marsaglia 2004, `adinf`).
    package static func adinf(_ z: Double) -> Double {
        guard z > 0 else { return 0 }
        if z < 2 {
            return exp(-1.2337141 / z) / z.squareRoot()
                * (2.00012 + (0.247105 - (0.0649821 - (0.0347962 - (0.011672 - 0.00168691 * z) * z) * z) * z) * z)
        }
        return exp(-exp(1.0776 - (2.30695 - (0.43424 - (0.082433 - (0.008056 - 0.0003146 * z) * z) * z) * z) * z))
    }

    /// The finite-n correction of ``adinf(_:)`` at its value x (Marsaglia and Marsaglia 2004, `errfix`).
    static func errfix(_ n: Int, _ x: Double) -> Double {
        let n = Double(n)
        if x > 0.8 {
            return (-130.2137 + (745.2337 - (1705.091 - (1950.646 - (1116.360 - 255.7844 * x) * x) * x) * x) * x) / n
        }
        let c = 0.01265 + 0.1757 / n
        if x < c {
            var t = x / c
            t = t.squareRoot() * (1 - t) * (49 * t - 102)
            return t * (0.0037 / (n * n) + 0.00078 / n + 0.00006) / n
        }
        var t = (x - c) / (0.8 - c)
        t = -0.00022633 + (6.54034 - (14.6538 - (14.458 - (8.259 - 1.91864 * t) * t) * t) * t) * t
        return t * (0.04213 / n + 0.01365 / (n * n)) / n
    }

    /// The exact two-sided sign test: of `n` walks, `above` lie above the predicted median; under the profile each
    /// does with probability ½. p = min(1, 2·P(X ≥ max(k, n − k))), X ~ Binomial(n, ½).
    package static func signTestPValue(above: Int, n: Int) -> Double {
        guard n > 0 else { return 1 }
        let k = max(above, n - above)
        var tail = 0.0
        for j in k...n {
            tail += exp(lgamma(Double(n + 1)) - lgamma(Double(j + 1)) - lgamma(Double(n - j + 1)) - Double(n) * log(2.0))
        }
        return min(1, 2 * tail)
    }
}

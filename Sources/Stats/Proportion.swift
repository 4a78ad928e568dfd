internal import CGSL

/// A binomial proportion: `successes` out of `trials`, with Wilson and Clopper–Pearson intervals.
package struct Proportion: Sendable, Equatable {
    /// The number of successes x, in 0…trials.
    package let successes: Int
    /// The number of trials n ≥ 1.
    package let trials: Int

    /// Creates a proportion.
    ///
    /// - Parameters:
    ///   - successes: x, in 0…trials.
    ///   - trials: n ≥ 1.
    /// - Throws: ``StatsError/invalidInput(_:)`` when n < 1 or x is outside 0…n.
    package init(successes: Int, trials: Int) throws(StatsError) {
        guard trials >= 1 else { throw .invalidInput("Proportion: trials \(trials) must be at least 1") }
        guard successes >= 0, successes <= trials else {
            throw .invalidInput("Proportion: successes \(successes) must lie in 0...\(trials)")
        }
        self.successes = successes
        self.trials = trials
    }

    /// The point estimate p̂ = x/n.
    package var estimate: Double { Double(successes) / Double(trials) }

    // MARK: - Intervals

    /// The Wilson score interval (Wilson 1927; Newcombe 1998, method 3).
    ///
    /// Its bounds are the roots of (n + z²)p² − (2x + z²)p + x²/n = 0, with z = Φ⁻¹(1 − α/2) from
    /// `gsl_cdf_ugaussian_Pinv`. The upper root, (2x + z² + z√(z² + 4x(n − x)/n)) / (2(n + z²)), has no
    /// cancellation; the lower root is taken from the product of the roots, x²/(n(n + z²)·high), which keeps
    /// full relative accuracy for small x. x = 0 gives low exactly 0 and x = n gives high exactly 1.
    /// - Parameter confidence: 1 − α, strictly inside (0, 1).
    /// - Returns: the interval for the success probability.
    /// - Throws: ``StatsError/invalidInput(_:)`` when `confidence` is outside (0, 1).
    package func wilson(confidence: Double = 0.95) throws(StatsError) -> ConfidenceInterval {
        let alpha = try Self.alpha(confidence, "Proportion.wilson")
        let z = try Normal.quantile(1 - alpha / 2)
        let x = Double(successes)
        let n = Double(trials)
        let z2 = z * z
        let high =
            successes == trials
            ? 1
            : (2 * x + z2 + z * (z2 + 4 * x * (n - x) / n).squareRoot()) / (2 * (n + z2))
        let low = successes == 0 ? 0 : (x * x / n) / ((n + z2) * high)
        return ConfidenceInterval(low: low, high: high)
    }

    /// The Clopper–Pearson "exact" interval (Clopper and Pearson 1934), equal tails α/2.
    ///
    /// low = B⁻¹(α/2; x, n − x + 1) and high = B⁻¹(1 − α/2; x + 1, n − x), with B⁻¹ the beta quantile
    /// (`gsl_cdf_beta_Pinv`; the upper bound uses `gsl_cdf_beta_Qinv(α/2, …)`, the same number without forming
    /// 1 − α/2; each checked on its tail and found by bisection where GSL's inverse fails). x = 0 gives low exactly 0
    /// and x = n gives high exactly 1.
    /// - Parameter confidence: 1 − α, strictly inside (0, 1).
    /// - Returns: the interval for the success probability.
    /// - Throws: ``StatsError/invalidInput(_:)`` when `confidence` is outside (0, 1); ``StatsError/gsl`` if even the
    ///   bisection produced a non-finite bound.
    package func clopperPearson(confidence: Double = 0.95) throws(StatsError) -> ConfidenceInterval {
        GSLRuntime.ensureReady()
        let alpha = try Self.alpha(confidence, "Proportion.clopperPearson")
        let x = Double(successes)
        let n = Double(trials)
        // GSL's beta inverses return NaN for some counts (941 of 1000: `gsl_cdf_beta_Pinv(0.025, 941, 60)`); each
        // bound is checked on its tail and repaired by bisection on [0, 1] when wrong (``TailInversion``).
        let low =
            successes == 0
            ? 0
            : try TailInversion.quantile(
                target: alpha / 2, upper: false, guess: gsl_cdf_beta_Pinv(alpha / 2, x, n - x + 1), low: 0, high: 1, start: 1,
                tail: { gsl_cdf_beta_P($0, x, n - x + 1) }, operation: "Proportion.clopperPearson")
        let high =
            successes == trials
            ? 1
            : try TailInversion.quantile(
                target: alpha / 2, upper: true, guess: gsl_cdf_beta_Qinv(alpha / 2, x + 1, n - x), low: 0, high: 1, start: 1,
                tail: { gsl_cdf_beta_Q($0, x + 1, n - x) }, operation: "Proportion.clopperPearson")
        return ConfidenceInterval(low: low, high: high)
    }

    /// α = 1 − confidence, after checking that the confidence is strictly inside (0, 1).
    private static func alpha(_ confidence: Double, _ operation: String) throws(StatsError) -> Double {
        guard confidence > 0, confidence < 1 else {
            throw .invalidInput("\(operation): confidence \(confidence) must lie strictly between 0 and 1")
        }
        return 1 - confidence
    }
}

extension Proportion {
    /// Brown, Cai and DasGupta's (2001, *Statistical Science* 16, §4.1.1) modification of a Wilson interval `ci` near
    /// 0 and 1: for 0 < x ≤ `largestCount` successes in n trials the lower end becomes the one-sided Poisson bound
    /// χ²(`tail`; 2x)/(2n) where that is lower, and for 0 < n − x ≤ `largestCount` failures the upper end becomes
    /// 1 − χ²(`tail`; 2(n − x))/(2n) where that is higher ("a symmetric prescription"). Never narrower than `ci`.
    /// Counts may be effective (non-integer) ones; a count within 10⁻⁹ of `largestCount` counts as it.
    ///
    /// The paper takes `tail` = α and `largestCount` 2 for n ≤ 50, 3 up to n = 100 (the shake and scribble shares,
    /// ``ClusteredProportion``); the geofence visit shares take `tail` = α/2 and 3 for every n, a wider choice whose
    /// coverage `dev geofence-coverage` measured (``GeofenceAnalysis/visitShareInterval(successes:trials:)``).
    /// - Throws: ``StatsError`` from the χ² quantile.
    package static func poissonEnds(
        _ ci: ConfidenceInterval, successes x: Double, failures f: Double, n: Double, tail: Double, largestCount: Double
    ) throws(StatsError) -> ConfidenceInterval {
        let limit = largestCount + 1e-9
        var low = ci.low
        var high = ci.high
        if x > 0, x <= limit { low = min(low, try ChiSquared.quantile(tail, degreesOfFreedom: 2 * x) / 2 / n) }
        if f > 0, f <= limit { high = max(high, 1 - (try ChiSquared.quantile(tail, degreesOfFreedom: 2 * f)) / 2 / n) }
        return ConfidenceInterval(low: low, high: high)
    }
}

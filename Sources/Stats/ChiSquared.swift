internal import CGSL

/// The chi-squared distribution with ν degrees of freedom (`gsl_cdf_chisq_*`).
public enum ChiSquared {
    /// The quantile x with P(X ≤ x) = p (`gsl_cdf_chisq_Pinv`, verified and repaired when wrong).
    ///
    /// GSL's inverse is unreliable in the upper tail for many degrees of freedom (`gsl_cdf_chisq_Pinv(1 − 10⁻⁶,
    /// 99 999)` is NaN and `gsl_cdf_chisq_Qinv(10⁻⁶, 10⁶)` returns a value below ν), while the forward tails
    /// `gsl_cdf_chisq_P`/`_Q` are sound. So GSL's answer is accepted only when the smaller tail at it reproduces
    /// the target to relative 1e-12; otherwise the quantile is found by bisection on that tail (monotone,
    /// bracketed, at most ~1100 halvings of a double interval).
    ///
    /// - Parameters:
    ///   - p: a probability strictly inside (0, 1).
    ///   - degreesOfFreedom: ν, finite and positive.
    /// - Returns: x ≥ 0.
    /// - Throws: ``StatsError/invalidInput(_:)`` when p is outside (0, 1), ν is not finite and positive, or NaN.
    public static func quantile(_ p: Double, degreesOfFreedom: Double) throws(StatsError) -> Double {
        GSLRuntime.ensureReady()
        try DistributionArguments.openProbability(p, "ChiSquared.quantile")
        try DistributionArguments.degreesOfFreedom(degreesOfFreedom, "degreesOfFreedom", "ChiSquared.quantile")
        let nu = degreesOfFreedom
        // Work on the smaller tail: P below the median, Q above (1 − p is exact for p ≥ ½, Sterbenz).
        let lower = p <= 0.5
        let target = lower ? p : 1 - p
        func tail(_ x: Double) -> Double { lower ? gsl_cdf_chisq_P(x, nu) : gsl_cdf_chisq_Q(x, nu) }
        // Whether x lies below the quantile: the lower tail is still too small, or the upper tail too large.
        func isBelow(_ x: Double) -> Bool { lower ? tail(x) < target : tail(x) > target }
        func accepted(_ x: Double) -> Bool {
            guard x.isFinite, x >= 0 else { return false }
            return abs(tail(x) - target) <= 1e-12 * target
        }
        let guess = gsl_cdf_chisq_Pinv(p, nu)
        if accepted(guess) { return guess }

        // Bracket [low, high] around the quantile, then bisect down to adjacent doubles.
        var low = 0.0
        var high = max(nu, 1)
        var doublings = 0
        while isBelow(high) {
            low = high
            high *= 2
            doublings += 1
            guard doublings < 1100, high.isFinite else {
                throw .gsl(operation: "ChiSquared.quantile", status: 0, reason: "could not bracket the quantile")
            }
        }
        for _ in 0..<1100 {
            let middle = low + (high - low) / 2
            guard middle > low, middle < high else { break }
            if isBelow(middle) { low = middle } else { high = middle }
        }
        let x = low + (high - low) / 2
        return try DistributionArguments.result(x, "ChiSquared.quantile (bisection)")
    }

    /// The upper tail P(X > x) (`gsl_cdf_chisq_Q`).
    ///
    /// - Parameters:
    ///   - x: the statistic; values ≤ 0 give 1 and +∞ gives 0.
    ///   - degreesOfFreedom: ν, finite and positive.
    /// - Returns: the tail probability in [0, 1].
    /// - Throws: ``StatsError/invalidInput(_:)`` when x is NaN or ν is not finite and positive.
    public static func upperTail(_ x: Double, degreesOfFreedom: Double) throws(StatsError) -> Double {
        GSLRuntime.ensureReady()
        try DistributionArguments.notNaN(x, "x", "ChiSquared.upperTail")
        try DistributionArguments.degreesOfFreedom(degreesOfFreedom, "degreesOfFreedom", "ChiSquared.upperTail")
        if x <= 0 { return 1 }
        if x == .infinity { return 0 }
        return try DistributionArguments.result(gsl_cdf_chisq_Q(x, degreesOfFreedom), "gsl_cdf_chisq_Q")
    }
}

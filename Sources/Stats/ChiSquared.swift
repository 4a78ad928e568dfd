internal import CGSL

/// The chi-squared distribution with ν degrees of freedom (`gsl_cdf_chisq_*`).
package enum ChiSquared {
    /// The quantile x with P(X ≤ x) = p (`gsl_cdf_chisq_Pinv`, verified and repaired when wrong).
    ///
    /// GSL's inverse is unreliable in the upper tail for many degrees of freedom (`gsl_cdf_chisq_Pinv(1 − 10⁻⁶,
    /// 99 999)` is NaN and `gsl_cdf_chisq_Qinv(10⁻⁶, 10⁶)` returns a value below ν): it is checked on the smaller
    /// tail and repaired by bisection when wrong (``TailInversion``).
    ///
    /// - Parameters:
    ///   - p: a probability strictly inside (0, 1).
    ///   - degreesOfFreedom: ν, finite and positive.
    /// - Returns: x ≥ 0.
    /// - Throws: ``StatsError/invalidInput(_:)`` when p is outside (0, 1), ν is not finite and positive, or NaN.
    package static func quantile(_ p: Double, degreesOfFreedom: Double) throws(StatsError) -> Double {
        GSLRuntime.ensureReady()
        try DistributionArguments.openProbability(p, "ChiSquared.quantile")
        try DistributionArguments.degreesOfFreedom(degreesOfFreedom, "degreesOfFreedom", "ChiSquared.quantile")
        let nu = degreesOfFreedom
        // Work on the smaller tail: P below the median, Q above (1 − p is exact for p ≥ ½, Sterbenz).
        let upper = p > 0.5
        return try TailInversion.quantile(
            target: upper ? 1 - p : p, upper: upper, guess: gsl_cdf_chisq_Pinv(p, nu), low: 0, high: nil, start: max(nu, 1),
            tail: { upper ? gsl_cdf_chisq_Q($0, nu) : gsl_cdf_chisq_P($0, nu) }, operation: "ChiSquared.quantile")
    }

    /// The upper tail P(X > x) (`gsl_cdf_chisq_Q`).
    ///
    /// - Parameters:
    ///   - x: the statistic; values ≤ 0 give 1 and +∞ gives 0.
    ///   - degreesOfFreedom: ν, finite and positive.
    /// - Returns: the tail probability in [0, 1].
    /// - Throws: ``StatsError/invalidInput(_:)`` when x is NaN or ν is not finite and positive.
    package static func upperTail(_ x: Double, degreesOfFreedom: Double) throws(StatsError) -> Double {
        GSLRuntime.ensureReady()
        try DistributionArguments.notNaN(x, "x", "ChiSquared.upperTail")
        try DistributionArguments.degreesOfFreedom(degreesOfFreedom, "degreesOfFreedom", "ChiSquared.upperTail")
        if x <= 0 { return 1 }
        if x == .infinity { return 0 }
        return try DistributionArguments.result(gsl_cdf_chisq_Q(x, degreesOfFreedom), "gsl_cdf_chisq_Q")
    }
}

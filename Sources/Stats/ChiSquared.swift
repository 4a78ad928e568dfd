internal import CGSL

/// The chi-squared distribution with ν degrees of freedom (`gsl_cdf_chisq_*`).
public enum ChiSquared {
    /// The quantile x with P(X ≤ x) = p (`gsl_cdf_chisq_Pinv`).
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
        return try DistributionArguments.result(gsl_cdf_chisq_Pinv(p, degreesOfFreedom), "gsl_cdf_chisq_Pinv")
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

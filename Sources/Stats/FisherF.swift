internal import CGSL

/// Fisher's F distribution with ν₁ (numerator) and ν₂ (denominator) degrees of freedom (`gsl_cdf_fdist_*`).
package enum FisherF {
    /// The quantile f with P(F ≤ f) = p (`gsl_cdf_fdist_Pinv`, checked on the smaller tail and repaired by bisection
    /// when wrong: GSL returns NaN for many degree pairs, ``TailInversion``).
    ///
    /// - Parameters:
    ///   - p: a probability strictly inside (0, 1).
    ///   - numeratorDegrees: ν₁, finite and positive.
    ///   - denominatorDegrees: ν₂, finite and positive.
    /// - Returns: f ≥ 0.
    /// - Throws: ``StatsError/invalidInput(_:)`` when p is outside (0, 1), a ν is not finite and positive, or NaN.
    package static func quantile(
        _ p: Double, numeratorDegrees: Double, denominatorDegrees: Double
    ) throws(StatsError) -> Double {
        GSLRuntime.ensureReady()
        try DistributionArguments.openProbability(p, "FisherF.quantile")
        try DistributionArguments.degreesOfFreedom(numeratorDegrees, "numeratorDegrees", "FisherF.quantile")
        try DistributionArguments.degreesOfFreedom(denominatorDegrees, "denominatorDegrees", "FisherF.quantile")
        let (n1, n2) = (numeratorDegrees, denominatorDegrees)
        let upper = p > 0.5
        return try TailInversion.quantile(
            target: upper ? 1 - p : p, upper: upper, guess: gsl_cdf_fdist_Pinv(p, n1, n2), low: 0, high: nil, start: 1,
            tail: { upper ? gsl_cdf_fdist_Q($0, n1, n2) : gsl_cdf_fdist_P($0, n1, n2) }, operation: "FisherF.quantile")
    }

    /// The upper tail P(F > f) (`gsl_cdf_fdist_Q`), the p-value of an F test.
    ///
    /// - Parameters:
    ///   - f: the statistic; values ≤ 0 give 1 and +∞ gives 0.
    ///   - numeratorDegrees: ν₁, finite and positive.
    ///   - denominatorDegrees: ν₂, finite and positive.
    /// - Returns: the tail probability in [0, 1].
    /// - Throws: ``StatsError/invalidInput(_:)`` when f is NaN or a ν is not finite and positive.
    package static func upperTail(
        _ f: Double, numeratorDegrees: Double, denominatorDegrees: Double
    ) throws(StatsError) -> Double {
        GSLRuntime.ensureReady()
        try DistributionArguments.notNaN(f, "f", "FisherF.upperTail")
        try DistributionArguments.degreesOfFreedom(numeratorDegrees, "numeratorDegrees", "FisherF.upperTail")
        try DistributionArguments.degreesOfFreedom(denominatorDegrees, "denominatorDegrees", "FisherF.upperTail")
        if f <= 0 { return 1 }
        if f == .infinity { return 0 }
        let q = gsl_cdf_fdist_Q(f, numeratorDegrees, denominatorDegrees)
        return try DistributionArguments.result(q, "gsl_cdf_fdist_Q")
    }
}

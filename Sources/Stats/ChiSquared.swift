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

    /// The exact interval of a mean square E[x²] = σ² from n independent x ~ N(0, σ²), given Σx²: Σx²/σ² ~ χ²ₙ, so
    /// [Σx²/χ²ₙ(1 − α/2), Σx²/χ²ₙ(α/2)] holds σ² with probability exactly 1 − α (the textbook interval of a normal
    /// variance with known mean; e.g. Casella and Berger, *Statistical Inference*, 2nd ed., §9.2, with n degrees of
    /// freedom because the mean 0 is known, not estimated).
    ///
    /// Only under that model: a non-zero mean makes it wider than it needs to be (Σx² is then a noncentral χ², less
    /// spread for its mean), and heavier tails than the normal's, or variances that differ between the x, make it
    /// too narrow (χ²ₙ's spread is fixed at 2n).
    ///
    /// - Parameters:
    ///   - sumOfSquares: Σx², finite and ≥ 0.
    ///   - count: n ≥ 1.
    ///   - confidence: 1 − α, in (0, 1).
    /// - Returns: the interval of σ²; [0, 0] when Σx² is 0.
    /// - Throws: ``StatsError/invalidInput(_:)`` on a negative or non-finite sum, n < 1 or a level outside (0, 1).
    package static func zeroMeanGaussianMeanSquareInterval(sumOfSquares: Double, count: Int, confidence: Double = 0.95)
        throws(StatsError) -> ConfidenceInterval
    {
        guard sumOfSquares.isFinite, sumOfSquares >= 0, count >= 1 else {
            throw .invalidInput(
                "ChiSquared.zeroMeanGaussianMeanSquareInterval: sum of squares \(sumOfSquares) must be finite and ≥ 0, count \(count) ≥ 1")
        }
        guard confidence > 0, confidence < 1 else {
            throw .invalidInput("ChiSquared.zeroMeanGaussianMeanSquareInterval: confidence \(confidence) must lie in (0, 1)")
        }
        let alpha = 1 - confidence
        let nu = Double(count)
        return ConfidenceInterval(
            low: sumOfSquares / (try quantile(1 - alpha / 2, degreesOfFreedom: nu)),
            high: sumOfSquares / (try quantile(alpha / 2, degreesOfFreedom: nu)))
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

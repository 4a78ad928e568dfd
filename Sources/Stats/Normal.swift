internal import CGSL
import Foundation

/// The standard normal distribution N(0, 1) (`gsl_cdf_ugaussian_*`).
package enum Normal {
    /// The quantile z with P(Z ≤ z) = p (`gsl_cdf_ugaussian_Pinv`).
    ///
    /// - Parameter p: a probability strictly inside (0, 1).
    /// - Returns: z.
    /// - Throws: ``StatsError/invalidInput(_:)`` when p is outside (0, 1) or NaN.
    package static func quantile(_ p: Double) throws(StatsError) -> Double {
        GSLRuntime.ensureReady()
        try DistributionArguments.openProbability(p, "Normal.quantile")
        return try DistributionArguments.result(gsl_cdf_ugaussian_Pinv(p), "gsl_cdf_ugaussian_Pinv")
    }

    /// The upper tail P(Z > z) (`gsl_cdf_ugaussian_Q`, accurate far into the tail, unlike 1 − P).
    ///
    /// - Parameter z: any number; −∞ gives 1 and +∞ gives 0.
    /// - Returns: the tail probability in [0, 1].
    /// - Throws: ``StatsError/invalidInput(_:)`` when z is NaN.
    package static func upperTail(_ z: Double) throws(StatsError) -> Double {
        GSLRuntime.ensureReady()
        try DistributionArguments.notNaN(z, "z", "Normal.upperTail")
        if z.isInfinite { return z > 0 ? 0 : 1 }
        return try DistributionArguments.result(gsl_cdf_ugaussian_Q(z), "gsl_cdf_ugaussian_Q")
    }

    /// log P(Z ≤ x), accurate in both tails where P itself underflows: log(erfc(−x/√2)) − log 2
    /// (`gsl_sf_log_erfc`). Used by ``TruncatedNormal``.
    static func logCDF(_ x: Double) -> Double { gsl_sf_log_erfc(-x / 2.0.squareRoot()) - log(2.0) }
}

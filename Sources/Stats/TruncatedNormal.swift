import Foundation

/// Inference on the mean of a normal observation that was seen because it fell below a cut-off: the selective
/// ("post-selection") bound of Lee, Sun, Sun and Taylor (Annals of Statistics 44, 2016), for a term that a test
/// dropped because its statistic came out small.
package enum TruncatedNormal {
    /// The upper confidence bound μ_U for the mean μ of Z ~ N(μ, 1), given Z = z and the selection Z < c:
    ///
    ///     Φ(z − μ_U) / Φ(c − μ_U) = α
    ///
    /// The left side is the CDF at z of N(μ, 1) truncated to (−∞, c); it falls monotonically in μ (the family has
    /// a monotone likelihood ratio), so μ_U is unique, and P(μ ≤ μ_U | Z < c) = 1 − α for every μ. Without the
    /// selection the bound would be z + Φ⁻¹(1 − α); with it, a z near c says little, and μ_U grows without bound
    /// as z → c. Example: z = 0, c = 1.645, α = 0.025 gives μ_U ≈ 2.66 (against 1.96 unselected). Evaluated on the
    /// log scale, log Φ(x) = log(erfc(−x/√2)/2) (``Normal/logCDF(_:)``), so that both tails may underflow; μ_U is
    /// bracketed by doubling its distance from z and found by bisection to 10⁻¹² absolute.
    ///
    /// - Parameters:
    ///   - z: the observed statistic, below `c`.
    ///   - c: the selection's cut-off (the statistic was seen because it fell below it).
    ///   - alpha: the bound's one-sided error, in (0, 0.5).
    /// - Returns: μ_U > z; +∞ when it lies beyond z + 10⁶.
    /// - Throws: ``StatsError/invalidInput(_:)`` when z or c is not finite, z ≥ c, or α is outside (0, 0.5).
    package static func upperBound(observed z: Double, cutoff c: Double, alpha: Double) throws(StatsError) -> Double {
        GSLRuntime.ensureReady()
        guard z.isFinite, c.isFinite, z < c else {
            throw .invalidInput("TruncatedNormal.upperBound: the observed \(z) must be finite and below the cut-off \(c)")
        }
        guard alpha > 0, alpha < 0.5 else { throw .invalidInput("TruncatedNormal.upperBound: α = \(alpha) must lie in (0, 0.5)") }
        let target = log(alpha)
        // log Φ(z − μ) − log Φ(c − μ) − log α: positive at μ = z (log ½ − log Φ(c − z) ≥ log ½ > log α), falling.
        func excess(_ mu: Double) -> Double { Normal.logCDF(z - mu) - Normal.logCDF(c - mu) - target }
        var low = z
        var step = 1.0
        var high = z + step
        while excess(high) > 0 {
            low = high
            step *= 2
            if step > 1e6 { return .infinity }
            high = z + step
        }
        for _ in 0..<200 where high - low > 1e-12 {
            let middle = (low + high) / 2
            if excess(middle) > 0 { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}

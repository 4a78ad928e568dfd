import Foundation
import Stats

extension DriftDecomposition {
    /// χ²₁'s 0.95 quantile: the profile-likelihood ratio's cut-off for a 95% interval of one component.
    static let profileCriterion = 3.841458820694124

    /// The 95% profile-likelihood interval of one variance component θⱼ (rad² per unit of its regressor):
    ///
    ///     { θ ≥ 0 : 2·(ℓ̂ − ℓ_p(θ)) ≤ χ²₁,₀.₉₅ = 3.84 },   ℓ_p(θ) = max over the other components of ℓ with θⱼ = θ,
    ///
    /// (Venzon and Moolgavkar, Applied Statistics 37, 1988). Unlike a percentile interval of a bootstrap over
    /// trials, its width comes from the likelihood's curvature, not from a resample that sees (n − 1)/n of the
    /// spread; the other components are re-fitted at every θ, so a term that trades with θⱼ (the bias instability
    /// with the turn-on bias) widens it. At θ = 0 the boundary makes the lower end conservative. Each end is bracketed
    /// by doubling from `scale` and found by bisection to 10⁻⁶ relative, the outer end of the last bracket kept.
    ///
    /// - Parameters:
    ///   - design: the fit's observations and components.
    ///   - fit: the maximum-likelihood fit of `design` (ℓ̂ and the starting values).
    ///   - j: the component.
    ///   - scale: a positive θ of the data's order (e.g. the mean square over the regressor's mean) to start from
    ///     when θ̂ⱼ = 0.
    /// - Returns: the ends (θ units); `high` is +∞ when no θ up to 2⁶⁰·scale leaves the region.
    static func profileInterval(design: VarianceComponentDesign, fit: VarianceComponentFit, index j: Int, scale: Double)
        throws -> (low: Double, high: Double)
    {
        let best = fit.logLikelihood
        let estimate = fit.variances[j]
        func excess(_ theta: Double) throws -> Double {
            var start = fit.variances
            start[j] = theta
            let profiled = try design.fit(start: start, fixed: [j: theta])
            return 2 * (best - profiled.logLikelihood) - profileCriterion
        }
        func bisect(inside: Double, outside: Double) throws -> Double {
            var a = inside
            var b = outside
            for _ in 0..<80 where abs(b - a) > 1e-6 * max(abs(a), abs(b)) {
                let middle = a > 0 && b > 0 ? (a * b).squareRoot() : (a + b) / 2
                if try excess(middle) <= 0 { a = middle } else { b = middle }
            }
            return b
        }
        var low = 0.0
        if estimate > 0, try excess(0) > 0 { low = try bisect(inside: estimate, outside: 0) }
        var inside = estimate
        var outside = max(estimate, scale > 0 && scale.isFinite ? scale : 1)
        var doublings = 0
        while try excess(outside) <= 0 {
            inside = outside
            outside *= 2
            doublings += 1
            if doublings > 60 { return (low, .infinity) }
        }
        return (low, try bisect(inside: inside, outside: outside))
    }
}

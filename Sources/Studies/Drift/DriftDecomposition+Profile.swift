import Foundation
import Stats

extension DriftDecomposition {
    /// χ²₁'s 0.95 quantile: the profile-likelihood ratio's cut-off for a 95% interval of one component.
    static let profileCriterion = 3.841458820694124

    /// Backward elimination drops a variance component when 2Δℓ without it is below this: the 5% point of the
    /// ½χ²₀ + ½χ²₁ mixture a variance at its zero boundary has (Self and Liang, JASA 82, 1987).
    static let eliminationCriterion = 2.71

    /// The profile-likelihood cut-off for the 95% upper bound of a variance component that backward elimination
    /// dropped, given that it was dropped: the selective bound of a truncated normal (Lee, Sun, Sun and Taylor,
    /// Annals of Statistics 44, 2016).
    ///
    /// The term's signed root statistic z = √(2Δℓ) (2Δℓ the likelihood ratio at which it was dropped) is seen only
    /// because z < c = √2.71, the elimination's cut-off. Treating z as N(μ, 1), the upper end μ_U of μ given that
    /// selection solves Φ(z − μ_U)/Φ(c − μ_U) = 0.025 (``TruncatedNormal/upperBound(observed:cutoff:alpha:)``),
    /// and the profile's signed root at the bound is z − μ_U, so the cut-off on 2·(ℓ̂ − ℓ_p) is (μ_U − z)²: 7.10
    /// for a fit on the boundary (z = 0), against 3.84 = 1.96² when the selection is ignored, which held the truth
    /// in too few cells (a zigzag's share bound covered 980 of 1080 cells at 100 walks per cell; docs/drift.md).
    ///
    /// - Parameter likelihoodRatio: 2Δℓ at which the term was dropped, below ``eliminationCriterion``.
    /// - Returns: the cut-off; `nil` when μ_U is unbounded (z at the cut-off).
    static func selectiveProfileCriterion(likelihoodRatio: Double) throws -> Double? {
        let c = eliminationCriterion.squareRoot()
        let z = max(likelihoodRatio, 0).squareRoot()
        guard z < c else { return nil }
        let bound = try TruncatedNormal.upperBound(observed: z, cutoff: c, alpha: 0.025)
        guard bound.isFinite else { return nil }
        return (bound - z) * (bound - z)
    }

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
    ///   - criterion: the cut-off on 2·(ℓ̂ − ℓ_p); χ²₁,₀.₉₅ unless given (``selectiveProfileCriterion(likelihoodRatio:)``
    ///     for a term the elimination dropped).
    /// - Returns: the ends (θ units); `high` is +∞ when no θ up to 2⁶⁰·scale leaves the region.
    static func profileInterval(
        design: VarianceComponentDesign, fit: VarianceComponentFit, index j: Int, scale: Double,
        criterion: Double = profileCriterion
    ) throws -> (low: Double, high: Double) {
        let best = fit.logLikelihood
        let estimate = fit.variances[j]
        func excess(_ theta: Double) throws -> Double {
            var start = fit.variances
            start[j] = theta
            let profiled = try design.fit(start: start, fixed: [j: theta])
            return 2 * (best - profiled.logLikelihood) - criterion
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

extension DriftDecomposition {
    /// The 95% profile-likelihood interval of a group's crossover T (s), where the profile is one constraint:
    ///
    ///     { T : 2·(ℓ̂ − ℓ_c(T)) ≤ χ²₁,₀.₉₅ },   ℓ_c(T) = max of ℓ subject to time(T) = turning(T),
    ///
    /// time(T) and turning(T) being the group's parts of the mean square with its walks moved to duration T. For a
    /// class of phones both are linear in the components, Σ_time āₖ(T)·θₖ = ā_s·θ_s, so with one turning component s
    /// the constraint eliminates it, θ_s = Σ_time (āₖ(T)/ā_s)·θₖ, and ℓ_c(T) is an ordinary fit whose time columns
    /// carry the turning column's share: xᵢₖ + xᵢₛ·āₖ(T)/ā_s (still ≥ 0, so θ_s ≥ 0 holds by construction).
    /// Unlike the bootstrap over about 20 walks per cell, its width comes from the likelihood, and it is as lopsided
    /// as the likelihood is (docs/drift.md, Intervals).
    ///
    /// `nil` where the constraint is not of that form: mean terms (one phone, whose time part has (b₀T)²), a tilt
    /// offset on the group's walks (a constant in the constraint), no kept turning component or more than one
    /// that these walks see, or an estimate not in (0, ∞). Each end is bracketed by halving (doubling) T from
    /// `estimate` and found by bisection on log T to 10⁻⁶ relative; `low` is 0 when the constraint holds within the
    /// cut-off down to 10⁻⁶·`estimate`, `high` +∞ when it does up to 10⁸ s.
    static func crossoverProfileInterval(
        design: (response: [Double], offset: [Double], columns: [RegressionTerm], restricted: Bool),
        terms: [Term], hasMeanTerms: Bool, fit: VarianceComponentFit, groupRows: [(row: Row, weight: Double)],
        estimate: Double
    ) throws -> (low: Double, high: Double)? {
        guard !hasMeanTerms, !fit.degenerate, estimate > 0, estimate.isFinite, !groupRows.isEmpty,
            groupRows.allSatisfy({ $0.row.offset == 0 }), terms.count == design.columns.count
        else { return nil }
        let weight = groupRows.reduce(0) { $0 + $1.weight }
        func average(_ t: Term, at seconds: Double) -> Double {
            groupRows.reduce(0) { sum, p in
                let r = Row(
                    cellIndex: p.row.cellIndex, drift: 0, seconds: seconds, tiltFactor: p.row.tiltFactor, net: p.row.net,
                    total: p.row.total)
                return sum + p.weight * t.regressor(r)
            } / weight
        }
        let turning = terms.indices.filter { terms[$0].source == .turning && average(terms[$0], at: estimate) > 0 }
        guard turning.count == 1, let s = turning.first, fit.variances[s] > 0 else { return nil }
        let others = terms.indices.filter { $0 != s }
        guard !others.isEmpty else { return nil }
        let best = fit.logLikelihood
        let start = others.map { fit.variances[$0] }
        func excess(_ seconds: Double) throws -> Double {
            let turningRegressor = average(terms[s], at: seconds)
            guard turningRegressor > 0 else { return .infinity }
            let columns = others.map { k -> RegressionTerm in
                let ratio = terms[k].source == .time ? average(terms[k], at: seconds) / turningRegressor : 0
                let x = design.columns[k].values
                let xs = design.columns[s].values
                return RegressionTerm(name: design.columns[k].name, values: x.indices.map { x[$0] + xs[$0] * ratio })
            }
            let constrained = try VarianceComponents.fit(
                response: design.response, offset: design.offset, components: columns, start: start,
                restricted: design.restricted)
            return 2 * (best - constrained.logLikelihood) - profileCriterion
        }
        func bisect(inside: Double, outside: Double) throws -> Double {
            var a = inside
            var b = outside
            for _ in 0..<80 where abs(b - a) > 1e-6 * max(a, b) {
                let middle = (a * b).squareRoot()
                if try excess(middle) <= 0 { a = middle } else { b = middle }
            }
            return b
        }
        var inside = estimate
        var outside = estimate / 2
        var low = 0.0
        while outside >= 1e-6 * estimate {
            if try excess(outside) > 0 {
                low = try bisect(inside: inside, outside: outside)
                break
            }
            inside = outside
            outside /= 2
        }
        inside = estimate
        outside = estimate * 2
        while outside <= 1e8 {
            if try excess(outside) > 0 { return (low, try bisect(inside: inside, outside: outside)) }
            inside = outside
            outside *= 2
        }
        return (low, .infinity)
    }
}

import Foundation

/// Maximum-likelihood fit of a normal model whose variance is a non-negative sum of known regressors.
///
/// The model, for observations i = 1…n with non-negative frequency weights wᵢ:
///
///     dᵢ = oᵢ + Σⱼ βⱼ·zᵢⱼ + eᵢ,   eᵢ ~ N(0, vᵢ),   vᵢ = Σₖ θₖ·xᵢₖ,   θₖ ≥ 0,
///
/// with oᵢ a known offset, zᵢⱼ optional mean terms (fixed effects, e.g. one phone's bias and scale factor) and
/// xᵢₖ ≥ 0 the known regressor of variance component k (e.g. T² for a turn-on bias, T for white noise). The
/// log-likelihood, up to a constant, is ℓ = −½ Σ wᵢ (log vᵢ + rᵢ²/vᵢ), rᵢ = dᵢ − oᵢ − zᵢᵀβ.
///
/// Algorithm: observations with identical (o, z, x) are pooled into groups through their sufficient
/// statistics (Σw, Σw·(d − o), Σw·(d − o)²), so a fit costs O(groups), not O(n). Each iteration takes
/// - β by weighted least squares with weights 1/vᵢ (the exact maximiser for fixed θ), then
/// - one Fisher-scoring step for θ, which is the regression of rᵢ² on xᵢ with weights 1/vᵢ² (IRLS; Harville,
///   JASA 72, 1977, §6), solved under θ ≥ 0 by non-negative least squares over the few components (every
///   active set is tried, and the feasible one with the smallest weighted residual is kept, which is the NNLS
///   optimum), with step halving when the likelihood does not increase.
/// At convergence the scores vanish for positive components and are ≤ 0 for components at zero: the
/// Karush–Kuhn–Tucker conditions of the constrained maximum.
///
/// Variances are floored at 10⁻¹² times the overall mean square so that a group whose components are all
/// zero does not make the likelihood infinite.
package enum VarianceComponents {
    /// The most components a fit takes (every one of their 2ᵏ active sets is tried).
    package static let maximumComponents = 10

    /// Fits the model; see the type's documentation.
    ///
    /// - Parameters:
    ///   - response: d, finite.
    ///   - offset: o (default zeros), finite.
    ///   - meanTerms: z columns (may be empty), finite, not collinear.
    ///   - components: x columns, finite and ≥ 0; at most ``maximumComponents``.
    ///   - weights: frequency weights w ≥ 0 (default ones); a bootstrap passes resampling counts.
    ///   - start: starting θ (e.g. the full-data fit when refitting a bootstrap sample); default a moment guess.
    ///   - restricted: maximise the restricted likelihood (REML) rather than the likelihood; matters only with mean
    ///     terms.
    /// - Returns: the fit.
    /// - Throws: ``StatsError/invalidInput(_:)`` on mismatched lengths, non-finite or negative regressors, too
    ///   many components, no observations, or collinear mean terms.
    package static func fit(
        response: [Double], offset: [Double]? = nil, meanTerms: [RegressionTerm] = [], components: [RegressionTerm],
        weights: [Double]? = nil, start: [Double]? = nil, restricted: Bool = false
    ) throws(StatsError) -> VarianceComponentFit {
        try validate(response: response, offset: offset, meanTerms: meanTerms, components: components, weights: weights)
        return try VarianceComponentDesign(
            validatedResponse: response, offset: offset, meanTerms: meanTerms, components: components, restricted: restricted
        ).fit(weights: weights, start: start)
    }

    /// Refuses inputs the fit cannot use; see ``fit(response:offset:meanTerms:components:weights:start:restricted:)``.
    static func validate(
        response: [Double], offset: [Double]?, meanTerms: [RegressionTerm], components: [RegressionTerm], weights: [Double]?
    ) throws(StatsError) {
        let n = response.count
        let k = components.count
        guard n > 0 else { throw .invalidInput("VarianceComponents.fit: no observations") }
        guard k >= 1, k <= maximumComponents else {
            throw .invalidInput("VarianceComponents.fit: \(k) components; 1 to \(maximumComponents) allowed")
        }
        if let o = offset, o.count != n { throw .invalidInput("VarianceComponents.fit: offset has \(o.count) values, response \(n)") }
        if let w = weights, w.count != n { throw .invalidInput("VarianceComponents.fit: weights have \(w.count) values, response \(n)") }
        for t in meanTerms + components where t.values.count != n {
            throw .invalidInput("VarianceComponents.fit: '\(t.name)' has \(t.values.count) values, response \(n)")
        }
        for t in components where t.values.contains(where: { !$0.isFinite || $0 < 0 }) {
            throw .invalidInput("VarianceComponents.fit: component '\(t.name)' has a negative or non-finite value")
        }
        let finite =
            response.allSatisfy(\.isFinite) && (offset ?? []).allSatisfy(\.isFinite)
            && meanTerms.allSatisfy { $0.values.allSatisfy(\.isFinite) }
            && (weights ?? []).allSatisfy { $0.isFinite && $0 >= 0 }
        guard finite else { throw .invalidInput("VarianceComponents.fit: a value is not finite (or a weight is negative)") }

    }

    /// One group of observations sharing their regressors, through its sufficient statistics.
    struct Group {
        let z: [Double]
        let x: [Double]
        var count: Double
        /// Σw·(d − o) and Σw·(d − o)².
        var sum: Double
        var sumSquares: Double
    }

    struct Solver {
        let groups: [Group]
        let componentNames: [String]
        let meanNames: [String]
        let q: Int
        /// Components held at a given θ (``VarianceComponentDesign/fit(weights:start:fixed:)``); nil: free.
        var pinned: [Double?] = []
        /// Maximise the restricted likelihood (REML) instead of the likelihood: the variances are then estimated
        /// without the downward bias that estimating the mean terms gives ML (the ML variance of a normal sample
        /// divides by n, REML by n − 1). No difference without mean terms.
        var restricted = false
        var k: Int { componentNames.count }
        func isPinned(_ j: Int) -> Bool { j < pinned.count && pinned[j] != nil }

        /// Column scales: the largest value of each component, so the NNLS works on comparable columns.
        var scales: [Double] { (0..<k).map { j in groups.reduce(0.0) { max($0, $1.x[j]) } } }

        func variance(_ g: Group, _ theta: [Double], floor: Double) -> Double {
            var v = 0.0
            for j in 0..<k { v += theta[j] * g.x[j] }
            return max(v, floor)
        }

        /// Σw·r² of each group for mean coefficients β.
        func residualSquares(_ beta: [Double]) -> [Double] {
            groups.map { g in
                var m = 0.0
                for j in 0..<q { m += g.z[j] * beta[j] }
                return max(g.sumSquares - 2 * m * g.sum + g.count * m * m, 0)
            }
        }

        /// A = Σ w·z·zᵀ/v, the information of β for fixed variances.
        func information(_ v: [Double]) -> [[Double]] {
            var a = [[Double]](repeating: [Double](repeating: 0, count: q), count: q)
            for (g, vg) in zip(groups, v) {
                for r in 0..<q {
                    for c in 0..<q { a[r][c] += g.count * g.z[r] * g.z[c] / vg }
                }
            }
            return a
        }

        func weightedBeta(_ v: [Double]) throws(StatsError) -> [Double] {
            guard q > 0 else { return [] }
            let a = information(v)
            var b = [Double](repeating: 0, count: q)
            for (g, vg) in zip(groups, v) {
                for r in 0..<q { b[r] += g.z[r] * g.sum / vg }
            }
            guard let beta = SmallLinearAlgebra.solve(a, b, relativeTolerance: 1e-10) else {
                throw .invalidInput("VarianceComponents.fit: the mean terms \(meanNames) are collinear")
            }
            return beta
        }

        /// The covariance of β̂ for fixed variances: model-based A⁻¹ with A = Σ w·z·zᵀ/v (the inverse Fisher
        /// information of β, exact for known v), and the sandwich A⁻¹·(Σ w·r²·z·zᵀ/v²)·A⁻¹ (White 1980), which stays
        /// valid when v is misspecified. Empty without mean terms; NaN when A is numerically singular.
        func meanCovariances(_ v: [Double], _ squares: [Double]) -> (model: [[Double]], robust: [[Double]]) {
            guard q > 0 else { return ([], []) }
            var a = [[Double]](repeating: [Double](repeating: 0, count: q), count: q)
            var meat = a
            for (i, g) in groups.enumerated() {
                for r in 0..<q {
                    for c in 0..<q {
                        a[r][c] += g.count * g.z[r] * g.z[c] / v[i]
                        meat[r][c] += squares[i] * g.z[r] * g.z[c] / (v[i] * v[i])
                    }
                }
            }
            guard let inverse = SmallLinearAlgebra.inverse(a, relativeTolerance: 1e-10) else {
                let nan = [[Double]](repeating: [Double](repeating: .nan, count: q), count: q)
                return (nan, nan)
            }
            return (inverse, SmallLinearAlgebra.sandwich(inverse, meat))
        }

        /// ℓ, or with ``restricted`` the restricted (residual) log-likelihood ℓ − ½·log det A (Patterson and
        /// Thompson, Biometrika 58, 1971; Harville, JASA 72, 1977, §7), A = Σ w·z·zᵀ/v.
        func logLikelihood(_ v: [Double], _ squares: [Double]) -> Double {
            var l = 0.0
            for (i, g) in groups.enumerated() { l -= 0.5 * (g.count * log(v[i]) + squares[i] / v[i]) }
            if restricted, q > 0 {
                l -= 0.5 * (SmallLinearAlgebra.logAbsoluteDeterminant(information(v), relativeTolerance: 1e-10) ?? .infinity)
            }
            return l
        }

        /// Each group's leverage term z·A⁻¹·z (per observation; hᵢ·vᵢ with hᵢ the leverage of the weighted least
        /// squares): E[rᵢ²] = vᵢ − zᵢᵀA⁻¹zᵢ, so REML's scoring regresses r² + zᵀA⁻¹z on x where ML regresses r².
        /// Zeros without mean terms, without ``restricted``, or when A is singular.
        func leverageTerms(_ v: [Double]) -> [Double] {
            guard restricted, q > 0, let inverse = SmallLinearAlgebra.inverse(information(v), relativeTolerance: 1e-10) else {
                return [Double](repeating: 0, count: groups.count)
            }
            return groups.map { g in
                var s = 0.0
                for r in 0..<q {
                    for c in 0..<q { s += g.z[r] * inverse[r][c] * g.z[c] }
                }
                return s
            }
        }

        /// Satterthwaite's degrees of freedom of each mean coefficient's variance φⱼ = (A⁻¹)ⱼⱼ (Giesbrecht and
        /// Burns, Biometrics 41, 1985; the t tests of lmerTest and SAS PROC MIXED's DDFM=SATTERTHWAITE):
        ///
        ///     νⱼ = 2·φⱼ² / (gⱼᵀ·I⁻¹·gⱼ),   gⱼₖ = ∂φⱼ/∂θₖ = (A⁻¹·Bₖ·A⁻¹)ⱼⱼ,   Bₖ = Σ w·z·zᵀ·xₖ/v²,
        ///
        /// with I the restricted likelihood's expected information of the free components that are not at zero,
        /// I_kl = ½·tr(P·Xₖ·P·Xₗ) = ½·[Σ w·xₖ·xₗ/v² − 2·tr(A⁻¹·Cₖₗ) + tr(A⁻¹·Bₖ·A⁻¹·Bₗ)], Cₖₗ = Σ w·z·zᵀ·xₖ·xₗ/v³
        /// (P = V⁻¹ − V⁻¹Z·A⁻¹·ZᵀV⁻¹, V diagonal). With one mean term and one variance component on every observation
        /// it is n − 1, the t of a sample mean. NaN where it is undefined (no free component, a singular matrix).
        func meanDegreesOfFreedom(_ v: [Double], theta: [Double]) -> [Double] {
            guard q > 0 else { return [] }
            let nan = [Double](repeating: .nan, count: q)
            guard let inverse = SmallLinearAlgebra.inverse(information(v), relativeTolerance: 1e-10) else { return nan }
            let free = (0..<k).filter { theta[$0] > 0 && !isPinned($0) }
            guard !free.isEmpty else { return nan }
            func zero() -> [[Double]] { [[Double]](repeating: [Double](repeating: 0, count: q), count: q) }
            func product(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
                (0..<q).map { r in (0..<q).map { c in (0..<q).reduce(0.0) { $0 + a[r][$1] * b[$1][c] } } }
            }
            func trace(_ a: [[Double]]) -> Double { (0..<q).reduce(0.0) { $0 + a[$1][$1] } }
            var b = free.map { _ in zero() }
            var c = free.map { _ in free.map { _ in zero() } }
            var plain = free.map { _ in [Double](repeating: 0, count: free.count) }
            for (i, g) in groups.enumerated() {
                let v2 = v[i] * v[i]
                for (a, ka) in free.enumerated() {
                    for r in 0..<q {
                        for s in 0..<q { b[a][r][s] += g.count * g.z[r] * g.z[s] * g.x[ka] / v2 }
                    }
                    for (e, ke) in free.enumerated() {
                        plain[a][e] += g.count * g.x[ka] * g.x[ke] / v2
                        for r in 0..<q {
                            for s in 0..<q { c[a][e][r][s] += g.count * g.z[r] * g.z[s] * g.x[ka] * g.x[ke] / (v2 * v[i]) }
                        }
                    }
                }
            }
            let ab = b.map { product(inverse, $0) }
            var info = plain
            for a in free.indices {
                for e in free.indices {
                    info[a][e] = 0.5 * (plain[a][e] - 2 * trace(product(inverse, c[a][e])) + trace(product(ab[a], ab[e])))
                }
            }
            guard let infoInverse = SmallLinearAlgebra.inverse(info, relativeTolerance: 1e-12) else { return nan }
            return (0..<q).map { j in
                let grad = free.indices.map { a in product(ab[a], inverse)[j][j] }
                var variance = 0.0
                for a in free.indices {
                    for e in free.indices { variance += grad[a] * infoInverse[a][e] * grad[e] }
                }
                let phi = inverse[j][j]
                let nu = 2 * phi * phi / variance
                return variance > 0 && nu.isFinite && nu > 0 ? nu : .nan
            }
        }

        /// Non-negative weighted least squares of m on x with weights w, by trying every active set.
        func nnls(_ m: [Double], _ w: [Double], scales: [Double]) -> [Double] {
            let active = (0..<k).filter { scales[$0] > 0 && !isPinned($0) }
            var gram = [[Double]](repeating: [Double](repeating: 0, count: k), count: k)
            var rhs = [Double](repeating: 0, count: k)
            for (i, g) in groups.enumerated() {
                for a in active {
                    let xa = g.x[a] / scales[a]
                    rhs[a] += w[i] * xa * m[i]
                    for b in active { gram[a][b] += w[i] * xa * g.x[b] / scales[b] }
                }
            }
            var best = (0..<k).map { pinned.indices.contains($0) ? pinned[$0] ?? 0 : 0 }
            var bestObjective = 0.0  // the empty set: objective relative to Σw·m²
            let subsets = 1 << active.count
            for mask in 1..<subsets {
                let set = active.indices.filter { mask & (1 << $0) != 0 }.map { active[$0] }
                guard let solution = SmallLinearAlgebra.solve(set.map { a in set.map { gram[a][$0] } }, set.map { rhs[$0] })
                else { continue }
                guard solution.allSatisfy({ $0 >= 0 }) else { continue }
                // Objective − Σw·m² = θᵀGθ − 2θᵀc = −θᵀc at the subset's normal-equation solution.
                var objective = 0.0
                for (s, a) in set.enumerated() { objective -= solution[s] * rhs[a] }
                if objective < bestObjective {
                    bestObjective = objective
                    best = (0..<k).map { pinned.indices.contains($0) ? pinned[$0] ?? 0 : 0 }
                    for (s, a) in set.enumerated() { best[a] = solution[s] / scales[a] }
                }
            }
            return best
        }

        func run(start: [Double]?) throws(StatsError) -> VarianceComponentFit {
            let totalCount = groups.reduce(0) { $0 + $1.count }
            let scales = self.scales
            var beta = [Double](repeating: 0, count: q)
            if q > 0 { beta = try weightedBeta([Double](repeating: 1, count: groups.count)) }
            var squares = residualSquares(beta)
            let meanSquare = squares.reduce(0, +) / totalCount
            guard meanSquare > 0 else {
                let zero = [[Double]](repeating: [Double](repeating: 0, count: q), count: q)
                return VarianceComponentFit(
                    componentNames: componentNames, variances: [Double](repeating: 0, count: k), meanNames: meanNames,
                    meanCoefficients: beta, meanCovariance: zero, meanRobustCovariance: zero, logLikelihood: 0, iterations: 0,
                    converged: true, degenerate: true)
            }
            let floor = 1e-12 * meanSquare
            var theta: [Double]
            if let s = start, s.count == k, s.allSatisfy({ $0 >= 0 && $0.isFinite }), s.contains(where: { $0 > 0 }) {
                theta = s
            } else {
                // Moment start: each usable component explains an equal part of the mean square.
                let usable = Double(scales.filter { $0 > 0 }.count)
                let meanX = (0..<k).map { j in groups.reduce(0.0) { $0 + $1.count * $1.x[j] } / totalCount }
                theta = (0..<k).map { meanX[$0] > 0 ? meanSquare / usable / meanX[$0] : 0 }
            }
            for j in 0..<k { if isPinned(j), let value = pinned[j] { theta[j] = value } }
            var v = groups.map { variance($0, theta, floor: floor) }
            if q > 0 {
                beta = try weightedBeta(v)
                squares = residualSquares(beta)
            }
            var l = logLikelihood(v, squares)
            var iterations = 0
            var converged = false
            while iterations < 500 {
                iterations += 1
                // A pinned component's part of the variance is known: the free ones fit what is left of r² (with REML,
                // of r² + z·A⁻¹·z, whose expectation is v).
                let leverage = leverageTerms(v)
                let m = (0..<groups.count).map { i in
                    var known = 0.0
                    for j in 0..<k { if isPinned(j), let value = pinned[j] { known += value * groups[i].x[j] } }
                    return squares[i] / groups[i].count + leverage[i] - known
                }
                let w = (0..<groups.count).map { groups[$0].count / (v[$0] * v[$0]) }
                let proposal = nnls(m, w, scales: scales)
                var step = 1.0
                var accepted = false
                var newTheta = theta
                var newV = v
                var newBeta = beta
                var newSquares = squares
                var newL = l
                while step >= 1.0 / 1024 {
                    newTheta = (0..<k).map { theta[$0] + step * (proposal[$0] - theta[$0]) }
                    newV = groups.map { variance($0, newTheta, floor: floor) }
                    if q > 0 {
                        newBeta = try weightedBeta(newV)
                        newSquares = residualSquares(newBeta)
                    }
                    newL = logLikelihood(newV, newSquares)
                    if newL >= l - 1e-12 * abs(l) {
                        accepted = true
                        break
                    }
                    step /= 2
                }
                guard accepted else {
                    converged = true  // no ascent direction left within rounding
                    break
                }
                let change = (0..<groups.count).reduce(0.0) { max($0, abs(newV[$1] - v[$1]) / v[$1]) }
                theta = newTheta
                v = newV
                beta = newBeta
                squares = newSquares
                let gain = newL - l
                l = newL
                // REML's step is a fixed-point iteration that converges only linearly (its leverage term lags by one
                // step: by a factor q/n for one variance), so its gain in ℓ, quadratic in the remaining error, is
                // negligible long before θ is: it stops on the change of v alone. That also keeps the stop free of
                // `log`'s last bit, which differs between glibc's FMA and plain builds (CrossMachineDeterminismTests).
                let settled = restricted && q > 0 ? change < 1e-11 : change < 1e-8 || gain <= 1e-12 * abs(l)
                if settled {
                    converged = true
                    break
                }
            }
            let covariances = meanCovariances(v, squares)
            var fit = VarianceComponentFit(
                componentNames: componentNames, variances: theta, meanNames: meanNames, meanCoefficients: beta,
                meanCovariance: covariances.model, meanRobustCovariance: covariances.robust, logLikelihood: l,
                iterations: iterations, converged: converged, degenerate: false)
            fit.restricted = restricted && q > 0
            fit.meanDegreesOfFreedom = meanDegreesOfFreedom(v, theta: theta)
            return fit
        }
    }
}

/// The result of ``VarianceComponents/fit(response:offset:meanTerms:components:weights:start:restricted:)``.
package struct VarianceComponentFit: Sendable, Equatable {
    /// The components' names, in the order given.
    package let componentNames: [String]
    /// θₖ ≥ 0, the variance per unit of each component's regressor.
    package let variances: [Double]
    /// The mean terms' names and their coefficients β (empty without mean terms).
    package let meanNames: [String]
    package let meanCoefficients: [Double]
    /// The model-based covariance of the mean coefficients at the fitted variances, (Σ w·z·zᵀ/v)⁻¹: the inverse
    /// Fisher information of β (β and θ are orthogonal in a normal model, so the information is block-diagonal).
    package let meanCovariance: [[Double]]
    /// The sandwich covariance of the mean coefficients, A⁻¹·(Σ w·r²·z·zᵀ/v²)·A⁻¹ with A = Σ w·z·zᵀ/v (White 1980).
    package let meanRobustCovariance: [[Double]]
    /// ℓ at the estimate, without the constant −½·Σw·log 2π; for a ``restricted`` fit the restricted
    /// log-likelihood ℓ − ½·log det(Σ w·z·zᵀ/v) (comparable only between fits with the same mean terms).
    package let logLikelihood: Double
    /// Whether the variances maximise the restricted likelihood (REML; a fit with mean terms asked for it).
    package var restricted = false
    /// Satterthwaite's degrees of freedom of each mean coefficient's model-based variance (``meanCovariance``'s
    /// diagonal), from the variability of the fitted variances (see `Solver.meanDegreesOfFreedom`); NaN where
    /// undefined. Empty without mean terms.
    package var meanDegreesOfFreedom: [Double] = []
    package let iterations: Int
    package let converged: Bool
    /// Every residual is exactly zero: nothing varies, every θ is 0.
    package let degenerate: Bool

    /// Σₖ θₖ·xₖ at regressor values `x` (one per component).
    package func variance(at x: [Double]) -> Double {
        zip(variances, x).reduce(0) { $0 + $1.0 * $1.1 }
    }

    /// θ of the component called `name`.
    package func variance(named name: String) -> Double? {
        componentNames.firstIndex(of: name).map { variances[$0] }
    }

    /// The likelihood ratio 2·(ℓ − ℓ₀) of this fit against `reduced`, a fit of the same data with fewer terms; see
    /// ``likelihoodRatio(full:reduced:)``.
    package func likelihoodRatio(over reduced: VarianceComponentFit) -> Double {
        Self.likelihoodRatio(full: logLikelihood, reduced: reduced.logLikelihood)
    }

    /// 2·(ℓ − ℓ₀), 0 when it is negative or within the log-likelihoods' rounding, 1e-9 of |ℓ|: the fitter stops once
    /// a step gains less than 1e-12 of |ℓ|, and ℓ sums thousands of terms. Two fits of what is the same model then
    /// give 0 on every machine, not 0 on one and 1.27e-11 on another (glibc's `exp` and `log` with and without FMA
    /// differ in a last bit now and then).
    package static func likelihoodRatio(full: Double, reduced: Double) -> Double {
        let ratio = 2 * (full - reduced)
        return ratio > 1e-9 * max(1, abs(full)) ? ratio : 0
    }
}

/// A variance-component problem with its observations already pooled into groups of identical regressors, so
/// that refitting it under many weightings (a bootstrap) costs O(n + groups) per fit, without re-grouping.
package struct VarianceComponentDesign: Sendable {
    let residuals: [Double]
    let groupOf: [Int]
    let groupZ: [[Double]]
    let groupX: [[Double]]
    let componentNames: [String]
    let meanNames: [String]
    /// Every fit maximises the restricted likelihood (REML) rather than the likelihood.
    package let restricted: Bool

    /// Validates and groups; see ``VarianceComponents/fit(response:offset:meanTerms:components:weights:start:restricted:)``.
    package init(
        response: [Double], offset: [Double]? = nil, meanTerms: [RegressionTerm] = [], components: [RegressionTerm],
        restricted: Bool = false
    ) throws(StatsError) {
        try VarianceComponents.validate(
            response: response, offset: offset, meanTerms: meanTerms, components: components, weights: nil)
        self.init(validatedResponse: response, offset: offset, meanTerms: meanTerms, components: components, restricted: restricted)
    }

    init(
        validatedResponse response: [Double], offset: [Double]?, meanTerms: [RegressionTerm], components: [RegressionTerm],
        restricted: Bool
    ) {
        var index: [[UInt64]: Int] = [:]
        var groupOf = [Int](repeating: 0, count: response.count)
        var groupZ: [[Double]] = []
        var groupX: [[Double]] = []
        var residuals = [Double](repeating: 0, count: response.count)
        for i in 0..<response.count {
            let o = offset?[i] ?? 0
            let z = meanTerms.map { $0.values[i] }
            let x = components.map { $0.values[i] }
            let key = ([o] + z + x).map(\.bitPattern)
            if let g = index[key] {
                groupOf[i] = g
            } else {
                index[key] = groupZ.count
                groupOf[i] = groupZ.count
                groupZ.append(z)
                groupX.append(x)
            }
            residuals[i] = response[i] - o
        }
        self.residuals = residuals
        self.groupOf = groupOf
        self.groupZ = groupZ
        self.groupX = groupX
        componentNames = components.map(\.name)
        meanNames = meanTerms.map(\.name)
        self.restricted = restricted
    }

    /// The inverse expected Fisher information of the components at `variances` (every observation counted once):
    ///
    ///     I_jk = ½ Σᵢ xᵢⱼ·xᵢₖ / vᵢ²,   vᵢ = Σₖ θₖ·xᵢₖ
    ///
    /// (Searle, Casella and McCulloch, *Variance Components*, 1992, §6.3; the mean terms are orthogonal to θ in a
    /// normal model, so they do not enter). Its diagonal is the large-sample variance of each θ̂ₖ. `nil` when a vᵢ is
    /// not positive or the information is numerically singular.
    package func componentCovariance(variances theta: [Double]) -> [[Double]]? {
        let k = componentNames.count
        guard theta.count == k else { return nil }
        var count = [Double](repeating: 0, count: groupX.count)
        for g in groupOf { count[g] += 1 }
        var information = [[Double]](repeating: [Double](repeating: 0, count: k), count: k)
        for (g, x) in groupX.enumerated() where count[g] > 0 {
            let v = zip(theta, x).reduce(0) { $0 + $1.0 * $1.1 }
            guard v > 0, v.isFinite else { return nil }
            for a in 0..<k {
                for b in 0..<k { information[a][b] += 0.5 * count[g] * x[a] * x[b] / (v * v) }
            }
        }
        return SmallLinearAlgebra.inverse(information, relativeTolerance: 1e-10)
    }

    /// The Satterthwaite interval of component `index`'s θ: θ̂ is treated as θ·χ²(ν)/ν with ν = 2θ̂²/Var(θ̂), Var from
    /// ``componentCovariance(variances:)``, so the interval is [ν·θ̂/χ²₁₋α/₂(ν), ν·θ̂/χ²α/₂(ν)] (Satterthwaite,
    /// Biometrics Bulletin 2, 1946; the interval SAS PROC MIXED gives a variance component). With one component it
    /// is the exact χ² interval of a normal variance with known mean (ν = n). `nil` when θ̂ is not positive or the
    /// information is singular.
    ///
    /// - Returns: the interval of θ and ν.
    /// - Throws: from the χ² quantile.
    package func satterthwaiteInterval(index: Int, variances theta: [Double], confidence: Double = 0.95) throws(StatsError)
        -> (interval: ConfidenceInterval, degreesOfFreedom: Double)?
    {
        guard index >= 0, index < theta.count, theta[index] > 0, let covariance = componentCovariance(variances: theta) else {
            return nil
        }
        let variance = covariance[index][index]
        guard variance > 0, variance.isFinite else { return nil }
        let nu = 2 * theta[index] * theta[index] / variance
        let alpha = 1 - confidence
        let upper = try ChiSquared.quantile(1 - alpha / 2, degreesOfFreedom: nu)
        let lower = try ChiSquared.quantile(alpha / 2, degreesOfFreedom: nu)
        guard upper > 0, lower > 0 else { return nil }
        return (ConfidenceInterval(low: nu * theta[index] / upper, high: nu * theta[index] / lower), nu)
    }

    /// Fits under frequency weights (default ones), from `start` when given, with the components in `fixed` (index to
    /// θ ≥ 0) held at their values and only the others estimated: the profile likelihood ℓ_p(θⱼ) = max over the
    /// others of ℓ, whose ratio 2·(ℓ̂ − ℓ_p(θⱼ)) against the full fit gives profile-likelihood intervals.
    package func fit(weights: [Double]? = nil, start: [Double]? = nil, fixed: [Int: Double] = [:]) throws(StatsError)
        -> VarianceComponentFit
    {
        let k = componentNames.count
        guard fixed.allSatisfy({ $0.key >= 0 && $0.key < k && $0.value >= 0 && $0.value.isFinite }) else {
            throw .invalidInput("VarianceComponentDesign.fit: a fixed component is out of range or its θ is negative")
        }
        if let w = weights {
            guard w.count == residuals.count, w.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                throw .invalidInput(
                    "VarianceComponentDesign.fit: \(w.count) weights for \(residuals.count) observations, or a weight is negative")
            }
        }
        var count = [Double](repeating: 0, count: groupZ.count)
        var sum = [Double](repeating: 0, count: groupZ.count)
        var squares = [Double](repeating: 0, count: groupZ.count)
        for i in 0..<residuals.count {
            let w = weights?[i] ?? 1
            if w == 0 { continue }
            let g = groupOf[i]
            let r = residuals[i]
            count[g] += w
            sum[g] += w * r
            squares[g] += w * r * r
        }
        var groups: [VarianceComponents.Group] = []
        for g in 0..<groupZ.count where count[g] > 0 {
            groups.append(VarianceComponents.Group(z: groupZ[g], x: groupX[g], count: count[g], sum: sum[g], sumSquares: squares[g]))
        }
        guard !groups.isEmpty else { throw .invalidInput("VarianceComponents.fit: every weight is zero") }
        var solver = VarianceComponents.Solver(groups: groups, componentNames: componentNames, meanNames: meanNames, q: meanNames.count)
        if !fixed.isEmpty { solver.pinned = (0..<k).map { fixed[$0] } }
        solver.restricted = restricted
        return try solver.run(start: start)
    }
}

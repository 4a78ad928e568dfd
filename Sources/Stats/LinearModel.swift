internal import CGSL

/// Ordinary least-squares multiple regression y = b₀ + Σ bⱼ·xⱼ + e over GSL's Householder QR.
///
/// Method (chosen for accuracy on NIST's StRD problems; see the tests):
/// 1. With an intercept, every term column and the response are centred on their means (the intercept is then
///    ȳ − Σ bⱼ·x̄ⱼ), which removes the intercept's collinearity with the terms; every column is then scaled to
///    unit Euclidean length. Scaling changes nothing mathematically but makes the triangular factor's diagonal
///    a direct measure of collinearity.
/// 2. The scaled design Z = QR is factored by `gsl_linalg_QR_decomp` and solved by `gsl_linalg_QR_lssolve`
///    (no normal equations, so the condition number is not squared).
/// 3. One step of iterative refinement: the residual r = y − Zb is formed in about twice double precision
///    (``CompensatedSum``) and the correction solves the same least-squares problem with r.
/// 4. (ZᵀZ)⁻¹ = R⁻¹R⁻ᵀ (`gsl_linalg_tri_upper_invert`); the covariance of the original coefficients follows
///    from the linear change of variables, Var(b₀) = s²/n + x̄ᵀ·Cov(b)·x̄ and Cov(b₀, b) = −x̄ᵀ·Cov(b).
///
/// A fit whose residuals are within the representation error of the response (‖e‖² ≤ n·ε²·‖y‖²) is treated
/// as exact: RSS, residual standard error and standard errors are 0 and t, p and F are `nil`.
///
/// A design is rejected as rank-deficient when a term's centred, unit-length column lies within
/// ``collinearityTolerance`` of the span of the columns before it (|Rⱼⱼ| is exactly that distance). Exact
/// collinearity built in double precision leaves about 1e-15; NIST's Filip (degree-10 polynomial, the hardest
/// certified problem) has its smallest |Rⱼⱼ| near 6e-8.
package enum LinearModel {
    /// The smallest distance (sine of the angle) between a term's centred, unit-length column and the span of
    /// the earlier columns that is still treated as linearly independent.
    package static let collinearityTolerance = 1e-11

    // MARK: - Fit

    /// Fits y = b₀ + Σ bⱼ·xⱼ by least squares and reports coefficients with standard errors, t tests and
    /// intervals, R², the F test and the covariance.
    ///
    /// t = b/SE with SE = √(s²[(XᵀX)⁻¹]ⱼⱼ), s² = RSS/(n − p); two-sided p-values from Student t with n − p
    /// degrees of freedom; intervals b ± t₍₁₋α/2, n−p₎·SE. R² and the regression sum of squares are centred
    /// with an intercept and uncentered without (NIST's convention for NoInt1).
    /// - Parameters:
    ///   - response: y, one finite value per observation.
    ///   - terms: the explanatory variables, each with one finite value per observation and a unique name.
    ///   - includeIntercept: whether to fit b₀ (named `"intercept"`).
    ///   - confidenceLevel: 1 − α of the coefficient and mean-response intervals, strictly inside (0, 1).
    /// - Returns: the fit.
    /// - Throws: ``StatsError/invalidInput(_:)`` when there are no parameters, n ≤ p (at least one residual
    ///   degree of freedom is needed to estimate the noise), lengths differ, a value is not finite, names repeat,
    ///   or the design is rank-deficient (the message names the term); ``StatsError/gsl`` if GSL fails.
    package static func fit(
        response: [Double],
        terms: [RegressionTerm],
        includeIntercept: Bool = true,
        confidenceLevel: Double = 0.95
    ) throws(StatsError) -> LinearModelFit {
        GSLRuntime.ensureReady()
        try validate(
            response: response, terms: terms, includeIntercept: includeIntercept,
            confidenceLevel: confidenceLevel)
        let n = response.count
        let q = terms.count

        // Centre and scale.
        let responseCentre = includeIntercept ? accurateMean(response) : 0
        var centres = [Double](repeating: 0, count: q)
        var scales = [Double](repeating: 0, count: q)
        var columns: [[Double]] = []
        columns.reserveCapacity(q)
        for (j, term) in terms.enumerated() {
            let centre = includeIntercept ? accurateMean(term.values) : 0
            var column = term.values.map { $0 - centre }
            let length = euclideanNorm(column)
            guard length > 0 else {
                throw .invalidInput(
                    includeIntercept
                        ? "LinearModel.fit: term '\(term.name)' is constant (collinear with the intercept)"
                        : "LinearModel.fit: term '\(term.name)' is all zeros")
            }
            guard length.isFinite else {
                throw .invalidInput("LinearModel.fit: term '\(term.name)' is too large in magnitude")
            }
            for i in 0..<n { column[i] /= length }
            centres[j] = centre
            scales[j] = length
            columns.append(column)
        }

        // Solve in the scaled coordinates.
        let solution = try solveScaled(
            columns: columns, response: response, responseCentre: responseCentre,
            terms: terms)
        return try assemble(
            solution, observations: n, responseNorm: euclideanNorm(response), responseCentre: responseCentre,
            centres: centres, scales: scales, names: terms.map(\.name), includeIntercept: includeIntercept,
            confidenceLevel: confidenceLevel)
    }

    /// The fit from its solution in the centred, unit-length coordinates: the exact-fit test, the original
    /// coefficients and their covariance, the coefficient table and the analysis of variance.
    static func assemble(
        _ solution: ScaledSolution, observations n: Int, responseNorm: Double, responseCentre: Double, centres: [Double],
        scales: [Double], names termNames: [String], includeIntercept: Bool, confidenceLevel: Double
    ) throws(StatsError) -> LinearModelFit {
        let q = termNames.count
        let p = q + (includeIntercept ? 1 : 0)
        let df = n - p
        // Residuals no larger than the representation error of the response itself are indistinguishable from
        // an exact fit: ‖e‖² ≤ n·ε²·‖y‖², ε = 2⁻⁵² (each yᵢ is only known to ±ε|yᵢ|). Such a fit reports RSS = 0,
        // standard errors 0 and no tests, as NIST certifies Wampler1, instead of t values of 10¹⁵ from noise.
        guard solution.residualSumOfSquares.isFinite, solution.totalSumOfSquares.isFinite else {
            throw .invalidInput("LinearModel.fit: sums of squares overflow (response too large in magnitude)")
        }
        let noiseFloor = Double(n).squareRoot() * Double.ulpOfOne * responseNorm
        let isExact = solution.residualSumOfSquares.squareRoot() <= noiseFloor
        let rss = isExact ? 0 : solution.residualSumOfSquares
        let s2 = rss / Double(df)

        // Back to the original coefficients and their covariance.
        let slopes = (0..<q).map { solution.slopes[$0] / scales[$0] }
        var covariance = [[Double]](repeating: [Double](repeating: 0, count: p), count: p)
        let offset = includeIntercept ? 1 : 0
        for i in 0..<q {
            for j in 0..<q {
                covariance[i + offset][j + offset] = s2 * solution.unscaledCovariance[i][j] / (scales[i] * scales[j])
            }
        }
        var estimates = slopes
        if includeIntercept {
            var intercept = CompensatedSum()
            intercept.add(responseCentre)
            for j in 0..<q { intercept.addProduct(-slopes[j], centres[j]) }
            estimates.insert(intercept.value, at: 0)
            var variance = s2 / Double(n)
            for i in 0..<q {
                var covarianceWithSlope = 0.0
                for j in 0..<q { covarianceWithSlope -= centres[j] * covariance[j + 1][i + 1] }
                covariance[0][i + 1] = covarianceWithSlope
                covariance[i + 1][0] = covarianceWithSlope
                variance -= centres[i] * covarianceWithSlope
            }
            covariance[0][0] = max(variance, 0)
        }

        // Coefficient table.
        let alpha = 1 - confidenceLevel
        let criticalT = try StudentT.quantile(1 - alpha / 2, degreesOfFreedom: Double(df))
        let names = (includeIntercept ? ["intercept"] : []) + termNames
        var coefficients: [LinearModelFit.Coefficient] = []
        coefficients.reserveCapacity(p)
        for k in 0..<p {
            let estimate = estimates[k]
            let standardError = max(covariance[k][k], 0).squareRoot()
            var tValue: Double? = nil
            var pValue: Double? = nil
            if standardError > 0 {
                let t = estimate / standardError
                if t.isFinite {
                    tValue = t
                    pValue = try StudentT.twoSidedPValue(t, degreesOfFreedom: Double(df))
                }
            }
            let halfWidth = criticalT * standardError
            coefficients.append(
                .init(
                    name: names[k], estimate: estimate, standardError: standardError,
                    tValue: tValue, pValue: pValue,
                    ciLow: estimate - halfWidth, ciHigh: estimate + halfWidth))
        }
        guard coefficients.allSatisfy({ $0.estimate.isFinite && $0.ciLow.isFinite && $0.ciHigh.isFinite }) else {
            throw .invalidInput("LinearModel.fit: the solution overflowed (data too large in magnitude)")
        }

        // Analysis of variance.
        let tss = solution.totalSumOfSquares
        let regressionSS = solution.regressionSumOfSquares
        let rSquared = tss > 0 ? 1 - rss / tss : 1
        let explainedDegrees = includeIntercept ? n - 1 : n
        let adjustedRSquared = 1 - (1 - rSquared) * Double(explainedDegrees) / Double(df)
        var fStatistic: Double? = nil
        var fPValue: Double? = nil
        if q > 0, rss > 0 {
            let numeratorDegrees = includeIntercept ? q : p
            let f = (regressionSS / Double(numeratorDegrees)) / s2
            if f.isFinite {
                fStatistic = f
                fPValue = try FisherF.upperTail(
                    f, numeratorDegrees: Double(numeratorDegrees),
                    denominatorDegrees: Double(df))
            }
        }

        return LinearModelFit(
            coefficients: coefficients,
            observations: n,
            residualDegreesOfFreedom: df,
            rSquared: rSquared,
            adjustedRSquared: adjustedRSquared,
            residualStandardError: s2.squareRoot(),
            residualSumOfSquares: rss,
            regressionSumOfSquares: regressionSS,
            fStatistic: fStatistic,
            fPValue: fPValue,
            covariance: covariance,
            confidenceLevel: confidenceLevel,
            includeIntercept: includeIntercept,
            responseCentre: responseCentre,
            centres: centres,
            scales: scales,
            scaledSlopes: solution.slopes,
            scaledUnscaledCovariance: solution.unscaledCovariance,
            residualVariance: s2,
            criticalT: criticalT
        )
    }

    // MARK: - Validation

    private static func validate(
        response: [Double], terms: [RegressionTerm], includeIntercept: Bool, confidenceLevel: Double
    ) throws(StatsError) {
        let n = response.count
        let p = terms.count + (includeIntercept ? 1 : 0)
        guard p > 0 else { throw .invalidInput("LinearModel.fit: no terms and no intercept: nothing to fit") }
        guard confidenceLevel > 0, confidenceLevel < 1 else {
            throw .invalidInput("LinearModel.fit: confidenceLevel \(confidenceLevel) must lie strictly in (0, 1)")
        }
        guard n > p else {
            throw .invalidInput(
                "LinearModel.fit: \(n) observations for \(p) parameters; "
                    + "at least \(p + 1) are needed (one residual degree of freedom)")
        }
        if let index = response.firstIndex(where: { !$0.isFinite }) {
            throw .invalidInput("LinearModel.fit: response value at index \(index) is \(response[index]), not finite")
        }
        var seen: Set<String> = includeIntercept ? ["intercept"] : []
        for term in terms {
            guard seen.insert(term.name).inserted else {
                throw .invalidInput("LinearModel.fit: the name '\(term.name)' is used twice")
            }
            guard term.values.count == n else {
                throw .invalidInput(
                    "LinearModel.fit: term '\(term.name)' has \(term.values.count) values, "
                        + "the response has \(n)")
            }
            if let index = term.values.firstIndex(where: { !$0.isFinite }) {
                throw .invalidInput(
                    "LinearModel.fit: term '\(term.name)' value at index \(index) is "
                        + "\(term.values[index]), not finite")
            }
        }
    }

    // MARK: - Numerics

    /// What the QR solve of the centred, unit-length design returns.
    struct ScaledSolution {
        var slopes: [Double]
        var unscaledCovariance: [[Double]]
        var residualSumOfSquares: Double
        var regressionSumOfSquares: Double
        var totalSumOfSquares: Double
    }

    /// Solves min ‖(y − c) − Z·b‖ for the unit-length columns Z by Householder QR with one refinement step.
    private static func solveScaled(
        columns: [[Double]], response: [Double], responseCentre: Double, terms: [RegressionTerm]
    ) throws(StatsError) -> ScaledSolution {
        let n = response.count
        let q = columns.count
        // Residuals of the current solution, in about twice double precision.
        func residuals(_ slopes: [Double]) -> [Double] {
            (0..<n).map { i in
                var sum = CompensatedSum()
                sum.add(response[i])
                sum.add(-responseCentre)
                for j in 0..<q { sum.addProduct(-columns[j][i], slopes[j]) }
                return sum.value
            }
        }
        let centred = residuals([Double](repeating: 0, count: q))
        let total = centred.reduce(0) { $0 + $1 * $1 }
        guard q > 0 else {
            // Intercept only: the fit is the mean.
            return ScaledSolution(
                slopes: [], unscaledCovariance: [], residualSumOfSquares: total,
                regressionSumOfSquares: 0, totalSumOfSquares: total)
        }

        let matrix = try GSLMatrix(rows: n, columns: q)
        let tau = try GSLVector(count: q)
        let rhs = try GSLVector(count: n)
        let solution = try GSLVector(count: q)
        let residual = try GSLVector(count: n)
        for j in 0..<q {
            for i in 0..<n { gsl_matrix_set(matrix.pointer, i, j, columns[j][i]) }
        }
        try GSLRuntime.check(gsl_linalg_QR_decomp(matrix.pointer, tau.pointer), "gsl_linalg_QR_decomp")
        for j in 0..<q where abs(gsl_matrix_get(matrix.pointer, j, j)) < collinearityTolerance {
            throw .invalidInput("LinearModel.fit: term '\(terms[j].name)' is constant or collinear with the others")
        }

        rhs.set(centred)
        try GSLRuntime.check(
            gsl_linalg_QR_lssolve(
                matrix.pointer, tau.pointer, rhs.pointer, solution.pointer,
                residual.pointer), "gsl_linalg_QR_lssolve")
        var slopes = solution.values
        // One step of iterative refinement against the compensated residual.
        rhs.set(residuals(slopes))
        try GSLRuntime.check(
            gsl_linalg_QR_lssolve(
                matrix.pointer, tau.pointer, rhs.pointer, solution.pointer,
                residual.pointer), "gsl_linalg_QR_lssolve")
        let correction = solution.values
        for j in 0..<q { slopes[j] += correction[j] }
        let finalResiduals = residuals(slopes)
        let rss = finalResiduals.reduce(0) { $0 + $1 * $1 }
        var regression = 0.0
        for i in 0..<n {
            var fitted = CompensatedSum()
            for j in 0..<q { fitted.addProduct(columns[j][i], slopes[j]) }
            regression += fitted.value * fitted.value
        }

        // (ZᵀZ)⁻¹ = R⁻¹R⁻ᵀ.
        let triangle = try GSLMatrix(rows: q, columns: q)
        for i in 0..<q {
            for j in 0..<q { gsl_matrix_set(triangle.pointer, i, j, j >= i ? gsl_matrix_get(matrix.pointer, i, j) : 0) }
        }
        try GSLRuntime.check(gsl_linalg_tri_upper_invert(triangle.pointer), "gsl_linalg_tri_upper_invert")
        var inverse = [[Double]](repeating: [Double](repeating: 0, count: q), count: q)
        for i in 0..<q {
            for j in i..<q {
                var sum = 0.0
                for k in j..<q {
                    sum += gsl_matrix_get(triangle.pointer, i, k) * gsl_matrix_get(triangle.pointer, j, k)
                }
                inverse[i][j] = sum
                inverse[j][i] = sum
            }
        }
        return ScaledSolution(
            slopes: slopes, unscaledCovariance: inverse, residualSumOfSquares: rss,
            regressionSumOfSquares: regression, totalSumOfSquares: total)
    }

    /// The mean with one correction pass, x̄ + Σ(x − x̄)/n, which removes most of the rounding of Σx/n.
    static func accurateMean(_ values: [Double]) -> Double {
        let n = Double(values.count)
        var first = CompensatedSum()
        for x in values { first.add(x) }
        let mean = first.value / n
        var correction = CompensatedSum()
        for x in values { correction.add(x - mean) }
        return mean + correction.value / n
    }

    /// ‖x‖₂ without overflow or underflow: the largest magnitude is factored out first.
    static func euclideanNorm(_ values: [Double]) -> Double {
        let largest = values.reduce(0) { max($0, abs($1)) }
        guard largest > 0, largest.isFinite else { return largest }
        let sum = values.reduce(0) { $0 + ($1 / largest) * ($1 / largest) }
        return largest * sum.squareRoot()
    }
}

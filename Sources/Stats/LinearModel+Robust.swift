/// Which covariance of the coefficients a fit reports.
package enum CovarianceEstimator: String, Sendable, Equatable {
    /// s²(XᵀX)⁻¹: right when the errors have one variance.
    case classical
    /// HC3 (MacKinnon and White 1985; Long and Ervin 2000): (XᵀX)⁻¹·Xᵀ·diag(eᵢ²/(1 − hᵢᵢ)²)·X·(XᵀX)⁻¹, with hᵢᵢ
    /// the leverages. Consistent when the error variance changes from observation to observation
    /// (heteroscedasticity), and the best of the HC family in small samples. statsmodels' `cov_type="HC3"`.
    case hc3
}

extension LinearModel {
    /// Fits y = b₀ + Σ bⱼ·xⱼ by least squares with the chosen coefficient covariance.
    ///
    /// The estimates, R², residuals and prediction are those of the classical fit. With ``CovarianceEstimator/hc3``
    /// the standard errors, t values, p-values and intervals come from the HC3 covariance, still with Student t on
    /// n − p degrees of freedom (identical to the normal for the thousands of trials a study has, and the more
    /// conservative of the two in small samples), and the F statistic is the robust Wald test of all slopes,
    /// F = bᵀV⁻¹b/k against F(k, n − p) (statsmodels' `fvalue` under a robust `cov_type`).
    /// - Throws: as ``fit(response:terms:includeIntercept:confidenceLevel:)``, and ``StatsError/invalidInput(_:)``
    ///   when an observation has leverage 1 (its residual is 0 whatever its error, so HC3 is undefined).
    package static func fit(
        response: [Double], terms: [RegressionTerm], includeIntercept: Bool = true, confidenceLevel: Double = 0.95,
        covariance estimator: CovarianceEstimator
    ) throws(StatsError) -> LinearModelFit {
        let classical = try fit(
            response: response, terms: terms, includeIntercept: includeIntercept, confidenceLevel: confidenceLevel)
        guard estimator == .hc3 else { return classical }
        return try classical.withHC3(response: response, terms: terms)
    }
}

extension LinearModelFit {
    /// This fit with its covariance, tests and intervals replaced by HC3's (see ``CovarianceEstimator/hc3``).
    ///
    /// Computed in the centred, unit-length coordinates the fit was solved in: with an intercept XᵀX is
    /// block-diagonal there (n for the intercept, ZᵀZ for the terms), the leverage is hᵢ = 1/n + zᵢᵀ(ZᵀZ)⁻¹zᵢ, and
    /// the covariance maps back to the original coefficients through bⱼ = βⱼ/scaleⱼ, b₀ = α − Σ centreⱼ·bⱼ.
    func withHC3(response: [Double], terms: [RegressionTerm]) throws(StatsError) -> LinearModelFit {
        let n = observations
        let q = scales.count
        let offset = includeIntercept ? 1 : 0
        let p = q + offset
        var meat = [[Double]](repeating: [Double](repeating: 0, count: p), count: p)
        for i in 0..<n {
            let z = (0..<q).map { (terms[$0].values[i] - centres[$0]) / scales[$0] }
            var leverage = includeIntercept ? 1 / Double(n) : 0
            for a in 0..<q {
                for b in 0..<q { leverage += z[a] * scaledUnscaledCovariance[a][b] * z[b] }
            }
            var fitted = CompensatedSum()
            fitted.add(responseCentre)
            for j in 0..<q { fitted.addProduct(scaledSlopes[j], z[j]) }
            let residual = response[i] - fitted.value
            guard leverage < 1 - 1e-10 else {
                throw .invalidInput("LinearModel.fit: observation \(i) has leverage 1, so HC3 standard errors are undefined")
            }
            let u = residual / (1 - leverage)
            let x = (includeIntercept ? [1.0] : []) + z
            for a in 0..<p {
                for b in 0..<p { meat[a][b] += u * u * x[a] * x[b] }
            }
        }
        return try withRobustMeat(meat)
    }

    /// This fit with the HC3 covariance whose meat, Σ uᵢ²·xᵢxᵢᵀ in the fitted coordinates (xᵢ = (1, zᵢ) with an
    /// intercept), has been accumulated by the caller.
    func withRobustMeat(_ meat: [[Double]]) throws(StatsError) -> LinearModelFit {
        let n = observations
        let q = scales.count
        let offset = includeIntercept ? 1 : 0
        let p = q + offset
        // Bread in the fitted coordinates, composed with the map back to the original coefficients.
        var bread = [[Double]](repeating: [Double](repeating: 0, count: p), count: p)
        if includeIntercept { bread[0][0] = 1 / Double(n) }
        for a in 0..<q {
            for b in 0..<q { bread[a + offset][b + offset] = scaledUnscaledCovariance[a][b] }
        }
        var jacobian = [[Double]](repeating: [Double](repeating: 0, count: p), count: p)
        if includeIntercept {
            jacobian[0][0] = 1
            for j in 0..<q { jacobian[0][j + 1] = -centres[j] / scales[j] }
        }
        for j in 0..<q { jacobian[j + offset][j + offset] = 1 / scales[j] }
        var map = [[Double]](repeating: [Double](repeating: 0, count: p), count: p)
        for a in 0..<p {
            for b in 0..<p {
                var s = 0.0
                for k in 0..<p { s += jacobian[a][k] * bread[k][b] }
                map[a][b] = s
            }
        }
        let robust = SmallLinearAlgebra.sandwich(map, meat)

        let coefficients = self.coefficients.enumerated().map { k, c -> Coefficient in
            let se = max(robust[k][k], 0).squareRoot()
            let halfWidth = criticalT * se
            var tValue: Double? = nil
            var pValue: Double? = nil
            if se > 0, (c.estimate / se).isFinite {
                tValue = c.estimate / se
                pValue = try? StudentT.twoSidedPValue(c.estimate / se, degreesOfFreedom: Double(residualDegreesOfFreedom))
            }
            return Coefficient(
                name: c.name, estimate: c.estimate, standardError: se, tValue: tValue, pValue: pValue,
                ciLow: c.estimate - halfWidth, ciHigh: c.estimate + halfWidth)
        }
        guard coefficients.allSatisfy({ $0.ciLow.isFinite && $0.ciHigh.isFinite }) else {
            throw .invalidInput("LinearModel.fit: the HC3 covariance overflowed")
        }
        // Robust Wald test of every slope (without an intercept: every coefficient).
        var fStatistic: Double? = nil
        var fPValue: Double? = nil
        let tested = Array((includeIntercept ? 1 : 0)..<p)
        if !tested.isEmpty, residualSumOfSquares > 0,
            let inverse = SmallLinearAlgebra.inverse(tested.map { a in tested.map { robust[a][$0] } })
        {
            let b = tested.map { coefficients[$0].estimate }
            var quadratic = 0.0
            for a in 0..<b.count {
                for c in 0..<b.count { quadratic += b[a] * inverse[a][c] * b[c] }
            }
            let f = quadratic / Double(b.count)
            if f.isFinite, f >= 0 {
                fStatistic = f
                fPValue = try FisherF.upperTail(
                    f, numeratorDegrees: Double(b.count), denominatorDegrees: Double(residualDegreesOfFreedom))
            }
        }
        return LinearModelFit(
            coefficients: coefficients, observations: observations, residualDegreesOfFreedom: residualDegreesOfFreedom,
            rSquared: rSquared, adjustedRSquared: adjustedRSquared, residualStandardError: residualStandardError,
            residualSumOfSquares: residualSumOfSquares, regressionSumOfSquares: regressionSumOfSquares,
            fStatistic: fStatistic, fPValue: fPValue, covariance: robust, confidenceLevel: confidenceLevel,
            includeIntercept: includeIntercept, responseCentre: responseCentre, centres: centres, scales: scales,
            scaledSlopes: scaledSlopes, scaledUnscaledCovariance: scaledUnscaledCovariance,
            residualVariance: residualVariance, criticalT: criticalT, covarianceEstimator: .hc3)
    }
}

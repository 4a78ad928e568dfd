/// The result of an ordinary least-squares fit (``LinearModel/fit(response:terms:includeIntercept:confidenceLevel:)``).
///
/// Coefficients are in the response's unit per unit of their term. Statistics that are undefined for a given
/// fit (a t value when the standard error is 0, an F statistic without residual variation or without
/// explanatory terms) are `nil`, never NaN.
package struct LinearModelFit: Sendable {
    // MARK: - Coefficient

    /// One estimated coefficient with its uncertainty.
    package struct Coefficient: Sendable, Equatable {
        /// The term's name, or `"intercept"`.
        package let name: String
        /// The least-squares estimate b.
        package let estimate: Double
        /// The standard error √(s²·[(XᵀX)⁻¹]ⱼⱼ), s² = RSS/(n − p).
        package let standardError: Double
        /// t = b/SE; `nil` when SE = 0 (an exact fit).
        package let tValue: Double?
        /// The two-sided p-value P(|T| ≥ |t|) with n − p degrees of freedom; `nil` when `tValue` is.
        package let pValue: Double?
        /// b − t₍₁₋α/2, n−p₎·SE, with 1 − α the fit's ``LinearModelFit/confidenceLevel``.
        package let ciLow: Double
        /// b + t₍₁₋α/2, n−p₎·SE.
        package let ciHigh: Double
    }

    // MARK: - Reported values

    /// The coefficients, intercept first (named `"intercept"`) when the model has one, then the terms in order.
    package internal(set) var coefficients: [Coefficient]
    /// The number of observations n.
    package let observations: Int
    /// n − p, at least 1.
    package let residualDegreesOfFreedom: Int
    /// R²: 1 − RSS/TSS, with TSS about the mean when the model has an intercept and about 0 (uncentered, as
    /// NIST certifies NoInt1) without. 1 when the response has no variation at all (TSS = 0, RSS = 0).
    package let rSquared: Double
    /// 1 − (1 − R²)·(n − k)/(n − p), with k = 1 with an intercept and 0 without.
    package let adjustedRSquared: Double
    /// s = √(RSS/(n − p)), in the response's unit.
    package let residualStandardError: Double
    /// RSS = Σ(y − ŷ)², computed from compensated residuals.
    package let residualSumOfSquares: Double
    /// Σ(ŷ − ȳ)² with an intercept, Σŷ² without (uncentered).
    package let regressionSumOfSquares: Double
    /// (RegSS/k)/(RSS/(n − p)) with k explanatory terms; `nil` when k = 0 or RSS = 0.
    package let fStatistic: Double?
    /// The upper tail of F(k, n − p) at ``fStatistic``; `nil` when that is.
    package let fPValue: Double?
    /// s²(XᵀX)⁻¹ in the order of ``coefficients`` (HC3's sandwich when ``covarianceEstimator`` is `.hc3`).
    package let covariance: [[Double]]
    /// The confidence level 1 − α of every interval of this fit.
    package let confidenceLevel: Double

    // MARK: - State for prediction (centred, unit-length columns, as fitted)

    let includeIntercept: Bool
    /// ȳ with an intercept, 0 without.
    let responseCentre: Double
    /// Column means with an intercept, zeros without.
    let centres: [Double]
    /// Euclidean norms of the centred columns.
    let scales: [Double]
    /// Coefficients of the centred, unit-length columns.
    let scaledSlopes: [Double]
    /// (ZᵀZ)⁻¹ = R⁻¹R⁻ᵀ of the centred, unit-length design Z (unscaled by s²).
    let scaledUnscaledCovariance: [[Double]]
    /// s².
    let residualVariance: Double
    /// t₍₁₋α/2, n−p₎.
    let criticalT: Double
    /// Which covariance ``covariance`` and the coefficients' errors are.
    package var covarianceEstimator: CovarianceEstimator = .classical

    // MARK: - Queries

    /// The coefficient called `name` (`"intercept"` for the intercept), or `nil`.
    package func coefficient(named name: String) -> Coefficient? {
        coefficients.first { $0.name == name }
    }

    /// The fitted mean response ŷ = b₀ + Σ bⱼ·xⱼ at the given term values.
    ///
    /// Evaluated in the centred, scaled coordinates the model was fitted in, which is the accurate form for
    /// ill-conditioned designs.
    /// - Parameter termValues: one value per term, in the order of the terms passed to the fit.
    /// - Returns: ŷ, in the response's unit.
    /// - Throws: ``StatsError/invalidInput(_:)`` on a wrong count or non-finite values.
    package func predict(_ termValues: [Double]) throws(StatsError) -> Double {
        let h = try scaledPoint(termValues, "LinearModelFit.predict")
        var sum = CompensatedSum()
        sum.add(responseCentre)
        for j in 0..<h.count { sum.addProduct(scaledSlopes[j], h[j]) }
        let value = sum.value
        guard value.isFinite else { throw .invalidInput("LinearModelFit.predict: prediction overflowed") }
        return value
    }

    /// The confidence interval of the mean response at the given term values.
    ///
    /// With a robust ``covarianceEstimator`` the variance is gᵀ·Cov·g from ``covariance``.
    /// ŷ ± t₍₁₋α/2, n−p₎·√(gᵀ·Cov·g) with g = (1, x₁, …) (Draper and Smith, Applied Regression Analysis, 3rd
    /// ed., §5.3); the quadratic form is evaluated as s²(1/n + hᵀ(ZᵀZ)⁻¹h) in the centred, unit-length
    /// coordinates h of the point.
    /// - Parameter termValues: one value per term, in the order of the terms passed to the fit.
    /// - Returns: the interval, in the response's unit, at the fit's ``confidenceLevel``.
    /// - Throws: ``StatsError/invalidInput(_:)`` on a wrong count or non-finite values.
    package func meanConfidenceInterval(at termValues: [Double]) throws(StatsError) -> ConfidenceInterval {
        let yHat = try predict(termValues)
        let h = try scaledPoint(termValues, "LinearModelFit.meanConfidenceInterval")
        if covarianceEstimator != .classical {
            // gᵀ·Cov·g with g = (1, x₁, …) in the original coordinates of the robust covariance.
            let g = (includeIntercept ? [1.0] : []) + termValues
            var variance = 0.0
            for i in 0..<g.count {
                for j in 0..<g.count { variance += g[i] * covariance[i][j] * g[j] }
            }
            let halfWidth = criticalT * max(variance, 0).squareRoot()
            guard halfWidth.isFinite else {
                throw .invalidInput("LinearModelFit.meanConfidenceInterval: interval overflowed")
            }
            return ConfidenceInterval(low: yHat - halfWidth, high: yHat + halfWidth)
        }
        var quadratic = includeIntercept ? 1 / Double(observations) : 0
        for i in 0..<h.count {
            for j in 0..<h.count { quadratic += h[i] * scaledUnscaledCovariance[i][j] * h[j] }
        }
        let halfWidth = criticalT * (residualVariance * max(quadratic, 0)).squareRoot()
        guard halfWidth.isFinite else {
            throw .invalidInput("LinearModelFit.meanConfidenceInterval: interval overflowed")
        }
        return ConfidenceInterval(low: yHat - halfWidth, high: yHat + halfWidth)
    }

    /// The point in fitted coordinates, hⱼ = (xⱼ − centreⱼ)/scaleⱼ, after validating it.
    private func scaledPoint(_ termValues: [Double], _ operation: String) throws(StatsError) -> [Double] {
        guard termValues.count == scales.count else {
            throw .invalidInput("\(operation): expected \(scales.count) term values, got \(termValues.count)")
        }
        if let index = termValues.firstIndex(where: { !$0.isFinite }) {
            throw .invalidInput("\(operation): term value at index \(index) is \(termValues[index]), not finite")
        }
        return (0..<scales.count).map { (termValues[$0] - centres[$0]) / scales[$0] }
    }
}

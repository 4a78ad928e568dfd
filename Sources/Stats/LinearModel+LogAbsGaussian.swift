import Foundation

extension LinearModel {
    /// E[log|Z|] for Z standard normal: −(γ + ln 2)/2, γ Euler's constant (half of E[log χ²₁] = ψ(½) + ln 2).
    package static let meanLogAbsStandardNormal = -0.635_181_422_730_739_1

    /// The quantiles of each coefficient's HC3 t statistic, T = (b − β)/SE, of an ordinary least-squares fit with an
    /// intercept when every error is log|Zᵢ| − E log|Z|, Zᵢ independent standard normals: by Monte Carlo over
    /// `replicates` draws of the errors.
    ///
    /// The growth models of a drift report regress log|drift| on logs of the walk; where the gyro model makes each
    /// walk's drift Gaussian with mean 0 and a variance σ²(cell), log|drift| = log σ(cell) + log|Z|: every error is
    /// log|Z| − E log|Z| about the cell's mean, whatever σ. Then b − β = A·ε with A = (XᵀX)⁻¹Xᵀ and β the
    /// least-squares projection of the cells' means (the same whether or not the means are linear in the terms), and
    /// HC3's SE² = Σᵢ Aⱼᵢ²·eᵢ²/(1 − hᵢᵢ)² with e = y − Xb, which is M·ε plus the part of the cells' means the terms
    /// miss (zero when they are linear; otherwise it only widens the SE). So T's law depends on the design X alone,
    /// and its quantiles give an interval [b − q₍high₎·SE, b − q₍low₎·SE] that covers exactly at its level when the
    /// means are linear, and more when they are not. log|Z| is strongly left-skewed (skewness −1.54, excess
    /// kurtosis 4), so T is skewed to the right where few walks carry a coefficient (the growth intercept at the
    /// shortest walks): the Student t interval on n − p covered 94.3% there (docs/drift.md part r), this one
    /// shifts its ends (docs/drift.md part u).
    ///
    /// Rows with the same term values (a drift cell's walks) share their leverage and weights, so each draw costs one
    /// normal variate per row and O(cells · p) besides. Draws are taken row by row in the order of the design's
    /// distinct rows (first appearance), each row's copies together; a zero variate (log 0) is drawn again.
    /// - Parameters:
    ///   - terms: the model's terms (the intercept is added first, as in the fit's coefficients).
    ///   - replicates: the Monte Carlo draws of ε, at least 2.
    ///   - stream: the draws' random stream.
    ///   - confidenceLevel: 1 − α; the quantiles are at α/2 and 1 − α/2 (type 6).
    /// - Returns: for each coefficient, in the fit's order, the α/2 and 1 − α/2 quantiles of T.
    /// - Throws: ``StatsError/invalidInput(_:)`` when the terms have different lengths, the design is singular, an
    ///   observation has leverage 1, or the level lies outside (0, 1).
    package static func logAbsGaussianTQuantiles(
        terms: [RegressionTerm], replicates: Int, stream: RandomStream, confidenceLevel: Double = 0.95
    ) throws(StatsError) -> [(low: Double, high: Double)] {
        let n = terms.first?.values.count ?? 0
        guard terms.allSatisfy({ $0.values.count == n }), n > terms.count + 1 else {
            throw .invalidInput("LinearModel.logAbsGaussianTQuantiles: the terms have different lengths or too few rows")
        }
        guard replicates >= 2, confidenceLevel > 0, confidenceLevel < 1 else {
            throw .invalidInput("LinearModel.logAbsGaussianTQuantiles: replicates \(replicates) or level \(confidenceLevel) out of range")
        }
        // The design's distinct rows (1, x₁, …) and how many observations each has.
        var rows: [[Double]] = []
        var counts: [Int] = []
        var index: [[Double]: Int] = [:]
        for i in 0..<n {
            let row = [1.0] + terms.map { $0.values[i] }
            guard row.allSatisfy(\.isFinite) else {
                throw .invalidInput("LinearModel.logAbsGaussianTQuantiles: row \(i) is not finite")
            }
            if let k = index[row] {
                counts[k] += 1
            } else {
                index[row] = rows.count
                rows.append(row)
                counts.append(1)
            }
        }
        let p = terms.count + 1
        let cells = rows.count
        var gram = [[Double]](repeating: [Double](repeating: 0, count: p), count: p)
        for (row, count) in zip(rows, counts) {
            for a in 0..<p {
                for b in 0..<p { gram[a][b] += Double(count) * row[a] * row[b] }
            }
        }
        guard let inverse = SmallLinearAlgebra.inverse(gram) else {
            throw .invalidInput("LinearModel.logAbsGaussianTQuantiles: the design is singular")
        }
        // weight[k][c]: coefficient k's weight on one observation of row c (a row of (XᵀX)⁻¹Xᵀ); leverage[c] = hᵢᵢ.
        var weight = [[Double]](repeating: [Double](repeating: 0, count: cells), count: p)
        var leverage = [Double](repeating: 0, count: cells)
        for k in 0..<p {
            for c in 0..<cells {
                var s = 0.0
                for j in 0..<p { s += inverse[k][j] * rows[c][j] }
                weight[k][c] = s
                leverage[c] += rows[c][k] * s
            }
        }
        guard leverage.allSatisfy({ 1 - $0 > 1e-10 }) else {
            throw .invalidInput("LinearModel.logAbsGaussianTQuantiles: an observation has leverage 1, so HC3 is undefined")
        }
        var hc3 = weight
        for k in 0..<p {
            for c in 0..<cells {
                let stretch = 1 - leverage[c]
                hc3[k][c] = weight[k][c] * weight[k][c] / (stretch * stretch)
            }
        }

        var statistics = [[Double]](repeating: [Double](repeating: 0, count: replicates), count: p)
        var sums = [Double](repeating: 0, count: cells)
        var squares = [Double](repeating: 0, count: cells)
        var b = [Double](repeating: 0, count: p)
        let centre = meanLogAbsStandardNormal
        for r in 0..<replicates {
            for c in 0..<cells {
                var s = 0.0
                var s2 = 0.0
                for _ in 0..<counts[c] {
                    var z = stream.standardNormal()
                    while z == 0 { z = stream.standardNormal() }
                    let e = log(abs(z)) - centre
                    s += e
                    s2 += e * e
                }
                sums[c] = s
                squares[c] = s2
            }
            for k in 0..<p {
                var s = 0.0
                for c in 0..<cells { s += weight[k][c] * sums[c] }
                b[k] = s
            }
            var variance = [Double](repeating: 0, count: p)
            for c in 0..<cells {
                var fitted = 0.0
                for k in 0..<p { fitted += rows[c][k] * b[k] }
                let rss = max(squares[c] - 2 * fitted * sums[c] + Double(counts[c]) * fitted * fitted, 0)
                for k in 0..<p { variance[k] += hc3[k][c] * rss }
            }
            for k in 0..<p { statistics[k][r] = variance[k] > 0 ? b[k] / variance[k].squareRoot() : 0 }
        }
        let alpha = 1 - confidenceLevel
        return statistics.map { t in
            let sorted = t.sorted()
            return (Bootstrap.orderStatisticQuantile(sorted, alpha / 2), Bootstrap.orderStatisticQuantile(sorted, 1 - alpha / 2))
        }
    }
}

extension LinearModelFit {
    /// Each coefficient's interval joined with [b − q₍high₎·SE, b − q₍low₎·SE] from quantiles of its t statistic
    /// (``LinearModel/logAbsGaussianTQuantiles(terms:replicates:stream:confidenceLevel:)``): the lower of the two lows,
    /// the higher of the two highs. Nothing else changes.
    /// - Parameter quantiles: one (low, high) pair per coefficient, in the fit's order.
    /// - Throws: ``StatsError/invalidInput(_:)`` on a wrong count or a non-finite end.
    package func joiningStudentizedQuantiles(_ quantiles: [(low: Double, high: Double)]) throws(StatsError) -> LinearModelFit {
        guard quantiles.count == coefficients.count else {
            throw .invalidInput(
                "LinearModelFit.joiningStudentizedQuantiles: \(quantiles.count) pairs for \(coefficients.count) coefficients")
        }
        var joined = self
        joined.coefficients = try zip(coefficients, quantiles).map { c, q throws(StatsError) -> Coefficient in
            let low = min(c.ciLow, c.estimate - q.high * c.standardError)
            let high = max(c.ciHigh, c.estimate - q.low * c.standardError)
            guard low.isFinite, high.isFinite else {
                throw .invalidInput("LinearModelFit.joiningStudentizedQuantiles: an interval's end is not finite")
            }
            return Coefficient(
                name: c.name, estimate: c.estimate, standardError: c.standardError, tValue: c.tValue, pValue: c.pValue,
                ciLow: low, ciHigh: high)
        }
        return joined
    }
}

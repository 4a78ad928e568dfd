extension LinearModel {
    /// Fits y = b₀ + Σ bⱼ·xⱼ by least squares with HC3 errors from rows read in several passes, so that the rows
    /// need not be in memory (a study with millions of trials reads them back from a file each pass).
    ///
    /// `rows` is called five times and must hand the same rows, in the same order, each time. The passes: (1) the
    /// sums of every column, (2) the correction of each mean, x̄ + Σ(x − x̄)/n as the in-memory fit centres, and the
    /// response's norm, (3) the centred cross-products ZᵀZ and Zᵀy in about twice double precision
    /// (``CompensatedSum``), solved by Gauss–Jordan on the unit-length Gram matrix, (4) one step of iterative
    /// refinement against the compensated residuals, (5) the residual and regression sums of squares, the
    /// leverages and the HC3 meat. The fit is then assembled, and its HC3 covariance formed, exactly as the
    /// in-memory fit does (``fit(response:terms:includeIntercept:confidenceLevel:covariance:)``).
    ///
    /// Solving the normal equations instead of a QR factorisation squares the condition number, so the last bits
    /// differ from the in-memory fit's (a few units in the last place on well-conditioned designs such as a study's
    /// durations and turn counts; the refinement step recovers most of the loss). Always with an intercept.
    /// - Throws: ``StatsError/invalidInput(_:)`` as the in-memory fit (n ≤ p, a value not finite, a constant or
    ///   collinear term, leverage 1), or when the passes do not see the same rows.
    package static func fitHC3(
        termNames: [String], confidenceLevel: Double = 0.95,
        rows: (_ each: (_ response: Double, _ terms: [Double]) throws -> Void) throws -> Void
    ) throws -> LinearModelFit {
        GSLRuntime.ensureReady()
        let q = termNames.count
        let p = q + 1
        guard confidenceLevel > 0, confidenceLevel < 1 else {
            throw StatsError.invalidInput("LinearModel.fit: confidenceLevel \(confidenceLevel) must lie strictly in (0, 1)")
        }
        guard Set(termNames).count == q, !termNames.contains("intercept") else {
            throw StatsError.invalidInput("LinearModel.fit: a term name is used twice")
        }
        // Pass 1: sums.
        var n = 0
        var sumY = CompensatedSum()
        var sumX = [CompensatedSum](repeating: CompensatedSum(), count: q)
        var largestY = 0.0
        try rows { y, x in
            guard x.count == q else { throw StatsError.invalidInput("LinearModel.fit: a row has \(x.count) terms, not \(q)") }
            guard y.isFinite else { throw StatsError.invalidInput("LinearModel.fit: response value at index \(n) is \(y), not finite") }
            for j in 0..<q where !x[j].isFinite {
                throw StatsError.invalidInput("LinearModel.fit: term '\(termNames[j])' value at index \(n) is \(x[j]), not finite")
            }
            sumY.add(y)
            for j in 0..<q { sumX[j].add(x[j]) }
            largestY = max(largestY, abs(y))
            n += 1
        }
        guard n > p else {
            throw StatsError.invalidInput(
                "LinearModel.fit: \(n) observations for \(p) parameters; at least \(p + 1) are needed (one residual degree of freedom)")
        }
        let count = Double(n)
        let roughY = sumY.value / count
        let roughX = sumX.map { $0.value / count }

        // Pass 2: mean corrections and the response's norm.
        var correctionY = CompensatedSum()
        var correctionX = [CompensatedSum](repeating: CompensatedSum(), count: q)
        var scaledSquares = 0.0
        var seen = 0
        try rows { y, x in
            correctionY.add(y - roughY)
            for j in 0..<q { correctionX[j].add(x[j] - roughX[j]) }
            if largestY > 0 { scaledSquares += (y / largestY) * (y / largestY) }
            seen += 1
        }
        guard seen == n else { throw StatsError.invalidInput("LinearModel.fit: the passes saw \(n) and \(seen) rows") }
        let responseCentre = roughY + correctionY.value / count
        let centres = (0..<q).map { roughX[$0] + correctionX[$0].value / count }
        let responseNorm = largestY > 0 && largestY.isFinite ? largestY * scaledSquares.squareRoot() : largestY

        // Pass 3: centred cross-products.
        var cross = [[CompensatedSum]](repeating: [CompensatedSum](repeating: CompensatedSum(), count: q), count: q)
        var crossY = [CompensatedSum](repeating: CompensatedSum(), count: q)
        var total = CompensatedSum()
        try rows { y, x in
            let dy = y - responseCentre
            total.addProduct(dy, dy)
            for a in 0..<q {
                let da = x[a] - centres[a]
                crossY[a].addProduct(da, dy)
                for b in a..<q { cross[a][b].addProduct(da, x[b] - centres[b]) }
            }
        }
        var scales = [Double](repeating: 0, count: q)
        for j in 0..<q {
            let length = max(cross[j][j].value, 0).squareRoot()
            guard length > 0 else {
                throw StatsError.invalidInput("LinearModel.fit: term '\(termNames[j])' is constant (collinear with the intercept)")
            }
            guard length.isFinite else {
                throw StatsError.invalidInput("LinearModel.fit: term '\(termNames[j])' is too large in magnitude")
            }
            scales[j] = length
        }
        var gram = [[Double]](repeating: [Double](repeating: 0, count: q), count: q)
        for a in 0..<q {
            for b in a..<q {
                gram[a][b] = cross[a][b].value / (scales[a] * scales[b])
                gram[b][a] = gram[a][b]
            }
        }
        // The in-memory fit's collinearity test reads |Rⱼⱼ| of Z = QR; the Cholesky factor of ZᵀZ = RᵀR has the
        // same diagonal.
        var factor = gram
        for j in 0..<q {
            var d = factor[j][j]
            for k in 0..<j { d -= factor[j][k] * factor[j][k] }
            guard d > 0, d.squareRoot() >= collinearityTolerance else {
                throw StatsError.invalidInput("LinearModel.fit: term '\(termNames[j])' is constant or collinear with the others")
            }
            factor[j][j] = d.squareRoot()
            for i in (j + 1)..<max(j + 1, q) {
                var s = factor[i][j]
                for k in 0..<j { s -= factor[i][k] * factor[j][k] }
                factor[i][j] = s / factor[j][j]
            }
        }
        guard let inverse = SmallLinearAlgebra.inverse(gram, relativeTolerance: 0) else {
            throw StatsError.invalidInput("LinearModel.fit: the terms are collinear")
        }
        func multiply(_ v: [Double]) -> [Double] {
            (0..<q).map { a in
                var s = CompensatedSum()
                for b in 0..<q { s.addProduct(inverse[a][b], v[b]) }
                return s.value
            }
        }
        var slopes = multiply((0..<q).map { crossY[$0].value / scales[$0] })

        // Pass 4: one step of iterative refinement, Zᵀr with the compensated residuals r.
        var gradient = [CompensatedSum](repeating: CompensatedSum(), count: q)
        try rows { y, x in
            let r = residual(y, x, responseCentre, centres, scales, slopes)
            for a in 0..<q { gradient[a].addProduct((x[a] - centres[a]) / scales[a], r) }
        }
        let correction = multiply(gradient.map(\.value))
        for j in 0..<q { slopes[j] += correction[j] }

        // Pass 5: sums of squares, leverages and the HC3 meat.
        var rss = 0.0
        var regression = 0.0
        var meat = [[Double]](repeating: [Double](repeating: 0, count: p), count: p)
        var index = 0
        try rows { y, x in
            let z = (0..<q).map { (x[$0] - centres[$0]) / scales[$0] }
            let r = residual(y, x, responseCentre, centres, scales, slopes)
            rss += r * r
            var fittedPart = CompensatedSum()
            for j in 0..<q { fittedPart.addProduct(z[j], slopes[j]) }
            regression += fittedPart.value * fittedPart.value
            var leverage = 1 / count
            for a in 0..<q {
                for b in 0..<q { leverage += z[a] * inverse[a][b] * z[b] }
            }
            guard leverage < 1 - 1e-10 else {
                throw StatsError.invalidInput(
                    "LinearModel.fit: observation \(index) has leverage 1, so HC3 standard errors are undefined")
            }
            let u = r / (1 - leverage)
            let design = [1.0] + z
            for a in 0..<p {
                for b in 0..<p { meat[a][b] += u * u * design[a] * design[b] }
            }
            index += 1
        }
        let solution = ScaledSolution(
            slopes: slopes, unscaledCovariance: inverse, residualSumOfSquares: rss, regressionSumOfSquares: regression,
            totalSumOfSquares: total.value)
        let classical = try assemble(
            solution, observations: n, responseNorm: responseNorm, responseCentre: responseCentre, centres: centres,
            scales: scales, names: termNames, includeIntercept: true, confidenceLevel: confidenceLevel)
        return try classical.withRobustMeat(meat)
    }

    /// y − c − Σ zⱼβⱼ in about twice double precision.
    @inline(__always)
    private static func residual(
        _ y: Double, _ x: [Double], _ centre: Double, _ centres: [Double], _ scales: [Double], _ slopes: [Double]
    ) -> Double {
        var sum = CompensatedSum()
        sum.add(y)
        sum.add(-centre)
        for j in 0..<slopes.count { sum.addProduct(-(x[j] - centres[j]) / scales[j], slopes[j]) }
        return sum.value
    }
}

extension LinearModel {
    /// Satterthwaite degrees of freedom for each coefficient's HC3 standard error, the construction of Bell and
    /// McCaffrey (2002; recommended by Imbens and Kolesár 2016) applied to HC3.
    ///
    /// A coefficient b = cᵀy has HC3 variance V = Σ cᵢ²·eᵢ²/(1 − hᵢᵢ)², a quadratic form in the residuals
    /// e = M·ε, M = I − H. Under a reference of normal errors with one variance σ², V = εᵀ·M·D·M·ε with
    /// D = diag(cᵢ²/(1 − hᵢᵢ)²), so E[V] = σ²·tr(G) and Var[V] = 2σ⁴·tr(G²) with G = D·M (M idempotent), and
    /// matching V/E[V] to χ²_ν/ν gives ν = tr(G)²/tr(G²) = (Σᵢ Dᵢᵢ·Mᵢᵢ)²/Σᵢⱼ Dᵢᵢ·Dⱼⱼ·Mᵢⱼ². With n equal
    /// observations of a mean this is n − 1; it falls below n − p when a few observations carry a coefficient, which
    /// is where HC3 on n − p under-covers (`dev plan-check`: 93.0% for `walks`' time part on 12 walks).
    ///
    /// O(n·p²) time and memory (M is never formed). For a study's thousands of trials n − p is already right.
    /// - Parameters:
    ///   - terms: the model's terms, as given to ``fit(response:terms:includeIntercept:confidenceLevel:covariance:)``.
    ///   - includeIntercept: whether the model has an intercept (it comes first, as in the fit's coefficients).
    /// - Returns: ν for each coefficient, in the fit's order.
    /// - Throws: ``StatsError/invalidInput(_:)`` when the terms have different lengths, the design is singular, or an
    ///   observation has leverage 1.
    package static func hc3SatterthwaiteDegreesOfFreedom(
        terms: [RegressionTerm], includeIntercept: Bool
    ) throws(StatsError) -> [Double] {
        let n = terms.first?.values.count ?? 0
        guard terms.allSatisfy({ $0.values.count == n }), n > 0 else {
            throw .invalidInput("LinearModel.hc3SatterthwaiteDegreesOfFreedom: the terms have different lengths")
        }
        // Columns scaled to unit length: the degrees of freedom do not depend on a column's scale.
        var columns = terms.map(\.values)
        if includeIntercept { columns.insert([Double](repeating: 1, count: n), at: 0) }
        let p = columns.count
        for j in 0..<p {
            let norm = columns[j].reduce(0) { $0 + $1 * $1 }.squareRoot()
            guard norm > 0, norm.isFinite else {
                throw .invalidInput("LinearModel.hc3SatterthwaiteDegreesOfFreedom: a column is zero or not finite")
            }
            columns[j] = columns[j].map { $0 / norm }
        }
        var gram = [[Double]](repeating: [Double](repeating: 0, count: p), count: p)
        for a in 0..<p {
            for b in 0..<p {
                var s = CompensatedSum()
                for i in 0..<n { s.addProduct(columns[a][i], columns[b][i]) }
                gram[a][b] = s.value
            }
        }
        guard let inverse = SmallLinearAlgebra.inverse(gram) else {
            throw .invalidInput("LinearModel.hc3SatterthwaiteDegreesOfFreedom: the design is singular")
        }
        // Rows of (XᵀX)⁻¹Xᵀ: a[k][i] = cᵢ for coefficient k; the leverages hᵢᵢ = xᵢᵀ(XᵀX)⁻¹xᵢ.
        let a = (0..<p).map { k in
            (0..<n).map { i in (0..<p).reduce(0.0) { $0 + inverse[k][$1] * columns[$1][i] } }
        }
        let leverage = (0..<n).map { i in (0..<p).reduce(0.0) { $0 + columns[$1][i] * a[$1][i] } }
        for i in 0..<n where 1 - leverage[i] <= 1e-10 {
            throw .invalidInput(
                "LinearModel.hc3SatterthwaiteDegreesOfFreedom: observation \(i) has leverage 1, so HC3 is undefined")
        }
        // Without forming the n × n matrix M = I − X(XᵀX)⁻¹Xᵀ: tr(DM) = Σ Dᵢ(1 − hᵢᵢ), and with Mᵢⱼ = δᵢⱼ − gᵢⱼ,
        // gᵢⱼ = xᵢᵀ(XᵀX)⁻¹xⱼ, Σᵢⱼ DᵢDⱼMᵢⱼ² = Σᵢ Dᵢ²(1 − 2hᵢᵢ) + tr((XᵀX)⁻¹S(XᵀX)⁻¹S), S = Σᵢ Dᵢxᵢxᵢᵀ: O(n·p²).
        return try (0..<p).map { k throws(StatsError) -> Double in
            let d = (0..<n).map { i in a[k][i] * a[k][i] / ((1 - leverage[i]) * (1 - leverage[i])) }
            var trace = CompensatedSum()
            var diagonal = CompensatedSum()
            var weighted = [[Double]](repeating: [Double](repeating: 0, count: p), count: p)
            for i in 0..<n {
                trace.addProduct(d[i], 1 - leverage[i])
                diagonal.addProduct(d[i] * d[i], 1 - 2 * leverage[i])
                for r in 0..<p {
                    for c in 0..<p { weighted[r][c] += d[i] * columns[r][i] * columns[c][i] }
                }
            }
            var product = [[Double]](repeating: [Double](repeating: 0, count: p), count: p)
            for r in 0..<p {
                for c in 0..<p { product[r][c] = (0..<p).reduce(0.0) { $0 + inverse[r][$1] * weighted[$1][c] } }
            }
            var cross = 0.0
            for r in 0..<p {
                for c in 0..<p { cross += product[r][c] * product[c][r] }
            }
            let traceOfSquare = diagonal.value + cross
            guard traceOfSquare > 0 else {
                throw .invalidInput("LinearModel.hc3SatterthwaiteDegreesOfFreedom: coefficient \(k) has no variance")
            }
            return trace.value * trace.value / traceOfSquare
        }
    }
}

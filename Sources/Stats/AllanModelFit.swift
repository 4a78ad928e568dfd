import Foundation

/// A weighted least-squares fit of the gyro noise model to an Allan-variance curve.
///
/// Model (``AllanVarianceModel``): σ²(τ) = N²/τ + F + σ_GM²·g(τ/T) + K²τ/3, with any subset of the last three
/// terms, every coefficient ≥ 0 (F = (2 ln 2/π)·B²). For a fixed T the model is linear in (N², F, σ_GM², K²), so
/// T is found by a one-dimensional search (a log-spaced grid of 8 points per factor 10, then golden-section
/// refinement) and the linear coefficients by weighted least squares at each T ("variable projection"). A
/// negative coefficient makes that model infeasible at that T: the fit never reports one.
///
/// Weights: the estimate σ̂²(τ_i) is σ²(τ_i)·χ²_ν/ν with ν = edf_i, so its relative variance is 2/ν_i; the
/// residual of point i is (σ̂²_i − m_i)/m̃_i·√(ν_i/2) with m̃ the model value of the previous pass (the first pass
/// uses σ̂² itself; three passes of this iteratively reweighted fit). The score is the sum of squared residuals;
/// ``aic`` adds 2 per parameter (T counts as one). Neighbouring octave points of an overlapping estimate are
/// correlated, so the score is not a χ² statistic: it chooses between models, and the intervals come from the
/// curve bootstrap in ``AllanNoiseTerms``, whose coverage is checked by simulation.
package struct AllanModelFit: Sendable, Equatable {
    /// The terms beyond white noise a model may hold.
    package struct Terms: OptionSet, Sendable, Hashable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        package static let flicker = Terms(rawValue: 1)
        package static let gaussMarkov = Terms(rawValue: 2)
        package static let randomWalk = Terms(rawValue: 4)
    }

    package let terms: Terms
    /// N², (rate unit)²·s.
    package let whiteVariance: Double
    /// F = (2 ln 2/π)·B², (rate unit)².
    package let flickerVariance: Double
    /// σ_GM², (rate unit)².
    package let gaussMarkovVariance: Double
    /// T, seconds (0 without a Gauss–Markov term).
    package let correlationTimeSeconds: Double
    /// K², (rate unit)²/s.
    package let randomWalkVariance: Double
    /// Σ of squared weighted relative residuals.
    package let score: Double

    /// Number of fitted parameters: N², one per term, and T.
    package var parameterCount: Int {
        1 + (terms.contains(.flicker) ? 1 : 0) + (terms.contains(.gaussMarkov) ? 2 : 0) + (terms.contains(.randomWalk) ? 1 : 0)
    }
    /// score + 2·parameters.
    package var aic: Double { score + 2 * Double(parameterCount) }

    /// The model's Allan variance at τ.
    package func variance(atTau tau: Double) -> Double {
        var v = whiteVariance / tau + flickerVariance + randomWalkVariance * tau / 3
        if terms.contains(.gaussMarkov) {
            v += AllanVarianceModel.gaussMarkov(
                tauSeconds: tau, sigma: gaussMarkovVariance.squareRoot(), correlationTimeSeconds: correlationTimeSeconds)
        }
        return v
    }

    /// The variance of the record's mean rate about the constant (turn-on) bias under this model, for a record of
    /// length L: N²/L (white), σ_GM²·(2T/L)[1 − (T/L)(1 − e^{−L/T})] (Gauss–Markov, ``AllanVarianceModel``), and
    /// for flicker and rate random walk, which have no finite variance of the mean, their Allan variance at τ = L
    /// (F and K²L/3) as the order of magnitude.
    package func varianceOfMean(recordSeconds l: Double) -> Double {
        var v = whiteVariance / l + flickerVariance + randomWalkVariance * l / 3
        if terms.contains(.gaussMarkov) {
            v +=
                gaussMarkovVariance
                * AllanVarianceModel.gaussMarkovMeanShape(recordSeconds: l, correlationTimeSeconds: correlationTimeSeconds)
        }
        return v
    }

    /// Fits one model.
    ///
    /// - Parameters:
    ///   - tau: τ_i, seconds, positive, increasing.
    ///   - variance: σ̂²_i, positive.
    ///   - edf: ν_i, positive.
    ///   - terms: the terms beyond white noise.
    ///   - correlationTimeRange: the T searched (Gauss–Markov only), seconds.
    ///   - passes: reweighting passes.
    ///   - fixedRandomWalkVariance: a known K² (≥ 0) held fixed, for a model whose `terms` lack `.randomWalk`: its
    ///     part K²τ/3 is taken out of each σ̂²_i before the others are fitted, and stays in the model (and so in the
    ///     weights and the score). The profile of the other terms at that K (``AllanNoiseTerms``' Berger–Boos ends).
    /// - Returns: the best feasible fit, or `nil` when every coefficient set has a negative member.
    package static func fit(
        tau: [Double], variance: [Double], edf: [Double], terms: Terms, correlationTimeRange: ClosedRange<Double>,
        passes: Int = 3, fixedRandomWalkVariance: Double = 0
    ) -> AllanModelFit? {
        var scale = variance
        var best: AllanModelFit?
        for _ in 0..<passes {
            guard
                let pass = fitPass(
                    tau: tau, variance: variance, edf: edf, scale: scale, terms: terms, range: correlationTimeRange,
                    fixedRandomWalkVariance: fixedRandomWalkVariance)
            else { return best }
            best = pass
            scale = tau.map { pass.variance(atTau: $0) }
        }
        return best
    }

    static func fitPass(
        tau: [Double], variance: [Double], edf: [Double], scale: [Double], terms: Terms, range: ClosedRange<Double>,
        fixedRandomWalkVariance: Double = 0
    ) -> AllanModelFit? {
        let fixed = fixedRandomWalkVariance
        guard terms.contains(.gaussMarkov) else {
            return linear(
                tau: tau, variance: variance, edf: edf, scale: scale, terms: terms, t: 0, fixedRandomWalkVariance: fixed)
        }
        func score(_ logT: Double) -> Double {
            linear(
                tau: tau, variance: variance, edf: edf, scale: scale, terms: terms, t: exp(logT), fixedRandomWalkVariance: fixed
            )?.score ?? .infinity
        }
        let low = log(range.lowerBound)
        let high = log(range.upperBound)
        let steps = max(Int(((high - low) / log(10.0) * 8).rounded(.up)), 2)
        var bestIndex = -1
        var bestScore = Double.infinity
        let grid = (0...steps).map { low + (high - low) * Double($0) / Double(steps) }
        for (i, g) in grid.enumerated() {
            let s = score(g)
            if s < bestScore {
                bestScore = s
                bestIndex = i
            }
        }
        guard bestIndex >= 0 else { return nil }
        var a = grid[max(bestIndex - 1, 0)]
        var b = grid[min(bestIndex + 1, steps)]
        let r = (5.0.squareRoot() - 1) / 2
        var c = b - r * (b - a)
        var d = a + r * (b - a)
        var sc = score(c)
        var sd = score(d)
        for _ in 0..<30 {
            if sc < sd {
                b = d
                d = c
                sd = sc
                c = b - r * (b - a)
                sc = score(c)
            } else {
                a = c
                c = d
                sc = sd
                d = a + r * (b - a)
                sd = score(d)
            }
        }
        var candidates = [grid[bestIndex], (a + b) / 2]
        candidates.sort { score($0) < score($1) }
        return linear(
            tau: tau, variance: variance, edf: edf, scale: scale, terms: terms, t: exp(candidates[0]), fixedRandomWalkVariance: fixed)
    }

    /// Weighted least squares of the linear coefficients at a fixed T (and a fixed K² when the terms lack
    /// `.randomWalk`); `nil` if singular or a coefficient < 0.
    static func linear(
        tau: [Double], variance: [Double], edf: [Double], scale: [Double], terms: Terms, t: Double,
        fixedRandomWalkVariance: Double = 0
    ) -> AllanModelFit? {
        let hasFlicker = terms.contains(.flicker)
        let hasGM = terms.contains(.gaussMarkov)
        let hasRW = terms.contains(.randomWalk)
        let fixed = hasRW ? 0 : fixedRandomWalkVariance
        let p = 1 + (hasFlicker ? 1 : 0) + (hasGM ? 1 : 0) + (hasRW ? 1 : 0)
        let count = tau.count
        guard count > p else { return nil }
        // Row i of the weighted, scaled problem is (column_j(τ_i)/m̃_i)·√(ν_i/2); stored row-major.
        var rows = [Double](repeating: 0, count: count * p)
        var targets = [Double](repeating: 0, count: count)
        var ata = [Double](repeating: 0, count: p * p)
        var atb = [Double](repeating: 0, count: p)
        for i in 0..<count {
            let w = (edf[i] / 2).squareRoot() / scale[i]
            var j = i * p
            rows[j] = w / tau[i]
            j += 1
            if hasFlicker {
                rows[j] = w
                j += 1
            }
            if hasGM {
                rows[j] = w * AllanVarianceModel.gaussMarkovShape(tauSeconds: tau[i], correlationTimeSeconds: t)
                j += 1
            }
            if hasRW { rows[j] = w * tau[i] / 3 }
            let target = (fixed > 0 ? variance[i] - fixed * tau[i] / 3 : variance[i]) * w
            targets[i] = target
            for a in 0..<p {
                let ra = rows[i * p + a]
                atb[a] += ra * target
                for b in 0..<p { ata[a * p + b] += ra * rows[i * p + b] }
            }
        }
        // Column scaling keeps the 1/τ, 1 and τ columns (spanning many decades) well conditioned.
        var norms = [Double](repeating: 0, count: p)
        for a in 0..<p {
            norms[a] = ata[a * p + a].squareRoot()
            guard norms[a] > 0, norms[a].isFinite else { return nil }
        }
        for a in 0..<p {
            atb[a] /= norms[a]
            for b in 0..<p { ata[a * p + b] /= norms[a] * norms[b] }
        }
        guard var coefficients = solve(ata, atb, p) else { return nil }
        for a in 0..<p {
            coefficients[a] /= norms[a]
            guard coefficients[a] >= 0, coefficients[a].isFinite else { return nil }
        }
        var score = 0.0
        for i in 0..<count {
            var fitted = 0.0
            for a in 0..<p { fitted += rows[i * p + a] * coefficients[a] }
            score += (targets[i] - fitted) * (targets[i] - fitted)
        }
        var index = 1
        func next(_ present: Bool) -> Double {
            guard present else { return 0 }
            defer { index += 1 }
            return coefficients[index]
        }
        let flicker = next(hasFlicker)
        let gm = next(hasGM)
        let rw = hasRW ? next(hasRW) : fixed
        return AllanModelFit(
            terms: terms, whiteVariance: coefficients[0], flickerVariance: flicker, gaussMarkovVariance: gm,
            correlationTimeSeconds: hasGM ? t : 0, randomWalkVariance: rw, score: score)
    }

    /// Gaussian elimination with partial pivoting of a small p × p system; `nil` when singular.
    static func solve(_ a: [Double], _ b: [Double], _ p: Int) -> [Double]? {
        var m = a
        var y = b
        for col in 0..<p {
            var pivot = col
            for r in col..<p where abs(m[r * p + col]) > abs(m[pivot * p + col]) { pivot = r }
            guard abs(m[pivot * p + col]) > 1e-13 else { return nil }
            if pivot != col {
                for k in 0..<p { m.swapAt(col * p + k, pivot * p + k) }
                y.swapAt(col, pivot)
            }
            for r in (col + 1)..<p {
                let f = m[r * p + col] / m[col * p + col]
                for k in col..<p { m[r * p + k] -= f * m[col * p + k] }
                y[r] -= f * y[col]
            }
        }
        var x = [Double](repeating: 0, count: p)
        for r in stride(from: p - 1, through: 0, by: -1) {
            var s = y[r]
            for k in (r + 1)..<p { s -= m[r * p + k] * x[k] }
            x[r] = s / m[r * p + r]
        }
        return x
    }
}

import Foundation

/// Deterministic, seeded bootstrap resampling and its intervals.
///
/// Every replicate is drawn from a ``RandomStream`` seeded from (seed, replicate index) or from one stream per
/// sample, so the same data and seed give the same interval on every machine and thread count.
package enum Bootstrap {
    /// Resampling counts of one stratified replicate: within each stratum (a list of observation indices), as
    /// many draws with replacement as the stratum has members. Keeps the design (cells × trials) fixed, as a
    /// bootstrap over trials of a designed experiment should.
    ///
    /// - Parameters:
    ///   - strata: disjoint lists of indices into 0..<observationCount.
    ///   - observationCount: n, the length of the returned vector.
    ///   - stream: the replicate's random stream.
    /// - Returns: how many times each observation was drawn.
    package static func stratifiedCounts(strata: [[Int]], observationCount: Int, stream: RandomStream) -> [Double] {
        var counts = [Double](repeating: 0, count: observationCount)
        for stratum in strata {
            for _ in 0..<stratum.count { counts[stratum[stream.uniformIndex(stratum.count)]] += 1 }
        }
        return counts
    }

    /// The percentile interval [q_{α/2}, q_{1−α/2}] of bootstrap replicates (linear interpolation between order
    /// statistics, Hyndman and Fan type 7).
    ///
    /// - Throws: ``StatsError/invalidInput(_:)`` on no replicates, a non-finite replicate or a level outside (0, 1).
    package static func percentileInterval(_ replicates: [Double], confidence: Double = 0.95) throws(StatsError)
        -> ConfidenceInterval
    {
        try centralInterval(replicates, confidence: confidence, name: "percentileInterval", quantile: quantile)
    }

    /// The interval between the α/2 and 1 − α/2 points of the replicates by `quantile` (of sorted values).
    private static func centralInterval(
        _ replicates: [Double], confidence: Double, name: String, quantile: ([Double], Double) -> Double
    ) throws(StatsError) -> ConfidenceInterval {
        guard !replicates.isEmpty, replicates.allSatisfy(\.isFinite) else {
            throw .invalidInput("Bootstrap.\(name): no replicates, or one is not finite")
        }
        guard confidence > 0, confidence < 1 else {
            throw .invalidInput("Bootstrap.\(name): confidence \(confidence) must lie in (0, 1)")
        }
        let sorted = replicates.sorted()
        let alpha = 1 - confidence
        return ConfidenceInterval(low: quantile(sorted, alpha / 2), high: quantile(sorted, 1 - alpha / 2))
    }

    /// A symmetric interval on the log scale around a positive estimate: exp(log θ̂ ± h), with h half the width of
    /// the replicates' central `confidence` range of log θ* (type-7 quantiles, ``percentileInterval(_:confidence:)``).
    ///
    /// It keeps the bootstrap's spread of a positive ratio-like statistic but not the replicates' offset from the
    /// estimate: when the estimator is biased, that offset repeats the bias on top of the estimate's own instead of
    /// removing it, and the percentile interval then misses on one side. Replicates of 0 (log −∞) and +∞ are
    /// allowed: a range that reaches them makes the interval [0, +∞].
    ///
    /// - Throws: ``StatsError/invalidInput(_:)`` on no replicates, a negative or NaN replicate, an estimate that is
    ///   not positive and finite, or a level outside (0, 1).
    package static func logSymmetricInterval(_ replicates: [Double], estimate: Double, confidence: Double = 0.95) throws(StatsError)
        -> ConfidenceInterval
    {
        guard !replicates.isEmpty, replicates.allSatisfy({ $0 >= 0 }), estimate > 0, estimate.isFinite else {
            throw .invalidInput("Bootstrap.logSymmetricInterval: no replicates, a negative or NaN one, or an estimate not in (0, ∞)")
        }
        guard confidence > 0, confidence < 1 else {
            throw .invalidInput("Bootstrap.logSymmetricInterval: confidence \(confidence) must lie in (0, 1)")
        }
        let logs = replicates.map { log($0) }.sorted()
        let alpha = 1 - confidence
        // Between an infinite order statistic and another, take the outer of the two (interpolating would give NaN).
        func end(_ p: Double) -> Double {
            let h = Double(logs.count - 1) * p
            let lower = Int(h.rounded(.down))
            let upper = min(lower + 1, logs.count - 1)
            if logs[lower].isFinite, logs[upper].isFinite { return quantile(logs, p) }
            return h == Double(lower) ? logs[lower] : (p < 0.5 ? logs[lower] : logs[upper])
        }
        let half = (end(1 - alpha / 2) - end(alpha / 2)) / 2
        guard half.isFinite else { return ConfidenceInterval(low: 0, high: .infinity) }
        let centre = log(estimate)
        return ConfidenceInterval(low: exp(centre - half), high: exp(centre + half))
    }

    /// The bias-corrected (BC) percentile interval (Efron and Tibshirani, *An Introduction to the Bootstrap*, §14.3
    /// with a = 0): the replicate quantiles at Φ(2z₀ ± z₁₋α/2), z₀ = Φ⁻¹(share of replicates below the estimate,
    /// ties counted half). It corrects the median bias of a nonlinear statistic (a share of variance, a ratio),
    /// which the plain percentile interval carries into its coverage.
    ///
    /// - Throws: ``StatsError/invalidInput(_:)`` on no replicates, a non-finite value or a level outside (0, 1).
    package static func biasCorrectedInterval(_ replicates: [Double], estimate: Double, confidence: Double = 0.95) throws(StatsError)
        -> ConfidenceInterval
    {
        guard !replicates.isEmpty, replicates.allSatisfy(\.isFinite), estimate.isFinite else {
            throw .invalidInput("Bootstrap.biasCorrectedInterval: no replicates, or a value is not finite")
        }
        guard confidence > 0, confidence < 1 else {
            throw .invalidInput("Bootstrap.biasCorrectedInterval: confidence \(confidence) must lie in (0, 1)")
        }
        let sorted = replicates.sorted()
        let z0 = try Normal.quantile(shareBelow(sorted, estimate))
        let z = try Normal.quantile(1 - (1 - confidence) / 2)
        let low = quantile(sorted, 1 - (try Normal.upperTail(2 * z0 - z)))
        let high = quantile(sorted, 1 - (try Normal.upperTail(2 * z0 + z)))
        return ConfidenceInterval(low: low, high: high)
    }

    /// The bias-corrected and accelerated (BCa) bootstrap interval of the mean of `values` (Efron, JASA 82, 1987;
    /// Efron and Tibshirani, *An Introduction to the Bootstrap*, §14.3).
    ///
    /// z₀ = Φ⁻¹(share of replicate means below the sample mean, ties counted half); the acceleration of a mean has
    /// the closed jackknife form a = Σ(uᵢ − ū)³ / (6·(Σ(uᵢ − ū)²)^{3/2}); the bounds are the replicate quantiles
    /// at Φ(z₀ + (z₀ + z_α)/(1 − a(z₀ + z_α))) for z_α = Φ⁻¹(α/2) and Φ⁻¹(1 − α/2). BCa corrects the skewness of a
    /// mean of squares (second-order accurate), which the plain percentile interval does not.
    /// - Parameters:
    ///   - values: the sample u (e.g. squared drifts, for a mean square), finite.
    ///   - replicates: B ≥ 100.
    ///   - stream: draws every replicate in order.
    ///   - confidence: 1 − α.
    /// - Returns: the interval for E[u]; a single point when every value is equal.
    package static func bcaMeanInterval(
        _ values: [Double], replicates: Int, stream: RandomStream, confidence: Double = 0.95
    ) throws(StatsError) -> ConfidenceInterval {
        let n = values.count
        guard n >= 2, values.allSatisfy(\.isFinite) else {
            throw .invalidInput("Bootstrap.bcaMeanInterval: needs at least 2 finite values, got \(n)")
        }
        guard replicates >= 100 else { throw .invalidInput("Bootstrap.bcaMeanInterval: \(replicates) replicates; at least 100") }
        guard confidence > 0, confidence < 1 else {
            throw .invalidInput("Bootstrap.bcaMeanInterval: confidence \(confidence) must lie in (0, 1)")
        }
        let mean = values.reduce(0, +) / Double(n)
        var m2 = 0.0
        var m3 = 0.0
        for u in values {
            let d = u - mean
            m2 += d * d
            m3 += d * d * d
        }
        guard m2 > 0 else { return ConfidenceInterval(low: mean, high: mean) }
        let acceleration = m3 / (6 * m2 * m2.squareRoot())
        var means = [Double](repeating: 0, count: replicates)
        var below = 0.0
        for b in 0..<replicates {
            var s = 0.0
            for _ in 0..<n { s += values[stream.uniformIndex(n)] }
            means[b] = s / Double(n)
            if means[b] < mean { below += 1 } else if means[b] == mean { below += 0.5 }
        }
        means.sort()
        let share = min(max(below / Double(replicates), 0.5 / Double(replicates)), 1 - 0.5 / Double(replicates))
        let z0 = try Normal.quantile(share)
        let alpha = 1 - confidence
        func adjusted(_ p: Double) throws(StatsError) -> Double {
            let z = try Normal.quantile(p)
            let shifted = z0 + (z0 + z) / (1 - acceleration * (z0 + z))
            return 1 - (try Normal.upperTail(shifted))
        }
        let low = quantile(means, try adjusted(alpha / 2))
        let high = quantile(means, try adjusted(1 - alpha / 2))
        return ConfidenceInterval(low: min(low, high), high: max(low, high))
    }

    /// The least number of values ``meanSquareInterval(_:replicates:stream:zeroMeanGaussian:)`` takes the studentized interval from:
    /// the smallest cell size its coverage was measured at (docs/drift.md, part r).
    package static let studentizedMinimumCount = 20

    /// The drift report's interval of a mean square: ``studentizedLogMeanInterval(_:replicates:stream:confidence:)``
    /// from ``studentizedMinimumCount`` values on; below that, or when its ends are not finite, the BCa interval
    /// (``bcaMeanInterval(_:replicates:stream:confidence:)``). With a handful of values a replicate's standard error
    /// can be near 0, its t* then explodes, and the bootstrap-t's end overflows (3 trials a cell gave an infinite
    /// upper end); BCa's ends are replicate means, always finite.
    ///
    /// When the values are the squares of zero-mean Gaussian draws of one variance (`zeroMeanGaussian`, which the
    /// caller knows from the model that made them, not from the values), the interval is the union of that bootstrap
    /// interval and the exact χ²ₙ one (``ChiSquared/zeroMeanGaussianMeanSquareInterval(sumOfSquares:count:confidence:)``):
    /// low = the lower of the two lows, high = the higher of the two highs. A union holds the truth whenever either
    /// does, so under that model it covers at least 95% at any n, and where the model is off it covers at least as
    /// often as the bootstrap interval alone. On Gaussian drift² (χ²₁) the studentized interval alone covered 93.6% at
    /// n = 20 (docs/drift.md part r): its misses lie mostly wholly below the truth, in samples that lack χ²₁'s long
    /// right tail, which no resampling can supply (part s). Not for a mean square with a non-zero mean or pooled over
    /// draws of different variances: the χ²ₙ interval is then needlessly wide, or too narrow to add anything.
    /// - Parameters:
    ///   - values: the sample u = x² ≥ 0, finite.
    ///   - replicates: B ≥ 100.
    ///   - stream: draws every replicate in order (the χ²ₙ part draws nothing).
    ///   - zeroMeanGaussian: whether each x is N(0, σ²) with one σ, by the model that generated them.
    package static func meanSquareInterval(
        _ values: [Double], replicates: Int, stream: RandomStream, zeroMeanGaussian: Bool
    ) throws(StatsError) -> ConfidenceInterval {
        let bootstrap = try bootstrapMeanSquareInterval(values, replicates: replicates, stream: stream)
        guard zeroMeanGaussian else { return bootstrap }
        let exact = try ChiSquared.zeroMeanGaussianMeanSquareInterval(sumOfSquares: values.reduce(0, +), count: values.count)
        return ConfidenceInterval(low: min(bootstrap.low, exact.low), high: max(bootstrap.high, exact.high))
    }

    /// ``meanSquareInterval(_:replicates:stream:zeroMeanGaussian:)``'s bootstrap part: studentized from
    /// ``studentizedMinimumCount`` values on when its ends are finite, else BCa.
    private static func bootstrapMeanSquareInterval(
        _ values: [Double], replicates: Int, stream: RandomStream
    ) throws(StatsError) -> ConfidenceInterval {
        if values.count >= studentizedMinimumCount {
            let interval = try studentizedLogMeanInterval(values, replicates: replicates, stream: stream)
            if interval.low.isFinite, interval.high.isFinite { return interval }
        }
        return try bcaMeanInterval(values, replicates: replicates, stream: stream)
    }

    /// The studentized (bootstrap-t) interval of E[u] > 0 on the log scale, for a mean of squares.
    ///
    /// With m the sample mean, s the sample SD and se = s/(m·√n) the delta-method standard error of log m, each
    /// replicate gives t* = (log m* − log m)/se*, and the interval is exp(log m − t*₁₋α/₂·se) to
    /// exp(log m − t*α/₂·se) (Davison and Hinkley, *Bootstrap Methods and their Application*, 1997, §5.2, with the
    /// log as a variance-stabilizing transformation). It is second-order accurate like BCa, but takes the
    /// skewness of the studentized mean from the replicates rather than from a jackknife acceleration; on Gaussian
    /// drift² (χ²₁) it covered 93.6% at n = 20 and 94.8% at n = 100 where BCa covered 89.8% and 93.8% (docs/drift.md
    /// part r). Replicates with s* = 0 are skipped.
    /// - Parameters:
    ///   - values: the sample u ≥ 0 (e.g. squared drifts), finite, with a positive mean.
    ///   - replicates: B ≥ 100.
    ///   - stream: draws every replicate in order.
    ///   - confidence: 1 − α.
    /// - Returns: the interval for E[u]; a single point when every value is equal.
    package static func studentizedLogMeanInterval(
        _ values: [Double], replicates: Int, stream: RandomStream, confidence: Double = 0.95
    ) throws(StatsError) -> ConfidenceInterval {
        let n = values.count
        guard n >= 2, values.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            throw .invalidInput("Bootstrap.studentizedLogMeanInterval: needs at least 2 finite values ≥ 0, got \(n)")
        }
        guard replicates >= 100 else {
            throw .invalidInput("Bootstrap.studentizedLogMeanInterval: \(replicates) replicates; at least 100")
        }
        guard confidence > 0, confidence < 1 else {
            throw .invalidInput("Bootstrap.studentizedLogMeanInterval: confidence \(confidence) must lie in (0, 1)")
        }
        func logMeanAndError(_ sum: Double, _ squareSum: Double) -> (Double, Double)? {
            let mean = sum / Double(n)
            let variance = (squareSum - Double(n) * mean * mean) / Double(n - 1)
            guard mean > 0, variance > 0 else { return nil }
            return (log(mean), variance.squareRoot() / (mean * Double(n).squareRoot()))
        }
        var sum = 0.0
        var squareSum = 0.0
        for u in values {
            sum += u
            squareSum += u * u
        }
        guard let (logMean, error) = logMeanAndError(sum, squareSum) else {
            let mean = sum / Double(n)
            return ConfidenceInterval(low: mean, high: mean)
        }
        var ts: [Double] = []
        ts.reserveCapacity(replicates)
        for _ in 0..<replicates {
            var s = 0.0
            var s2 = 0.0
            for _ in 0..<n {
                let u = values[stream.uniformIndex(n)]
                s += u
                s2 += u * u
            }
            guard let (l, e) = logMeanAndError(s, s2) else { continue }
            ts.append((l - logMean) / e)
        }
        guard ts.count >= 2 else { throw .invalidInput("Bootstrap.studentizedLogMeanInterval: every replicate was degenerate") }
        ts.sort()
        let alpha = 1 - confidence
        let tLow = orderStatisticQuantile(ts, alpha / 2)
        let tHigh = orderStatisticQuantile(ts, 1 - alpha / 2)
        return ConfidenceInterval(low: exp(logMean - tHigh * error), high: exp(logMean - tLow * error))
    }

    /// The percentile interval at the (B + 1)·α/2-th and (B + 1)·(1 − α/2)-th order statistics of B replicates
    /// (Davison and Hinkley, *Bootstrap Methods and their Application*, 1997, §2.4 and §5.2), interpolated linearly
    /// between neighbours (``orderStatisticQuantile(_:_:)``, Hyndman and Fan type 6).
    ///
    /// Type 7 (``percentileInterval(_:confidence:)``) puts the ends at the (B − 1)·α/2 + 1-th order statistic, which
    /// with few replicates is well inside: a fresh draw from the replicates' own distribution falls between the k-th
    /// smallest and k-th largest of B with probability (B + 1 − 2k)/(B + 1), so type 7's ends hold it with 90.4% at
    /// B = 40 and 94.1% at B = 200, type 6's with 95% at any B.
    ///
    /// - Throws: ``StatsError/invalidInput(_:)`` on no replicates, a non-finite replicate or a level outside (0, 1).
    package static func orderStatisticInterval(_ replicates: [Double], confidence: Double = 0.95) throws(StatsError)
        -> ConfidenceInterval
    {
        try centralInterval(replicates, confidence: confidence, name: "orderStatisticInterval", quantile: orderStatisticQuantile)
    }

    /// Type-6 quantile of sorted values x₍₁₎ ≤ … ≤ x₍B₎ at probability p: h = (B + 1)·p, x₍⌊h⌋₎ + (h − ⌊h⌋)·(x₍⌊h⌋₊₁₎ −
    /// x₍⌊h⌋₎), the minimum for h < 1 and the maximum for h ≥ B (Hyndman and Fan, The American Statistician 50(4),
    /// 1996).
    static func orderStatisticQuantile(_ sorted: [Double], _ p: Double) -> Double {
        let h = Double(sorted.count + 1) * min(max(p, 0), 1)
        guard h >= 1 else { return sorted[0] }
        guard h < Double(sorted.count) else { return sorted[sorted.count - 1] }
        let lower = Int(h.rounded(.down))
        return sorted[lower - 1] + (h - Double(lower)) * (sorted[lower] - sorted[lower - 1])
    }

    /// The share of `replicates` below `value`, ties counted half, kept within [½/B, 1 − ½/B] so that its normal
    /// quantile is finite: the z₀ of a bias-corrected interval, and F(K) of a test inversion.
    package static func shareBelow(_ replicates: [Double], _ value: Double) -> Double {
        let count = Double(replicates.count)
        var below = 0.0
        for x in replicates {
            if x < value { below += 1 } else if x == value { below += 0.5 }
        }
        return min(max(below / count, 0.5 / count), 1 - 0.5 / count)
    }

    /// Type-7 quantile of sorted values at probability p ∈ [0, 1].
    static func quantile(_ sorted: [Double], _ p: Double) -> Double {
        let h = Double(sorted.count - 1) * min(max(p, 0), 1)
        let lower = Int(h.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (h - Double(lower)) * (sorted[upper] - sorted[lower])
    }
}

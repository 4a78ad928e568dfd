/// A proportion whose trials come in clusters (the detected gestures of one timeline), with a 95% Wilson
/// interval on the design-effect sample size.
///
/// Cluster i has sᵢ successes in nᵢ trials. With S = Σsᵢ, N = Σnᵢ and m clusters holding trials, p̂ = S/N.
/// The cluster-robust (ratio-estimator) variance is v = m/(m − 1)·Σ(sᵢ − p̂nᵢ)²/N² (Cochran 1977, §6.4 and
/// §9A); the binomial one is p̂(1 − p̂)/N. Their ratio, the design effect d = max(1, v/(p̂(1 − p̂)/N)) (Kish
/// 1965), turns N into the effective sample size N/d, and the Wilson interval is taken with p̂ and N/d
/// (the "effective-n Wilson" of Korn and Graubard 1998), the effective size scaled by their degrees-of-freedom
/// factor (z/t₍ₘ₋₁₎)² where d is estimated. With p̂ = 0 or 1 (or one cluster) the design effect is not
/// estimable, d = 1 and there is no factor: the plain Wilson interval. Where the (effective) count of successes or of
/// failures is 1 to 3, the end beside it is Brown, Cai and DasGupta's Poisson bound (``wilson(confidence:minimumDesignEffect:)``).
///
/// The sufficient statistics (m, S, N, Σsᵢ², Σsᵢnᵢ, Σnᵢ²) add, so parts merge exactly by `+`.
package struct ClusteredProportion: Sendable, Equatable {
    /// Clusters with at least one trial, m.
    package let clusters: Int
    package let successes: Int
    package let trials: Int
    package let sumSquaredSuccesses: Double
    package let sumSuccessesTimesTrials: Double
    package let sumSquaredTrials: Double

    package static let empty = ClusteredProportion(
        clusters: 0, successes: 0, trials: 0, sumSquaredSuccesses: 0, sumSuccessesTimesTrials: 0,
        sumSquaredTrials: 0)

    /// From the statistics themselves (as a part file stores them).
    package init(
        clusters: Int, successes: Int, trials: Int, sumSquaredSuccesses: Double, sumSuccessesTimesTrials: Double,
        sumSquaredTrials: Double
    ) {
        self.clusters = clusters
        self.successes = successes
        self.trials = trials
        self.sumSquaredSuccesses = sumSquaredSuccesses
        self.sumSuccessesTimesTrials = sumSuccessesTimesTrials
        self.sumSquaredTrials = sumSquaredTrials
    }

    /// One cluster (no trials: no cluster).
    package init(successes s: Int, trials n: Int) {
        let ds = Double(s), dn = Double(n)
        self.init(
            clusters: n > 0 ? 1 : 0, successes: s, trials: n, sumSquaredSuccesses: ds * ds,
            sumSuccessesTimesTrials: ds * dn, sumSquaredTrials: dn * dn)
    }

    package static func + (a: ClusteredProportion, b: ClusteredProportion) -> ClusteredProportion {
        ClusteredProportion(
            clusters: a.clusters + b.clusters, successes: a.successes + b.successes, trials: a.trials + b.trials,
            sumSquaredSuccesses: a.sumSquaredSuccesses + b.sumSquaredSuccesses,
            sumSuccessesTimesTrials: a.sumSuccessesTimesTrials + b.sumSuccessesTimesTrials,
            sumSquaredTrials: a.sumSquaredTrials + b.sumSquaredTrials)
    }

    /// p̂ = S/N; nil without trials.
    package var estimate: Double? { trials > 0 ? Double(successes) / Double(trials) : nil }

    /// The design effect d ≥ 1 (1 when not estimable: fewer than 2 clusters, or p̂ at 0 or 1).
    package var designEffect: Double {
        guard clusters >= 2, trials > 0, successes > 0, successes < trials else { return 1 }
        let n = Double(trials)
        let p = Double(successes) / n
        let residual = sumSquaredSuccesses - 2 * p * sumSuccessesTimesTrials + p * p * sumSquaredTrials
        let m = Double(clusters)
        let robust = m / (m - 1) * max(0, residual) / (n * n)
        let binomial = p * (1 - p) / n
        return max(1, robust / binomial)
    }

    /// The Wilson interval at p̂ with the effective sample size N/d; nil without trials.
    ///
    /// - Throws: ``StatsError`` for a confidence outside (0, 1).
    package func wilson(confidence: Double = 0.95) throws(StatsError) -> ConfidenceInterval? {
        try wilson(confidence: confidence, minimumDesignEffect: 1)
    }

    /// The Wilson interval at p̂ with the effective sample size N/d, d = max(1, the estimated design effect,
    /// `minimumDesignEffect`), modified near 0 and 1 as Brown, Cai and DasGupta (2001, §4.1.1) modify Wilson's; nil
    /// without trials.
    ///
    /// Why the modification: Wilson's interval under-covers where the successes x (or the failures n − x) are few,
    /// the Poisson limit: at n = 71 and a true share of 0.998, one failure (p̂ = 70/71) gives the upper end 0.99751, so
    /// a day with a single failure misses and the coverage is 86.7% (the exact binomial sum; the single-event share
    /// of a quiet shake setting on `shake-threshold-tuning`, 71 detected shakes a day, covered 85.8% on the motion
    /// library, `dev shake-coverage`, docs/shake.md). So for 0 < x ≤ x* (x* = 2 when n ≤ 50, else 3; x and n the
    /// effective counts) the lower end is the one-sided Poisson bound λₓ/n, λₓ = χ²₍α₎(2x)/2 (0.0513, 0.355 and 0.818
    /// for x = 1, 2, 3 at 95%), where that is lower than Wilson's, and the same for the failures at the upper end:
    /// 1 − λₙ₋ₓ/n. At n = 71 the lowest coverage over true shares 0.9–0.9999 rises from 84.3% to 92.8%.
    ///
    /// The floor is for a share whose clustering the data cannot show: with p̂ = 1 (no failure seen) the design
    /// effect is not estimable, yet failures that come in bursts make a clean sample likely. For precision
    /// TP/(TP + FA), with TP Poisson-like and FA overdispersed by φ, the delta method gives
    /// Var(p̂) ≈ TP·FA·(FA + φ·TP)/N⁴, that is the binomial variance times d = (1 − p) + p·φ
    /// (``precisionDesignEffect(precision:falseAlarmDispersion:)``).
    ///
    /// - Throws: ``StatsError`` for a confidence outside (0, 1).
    package func wilson(confidence: Double = 0.95, minimumDesignEffect: Double) throws(StatsError) -> ConfidenceInterval? {
        guard confidence > 0, confidence < 1 else {
            throw .invalidInput("ClusteredProportion.wilson: confidence \(confidence) must lie in (0, 1)")
        }
        guard trials > 0 else { return nil }
        let d = max(designEffect, minimumDesignEffect.isFinite ? minimumDesignEffect : 1)
        let z = try Normal.quantile(1 - (1 - confidence) / 2)
        let degreesOfFreedomScale = try designEffectDegreesOfFreedomScale(z: z, confidence: confidence)
        if d <= 1, degreesOfFreedomScale == 1 {
            let plain = try Proportion(successes: successes, trials: trials).wilson(confidence: confidence)
            return try Self.nearTheEnds(
                plain, successes: Double(successes), failures: Double(trials - successes), n: Double(trials),
                confidence: confidence)
        }
        let n = Double(trials) / d * degreesOfFreedomScale
        let p = Double(successes) / Double(trials)
        let z2 = z * z
        let centre = p + z2 / (2 * n)
        let spread = z * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        let denominator = 1 + z2 / n
        // At p̂ = 1 the upper end is (1 + z²/n)/(1 + z²/n) = 1 and at p̂ = 0 the lower end is 0, exactly; rounding made
        // them 1 − 2⁻⁵³ or 8·10⁻¹⁷ for some n, so an interval of a clean sample missed a true share of exactly 1.
        let low = successes == 0 ? 0 : max(0, (centre - spread) / denominator)
        let high = successes == trials ? 1 : min(1, (centre + spread) / denominator)
        let scale = n / Double(trials)
        return try Self.nearTheEnds(
            ConfidenceInterval(low: low, high: high), successes: Double(successes) * scale,
            failures: Double(trials - successes) * scale, n: n, confidence: confidence)
    }

    /// Brown, Cai and DasGupta's (2001, §4.1.1) modification as the paper has it (``Proportion/poissonEnds(_:successes:failures:n:tail:largestCount:)``
    /// with the one-sided tail α = 1 − `confidence` and x* = 2 when the effective n ≤ 50, else 3), on effective counts.
    static func nearTheEnds(
        _ ci: ConfidenceInterval, successes x: Double, failures f: Double, n: Double, confidence: Double
    ) throws(StatsError) -> ConfidenceInterval {
        try Proportion.poissonEnds(ci, successes: x, failures: f, n: n, tail: 1 - confidence, largestCount: n <= 50 ? 2 : 3)
    }

    /// Korn and Graubard's (1998) degrees-of-freedom factor (z/t₍ₘ₋₁₎)² on the effective sample size, applied
    /// where the design effect is estimated (m ≥ 2 clusters and 0 < p̂ < 1): the estimate of d from m clusters
    /// is itself uncertain, with m − 1 degrees of freedom, and an interval that takes it as known is too short
    /// when m is small. Where d is not estimable (p̂ at 0 or 1, or one cluster) the factor is 1: no variance
    /// was estimated, so there are no degrees of freedom to correct for.
    private func designEffectDegreesOfFreedomScale(z: Double, confidence: Double) throws(StatsError) -> Double {
        guard clusters >= 2, successes > 0, successes < trials else { return 1 }
        let t = try StudentT.quantile(1 - (1 - confidence) / 2, degreesOfFreedom: Double(clusters - 1))
        return min(1, (z / t) * (z / t))
    }

    /// The design effect of a precision TP/(TP + FA) whose false alarms have dispersion φ and whose true positives
    /// are Poisson-like: d = (1 − p) + p·φ (the delta method on p = a/(a + b) with Var a = a, Var b = φ·b).
    ///
    /// - Parameters:
    ///   - precision: p in [0, 1].
    ///   - falseAlarmDispersion: φ ≥ 1 (the false-alarm rate's dispersion as its interval used it).
    package static func precisionDesignEffect(precision p: Double, falseAlarmDispersion phi: Double) -> Double {
        max(1, (1 - p) + p * max(1, phi))
    }
}

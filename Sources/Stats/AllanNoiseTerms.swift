import Foundation

/// Gyro noise terms identified on an overlapping Allan-deviation curve, each with an interval, or reported as not
/// identified when the curve does not support it (IEEE Std 952-1997 Annex C; NIST SP 1065 for the intervals).
///
/// Model: σ²(τ) = N²/τ + (2 ln 2/π)·B² + σ_GM²·g(τ/T) + K²τ/3 (``AllanVarianceModel``). Method:
/// 1. **Angle random walk N** (white rate noise, slope −½). Among points at or before the curve's first local
///    minimum whose local log–log slope (mean of the two neighbouring segments) is within ``slopeTolerance`` of
///    −½, the one with τ closest to 1 s: N = σ(τ)·√τ. Interval: the χ² interval of that point with SP 1065's
///    white-FM edf. No such point (a curve that does not fall like white noise at short τ: a moving sensor, or a
///    record too short): N is not identified.
/// 2. **Anything beyond white noise?** A point after the N point departs from white noise when the lower end of
///    its one-sided χ² bound at level α/k (Bonferroni over its k points, conservative edf) lies above the white
///    line through the upper end of N's interval, N_high²/τ. If no point departs, B, σ_GM, T and K are not
///    identified: the curve is consistent with white noise alone over its τ range. (A white record is thus
///    wrongly said to hold more with probability at most α; a test checks it.)
/// 3. **Which terms.** ``AllanModelFit`` fits white noise plus each of: flicker; Gauss–Markov; rate random walk;
///    flicker + rate random walk; Gauss–Markov + rate random walk. The smallest AIC wins. A Gauss–Markov fit is
///    accepted only if its peak (τ ≈ 1.89 T) lies inside the curve with at least one octave after it
///    (1.89 T ≤ τ_max/2) and T ≥ 2τ₀; otherwise the correlation time cannot be told from this record, the bias is
///    not identified as Gauss–Markov and the best model without it is used. A Gauss–Markov bias is then always
///    fitted with a rate random walk K ≥ 0 beside it (the better of the fits with and without K): σ_GM and T do not
///    depend on whether K is reported, so a walk the record cannot separate from the bias widens their intervals
///    instead of biasing them.
/// 4. **Bias instability.** Flicker model: B = √(σ_min² − N²/τ_min)/0.664 at the curve's first local minimum
///    (which must lie inside the curve, not at its longest τ; the white noise's part of the floor taken out),
///    interval from the flicker-FM edf. Gauss–Markov model: σ_GM and T
///    from the fit, each with a percentile interval from a parametric bootstrap of the record: `resamples` records
///    of the same length simulated from the fitted model (``RecordBootstrap``), each turned into its Allan curve
///    and refitted the same way (with K ≥ 0 beside the bias), fixed seed. Simulating whole records keeps the correlation between the
///    curve's points and the randomness of the bias's own realisation, which an independent χ² draw per point
///    would miss (that shortcut covered the true 10 °/h in only 8 of 12 trial records; a coverage test checks
///    this one). To stay fast, a record of more than 2¹² samples is simulated as the means of blocks of b samples (b a
///    power of 2, the block means drawn exactly: ``RecordBootstrap``), so the models of step 3 are fitted to the curve's
///    points with m ≥ b, the τ the bootstrap reproduces. If more than
///    a fifth of the simulated records show no Gauss–Markov bias (the refit fails), the bias is reported as not
///    identified: the record does not pin it down. **K is a nuisance parameter here** (the walk test of step 5
///    finds it in only about a third of the records that have one), and a bootstrap at the fitted K alone under-covered
///    σ_GM beside a weak walk (175 of 200, `sensorbench dev allan-coverage 200`; 194 of 200 with the union below,
///    T 198 of 200: conservative, as a union is). So the intervals are maximised over a
///    confidence set for K (Berger and Boos, JASA 89(427), 1994, with γ = ``nuisanceLevel``): the set is
///    [0, K_high], K_high the (1 − γ) point of the bootstrap's refitted K (the fitted K when larger; K̂ is biased low
///    beside the bias, so this is not a 1 − γ bound for K itself, and the coverage is the simulated one,
///    docs/recordings.md, not the theorem's); the same
///    bootstrap is run at K = 0 (the walk test's records, simulated from the bias alone) and at K_high (the other
///    terms refitted with K held at K_high: ``AllanModelFit/fit(tau:variance:edf:terms:correlationTimeRange:passes:fixedRandomWalkVariance:)``),
///    and σ_GM's and T's intervals are the union of the 1 − α + γ percentile intervals at 0, the fitted K and K_high
///    (the ends standing for the set, over which the intervals are taken to move monotonically). That costs at most
///    twice the bootstrap records.
/// 5. **Rate random walk K** (slope +½). Beside a Gauss–Markov bias: K from the fit of step 4, reported only when
///    a parametric-bootstrap likelihood-ratio test rejects K = 0 at level ``walkTestLevel`` (``walkTest``: records
///    simulated from the bias alone, refitted with and without K), with an interval that inverts the bootstrap's
///    test of each K over the records simulated at 0, the fitted K and K_high (``testInversionInterval(observed:bootstraps:level:)``:
///    K̂ is biased low beside the bias, and the percentile interval at the fitted K alone lay wholly below the truth
///    in 16 of 135 records); otherwise "not identified" with the test's p. Otherwise only when the chosen model has it, read at
///    the point after the minimum with slope within tolerance of +½ nearest τ = 3 s: K = σ(τ)·√(3/τ), interval from
///    the random-walk-FM edf.
///
/// A curve of a record with gaps (``AllanDeviation/overlapping(rates:present:sampleIntervalSeconds:factors:confidenceLevel:)``)
/// (short gaps bridged at long τ) is read the same way, with every χ² interval from its runs' summed edf and
/// bootstrap records simulated with the same gaps (widened to whole blocks).
///
/// Identifiability and record length: a term is read only where the curve shows it, and the curve reaches
/// τ_max ≈ L/2 for a record of length L with very few degrees of freedom there. A Gauss–Markov bias of correlation
/// time T needs 1.89 T ≤ τ_max/2, i.e. L ≳ 8T to be identified at all, and a few tens of T for the factor-1.5
/// recovery the README's table shows. Units follow the curve's (rates in rad/s: N in rad/s·√s, B and σ_GM in
/// rad/s, K in rad/s/√s, T in s).
package struct AllanNoiseTerms: Sendable, Equatable {
    /// One coefficient, the curve point it was read at (or its characteristic τ), and its interval.
    package struct Term: Sendable, Equatable {
        package let value: Double
        package let interval: ConfidenceInterval
        /// τ of the point used, seconds (for a fitted term: the τ where it matters most).
        package let tauSeconds: Double
        /// How the interval was made.
        package let method: String
    }

    /// A first-order Gauss–Markov bias: stationary σ (rate unit) and correlation time T (s).
    package struct GaussMarkovBias: Sendable, Equatable {
        package let sigma: Term
        package let correlationTime: Term
        /// Bootstrap resamples whose refit failed (left out of the percentiles).
        package let failedResamples: Int
    }

    /// What the curve says of the bias instability.
    package enum BiasInstability: Sendable, Equatable {
        /// The flicker floor: B = √(σ_min² − N²/τ_min)/0.664.
        case flickerFloor(Term)
        /// A correlated bias fitted as a Gauss–Markov process.
        case gaussMarkov(GaussMarkovBias)
        /// The curve does not support a value; the reason, in words.
        case notIdentified(String)
    }

    /// How far a local log–log slope may stray from ∓½ for a point to count as in a region.
    package static let slopeTolerance = 0.15
    /// How far above the best fit's AIC a fit with flicker must lie before N's interval ignores it: 10, where a
    /// model has "essentially no support" (relative likelihood e⁻⁵; Burnham and Anderson, Model Selection and
    /// Multimodel Inference, 2002, §2.6). On the Gauss–Markov designs of `dev allan-coverage` the flicker fit lay 28–57
    /// above the best (40 records without a walk); on true flicker fitted best by another model, 0.1–3.7 above.
    package static let rivalModelAICMargin = 10.0
    /// √(2 ln 2/π) ≈ 0.6643: the flicker floor σ_min divided by the bias instability B (IEEE Std 952, C.1.3).
    package static let flickerFloorFactor = (2 * log(2.0) / Double.pi).squareRoot()
    /// Bootstrap resamples for the Gauss–Markov intervals.
    package static let defaultResamples = 200
    /// The most samples a bootstrap record holds (2¹²): longer records are simulated at a block interval.
    package static let maximumBootstrapSamples = 4_096

    /// The level of the test that reports a rate random walk beside a Gauss–Markov bias (step 5): 5%.
    package static let walkTestLevel = 0.05

    /// γ of the Berger–Boos intervals of σ_GM and T (step 4): K's confidence set [0, K_high] is taken at 1 − γ and
    /// the conditional intervals at 1 − α + γ, so their union covers at 1 − α or more (Berger and Boos, JASA 89, 1994).
    package static let nuisanceLevel = 0.01

    /// The non-negative fit of a Gauss–Markov bias with a rate random walk K ≥ 0: of the fits with and without K
    /// (a fit with a negative K does not exist, ``AllanModelFit``), the one with the smaller score.
    static func nonNegativeGaussMarkov(_ fits: [AllanModelFit]) -> AllanModelFit? {
        fits.min { $0.score < $1.score }
    }

    /// Which blocks of b grid samples hold no gap (`nil` for a record without gaps): the bootstrap's records have
    /// the original's gaps, widened to whole blocks.
    static func blockPresence(curve: AllanDeviation.Curve, block: Int) -> [Bool]? {
        guard curve.hasGaps else { return nil }
        var present = [Bool](repeating: false, count: curve.sampleCount / block)
        for (start, length) in zip(curve.segmentStarts, curve.segmentLengths) {
            let first = (start + block - 1) / block
            let end = min((start + length) / block, present.count)
            if first < end { for j in first..<end { present[j] = true } }
        }
        return present
    }

    /// The parametric-bootstrap likelihood-ratio test of K = 0 beside a Gauss–Markov bias: records simulated from
    /// the fit without K (`null`), each refitted with and without K; p = (1 + #{Δ* ≥ Δ})/(1 + R) with Δ the drop of
    /// the score when K is added (the score is not a χ² statistic, its points being correlated, so its null
    /// distribution is simulated rather than taken as χ²₁).
    static func walkTest(
        observed: Double, null: AllanModelFit, curve: AllanDeviation.Curve, block: Int, present: [Bool]?, resamples: Int,
        seed: UInt64, refit: (AllanDeviation.Curve) -> (nonNegative: AllanModelFit?, alone: AllanModelFit?)
    ) throws(StatsError) -> (p: Double, asLarge: Int, valid: Int, refits: [AllanModelFit]) {
        let generator = try RecordBootstrap(
            fit: null, sampleCount: curve.sampleCount / block, intervalSeconds: curve.sampleIntervalSeconds * Double(block),
            block: block, present: present, seed: seed, trialIndex: 1)
        var asLarge = 0
        var valid = 0
        var refits: [AllanModelFit] = []
        for _ in 0..<resamples {
            let r = refit(try generator.curve())
            if let both = r.nonNegative { refits.append(both) }
            guard let both = r.nonNegative, let alone = r.alone else { continue }
            valid += 1
            if alone.score - both.score >= observed { asLarge += 1 }
        }
        return (Double(1 + asLarge) / Double(1 + valid), asLarge, valid, refits)
    }

    /// The block factor b (a power of 2) with n/b ≤ ``maximumBootstrapSamples``.
    static func bootstrapBlock(sampleCount n: Int) -> Int {
        var b = 1
        while n / b > maximumBootstrapSamples { b *= 2 }
        return b
    }

    /// N, in the curve's rate unit × √s, or `nil` with ``angleRandomWalkReason``. When the chosen model (step 3)
    /// holds terms beyond white noise, their fitted part at N's τ is taken out of that point (``whiteOnly(_:at:model:edf:flickerSpread:level:)``;
    /// the Gauss–Markov fit's when it fits best but its T cannot be told): read as white noise alone, a flicker floor
    /// made N high by 8–13% and its interval missed the truth. The interval takes in a flicker part's uncertainty and,
    /// while a fit with flicker is within ``rivalModelAICMargin`` of the best, N read beside that fit.
    package private(set) var angleRandomWalk: Term?
    package private(set) var angleRandomWalkReason: String?
    package private(set) var biasInstability: BiasInstability
    /// K, in the curve's rate unit per √s, or `nil` with ``rateRandomWalkReason``.
    package private(set) var rateRandomWalk: Term?
    package private(set) var rateRandomWalkReason: String?
    /// τ of the curve's first local minimum, seconds.
    package let minimumTauSeconds: Double
    /// The longest τ of the curve, seconds.
    package let longestTauSeconds: Double
    /// Whether some point lies significantly above the white-noise line (step 2).
    package let departsFromWhiteNoise: Bool
    /// The model chosen in step 3, `nil` when nothing beyond white noise is identified.
    package let model: AllanModelFit?
    /// Beside a Gauss–Markov bias, K's upper (1 − ``nuisanceLevel``) bootstrap point (step 4), when it exceeds the
    /// fitted K: how large a rate random walk the record cannot rule out, whether or not K is reported. `nil`
    /// elsewhere.
    package private(set) var rateRandomWalkUpperPoint: Double?

    /// The variance of the record's mean rate about the turn-on bias for a record of `recordSeconds`
    /// (``AllanModelFit/varianceOfMean(recordSeconds:)`` of the chosen model), with the rate random walk at
    /// ``rateRandomWalkUpperPoint`` where there is one: the fitted K is often near 0 when K is not identified, and
    /// the walk's part K²L/3 dominates a long record's mean, so the point K made the mean's interval cover 74–77%
    /// with a walk present (`dev allan-coverage 400`); at the upper point the interval allows for the K the record
    /// cannot exclude (Berger and Boos's idea, at 99% for K). `nil` without a model.
    package func varianceOfMean(recordSeconds l: Double) -> Double? {
        guard let model else { return nil }
        let fitted = model.randomWalkVariance
        let high = rateRandomWalkUpperPoint.map { max(fitted, $0 * $0) } ?? fitted
        return model.varianceOfMean(recordSeconds: l) + (high - fitted) * l / 3
    }

    /// Divides N and its interval's ends by √`factor`, for a curve whose white-noise part is `factor`·N²/τ instead of
    /// N²/τ: a grid whose slots average unequal numbers of samples (``factor`` = k̄·mean(1/k), known from the sample
    /// times, so the interval keeps its χ² width). The flicker floor's B and the fitted model keep the curve's own
    /// white part, which is what the curve holds.
    package mutating func divideAngleRandomWalk(byRootOf factor: Double) {
        guard factor > 0, factor.isFinite, factor != 1, let n = angleRandomWalk else { return }
        let root = factor.squareRoot()
        angleRandomWalk = Term(
            value: n.value / root, interval: ConfidenceInterval(low: n.interval.low / root, high: n.interval.high / root),
            tauSeconds: n.tauSeconds,
            method: n.method + ", ÷ √\(String(format: "%.4g", factor)) for the grid's means of unequal sample counts")
    }

    /// Whether the curve falls like white noise at short τ (an −½ region exists): false for a moving sensor.
    package var hasWhiteNoiseSlope: Bool { angleRandomWalk != nil }

    /// Identifies the terms on a curve.
    ///
    /// - Parameters:
    ///   - curve: an overlapping Allan-deviation curve with at least 3 points, all deviations positive.
    ///   - resamples: bootstrap resamples for the Gauss–Markov intervals (at least 20).
    ///   - seed: the bootstrap's seed.
    /// - Throws: ``StatsError/invalidInput(_:)`` for fewer than 3 points or a zero deviation (a constant record).
    package init(curve: AllanDeviation.Curve, resamples: Int = defaultResamples, seed: UInt64 = 952) throws(StatsError) {
        let points = curve.points
        guard points.count >= 3 else {
            throw .invalidInput("AllanNoiseTerms: need at least 3 curve points, got \(points.count)")
        }
        guard points.allSatisfy({ $0.deviation > 0 && $0.deviation.isFinite }) else {
            throw .invalidInput("AllanNoiseTerms: the Allan deviation is zero somewhere (a constant record?)")
        }
        let level = curve.confidenceLevel
        let logTau = points.map { log($0.tauSeconds) }
        let logSigma = points.map { log($0.deviation) }
        let slopes: [Double] = points.indices.map { i in
            var s: [Double] = []
            if i > 0 { s.append((logSigma[i] - logSigma[i - 1]) / (logTau[i] - logTau[i - 1])) }
            if i + 1 < points.count { s.append((logSigma[i + 1] - logSigma[i]) / (logTau[i + 1] - logTau[i])) }
            return s.reduce(0, +) / Double(s.count)
        }
        var minimum = points.count - 1
        for i in 0..<(points.count - 1) where points[i + 1].deviation >= points[i].deviation {
            minimum = i
            break
        }
        minimumTauSeconds = points[minimum].tauSeconds
        let tauMax = points[points.count - 1].tauSeconds
        longestTauSeconds = tauMax
        let show = { (x: Double) in String(format: "%.3g", x) }

        func closest(_ candidates: [Int], toTau tau: Double) -> Int? {
            candidates.min { abs(logTau[$0] - log(tau)) < abs(logTau[$1] - log(tau)) }
        }
        func pointInterval(_ i: Int, _ type: AllanDeviation.NoiseType) throws(StatsError) -> (ConfidenceInterval, Double) {
            let edf = curve.equivalentDegreesOfFreedom(type, m: points[i].averagingFactor)
            return (try AllanDeviation.interval(deviation: points[i].deviation, edf: edf, confidenceLevel: level), edf)
        }

        // 1. N on the −½ region.
        let arwRegion = (0...minimum).filter { abs(slopes[$0] + 0.5) <= Self.slopeTolerance }
        guard let arwIndex = closest(arwRegion, toTau: 1) else {
            angleRandomWalk = nil
            angleRandomWalkReason =
                "not identified in this recording: no point before the curve's minimum falls with slope −½ ± "
                + "\(Self.slopeTolerance) (local slope at the shortest τ: \(show(slopes[0]))); the record does not "
                + "look like a still sensor's white noise"
            let why = "not identified: without a white-noise region the curve cannot be read as a static gyro's"
            biasInstability = .notIdentified(why)
            rateRandomWalk = nil
            rateRandomWalkReason = why
            departsFromWhiteNoise = true
            model = nil
            return
        }
        let a = points[arwIndex]
        let rootTau = a.tauSeconds.squareRoot()
        let (arwInterval, arwEdf) = try pointInterval(arwIndex, .whiteFM)
        let arw = Term(
            value: a.deviation * rootTau,
            interval: ConfidenceInterval(low: arwInterval.low * rootTau, high: arwInterval.high * rootTau),
            tauSeconds: a.tauSeconds, method: "χ² interval of the point, white-FM edf \(show(arwEdf))")
        angleRandomWalk = arw
        angleRandomWalkReason = nil

        // 2. Departure from white noise (Bonferroni over the later points).
        let later = Array((arwIndex + 1)..<points.count)
        var departs = false
        if !later.isEmpty {
            let perPoint = (1 - level) / Double(later.count)
            let nHigh = arw.interval.high
            for j in later {
                let p = points[j]
                let q = try ChiSquared.quantile(1 - perPoint, degreesOfFreedom: p.equivalentDegreesOfFreedom)
                let lowVariance = p.deviation * p.deviation * p.equivalentDegreesOfFreedom / q
                if lowVariance > nHigh * nHigh / p.tauSeconds { departs = true }
            }
        }
        departsFromWhiteNoise = departs
        guard departs else {
            let why =
                "not identified in this recording: the curve is consistent with white noise alone up to τ = "
                + "\(show(tauMax)) s (no point significantly above the −½ line)"
            biasInstability = .notIdentified(why)
            rateRandomWalk = nil
            rateRandomWalkReason = why
            model = nil
            return
        }

        // 3. The model, fitted to the points with m ≥ b: the τ the record bootstrap of step 4 can simulate.
        let block = Self.bootstrapBlock(sampleCount: curve.sampleCount)
        let fitted = points.filter { $0.averagingFactor >= block }
        let taus = fitted.map(\.tauSeconds)
        let variances = fitted.map { $0.deviation * $0.deviation }
        let edfs = fitted.map(\.equivalentDegreesOfFreedom)
        let tau0 = points[0].tauSeconds
        let searchRange = (tau0 / 2)...(tauMax * 4)
        let candidates: [AllanModelFit.Terms] = [
            .flicker, .gaussMarkov, .randomWalk, [.flicker, .randomWalk], [.gaussMarkov, .randomWalk],
        ]
        let fits = candidates.compactMap {
            AllanModelFit.fit(tau: taus, variance: variances, edf: edfs, terms: $0, correlationTimeRange: searchRange)
        }
        func gmIdentified(_ f: AllanModelFit) -> Bool {
            AllanVarianceModel.gaussMarkovPeakRatio * f.correlationTimeSeconds <= tauMax / 2
                && f.correlationTimeSeconds >= 2 * tau0
        }
        let bestAny = fits.min { $0.aic < $1.aic }
        var gmNote: String?
        var chosen = bestAny
        if let f = bestAny, f.terms.contains(.gaussMarkov), !gmIdentified(f) {
            gmNote =
                "a correlated (Gauss–Markov) bias fits best, but its correlation time (fit: \(show(f.correlationTimeSeconds)) s) "
                + "cannot be told from this record: its peak at 1.89 T needs an octave of curve after it, so this record "
                + "(longest τ \(show(tauMax)) s) identifies T up to \(show(tauMax / 2 / AllanVarianceModel.gaussMarkovPeakRatio)) s"
            chosen = fits.filter { !$0.terms.contains(.gaussMarkov) }.min { $0.aic < $1.aic }
        }
        // A Gauss–Markov bias is fitted with a rate random walk K ≥ 0 beside it: the better of the identified fits
        // with and without K (the non-negative least-squares fit). Choosing between them by AIC missed a true K in 3
        // of 5 records and then put the walk's rise into σ_GM and T (σ_GM 18.4–19.1 against a true 15, intervals
        // excluding it); whether K is reported is decided by the test of step 5, not by which fit is kept here.
        if let f = chosen, f.terms.contains(.gaussMarkov) {
            chosen = Self.nonNegativeGaussMarkov(fits.filter { $0.terms.contains(.gaussMarkov) && gmIdentified($0) }) ?? f
        }
        model = chosen
        // N's point loses the other terms' part at its τ. When a Gauss–Markov bias fits best but its T cannot be told,
        // that part is the Gauss–Markov fit's, not the fallback model's: a flicker floor standing in for the bias's
        // hump at long τ stays flat down to N's τ, where the bias's part is small (on gapped MPU6050-pattern records
        // without an identified bias, N covered 72 of 122 with the fallback's part, 103 with the fit's; issue 24 s).
        // A fitted flicker part is uncertain (it is read at long τ, on few degrees of freedom): its spread is gauged
        // from the curve's minimum, where the flicker is read as a floor (step 4).
        let floorPoint = points[minimum]
        let spread = (
            variance: floorPoint.deviation * floorPoint.deviation,
            edf: curve.equivalentDegreesOfFreedom(.flickerFM, m: floorPoint.averagingFactor)
        )
        let used = gmNote != nil ? bestAny : chosen
        if let fit = used, let corrected = try Self.whiteOnly(arw, at: a, model: fit, edf: arwEdf, flickerSpread: spread, level: level) {
            angleRandomWalk = corrected
        }
        // The choice of model is part of N's interval: a Gauss–Markov bias or a walk takes almost nothing out at N's τ,
        // a flicker floor takes its whole level, and on an hour's record true flicker is sometimes fitted best by a
        // Gauss–Markov hump or a walk (AIC within 0.1–3.7 of the flicker fit), which left the flicker in N, with an interval
        // that missed (N covered 35 of 59 such records, `dev allan-coverage 200 --flicker all`). While a fit with
        // flicker is within ``rivalModelAICMargin`` of the best, the interval also holds N read beside it.
        if let fit = used, !fit.terms.contains(.flicker), let best = bestAny,
            let rival = fits.filter({ $0.terms.contains(.flicker) }).min(by: { $0.aic < $1.aic }),
            rival.aic - best.aic <= Self.rivalModelAICMargin,
            let beside = try Self.whiteOnly(arw, at: a, model: rival, edf: arwEdf, flickerSpread: spread, level: level)
        {
            let read = angleRandomWalk ?? arw
            angleRandomWalk = Term(
                value: read.value,
                interval: ConfidenceInterval(
                    low: min(read.interval.low, beside.interval.low), high: max(read.interval.high, beside.interval.high)),
                tauSeconds: read.tauSeconds,
                method: read.method + "; widened to hold N read beside the "
                    + (rival.terms.contains(.randomWalk) ? "flicker and rate random walk" : "flicker")
                    + " fit (AIC \(show(rival.aic - best.aic)) above the best, within \(show(Self.rivalModelAICMargin)): the record does not "
                    + "rule flicker out)")
        }
        let arwRead = angleRandomWalk ?? arw
        guard let fit = chosen else {
            let why = gmNote.map { "not identified: " + $0 } ?? "not identified: no model beyond white noise fits with positive terms"
            biasInstability = .notIdentified(why)
            rateRandomWalk = nil
            rateRandomWalkReason = why
            return
        }

        // 4. Bias instability.
        if fit.terms.contains(.gaussMarkov) {
            let total = max(resamples, 20)
            // The refits search T within a factor 30 of the fit (its spread is far smaller; a wider range only costs
            // time).
            let t = fit.correlationTimeSeconds
            let range = max(searchRange.lowerBound, t / 30)...min(searchRange.upperBound, t * 30)
            func refit(_ c: AllanDeviation.Curve, passes: Int) -> (nonNegative: AllanModelFit?, alone: AllanModelFit?) {
                let rTaus = c.points.map(\.tauSeconds)
                let rVariances = c.points.map { $0.deviation * $0.deviation }
                let rEdfs = c.points.map(\.equivalentDegreesOfFreedom)
                let alone = AllanModelFit.fit(
                    tau: rTaus, variance: rVariances, edf: rEdfs, terms: .gaussMarkov, correlationTimeRange: range, passes: passes)
                let withWalk = AllanModelFit.fit(
                    tau: rTaus, variance: rVariances, edf: rEdfs, terms: [.gaussMarkov, .randomWalk], correlationTimeRange: range,
                    passes: passes)
                return (Self.nonNegativeGaussMarkov([alone, withWalk].compactMap { $0 }), alone)
            }
            let present = Self.blockPresence(curve: curve, block: block)
            let generator = try RecordBootstrap(
                fit: fit, sampleCount: curve.sampleCount / block, intervalSeconds: curve.sampleIntervalSeconds * Double(block),
                block: block, present: present, seed: seed)
            var sigmas: [Double] = []
            var times: [Double] = []
            var walks: [Double] = []
            for _ in 0..<total {
                if let r = refit(try generator.curve(), passes: 2).nonNegative {
                    sigmas.append(r.gaussMarkovVariance.squareRoot())
                    times.append(r.correlationTimeSeconds)
                    walks.append(r.randomWalkVariance.squareRoot())
                }
            }
            let failed = total - sigmas.count
            let method = "percentile interval of a \(total)-record parametric bootstrap"
            // A refit fails where a simulated record shows no Gauss–Markov bias; if that happens often, the
            // percentiles of the others would overstate the precision, so the bias is not reported.
            guard 5 * failed <= total else {
                biasInstability = .notIdentified(
                    "not identified in this recording: a Gauss–Markov bias fits best (σ_GM \(show(fit.gaussMarkovVariance.squareRoot())), "
                        + "T \(show(fit.correlationTimeSeconds)) s), but in \(failed) of \(total) records simulated from it the fit "
                        + "finds none, so this record does not pin it down")
                let (k, why) = try Self.readRateRandomWalk(
                    fit: fit, points: points, slopes: slopes, minimum: minimum, curve: curve, level: level)
                rateRandomWalk = k
                rateRandomWalkReason = why
                return
            }
            // The walk test of step 5 simulates from the bias alone (the profile at K = 0): its refits are also the
            // bootstrap at that end of K's confidence set.
            let walk = fit.randomWalkVariance.squareRoot()
            let alone = fits.first { $0.terms == .gaussMarkov && gmIdentified($0) }
            var test: (p: Double, asLarge: Int, valid: Int, refits: [AllanModelFit])?
            if fit.randomWalkVariance > 0, let alone {
                test = try Self.walkTest(
                    observed: alone.score - fit.score, null: alone, curve: curve, block: block, present: present,
                    resamples: total, seed: seed
                ) { refit($0, passes: 3) }
            }
            // Berger–Boos over K: the percentile intervals at 1 − α + γ of the bootstraps at K = 0, the fitted K and
            // K's upper (1 − γ) bootstrap point, each with the other terms refitted at that K, and their union.
            let conditionalLevel = level + Self.nuisanceLevel
            var ends: [(sigmas: [Double], times: [Double])] = [(sigmas, times)]
            if let refits = test?.refits {
                ends.append((refits.map { $0.gaussMarkovVariance.squareRoot() }, refits.map(\.correlationTimeSeconds)))
            }
            // K's own interval (step 5) inverts the bootstrap's test of each K: the refitted K at every K simulated.
            var walkBootstraps: [(walk: Double, refits: [Double])] = [(walk, walks)]
            if let refits = test?.refits { walkBootstraps.append((0, refits.map { $0.randomWalkVariance.squareRoot() })) }
            let walkHigh = max(walk, try Self.upperPoint(walks, 1 - Self.nuisanceLevel))
            if walkHigh > walk { rateRandomWalkUpperPoint = walkHigh }
            if walkHigh > walk,
                let profile = AllanModelFit.fit(
                    tau: taus, variance: variances, edf: edfs, terms: .gaussMarkov, correlationTimeRange: searchRange,
                    fixedRandomWalkVariance: walkHigh * walkHigh),
                gmIdentified(profile)
            {
                let high = try RecordBootstrap(
                    fit: profile, sampleCount: curve.sampleCount / block,
                    intervalSeconds: curve.sampleIntervalSeconds * Double(block), block: block, present: present, seed: seed,
                    trialIndex: 2)
                var end: (sigmas: [Double], times: [Double]) = ([], [])
                var highWalks: [Double] = []
                for _ in 0..<total {
                    if let r = refit(try high.curve(), passes: 2).nonNegative {
                        end.sigmas.append(r.gaussMarkovVariance.squareRoot())
                        end.times.append(r.correlationTimeSeconds)
                        highWalks.append(r.randomWalkVariance.squareRoot())
                    }
                }
                ends.append(end)
                walkBootstraps.append((walkHigh, highWalks))
            }
            ends = [ends[0]] + ends.dropFirst().filter { $0.sigmas.count >= 10 }
            var sigmaInterval = try Self.percentile(sigmas, conditionalLevel)
            var timeInterval = try Self.percentile(times, conditionalLevel)
            for end in ends.dropFirst() {
                let s = try Self.percentile(end.sigmas, conditionalLevel)
                let t = try Self.percentile(end.times, conditionalLevel)
                sigmaInterval = ConfidenceInterval(low: min(sigmaInterval.low, s.low), high: max(sigmaInterval.high, s.high))
                timeInterval = ConfidenceInterval(low: min(timeInterval.low, t.low), high: max(timeInterval.high, t.high))
            }
            let walkNote = fit.randomWalkVariance > 0 ? ", fitted with the rate random walk K ≥ 0 beside it" : ""
            let unionNote =
                "; union of the \(show(100 * conditionalLevel))% intervals of \(ends.count) such bootstraps at K from 0 to "
                + "\(show(walkHigh)) (Berger–Boos: K's \(show(100 * (1 - Self.nuisanceLevel)))% bootstrap upper point)"
            let sigmaTerm = Term(
                value: fit.gaussMarkovVariance.squareRoot(), interval: sigmaInterval,
                tauSeconds: AllanVarianceModel.gaussMarkovPeakRatio * fit.correlationTimeSeconds,
                method: method + walkNote + unionNote)
            let timeTerm = Term(
                value: fit.correlationTimeSeconds, interval: timeInterval,
                tauSeconds: AllanVarianceModel.gaussMarkovPeakRatio * fit.correlationTimeSeconds,
                method: method + walkNote + unionNote)
            biasInstability = .gaussMarkov(GaussMarkovBias(sigma: sigmaTerm, correlationTime: timeTerm, failedResamples: failed))

            // 5. K beside a Gauss–Markov bias: the curve has no clean +½ region there (the bias's hump bends it), so
            // K comes from the fit, and is reported only when a parametric-bootstrap likelihood-ratio test rejects
            // K = 0 at level ``walkTestLevel``.
            guard fit.randomWalkVariance > 0 else {
                rateRandomWalk = nil
                rateRandomWalkReason =
                    "not identified in this recording: fitted beside the Gauss–Markov bias with K ≥ 0, the rate random walk "
                    + "comes out 0"
                return
            }
            guard let alone, let test else {
                rateRandomWalk = Term(
                    value: walk, interval: try Self.percentile(walks, level), tauSeconds: tauMax,
                    method: method + " (fitted beside the Gauss–Markov bias, which does not fit without it)")
                rateRandomWalkReason = nil
                return
            }
            let evidence =
                "beside the Gauss–Markov bias a rate random walk lowers the fit's score by \(show(alone.score - fit.score)); "
                + "\(test.asLarge) of \(test.valid) records simulated from the bias alone show as large a drop (p = \(show(test.p)))"
            if test.valid >= 10, test.p <= Self.walkTestLevel {
                let inverted = try Self.testInversionInterval(observed: walk, bootstraps: walkBootstraps, level: level)
                let atK = walkBootstraps.map(\.walk).sorted().map(show).joined(separator: ", ")
                let interval: ConfidenceInterval
                if let inverted { interval = inverted } else { interval = try Self.percentile(walks, level) }
                rateRandomWalk = Term(
                    value: walk, interval: interval, tauSeconds: tauMax,
                    method: (inverted != nil
                        ? "test-inversion interval of \(total)-record parametric bootstraps at K = \(atK)"
                        : method + " (the test inversion over K = \(atK) found no upper end)")
                        + " (fitted beside the Gauss–Markov bias; " + evidence + ")")
                rateRandomWalkReason = nil
            } else {
                rateRandomWalk = nil
                rateRandomWalkReason =
                    "not identified in this recording: " + evidence + ", above the test's \(Int((100 * Self.walkTestLevel).rounded()))% "
                    + "level, so the curve does not tell a rate random walk from a slower bias (σ_GM and T are fitted with "
                    + "K = \(show(walk)) beside them, so their intervals allow for one)"
            }
            return
        } else if fit.terms.contains(.flicker) {
            if minimum < points.count - 1 {
                let b = points[minimum]
                let (interval, edf) = try pointInterval(minimum, .flickerFM)
                // The floor at τ_min still holds white noise's N²/τ_min (σ² = N²/τ + (2 ln 2/π)·B², IEEE Std 952):
                // B is what is left, and so are the interval's ends (N is read far more precisely, at short τ).
                // Read as σ_min/0.664 alone, B came out high by the white part: on true 1/f noise with white noise
                // crossing the floor near 10 s its interval covered B in 17 of 21 records (AllanTrueFlickerTests).
                let white = arwRead.value * arwRead.value / b.tauSeconds
                let floor = { (deviation: Double) in (max(deviation * deviation - white, 0)).squareRoot() / Self.flickerFloorFactor }
                if floor(b.deviation) > 0 {
                    biasInstability = .flickerFloor(
                        Term(
                            value: floor(b.deviation),
                            interval: ConfidenceInterval(low: floor(interval.low), high: floor(interval.high)),
                            tauSeconds: b.tauSeconds,
                            method: "χ² interval of the minimum, flicker-FM edf \(show(edf)), less the white noise N²/τ"))
                } else {
                    biasInstability = .notIdentified(
                        "not identified in this recording: the curve's minimum (τ = \(show(b.tauSeconds)) s) is no higher than "
                            + "the white noise's N²/τ there")
                }
            } else {
                biasInstability = .notIdentified(
                    "not identified in this recording: the curve departs from white noise but has no minimum inside its τ "
                        + "range (it still falls at τ = \(show(tauMax)) s)")
            }
        } else {
            // A rate random walk alone. The wording follows what step 5 reports: the walk explains the rise only when
            // K was read.
            let (k, _) = try Self.readRateRandomWalk(
                fit: fit, points: points, slopes: slopes, minimum: minimum, curve: curve, level: level)
            biasInstability = .notIdentified(
                "not identified in this recording: "
                    + (gmNote.map { $0 + "; " } ?? "")
                    + (k != nil
                        ? "the curve beyond white noise is explained by a rate random walk, without a floor"
                        : "the best model beyond white noise is a rate random walk without a floor, but no part of the curve "
                            + "rises with slope +½, so the rate random walk is not identified either"))
        }

        // 5. Rate random walk.
        let (k, why) = try Self.readRateRandomWalk(
            fit: fit, points: points, slopes: slopes, minimum: minimum, curve: curve, level: level)
        rateRandomWalk = k
        rateRandomWalkReason = why
    }

    /// N re-read at its point with the chosen model's other terms taken out: N² = (σ̂²(τ) − F − σ_GM²·g(τ/T) −
    /// K²τ/3)·τ. `nil` when nothing is left of the point (the model says there is no white noise at τ) or the model
    /// has no other term.
    ///
    /// The interval: without a flicker term, the ends of the point's χ² interval less the same parts (the
    /// Gauss–Markov and walk parts are read from the longer τ, where they dominate, and are small at N's τ). A
    /// flicker part is as large at N's τ as at the floor, where it is read on few degrees of freedom, so its
    /// uncertainty enters: D = σ̂²(τ) − F̂ gets Satterthwaite's degrees of freedom ν = D²/(σ̂⁴(τ)/ν_τ + σ̂⁴_f/ν_f),
    /// with σ̂²_f and ν_f the variance and flicker-FM edf of the point where the floor is read (`flickerSpread`;
    /// F̂ = σ̂²_f less its white part, a conservative stand-in for the fit, which pools more points), and N²/τ lies in
    /// [νD/χ²_ν(1 − α/2), νD/χ²_ν(α/2)]. With F̂ treated as known, N covered 83.0% and 78.5% of true N beside true
    /// flicker of B = 10 and 20 °/h (`dev allan-coverage 200 --flicker all`, issue 24 u).
    static func whiteOnly(
        _ arw: Term, at point: AllanPoint, model: AllanModelFit, edf: Double,
        flickerSpread: (variance: Double, edf: Double)? = nil, level: Double = 0.95
    ) throws(StatsError) -> Term? {
        let tau = point.tauSeconds
        let other = model.variance(atTau: tau) - model.whiteVariance / tau
        guard other > 0 else { return nil }
        let rootTau = tau.squareRoot()
        func white(_ n: Double) -> Double { (max((n / rootTau) * (n / rootTau) - other, 0) * tau).squareRoot() }
        let value = white(arw.value)
        guard value > 0 else { return nil }
        let parts = [
            model.flickerVariance > 0 ? "flicker" : nil, model.terms.contains(.gaussMarkov) ? "Gauss–Markov" : nil,
            model.randomWalkVariance > 0 ? "rate random walk" : nil,
        ].compactMap { $0 }
        let show = { (x: Double) in String(format: "%.3g", x) }
        let method =
            "χ² interval of the point, white-FM edf \(show(edf)), less the fitted " + parts.joined(separator: " and ")
            + " part there"
        guard model.flickerVariance > 0, let spread = flickerSpread, spread.edf > 0 else {
            return Term(
                value: value, interval: ConfidenceInterval(low: white(arw.interval.low), high: white(arw.interval.high)),
                tauSeconds: tau, method: method)
        }
        let pointVariance = (arw.value / rootTau) * (arw.value / rootTau)
        let d = value * value / tau
        let nu = d * d / (pointVariance * pointVariance / edf + spread.variance * spread.variance / spread.edf)
        let alpha = 1 - level
        let upper = try ChiSquared.quantile(1 - alpha / 2, degreesOfFreedom: nu)
        let lower = try ChiSquared.quantile(alpha / 2, degreesOfFreedom: nu)
        return Term(
            value: value,
            interval: ConfidenceInterval(low: (nu * d / upper * tau).squareRoot(), high: (nu * d / lower * tau).squareRoot()),
            tauSeconds: tau,
            method: method + " (Satterthwaite edf \(show(nu)) with the flicker part's spread, read at the floor on flicker-FM "
                + "edf \(show(spread.edf)))")
    }

    /// Step 5: K on the +½ region after the minimum, when the chosen model has a rate random walk.
    static func readRateRandomWalk(
        fit: AllanModelFit, points: [AllanPoint], slopes: [Double], minimum: Int, curve: AllanDeviation.Curve, level: Double
    ) throws(StatsError) -> (Term?, String?) {
        let show = { (x: Double) in String(format: "%.3g", x) }
        if fit.terms.contains(.randomWalk) {
            let right = minimum + 1 < points.count ? Array((minimum + 1)..<points.count) : []
            let region = right.filter { abs(slopes[$0] - 0.5) <= Self.slopeTolerance }
            let near = region.min { abs(log(points[$0].tauSeconds / 3)) < abs(log(points[$1].tauSeconds / 3)) }
            if let i = near {
                let k = points[i]
                let scale = (3 / k.tauSeconds).squareRoot()
                let edf = curve.equivalentDegreesOfFreedom(.randomWalkFM, m: k.averagingFactor)
                let interval = try AllanDeviation.interval(deviation: k.deviation, edf: edf, confidenceLevel: level)
                let term = Term(
                    value: k.deviation * scale,
                    interval: ConfidenceInterval(low: interval.low * scale, high: interval.high * scale),
                    tauSeconds: k.tauSeconds, method: "χ² interval of the point, random-walk-FM edf \(show(edf))")
                return (term, nil)
            }
            return (
                nil, "not identified in this recording: the fit has a rate random walk but no point after the minimum rises with slope +½"
            )
        }
        return (nil, "not identified in this recording: no +½ slope region (the chosen model has no rate random walk)")
    }

    /// K's interval beside a Gauss–Markov bias by inverting a bootstrap test at each K (the test-inversion bootstrap:
    /// Carpenter, JRSS B 61(1), 1999): K lies in the set when the observed K̂ is not in either α/2 tail of the K̂ that
    /// records simulated at K give. F(K) = P(K̂* ≤ K̂ | K) (ties counted half, clamped to [½/B, 1 − ½/B]) is read at
    /// each simulated K (`bootstraps`: K and the refitted K̂* of its records; here 0, the fitted K and K_high) and
    /// Φ⁻¹(F) is taken to be linear in K between them (a normal location family): the upper end is where it falls to
    /// Φ⁻¹(α/2), extrapolated from the two largest K when no simulated K reaches it; the lower end where it falls to
    /// Φ⁻¹(1 − α/2), or 0 when K = 0 itself is not in the upper tail.
    ///
    /// The percentile interval this replaces read K̂* at the fitted K alone. K̂ is biased low beside the bias (the fit
    /// gives part of the walk's rise to σ_GM and T), and the percentile interval repeats the bias: with the walk test
    /// at its level it held K in 119 of 135 records at phone scale and 119 of 141 in the fast design, every miss below
    /// the truth (notes/issue-24o.md).
    ///
    /// `nil` when fewer than two bootstraps have 10 refits or the refitted K does not fall below K̂ more rarely as K
    /// grows (no upper end).
    static func testInversionInterval(observed: Double, bootstraps: [(walk: Double, refits: [Double])], level: Double)
        throws(StatsError) -> ConfidenceInterval?
    {
        let usable = bootstraps.filter { $0.refits.count >= 10 }.sorted { $0.walk < $1.walk }
        guard usable.count >= 2 else { return nil }
        var z: [Double] = []
        for b in usable { z.append(try Normal.quantile(Bootstrap.shareBelow(b.refits, observed))) }
        let k = usable.map(\.walk)
        let alpha = 1 - level
        let zUpper = try Normal.quantile(alpha / 2)
        let zLower = -zUpper
        /// Where the line through points i and j reaches `target` (nil when it is flat or rises).
        func cross(_ i: Int, _ j: Int, _ target: Double) -> Double? {
            let slope = (z[j] - z[i]) / (k[j] - k[i])
            guard slope < 0, slope.isFinite else { return nil }
            return k[i] + (target - z[i]) / slope
        }
        var upper: Double?
        for i in 0..<(k.count - 1) where z[i] >= zUpper && z[i + 1] <= zUpper {
            upper = cross(i, i + 1, zUpper)
            break
        }
        if upper == nil, z[k.count - 1] > zUpper {
            upper = cross(k.count - 2, k.count - 1, zUpper) ?? cross(0, k.count - 1, zUpper)
        }
        var lower = 0.0
        if z[0] > zLower {
            for i in 0..<(k.count - 1) where z[i + 1] <= zLower {
                lower = max(cross(i, i + 1, zLower) ?? 0, 0)
                break
            }
        }
        guard let upper, upper.isFinite, upper > lower else { return nil }
        return ConfidenceInterval(low: lower, high: upper)
    }

    /// The `probability` point of `values` (at least 10), at the (B + 1)·p-th order statistic as ``percentile(_:_:)``.
    static func upperPoint(_ values: [Double], _ probability: Double) throws(StatsError) -> Double {
        guard values.count >= 10 else {
            throw .invalidInput("AllanNoiseTerms: only \(values.count) bootstrap refits succeeded")
        }
        return Bootstrap.orderStatisticQuantile(values.sorted(), probability)
    }

    /// The (α/2, 1 − α/2) percentiles of `values` (at least 10), at the (B + 1)·α/2-th and (B + 1)·(1 − α/2)-th order
    /// statistics (``Bootstrap/orderStatisticInterval(_:confidence:)``): type 7's ends, at (B − 1)·α/2 + 1, held a
    /// fresh draw from the bootstrap's own distribution with only 90.4% at the 40 resamples of the fast tests (94.1%
    /// at 200); K's interval, a percentile interval until issue 24 part o, covered 141 of 161 records (87.6%) in the
    /// fast strong-walk design with them.
    static func percentile(_ values: [Double], _ level: Double) throws(StatsError) -> ConfidenceInterval {
        guard values.count >= 10 else {
            throw .invalidInput("AllanNoiseTerms: only \(values.count) bootstrap refits succeeded")
        }
        return try Bootstrap.orderStatisticInterval(values, confidence: level)
    }
}

/// Simulates records from a fitted model and returns their Allan curves: the parametric bootstrap of the
/// Gauss–Markov terms.
///
/// Each record has the original's length L, simulated at the block interval τ_b = b·τ₀ (b a power of 2, so that
/// at most ``AllanNoiseTerms/maximumBootstrapSamples`` samples are made), each simulated sample being **the mean of b
/// samples** of the original's rate τ₀, as the original curve's clusters of m ≥ b samples average them: white noise
/// N/√τ_b (the mean of b white samples); the Gauss–Markov bias as the AR(1) process x_{j+1} = φx_j + e_j of the
/// original rate (φ = e^{−τ₀/T}, driving σ·√(1 − φ²), started stationary); and a rate random walk with steps
/// K·√τ₀ (φ = 1). For each of the last two, a block's mean M and the next block's first sample x_b are drawn
/// jointly given the block's first sample x₀ (``BlockMean``): both are x₀ times a constant plus a Gaussian in the
/// block's b driving terms, whose variances and covariance are sums over the block. Its octave points are those of the
/// original curve with m ≥ b.
///
/// Point samples every τ_b, which this simulated before, are not block means: at the shortest fitted point
/// (m = b) a point-sampled bias or walk has 1.5 times the Allan variance of the averaged one (for a walk, the
/// cluster of one point has variance qτ/2 against the mean's qτ/3), 1.125 times at m = 2b. At phone scale (3 h at
/// 100 Hz, b = 512, T = 100 s) the bias is about 6% of the curve's variance at that point, so the simulated records
/// sat about 3% above the records they stood for there, near one standard error of the point.
struct RecordBootstrap {
    /// The mean over a block of b samples of x_{j+1} = a·x_j + e_j, e_j ~ N(0, s²), and the next block's first
    /// sample, given the block's first sample x₀: M = meanFactor·x₀ + ε_M and x_b = endFactor·x₀ + ε_x, with
    /// (ε_M, ε_x) Gaussian. With G(u) = Σ_{v<u} aᵛ (u for a = 1), e_{b−1−u} enters M with weight G(u)/b and x_b with
    /// aᵘ (u = 0…b − 1), so Var ε_M = s²/b²·Σ G(u)², Var ε_x = s²·Σ a²ᵘ and Cov = s²/b·Σ G(u)·aᵘ; meanFactor = G(b)/b
    /// and endFactor = aᵇ.
    struct BlockMean: Equatable {
        let meanFactor: Double
        let endFactor: Double
        /// ε_x = endSigma·z₁; ε_M = regression·ε_x + residualSigma·z₂.
        let endSigma: Double
        let regression: Double
        let residualSigma: Double

        /// `logA` = ln a (−τ₀/T for the bias, 0 for the walk); `step` = s; `block` = b ≥ 1. For b = 1: M = x₀ and
        /// x₁ = a·x₀ + s·z₁, the one-sample recursion.
        init(logA: Double, step: Double, block: Int) {
            let b = Double(block)
            func g(_ u: Double) -> Double { logA == 0 ? u : expm1(u * logA) / expm1(logA) }
            var gg = 0.0
            var ga = 0.0
            var aa = 0.0
            for u in 0..<block {
                let gu = g(Double(u))
                let au = exp(Double(u) * logA)
                gg += gu * gu
                ga += gu * au
                aa += au * au
            }
            let s2 = step * step
            let varMean = s2 * gg / (b * b)
            let varEnd = s2 * aa
            let covariance = s2 * ga / b
            meanFactor = block == 1 ? 1 : g(b) / b
            endFactor = exp(b * logA)
            endSigma = varEnd.squareRoot()
            regression = varEnd > 0 ? covariance / varEnd : 0
            residualSigma = max(varMean - covariance * regression, 0).squareRoot()
        }
    }

    let stream: RandomStream
    let sampleCount: Int
    let intervalSeconds: Double
    let block: Int
    let whiteSigma: Double
    let gmSigma: Double
    let bias: BlockMean
    let walk: BlockMean?

    /// Which samples exist (`nil`: all); a record with gaps is simulated whole and its curve computed with those
    /// gaps, as the original's was.
    let present: [Bool]?

    /// `sampleCount` simulated samples, each the mean of `block` samples of the original (`intervalSeconds` =
    /// b·τ₀ apart).
    init(
        fit: AllanModelFit, sampleCount: Int, intervalSeconds: Double, block: Int, present: [Bool]? = nil, seed: UInt64,
        trialIndex: UInt64 = 0
    ) throws(StatsError) {
        stream = try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: trialIndex))
        self.sampleCount = sampleCount
        self.present = present
        self.intervalSeconds = intervalSeconds
        self.block = max(block, 1)
        let tau0 = intervalSeconds / Double(self.block)
        let t = fit.correlationTimeSeconds
        whiteSigma = (fit.whiteVariance / intervalSeconds).squareRoot()
        gmSigma = fit.gaussMarkovVariance.squareRoot()
        bias = BlockMean(logA: -tau0 / t, step: gmSigma * (-expm1(-2 * tau0 / t)).squareRoot(), block: self.block)
        walk =
            fit.randomWalkVariance > 0
            ? BlockMean(logA: 0, step: (fit.randomWalkVariance * tau0).squareRoot(), block: self.block) : nil
    }

    func curve() throws(StatsError) -> AllanDeviation.Curve {
        var rates = [Double](repeating: 0, count: sampleCount)
        var x = stream.gaussian(sigma: gmSigma)
        var w = 0.0
        let averaged = block > 1
        for k in 0..<sampleCount {
            let white = stream.gaussian(sigma: whiteSigma)
            let xEnd = bias.endSigma * stream.gaussian(sigma: 1)
            let xMean = averaged ? bias.regression * xEnd + bias.residualSigma * stream.gaussian(sigma: 1) : 0
            var rate = bias.meanFactor * x + xMean + w + white
            x = bias.endFactor * x + xEnd
            if let walk {
                let wEnd = walk.endSigma * stream.gaussian(sigma: 1)
                if averaged { rate += walk.regression * wEnd + walk.residualSigma * stream.gaussian(sigma: 1) }
                w += wEnd
            }
            rates[k] = rate
        }
        if let present { return try AllanDeviation.overlapping(rates: rates, present: present, sampleIntervalSeconds: intervalSeconds) }
        return try AllanDeviation.overlapping(rates: rates, sampleIntervalSeconds: intervalSeconds)
    }
}

/// The overlapping Allan deviation (OADEV) of a rate series, with confidence intervals.
///
/// Estimator (NIST SP 1065, Riley 2008, eq. 11 in phase form): with rate samples y₀…y_{n−1} at interval τ₀, the
/// "phase" (for a gyro: the angle) is x₀ = 0, x_{k+1} = x_k + y_k·τ₀, so N = n + 1 phase points, and for τ = m·τ₀
///
///     σ²_y(τ) = Σ_{i=0}^{N−2m−1} (x_{i+2m} − 2x_{i+m} + x_i)² / (2τ²(N − 2m)).
///
/// The phase is built once (a cumulative sum of the mean-removed rates, with a compensated running sum so the
/// stored values carry no accumulated rounding error); each τ is then one O(N) pass. Removing the mean changes
/// nothing mathematically (a constant rate c adds c·m·τ₀ − c·m·τ₀ = 0 to every second difference) but keeps the
/// phase small, so the second differences do not cancel digits of a large ramp. The squares are summed with a
/// compensated sum.
///
/// Confidence interval: σ²·edf/σ̂² is taken as χ² with edf equivalent degrees of freedom, giving
/// [σ̂·√(edf/χ²_{1−α/2}), σ̂·√(edf/χ²_{α/2})] (SP 1065 §5.3.3). The edf uses SP 1065's simple approximations for
/// the overlapping estimator (Howe, Allan and Barnes 1981; SP 1065 Table 12), with N phase points:
/// - white FM: edf = (3(N−1)/(2m) − 2(N−2)/N)·4m²/(4m² + 5);
/// - flicker FM: edf = 2(N−2)²/(2.3N − 4.9) for m = 1, 5N²/(4m(N + 3m)) for m ≥ 2;
/// - random-walk FM: edf = ((N−2)/m)·((N−1)² − 3m(N−1) + 4m²)/(N−3)².
/// A gyro curve holds all three (angle random walk is white FM, bias instability flicker FM, rate random walk
/// random-walk FM) and the noise type at a given τ is not known in advance, so the **smallest** of the three is
/// used: a conservative choice (wider intervals) that is right for whichever type dominates. The edf is also
/// capped at the number of terms and floored at 1.
package enum AllanDeviation {
    /// Which averaging factors m to evaluate.
    package enum Factors: Sendable, Equatable {
        /// m = 1, 2, 4, … up to ⌊(N − 1)/2⌋ (octave spacing).
        case octave
        /// Every m from 1 to ⌊(N − 1)/2⌋.
        case all
        /// These factors (each must leave at least one term: 1 ≤ m ≤ (N − 1)/2).
        case explicit([Int])
    }

    /// A whole curve: the points in increasing τ, the sample interval and the interval's confidence level.
    package struct Curve: Sendable, Equatable {
        package let points: [AllanPoint]
        /// τ₀, seconds.
        package let sampleIntervalSeconds: Double
        /// The number of rate samples n (for a record with gaps: the grid's, gaps included).
        package let sampleCount: Int
        /// 1 − α of every ``AllanPoint/interval``.
        package let confidenceLevel: Double
        /// The lengths of the gap-free stretches of the record, in samples, in time order: `[sampleCount]` for an
        /// evenly sampled record without gaps (``overlapping(rates:present:sampleIntervalSeconds:factors:confidenceLevel:)``).
        package var segmentLengths: [Int] = []
        /// The grid index where each gap-free stretch starts (`[0]` without gaps).
        package var segmentStarts: [Int] = []

        /// For a record with gaps, each point's edf for white, flicker and random-walk FM (in that order), summed over
        /// its runs of terms (``overlapping(rates:present:sampleIntervalSeconds:factors:confidenceLevel:)``); empty
        /// without gaps.
        package var gappedDegreesOfFreedom: [[Double]] = []

        /// Whether the curve was computed on a record with gaps.
        package var hasGaps: Bool { segmentLengths.count > 1 || segmentLengths.first.map { $0 != sampleCount } == true }

        /// The equivalent degrees of freedom of a point at factor `m` for one noise type (SP 1065's simple
        /// approximation): for a record without gaps that of its N = n + 1 phase points; for a record with gaps the
        /// sum over the point's runs of consecutive terms, each a stretch of (run + 2m) phase points (runs are
        /// treated as independent, exact for white noise and a slight overstatement for correlated noise), capped at
        /// the total number of terms; at a factor the curve has no point of, the sum over the gap-free stretches.
        package func equivalentDegreesOfFreedom(_ type: NoiseType, m: Int) -> Double {
            guard hasGaps else {
                return AllanDeviation.equivalentDegreesOfFreedom(type, phasePoints: sampleCount + 1, m: m)
            }
            if let index = points.firstIndex(where: { $0.averagingFactor == m }), index < gappedDegreesOfFreedom.count {
                switch type {
                case .whiteFM: return gappedDegreesOfFreedom[index][0]
                case .flickerFM: return gappedDegreesOfFreedom[index][1]
                case .randomWalkFM: return gappedDegreesOfFreedom[index][2]
                }
            }
            var total = 0.0
            var terms = 0
            for length in segmentLengths where length + 1 - 2 * m >= 1 {
                total += AllanDeviation.equivalentDegreesOfFreedom(type, phasePoints: length + 1, m: m)
                terms += length + 1 - 2 * m
            }
            return min(max(total, 1), Double(max(terms, 1)))
        }
    }

    /// The octave factors 1, 2, 4, … for `sampleCount` rate samples (at least one term each).
    package static func octaveFactors(sampleCount: Int) -> [Int] {
        var factors: [Int] = []
        var m = 1
        while 2 * m <= sampleCount {
            factors.append(m)
            m *= 2
        }
        return factors
    }

    // MARK: - Computing

    /// Computes the overlapping Allan deviation of `rates` sampled every `sampleIntervalSeconds`.
    ///
    /// - Parameters:
    ///   - rates: y_i, finite, at least 2 (the unit of the result is theirs).
    ///   - sampleIntervalSeconds: τ₀ > 0, finite.
    ///   - factors: the averaging factors (default octave spacing).
    ///   - confidenceLevel: 1 − α of the intervals, strictly inside (0, 1).
    /// - Returns: the curve, points ordered by m.
    /// - Throws: ``StatsError/invalidInput(_:)`` for fewer than 2 samples, a non-finite sample (naming its index),
    ///   a bad τ₀ or level, or a factor leaving no term; ``StatsError/gsl`` if a χ² quantile fails.
    package static func overlapping(
        rates: [Double], sampleIntervalSeconds: Double, factors: Factors = .octave, confidenceLevel: Double = 0.95
    ) throws(StatsError) -> Curve {
        let n = rates.count
        guard n >= 2 else { throw .invalidInput("AllanDeviation: need at least 2 samples, got \(n)") }
        guard sampleIntervalSeconds.isFinite, sampleIntervalSeconds > 0 else {
            throw .invalidInput("AllanDeviation: sample interval must be finite and positive, got \(sampleIntervalSeconds)")
        }
        guard confidenceLevel > 0, confidenceLevel < 1 else {
            throw .invalidInput("AllanDeviation: confidence level must be inside (0, 1), got \(confidenceLevel)")
        }
        let phasePoints = n + 1
        let largest = (phasePoints - 1) / 2
        let ms: [Int]
        switch factors {
        case .octave: ms = octaveFactors(sampleCount: n)
        case .all: ms = Array(1...largest)
        case .explicit(let list):
            if let bad = list.first(where: { $0 < 1 || $0 > largest }) {
                throw .invalidInput("AllanDeviation: averaging factor \(bad) is outside 1...\(largest) for \(n) samples")
            }
            ms = list
        }
        let phase = try phaseOf(rates, tau0: sampleIntervalSeconds)
        var points: [AllanPoint] = []
        points.reserveCapacity(ms.count)
        let alpha = 1 - confidenceLevel
        for m in ms {
            let tau = Double(m) * sampleIntervalSeconds
            let terms = phasePoints - 2 * m
            let sumSquares = phase.withUnsafeBufferPointer { secondDifferenceSquares($0, m: m) }
            let variance = sumSquares / (2 * tau * tau * Double(terms))
            let sigma = variance.squareRoot()
            let edf = equivalentDegreesOfFreedom(phasePoints: phasePoints, m: m, terms: terms)
            let upper = try ChiSquared.quantile(1 - alpha / 2, degreesOfFreedom: edf)
            let lower = try ChiSquared.quantile(alpha / 2, degreesOfFreedom: edf)
            let interval = ConfidenceInterval(
                low: sigma * (edf / upper).squareRoot(),
                high: sigma * (edf / lower).squareRoot())
            points.append(
                AllanPoint(
                    averagingFactor: m, tauSeconds: tau, deviation: sigma, terms: terms,
                    equivalentDegreesOfFreedom: edf, interval: interval))
        }
        return Curve(
            points: points, sampleIntervalSeconds: sampleIntervalSeconds, sampleCount: n,
            confidenceLevel: confidenceLevel, segmentLengths: [n], segmentStarts: [0])
    }

    // MARK: - Records with gaps

    /// The share of a cluster that may be missing for the gapped estimator to use it: 10% (``bridgedGapShare``).
    package static let bridgedGapShare = 0.1

    /// The overlapping Allan deviation of an evenly gridded record with gaps, bridging gaps short beside τ.
    ///
    /// With ȳ_i(m) the mean of the present samples among y_i…y_{i+m−1} and c_i(m) their number, for τ = m·τ₀
    ///
    ///     σ²_y(τ) = Σ_i (ȳ_{i+m}(m) − ȳ_i(m))² / (2·#terms),
    ///
    /// over the i whose two clusters each miss at most ⌊``bridgedGapShare``·m⌋ samples. While ⌊0.1·m⌋ = 0 (m < 10)
    /// a term needs both clusters whole, so it never straddles a gap: the gap-free stretches' terms pooled, each the
    /// unbiased one of the even estimator, exactly as when each stretch is analysed alone. At longer τ a gap that
    /// fills at most a tenth of a cluster is bridged: the cluster's mean is that of its present samples (the
    /// gap-resistant Allan variance of Sesia, Tavella and coauthors, *Metrologia* 45, 2008, with a cluster
    /// threshold), so a record whose gaps are short beside its length keeps a curve to τ ≈ L/2 instead of stopping at
    /// its longest gap-free stretch. A cluster of c < m white-noise samples has variance σ²/c, not σ²/m, so a
    /// bridged term of white noise is up to 1/0.9 ≈ 1.11 times too large; the terms beyond white noise that bridging
    /// serves (τ well above the gaps) average samples that are correlated anyway.
    ///
    /// The interval is the χ² interval with edf summed over the runs of consecutive terms (a run of r terms is a
    /// stretch of r + 2m phase points, ``Curve/equivalentDegreesOfFreedom(_:m:)``, smallest over the three noise
    /// types): for unbridged factors exactly the gap-free stretches' sum. Without a gap this is
    /// ``overlapping(rates:sampleIntervalSeconds:factors:confidenceLevel:)`` exactly.
    ///
    /// - Parameters:
    ///   - rates: y_i on the grid, finite where present (the values at gaps are ignored).
    ///   - present: whether grid slot i holds a sample; same count as `rates`.
    ///   - sampleIntervalSeconds: the grid's τ₀.
    ///   - factors: `.octave` (m = 1, 2, 4, … while some term exists) or `.explicit`.
    ///   - confidenceLevel: 1 − α.
    /// - Throws: ``StatsError/invalidInput(_:)`` for mismatched counts, no stretch of 2 samples, a non-finite present
    ///   sample, a bad τ₀ or level, or a factor with no term.
    package static func overlapping(
        rates: [Double], present: [Bool], sampleIntervalSeconds: Double, factors: Factors = .octave,
        confidenceLevel: Double = 0.95
    ) throws(StatsError) -> Curve {
        guard rates.count == present.count else {
            throw .invalidInput("AllanDeviation: \(rates.count) rates but \(present.count) presence flags")
        }
        var starts: [Int] = []
        var lengths: [Int] = []
        var i = 0
        while i < rates.count {
            guard present[i] else {
                i += 1
                continue
            }
            let start = i
            while i < rates.count && present[i] { i += 1 }
            starts.append(start)
            lengths.append(i - start)
        }
        if lengths == [rates.count] {
            return try overlapping(
                rates: rates, sampleIntervalSeconds: sampleIntervalSeconds, factors: factors, confidenceLevel: confidenceLevel)
        }
        guard let longest = lengths.max(), longest >= 2 else {
            throw .invalidInput("AllanDeviation: no gap-free stretch of at least 2 samples")
        }
        guard sampleIntervalSeconds.isFinite, sampleIntervalSeconds > 0 else {
            throw .invalidInput("AllanDeviation: sample interval must be finite and positive, got \(sampleIntervalSeconds)")
        }
        guard confidenceLevel > 0, confidenceLevel < 1 else {
            throw .invalidInput("AllanDeviation: confidence level must be inside (0, 1), got \(confidenceLevel)")
        }
        let n = rates.count
        var mean = CompensatedSum()
        var count = 0
        for (k, y) in rates.enumerated() where present[k] {
            guard y.isFinite else { throw .invalidInput("AllanDeviation: sample \(k) is \(y), not finite") }
            mean.add(y)
            count += 1
        }
        let average = mean.value / Double(count)
        // Prefix sums of the present samples (mean removed) and of their count.
        var sums = [Double](repeating: 0, count: n + 1)
        var counts = [Int](repeating: 0, count: n + 1)
        var running = CompensatedSum()
        for k in 0..<n {
            if present[k] { running.add(rates[k] - average) }
            sums[k + 1] = running.value
            counts[k + 1] = counts[k] + (present[k] ? 1 : 0)
        }
        let ms: [Int]
        switch factors {
        case .octave: ms = octaveFactors(sampleCount: n)
        case .all: ms = Array(1...(n / 2))
        case .explicit(let list):
            if let bad = list.first(where: { $0 < 1 || 2 * $0 > n }) {
                throw .invalidInput("AllanDeviation: averaging factor \(bad) is outside 1...\(n / 2) for \(n) grid slots")
            }
            ms = list
        }
        let types: [NoiseType] = [.whiteFM, .flickerFM, .randomWalkFM]
        var points: [AllanPoint] = []
        var typeEDF: [[Double]] = []
        for m in ms {
            let tau = Double(m) * sampleIntervalSeconds
            let required = m - Int((bridgedGapShare * Double(m)).rounded(.down))
            var sumSquares = CompensatedSum()
            var terms = 0
            var runs: [Int] = []
            var run = 0
            sums.withUnsafeBufferPointer { s in
                counts.withUnsafeBufferPointer { c in
                    for i in 0...(n - 2 * m) {
                        let c1 = c[i + m] - c[i]
                        let c2 = c[i + 2 * m] - c[i + m]
                        guard c1 >= required, c2 >= required else {
                            if run > 0 { runs.append(run) }
                            run = 0
                            continue
                        }
                        let d = (s[i + 2 * m] - s[i + m]) / Double(c2) - (s[i + m] - s[i]) / Double(c1)
                        sumSquares.addProduct(d, d)
                        terms += 1
                        run += 1
                    }
                }
            }
            if run > 0 { runs.append(run) }
            guard terms > 0 else {
                if case .explicit = factors {
                    throw .invalidInput("AllanDeviation: averaging factor \(m) has no term on this grid with gaps")
                }
                break
            }
            let sigma = (sumSquares.value / (2 * Double(terms))).squareRoot()
            let byType = types.map { type in
                let total = runs.reduce(0.0) { $0 + equivalentDegreesOfFreedom(type, phasePoints: $1 + 2 * m, m: m) }
                return min(max(total, 1), Double(terms))
            }
            typeEDF.append(byType)
            let edf = byType.min() ?? 1
            points.append(
                AllanPoint(
                    averagingFactor: m, tauSeconds: tau, deviation: sigma, terms: terms, equivalentDegreesOfFreedom: edf,
                    interval: try interval(deviation: sigma, edf: edf, confidenceLevel: confidenceLevel)))
        }
        var curve = Curve(
            points: points, sampleIntervalSeconds: sampleIntervalSeconds, sampleCount: n,
            confidenceLevel: confidenceLevel, segmentLengths: lengths, segmentStarts: starts)
        curve.gappedDegreesOfFreedom = typeEDF
        return curve
    }

    // MARK: - Pieces

    /// x₀ = 0, x_{k+1} = x_k + (y_k − ȳ)·τ₀, accumulated with a compensated sum.
    static func phaseOf(_ rates: [Double], tau0: Double) throws(StatsError) -> [Double] {
        var mean = CompensatedSum()
        for (i, y) in rates.enumerated() {
            guard y.isFinite else { throw .invalidInput("AllanDeviation: sample \(i) is \(y), not finite") }
            mean.add(y)
        }
        let average = mean.value / Double(rates.count)
        var phase = [Double](repeating: 0, count: rates.count + 1)
        var running = CompensatedSum()
        phase.withUnsafeMutableBufferPointer { x in
            rates.withUnsafeBufferPointer { y in
                for k in 0..<y.count {
                    running.add((y[k] - average) * tau0)
                    x[k + 1] = running.value
                }
            }
        }
        return phase
    }

    /// Σ (x_{i+2m} − 2x_{i+m} + x_i)² over i = 0…N−2m−1.
    static func secondDifferenceSquares(_ x: UnsafeBufferPointer<Double>, m: Int) -> Double {
        var sum = CompensatedSum()
        let count = x.count - 2 * m
        for i in 0..<count {
            let d = (x[i + 2 * m] - x[i + m]) - (x[i + m] - x[i])
            sum.addProduct(d, d)
        }
        return sum.value
    }

    /// The noise types SP 1065 gives an edf approximation for (gyro names: angle random walk, bias instability,
    /// rate random walk).
    package enum NoiseType: Sendable, Equatable {
        case whiteFM, flickerFM, randomWalkFM
    }

    /// SP 1065's simple edf approximation of the overlapping estimator for one noise type (Table 12), with N
    /// phase points (n + 1 for n rates) and averaging factor m, within [1, N − 2m].
    package static func equivalentDegreesOfFreedom(_ type: NoiseType, phasePoints: Int, m: Int) -> Double {
        let terms = Double(max(phasePoints - 2 * m, 1))
        guard let value = rawDegreesOfFreedom(type, phasePoints: phasePoints, m: m) else { return 1 }
        return min(max(value, 1), terms)
    }

    /// The approximation itself, `nil` where it is not finite and positive (too few points).
    static func rawDegreesOfFreedom(_ type: NoiseType, phasePoints: Int, m: Int) -> Double? {
        let bigN = Double(phasePoints)
        let md = Double(m)
        let value: Double
        switch type {
        case .whiteFM:
            value = (3 * (bigN - 1) / (2 * md) - 2 * (bigN - 2) / bigN) * (4 * md * md) / (4 * md * md + 5)
        case .flickerFM:
            value = m == 1 ? 2 * (bigN - 2) * (bigN - 2) / (2.3 * bigN - 4.9) : 5 * bigN * bigN / (4 * md * (bigN + 3 * md))
        case .randomWalkFM:
            value =
                phasePoints > 3
                ? ((bigN - 2) / md) * ((bigN - 1) * (bigN - 1) - 3 * md * (bigN - 1) + 4 * md * md) / ((bigN - 3) * (bigN - 3))
                : 1
        }
        return value.isFinite && value > 0 ? value : nil
    }

    /// The χ² interval of a deviation σ̂ with `edf` degrees of freedom at `confidenceLevel`:
    /// [σ̂·√(edf/χ²_{1−α/2}), σ̂·√(edf/χ²_{α/2})] (SP 1065 §5.3.3).
    package static func interval(deviation: Double, edf: Double, confidenceLevel: Double) throws(StatsError)
        -> ConfidenceInterval
    {
        let alpha = 1 - confidenceLevel
        let upper = try ChiSquared.quantile(1 - alpha / 2, degreesOfFreedom: edf)
        let lower = try ChiSquared.quantile(alpha / 2, degreesOfFreedom: edf)
        return ConfidenceInterval(low: deviation * (edf / upper).squareRoot(), high: deviation * (edf / lower).squareRoot())
    }

    /// The smallest of SP 1065's simple edf approximations for white, flicker and random-walk FM, within
    /// [1, terms].
    static func equivalentDegreesOfFreedom(phasePoints: Int, m: Int, terms: Int) -> Double {
        let smallest =
            [NoiseType.whiteFM, .flickerFM, .randomWalkFM].compactMap {
                rawDegreesOfFreedom($0, phasePoints: phasePoints, m: m)
            }.min() ?? 1
        return min(max(smallest, 1), Double(max(terms, 1)))
    }
}

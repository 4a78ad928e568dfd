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

        /// Whether the curve was computed over gap-free stretches of a record with gaps.
        package var hasGaps: Bool { segmentLengths.count > 1 || segmentLengths.first.map { $0 != sampleCount } == true }

        /// The equivalent degrees of freedom of a point at factor `m` for one noise type (SP 1065's simple
        /// approximation): for a record without gaps that of its N = n + 1 phase points; for a record with gaps the
        /// sum over the stretches long enough to hold a term (stretches are treated as independent, exact for white
        /// noise and a slight overstatement for correlated noise), capped at the total number of terms.
        package func equivalentDegreesOfFreedom(_ type: NoiseType, m: Int) -> Double {
            guard hasGaps else {
                return AllanDeviation.equivalentDegreesOfFreedom(type, phasePoints: sampleCount + 1, m: m)
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

    /// The overlapping Allan deviation of an evenly gridded record with gaps: only second differences whose 2m + 1
    /// phase points lie inside one gap-free stretch are used, pooled by their number.
    ///
    /// With stretches s of n_s present samples (N_s = n_s + 1 phase points each, the phase restarting at every
    /// stretch), for τ = m·τ₀
    ///
    ///     σ²_y(τ) = Σ_s Σ_{i=0}^{N_s−2m−1} (x_{i+2m} − 2x_{i+m} + x_i)² / (2τ² Σ_s (N_s − 2m)),
    ///
    /// summing over the stretches with N_s − 2m ≥ 1: a cluster never straddles a gap, so a gap adds no spurious
    /// jump, and each term is the unbiased one of the even estimator. Its interval is the χ² interval with the sum
    /// of the stretches' edf (``Curve/equivalentDegreesOfFreedom(_:m:)``, smallest over the three noise types).
    /// Without a gap this is ``overlapping(rates:sampleIntervalSeconds:factors:confidenceLevel:)`` exactly.
    ///
    /// - Parameters:
    ///   - rates: y_i on the grid, finite where present (the values at gaps are ignored).
    ///   - present: whether grid slot i holds a sample; same count as `rates`.
    ///   - sampleIntervalSeconds: the grid's τ₀.
    ///   - factors: `.octave` (m = 1, 2, 4, … while the longest stretch holds a term) or `.explicit`.
    ///   - confidenceLevel: 1 − α.
    /// - Throws: ``StatsError/invalidInput(_:)`` for mismatched counts, no stretch of 2 samples, a non-finite present
    ///   sample, a bad τ₀ or level, or a factor no stretch holds a term of.
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
        let ms: [Int]
        switch factors {
        case .octave: ms = octaveFactors(sampleCount: longest)
        case .all: ms = Array(1...(longest / 2))
        case .explicit(let list):
            if let bad = list.first(where: { $0 < 1 || 2 * $0 > longest }) {
                throw .invalidInput("AllanDeviation: averaging factor \(bad) leaves no term in a stretch of at most \(longest) samples")
            }
            ms = list
        }
        var mean = CompensatedSum()
        var count = 0
        for (k, y) in rates.enumerated() where present[k] {
            guard y.isFinite else { throw .invalidInput("AllanDeviation: sample \(k) is \(y), not finite") }
            mean.add(y)
            count += 1
        }
        let average = mean.value / Double(count)
        // One phase per stretch, x₀ = 0 at its start.
        var phases: [[Double]] = []
        for (start, length) in zip(starts, lengths) where length >= 2 {
            var phase = [Double](repeating: 0, count: length + 1)
            var running = CompensatedSum()
            for k in 0..<length {
                running.add((rates[start + k] - average) * sampleIntervalSeconds)
                phase[k + 1] = running.value
            }
            phases.append(phase)
        }
        var curve = Curve(
            points: [], sampleIntervalSeconds: sampleIntervalSeconds, sampleCount: rates.count,
            confidenceLevel: confidenceLevel, segmentLengths: lengths, segmentStarts: starts)
        var points: [AllanPoint] = []
        for m in ms {
            let tau = Double(m) * sampleIntervalSeconds
            var sumSquares = 0.0
            var terms = 0
            for phase in phases where phase.count - 2 * m >= 1 {
                sumSquares += phase.withUnsafeBufferPointer { secondDifferenceSquares($0, m: m) }
                terms += phase.count - 2 * m
            }
            let sigma = (sumSquares / (2 * tau * tau * Double(terms))).squareRoot()
            let edf = [NoiseType.whiteFM, .flickerFM, .randomWalkFM].map { curve.equivalentDegreesOfFreedom($0, m: m) }.min() ?? 1
            points.append(
                AllanPoint(
                    averagingFactor: m, tauSeconds: tau, deviation: sigma, terms: terms, equivalentDegreesOfFreedom: edf,
                    interval: try interval(deviation: sigma, edf: edf, confidenceLevel: confidenceLevel)))
        }
        curve = Curve(
            points: points, sampleIntervalSeconds: sampleIntervalSeconds, sampleCount: rates.count,
            confidenceLevel: confidenceLevel, segmentLengths: lengths, segmentStarts: starts)
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

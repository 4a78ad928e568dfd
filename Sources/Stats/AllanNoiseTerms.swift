import Foundation

/// Gyro noise coefficients read off an Allan-deviation curve, after IEEE Std 952-1997 Annex C.
///
/// On a log–log Allan plot the three terms are straight-line asymptotes:
/// - angle random walk (white rate noise) σ(τ) = N/√τ, slope −½: N is the line's value at τ = 1 s;
/// - bias instability (flicker rate noise) σ(τ) ≈ √(2 ln 2/π)·B = 0.664·B, slope 0: B is the flat floor ÷ 0.664;
/// - rate random walk σ(τ) = K·√(τ/3), slope +½: K is the line's value at τ = 3 s.
///
/// Method, chosen to be simple and to give every coefficient an interval from the points it uses:
/// 1. The local slope at each point is the mean of the log–log slopes of its two neighbouring segments.
/// 2. N: among points at or before the curve's minimum whose local slope is within ``slopeTolerance`` of −½, the
///    one with τ closest (in log) to 1 s; N = σ(τ)·√τ (the −½ line through that point, read at 1 s). If no point
///    qualifies, the point whose local slope is closest to −½ is used and ``Term/note`` says so.
/// 3. B: the curve's first local minimum (the first point whose successor is not lower); B = σ_min/0.664. The
///    first, not the global, minimum: a Gauss–Markov bias rises to a peak near 1.9 τ_c and then falls again like
///    white noise, which would otherwise put the "floor" at the record's end. If the curve never stops falling,
///    the note says B is only an upper bound. Picking a minimum of noisy points biases B slightly low.
/// 4. K: among points after the minimum whose local slope is within ``slopeTolerance`` of +½, the one with τ
///    closest to 3 s; K = σ(τ)·√(3/τ). None: K is `nil` (no rate random walk visible in the record).
/// Each interval is the point's Allan-deviation interval mapped through the same formula, so it has the curve's
/// confidence level and the same conservative edf (see ``AllanDeviation``). Units follow the curve's: with rates
/// in rad/s, N is in rad/s·√s, B in rad/s, K in rad/s/√s.
public struct AllanNoiseTerms: Sendable, Equatable {
    /// One coefficient, the curve point it was read at, and its interval.
    public struct Term: Sendable, Equatable {
        public let value: Double
        public let interval: ConfidenceInterval
        /// τ of the point used, seconds.
        public let tauSeconds: Double
        /// A caveat about how it was read, or `nil`.
        public let note: String?
    }

    /// How far a local log–log slope may stray from ∓½ for a point to count as in a region.
    public static let slopeTolerance = 0.15
    /// √(2 ln 2/π) ≈ 0.6643: the flicker floor σ_min divided by the bias instability B (IEEE Std 952, C.1.3).
    public static let flickerFloorFactor = (2 * log(2.0) / Double.pi).squareRoot()

    /// N, in the curve's rate unit × √s.
    public let angleRandomWalk: Term
    /// B, in the curve's rate unit.
    public let biasInstability: Term
    /// K, in the curve's rate unit per √s; `nil` when no +½ region is visible.
    public let rateRandomWalk: Term?
    /// τ of the curve's minimum, seconds.
    public let minimumTauSeconds: Double

    /// Reads the three terms off a curve.
    ///
    /// - Parameter curve: an overlapping Allan-deviation curve with at least 3 points, all deviations positive.
    /// - Returns: the terms.
    /// - Throws: ``StatsError/invalidInput(_:)`` for fewer than 3 points or a zero deviation (a constant record).
    public init(curve: AllanDeviation.Curve) throws(StatsError) {
        let points = curve.points
        guard points.count >= 3 else {
            throw .invalidInput("AllanNoiseTerms: need at least 3 curve points, got \(points.count)")
        }
        guard points.allSatisfy({ $0.deviation > 0 && $0.deviation.isFinite }) else {
            throw .invalidInput("AllanNoiseTerms: the Allan deviation is zero somewhere (a constant record?)")
        }
        let logTau = points.map { log($0.tauSeconds) }
        let logSigma = points.map { log($0.deviation) }
        let slopes: [Double] = points.indices.map { i in
            var s: [Double] = []
            if i > 0 { s.append((logSigma[i] - logSigma[i - 1]) / (logTau[i] - logTau[i - 1])) }
            if i + 1 < points.count { s.append((logSigma[i + 1] - logSigma[i]) / (logTau[i + 1] - logTau[i])) }
            return s.reduce(0, +) / Double(s.count)
        }
        // The first local minimum: where the curve stops falling. A Gauss–Markov bias makes the curve rise to a
        // peak near 1.9 τ_c and fall again, so the global minimum can lie in that later fall, not at the floor.
        var minimum = points.count - 1
        for i in 0..<(points.count - 1) where points[i + 1].deviation >= points[i].deviation {
            minimum = i
            break
        }
        minimumTauSeconds = points[minimum].tauSeconds

        func closest(_ candidates: [Int], toTau tau: Double) -> Int? {
            candidates.min { abs(logTau[$0] - log(tau)) < abs(logTau[$1] - log(tau)) }
        }

        // N: slope −½ at or before the minimum.
        let left = Array(0...minimum)
        let arwRegion = left.filter { abs(slopes[$0] + 0.5) <= Self.slopeTolerance }
        let arwIndex: Int
        var arwNote: String?
        if let i = closest(arwRegion, toTau: 1) {
            arwIndex = i
        } else {
            arwIndex = left.min { abs(slopes[$0] + 0.5) < abs(slopes[$1] + 0.5) } ?? 0
            arwNote =
                "no point with slope −½ ± \(Self.slopeTolerance); read at the slope closest to −½ "
                + "(\(String(format: "%.2f", slopes[arwIndex])))"
        }
        let a = points[arwIndex]
        let rootTau = a.tauSeconds.squareRoot()
        angleRandomWalk = Term(
            value: a.deviation * rootTau,
            interval: ConfidenceInterval(low: a.interval.low * rootTau, high: a.interval.high * rootTau),
            tauSeconds: a.tauSeconds, note: arwNote)

        // B: the floor.
        let b = points[minimum]
        let f = Self.flickerFloorFactor
        biasInstability = Term(
            value: b.deviation / f, interval: ConfidenceInterval(low: b.interval.low / f, high: b.interval.high / f),
            tauSeconds: b.tauSeconds,
            note: minimum == points.count - 1
                ? "the curve still falls at the longest τ: no floor reached, so B is an upper bound" : nil)

        // K: slope +½ after the minimum.
        let right = minimum + 1 < points.count ? Array((minimum + 1)..<points.count) : []
        let rrwRegion = right.filter { abs(slopes[$0] - 0.5) <= Self.slopeTolerance }
        if let i = closest(rrwRegion, toTau: 3) {
            let k = points[i]
            let scale = (3 / k.tauSeconds).squareRoot()
            rateRandomWalk = Term(
                value: k.deviation * scale,
                interval: ConfidenceInterval(low: k.interval.low * scale, high: k.interval.high * scale),
                tauSeconds: k.tauSeconds, note: nil)
        } else {
            rateRandomWalk = nil
        }
    }
}

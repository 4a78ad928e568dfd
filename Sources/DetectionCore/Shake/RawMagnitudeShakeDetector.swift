// MARK: - raw-magnitude

/// The shake detector of most Android examples, Square's seismic and a public submission of the course's
/// assignment: the magnitude of the raw accelerometer vector, gravity included, reaches T on k samples within W.
///
/// A hit is a sample with √(x²+y²+z²) ≥ T, the readings taken as given (no gravity removal: a phone at rest reads
/// 1 g, so T must exceed 1 g to mean anything). The detector keeps the times of the last k hits in a ring of
/// capacity k and fires at a hit when the oldest of them is at most W earlier (tₖ − t₁ ≤ W); firing forgets them,
/// so the next event needs k fresh hits. Hits are samples, not excursions, as in those implementations: at a
/// higher sample rate one swing gives more hits, which is part of what a sweep over this kind measures.
struct RawMagnitudeShakeDetector: Sendable {
    // MARK: - Parameters

    private let thresholdSquaredG2: Double
    private let requiredCount: Int
    private let windowSeconds: Double

    // MARK: - State

    private var hits: GestureRingBuffer<Double>

    // MARK: - Init

    /// A detector for threshold T (g), k hits, window W (s); parameters already validated.
    init(thresholdG: Double, requiredCount: Int, windowSeconds: Double) {
        thresholdSquaredG2 = thresholdG * thresholdG
        self.requiredCount = requiredCount
        self.windowSeconds = windowSeconds
        hits = GestureRingBuffer(capacity: requiredCount, filler: 0)
    }

    // MARK: - Streaming

    /// Feeds one raw sample; returns true when the k-th hit within W happens here.
    ///
    /// - Parameters:
    ///   - t: timestamp in seconds (non-decreasing, checked by the caller).
    ///   - x: acceleration x in g, gravity included.
    ///   - y: acceleration y in g, gravity included.
    ///   - z: acceleration z in g, gravity included.
    ///   - gathersEvidence: false during a cooldown: nothing is counted.
    /// - Returns: true exactly when an event fires at this sample.
    @inline(__always)
    mutating func consume(t: Double, x: Double, y: Double, z: Double, gathersEvidence: Bool) -> Bool {
        // Compare squares: same ordering as comparing √(x²+y²+z²) with T, without the square root.
        guard gathersEvidence, x * x + y * y + z * z >= thresholdSquaredG2 else { return false }
        if hits.count == requiredCount { hits.removeFirst() }
        hits.append(t)
        guard hits.count == requiredCount, let oldest = hits.first,
            t - oldest <= windowSeconds + shakeTimeSlackSeconds
        else { return false }
        hits.removeAll()
        return true
    }

    /// Forgets all evidence.
    mutating func reset() { hits.removeAll() }
}

// MARK: - Declaration

extension RawMagnitudeShakeDetector: ShakeAlgorithm {
    static let name = "raw-magnitude"
    static let summary =
        "k samples whose raw magnitude, gravity included, reaches thresholdG within windowSeconds (seismic, most "
        + "Android examples)"
    // The public submission of the assignment: raw magnitude ≥ 2.5 g, 3 hits in 2 s, sampled at 60 Hz; the cooldown
    // is this package's choice.
    static let readings = [
        ShakeParameterReading(.thresholdG, default: .real(2.5)),
        ShakeParameterReading(.requiredCount, default: .count(3)),
        ShakeParameterReading(.windowSeconds, default: .real(2.0)),
        ShakeParameterReading(.cooldownSeconds),
        ShakeParameterReading(
            .inputIncludesGravity, default: .flag(true),
            required: (true, "must be true for raw-magnitude: it thresholds raw readings, gravity included")),
    ]
    static let cReference: String? = "cbr_shake_raw_magnitude"
    static let removesGravity = false

    init(_ c: ShakeDetectorConfiguration, maximumSampleRateHz: Double) {
        self.init(thresholdG: c.thresholdG, requiredCount: c.requiredCount, windowSeconds: c.windowSeconds)
    }
}

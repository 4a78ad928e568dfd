// MARK: - threshold-count

/// The usual student shake detector: the magnitude rises above T at least k times within W seconds.
///
/// "Times" are excursions, not samples: an excursion starts at a sample whose magnitude exceeds T when the
/// previous sample's did not, and one excursion counts once however many samples it lasts. Counting samples
/// would make k depend on the sample rate and let one table-drop spike (several samples) count as several.
/// The detector keeps the start times of the last k excursions in a ring of capacity k (no dependence on the
/// sample rate) and fires at an excursion start when the oldest of those k starts is at most W earlier:
/// tₖ − t₁ ≤ W. Firing forgets the stored starts, so the next event needs k fresh excursions.
struct ThresholdCountShakeDetector: Sendable {
    // MARK: - Parameters

    private let thresholdSquaredG2: Double
    private let requiredCount: Int
    private let windowSeconds: Double

    // MARK: - State

    private var previousAbove = false
    private var excursionStarts: GestureRingBuffer<Double>

    // MARK: - Init

    /// A detector for threshold T (g), k excursions, window W (s); parameters already validated.
    init(thresholdG: Double, requiredCount: Int, windowSeconds: Double) {
        thresholdSquaredG2 = thresholdG * thresholdG
        self.requiredCount = requiredCount
        self.windowSeconds = windowSeconds
        excursionStarts = GestureRingBuffer(capacity: requiredCount, filler: 0)
    }

    // MARK: - Streaming

    /// Feeds one gravity-free sample; returns true when the k-th excursion within W starts here.
    ///
    /// - Parameters:
    ///   - t: timestamp in seconds (non-decreasing, checked by the caller).
    ///   - x: acceleration x in g.
    ///   - y: acceleration y in g.
    ///   - z: acceleration z in g.
    ///   - gathersEvidence: false during a cooldown: the above/below state is still tracked (so an excursion
    ///     that began during the cooldown is not counted when it ends) but nothing is counted.
    /// - Returns: true exactly when an event fires at this sample.
    @inline(__always)
    mutating func consume(t: Double, x: Double, y: Double, z: Double, gathersEvidence: Bool) -> Bool {
        // Compare squares: same ordering as comparing √(x²+y²+z²) with T, without the square root.
        let above = x * x + y * y + z * z > thresholdSquaredG2
        let starts = above && !previousAbove
        previousAbove = above
        guard starts && gathersEvidence else { return false }
        if excursionStarts.count == requiredCount { excursionStarts.removeFirst() }
        excursionStarts.append(t)
        guard excursionStarts.count == requiredCount, let oldest = excursionStarts.first,
            t - oldest <= windowSeconds + shakeTimeSlackSeconds
        else { return false }
        excursionStarts.removeAll()
        return true
    }

    /// Forgets all evidence and the above/below state.
    mutating func reset() {
        previousAbove = false
        excursionStarts.removeAll()
    }
}

/// Slack added to every time comparison: timestamps built as i × 0.01 s carry rounding of order 1e-16 s, and
/// a window of exactly 0.5 s should hold samples exactly 0.5 s apart. One nanosecond is far below any sensor
/// period (≥ 1 ms), so it never changes a decision on real data.
let shakeTimeSlackSeconds = 1e-9

// MARK: - Declaration

extension ThresholdCountShakeDetector: ShakeAlgorithm {
    static let name = "threshold-count"
    static let summary = "k magnitude excursions above thresholdG within windowSeconds (the usual student detector)"
    static let readings =
        [
            ShakeParameterReading(.thresholdG, default: .real(1.5)),
            ShakeParameterReading(.requiredCount, default: .count(4)),
            ShakeParameterReading(.windowSeconds, default: .real(1.0)),
            ShakeParameterReading(.cooldownSeconds),
        ] + ShakeParameterReading.gravityRemoval
    static let cReference: String? = "cbr_shake_threshold_count"

    init(_ c: ShakeDetectorConfiguration, maximumSampleRateHz: Double) {
        self.init(thresholdG: c.thresholdG, requiredCount: c.requiredCount, windowSeconds: c.windowSeconds)
    }
}

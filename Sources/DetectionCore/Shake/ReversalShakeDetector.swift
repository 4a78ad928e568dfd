// MARK: - reversal

/// Fires after N direction reversals of the acceleration, each beyond the threshold, within a time limit.
///
/// "Dominant axis", defined robustly: rather than picking one of the device's x/y/z axes (which fails for a
/// phone shaken diagonally, where each device axis sees only 1/√2 of the amplitude), the axis is the shake's
/// own: the direction of the previous excursion's peak. Precisely:
/// - An excursion is a maximal run of samples with |a| > T; its peak is the sample of largest |a| in the run.
/// - When a new excursion starts, its first sample a is compared with the previous excursion's peak p. It is a
///   reversal when the angle between them exceeds 120°, i.e. a·p < −½ |a| |p| (tested as a·p < 0 and
///   (a·p)² > ¼ |a|² |p|², no square root). 120° rather than 90° is a choice: it rejects excursions that merely
///   turn a corner, while a back-and-forth shake gives angles near 180°.
/// - Requiring |a| to drop to T or below between excursions means a vector that rotates at constant
///   magnitude (circular stirring) is one long excursion and counts no reversal; a linear back-and-forth shake
///   passes through zero twice per cycle.
/// - The detector fires at the N-th reversal when the oldest of the last N reversals is at most W earlier.
///   Firing forgets the reversals and the reference peak, so the next event needs a new, complete sequence.
///
/// Storage: a ring of the last N reversal times (capacity N, independent of the sample rate).
struct ReversalShakeDetector: Sendable {
    // MARK: - Parameters

    private let thresholdSquaredG2: Double
    private let requiredReversals: Int
    private let windowSeconds: Double
    /// cos²(120°) = 1/4: the reversal test compares (a·p)² with this times |a|²|p|².
    private static let oppositeCosineSquared = 0.25

    // MARK: - State

    private var inExcursion = false
    /// Whether the current excursion started while gathering evidence (and so may become the reference).
    private var excursionCounts = false
    private var peakX = 0.0, peakY = 0.0, peakZ = 0.0, peakSquared = 0.0
    private var hasReference = false
    private var referenceX = 0.0, referenceY = 0.0, referenceZ = 0.0, referenceSquared = 0.0
    private var reversalTimes: GestureRingBuffer<Double>

    // MARK: - Init

    /// A detector for threshold T (g), N reversals, time limit W (s); parameters already validated.
    init(thresholdG: Double, requiredReversals: Int, windowSeconds: Double) {
        thresholdSquaredG2 = thresholdG * thresholdG
        self.requiredReversals = requiredReversals
        self.windowSeconds = windowSeconds
        reversalTimes = GestureRingBuffer(capacity: requiredReversals, filler: 0)
    }

    // MARK: - Streaming

    /// Feeds one gravity-free sample; returns true when the N-th reversal within W happens here.
    ///
    /// - Parameters:
    ///   - t: timestamp in seconds (non-decreasing, checked by the caller).
    ///   - x: acceleration x in g.
    ///   - y: acceleration y in g.
    ///   - z: acceleration z in g.
    ///   - gathersEvidence: false during a cooldown: excursions are tracked (so one in progress when the
    ///     cooldown ends is not taken as new) but none counts or becomes the reference.
    /// - Returns: true exactly when an event fires at this sample.
    @inline(__always)
    mutating func consume(t: Double, x: Double, y: Double, z: Double, gathersEvidence: Bool) -> Bool {
        let magnitudeSquared = x * x + y * y + z * z
        guard magnitudeSquared > thresholdSquaredG2 else {
            if inExcursion {
                inExcursion = false
                if excursionCounts {
                    referenceX = peakX
                    referenceY = peakY
                    referenceZ = peakZ
                    referenceSquared = peakSquared
                    hasReference = true
                }
            }
            return false
        }
        if inExcursion {
            if magnitudeSquared > peakSquared {
                peakX = x
                peakY = y
                peakZ = z
                peakSquared = magnitudeSquared
            }
            return false
        }
        inExcursion = true
        excursionCounts = gathersEvidence
        peakX = x
        peakY = y
        peakZ = z
        peakSquared = magnitudeSquared
        guard gathersEvidence, hasReference else { return false }
        let dot = x * referenceX + y * referenceY + z * referenceZ
        guard dot < 0, dot * dot > Self.oppositeCosineSquared * magnitudeSquared * referenceSquared else {
            return false
        }
        if reversalTimes.count == requiredReversals { reversalTimes.removeFirst() }
        reversalTimes.append(t)
        guard reversalTimes.count == requiredReversals, let oldest = reversalTimes.first,
            t - oldest <= windowSeconds + shakeTimeSlackSeconds
        else { return false }
        reversalTimes.removeAll()
        hasReference = false
        // The excursion that completed the sequence must not seed the next one.
        excursionCounts = false
        return true
    }

    /// Forgets all evidence and excursion state.
    mutating func reset() {
        inExcursion = false
        excursionCounts = false
        hasReference = false
        peakSquared = 0
        referenceSquared = 0
        reversalTimes.removeAll()
    }
}

// MARK: - Declaration

extension ReversalShakeDetector: ShakeAlgorithm {
    static let name = "reversal"
    static let summary = "requiredCount direction reversals beyond thresholdG along the shake's own axis within windowSeconds"
    static let readings =
        [
            ShakeParameterReading(.thresholdG, default: .real(1.0)),
            ShakeParameterReading(.requiredCount, default: .count(4)),
            ShakeParameterReading(.windowSeconds, default: .real(1.0)),
            ShakeParameterReading(.cooldownSeconds),
        ] + ShakeParameterReading.gravityRemoval
    static let cReference: String? = "cbr_shake_reversal"

    init(_ c: ShakeDetectorConfiguration, maximumSampleRateHz: Double) {
        self.init(thresholdG: c.thresholdG, requiredReversals: c.requiredCount, windowSeconds: c.windowSeconds)
    }
}

// MARK: - Reversals along one screen axis

/// Counts direction reversals of one coordinate (x or y) with hysteresis.
///
/// A zigzag detector with a dead band of `minimumTravel` points:
/// - Until a direction is known, the tracker keeps the lowest and highest value seen; the direction becomes
///   "increasing" once the value is `minimumTravel` above the lowest, "decreasing" once it is that far below
///   the highest.
/// - While increasing it follows the running maximum (the extreme); a fall of at least `minimumTravel` below
///   the extreme is a reversal (recorded at this point's time) and the direction flips, the current value
///   becoming the new extreme. Decreasing is the mirror image.
/// So every counted reversal separates two legs that each travelled at least `minimumTravel`, and jitter
/// smaller than that never counts. The times of the last R reversals live in a ring of capacity R.
struct ScribbleAxisTracker: Sendable {
    // MARK: - Parameters

    private let minimumTravel: Double
    private let requiredReversals: Int

    // MARK: - State

    private var started = false
    /// +1 increasing, −1 decreasing, 0 not yet known.
    private var direction: Int8 = 0
    private var extreme = 0.0
    private var lowest = 0.0
    private var highest = 0.0
    private var reversalTimes: GestureRingBuffer<Double>

    // MARK: - Init

    /// A tracker needing `requiredReversals` reversals with legs of at least `minimumTravel` points.
    init(minimumTravel: Double, requiredReversals: Int) {
        self.minimumTravel = minimumTravel
        self.requiredReversals = requiredReversals
        reversalTimes = GestureRingBuffer(capacity: requiredReversals, filler: 0)
    }

    // MARK: - Streaming

    /// Feeds one coordinate.
    ///
    /// - Parameters:
    ///   - value: the coordinate in points.
    ///   - t: its time in seconds.
    ///   - records: false during a cooldown or after a once-per-gesture event: the direction is still
    ///     followed, but reversals are not stored.
    @inline(__always)
    mutating func consume(_ value: Double, t: Double, records: Bool) {
        guard started else {
            started = true
            lowest = value
            highest = value
            return
        }
        switch direction {
        case 0:
            lowest = min(lowest, value)
            highest = max(highest, value)
            if value - lowest >= minimumTravel {
                direction = 1
                extreme = value
            } else if highest - value >= minimumTravel {
                direction = -1
                extreme = value
            }
        case 1:
            if value > extreme {
                extreme = value
            } else if extreme - value >= minimumTravel {
                direction = -1
                extreme = value
                if records { record(t) }
            }
        default:
            if value < extreme {
                extreme = value
            } else if value - extreme >= minimumTravel {
                direction = 1
                extreme = value
                if records { record(t) }
            }
        }
    }

    /// True when the last `requiredReversals` reversals all happened within `windowSeconds` before `t`.
    @inline(__always)
    func hasRequiredReversals(at t: Double, windowSeconds: Double) -> Bool {
        guard reversalTimes.count == requiredReversals, let oldest = reversalTimes.first else { return false }
        return t - oldest <= windowSeconds + scribbleTimeSlackSeconds
    }

    /// Forgets the stored reversals but keeps following the direction (the finger is still moving).
    mutating func clearReversals() {
        reversalTimes.removeAll()
    }

    /// Forgets everything (a new gesture).
    mutating func reset() {
        started = false
        direction = 0
        reversalTimes.removeAll()
    }

    // MARK: - Private

    private mutating func record(_ t: Double) {
        if reversalTimes.count == requiredReversals { reversalTimes.removeFirst() }
        reversalTimes.append(t)
    }
}

/// Slack for time comparisons (see `shakeTimeSlackSeconds`): one nanosecond, far below any touch period.
let scribbleTimeSlackSeconds = 1e-9

// MARK: - Scribble detector

/// A streaming scribble (scratch-out) detector: feed it the touch points of a gesture; it says when the
/// gesture has become a scribble.
///
/// The algorithm is chosen by `configuration.kind` (see `ScribbleDetectorKind` and the kinds' own types; the first
/// and so far only one is `ReversalScribbleDetector`, described here). The configured kind is held as an
/// existential (`any ScribbleAlgorithm`) and entered once per point through a requirement whose default
/// implementation is specialised for each kind in its witness (`ScribbleAlgorithm.admitAndConsume`); the point
/// checks, the cooldown, one event per gesture and the counters are shared by every kind (`ScribbleGate`).
///
/// At each point, over the sliding window of the last `windowSeconds`:
/// 1. Reversals: on x or on y (each axis counted separately by `ScribbleAxisTracker`, with legs of at least
///    `minimumTravelPoints`), the last `requiredReversals` reversals of that axis all lie in the window.
///    Counting per axis rather than summing makes a diagonal zigzag (x and y reversing together) count once
///    per turn, like a horizontal one.
/// 2. Tortuosity: the path length travelled within the window is at least `pathToDiagonalRatio` times the
///    diagonal of the window's bounding box, √(width² + height²). A back-and-forth scribble re-covers its own
///    box many times; a swipe, a scroll or a single loop does not.
/// When both hold, an event fires. With `firesOncePerGesture` nothing more fires until `touchEnded()`;
/// otherwise the reversals, path and box restart from this point and a continuing scribble fires again.
///
/// Circles, the documented decision: one loop is a deliberate shape (a lasso, an "O") and does not fire: it
/// has at most 2 reversals per axis and a path/diagonal ratio of π/√2 ≈ 2.22, so it fails both tests at the
/// defaults. Two or more loops drawn within the window do fire (4 reversals per axis per loop, ratio ≈ 4.4
/// for two loops): repeatedly circling over something is scribbling it out.
///
/// Bad points (a non-finite coordinate or time, or time going backwards) are skipped and counted, never
/// trap and never change state. Equal timestamps are accepted.
///
/// Cost per point: amortised O(1) (each point enters and leaves the window storage once) plus one square root;
/// no allocation while the point rate stays within `maximumTouchRateHz` (the window's five queues are sized at init
/// to ⌈W × rate⌉ + 2 pairs each and double, once, if fed faster; a copied detector copies them at its next point).
public struct ScribbleDetector: Sendable {
    // MARK: - Public state

    /// The configuration this detector was built from (validated).
    public let configuration: ScribbleDetectorConfiguration
    /// The touch rate, in Hz, the window storage was sized for.
    public let maximumTouchRateHz: Double
    /// Points accepted since init or `reset()`.
    public var pointsConsumed: Int { gate.pointsConsumed }
    /// Points rejected (non-finite value, time going backwards) since init or `reset()`.
    public var pointsSkipped: Int { gate.pointsSkipped }
    /// Events fired since init or `reset()`.
    public var eventsFired: Int { gate.eventsFired }
    /// Timestamp, in seconds, of the latest event; nil when none fired since init or `reset()`.
    public var lastEventTimestampSeconds: Double? { gate.lastEventTimestampSeconds }

    // MARK: - Private state

    /// Point checks, cooldown, one event per gesture and counters, shared by every kind.
    private var gate: ScribbleGate
    /// The configured kind's detector, mutated in place through the existential (its box is copied only when this
    /// detector value was copied).
    private var engine: any ScribbleAlgorithm

    // MARK: - Init

    /// A detector for a validated configuration.
    ///
    /// - Parameters:
    ///   - configuration: the kind and its parameters; must have no `validationProblems()`.
    ///   - maximumTouchRateHz: the fastest point rate the caller will feed, in Hz, in (0, 1000]; sizes the
    ///     window storage. Default 240 Hz (choice: Apple Pencil's rate; finger touches come at 60–120 Hz).
    /// - Throws: `ScribbleDetectorError.invalidConfiguration` listing every problem, or
    ///   `.invalidMaximumTouchRate`.
    public init(
        configuration: ScribbleDetectorConfiguration = .default,
        maximumTouchRateHz: Double = 240
    ) throws(ScribbleDetectorError) {
        let problems = configuration.validationProblems()
        guard problems.isEmpty else {
            throw .invalidConfiguration(problems: problems.map { "\($0.field): \($0.problem)" })
        }
        guard maximumTouchRateHz.isFinite, maximumTouchRateHz > 0, maximumTouchRateHz <= 1000 else {
            throw .invalidMaximumTouchRate(hertz: maximumTouchRateHz)
        }
        self.configuration = configuration
        self.maximumTouchRateHz = maximumTouchRateHz
        gate = ScribbleGate(
            cooldownSeconds: configuration.cooldownSeconds, firesOncePerGesture: configuration.firesOncePerGesture)
        engine = configuration.kind.algorithm.init(configuration, maximumTouchRateHz: maximumTouchRateHz)
    }

    // MARK: - Streaming

    /// Feeds one touch point of the current gesture.
    ///
    /// - Parameter point: position in points, time in seconds.
    /// - Returns: true exactly when a scribble event fires at this point; false otherwise, including when the
    ///   point is skipped.
    public mutating func consume(_ point: TouchPoint) -> Bool {
        engine.admitAndConsume(point, gate: &gate)
    }

    /// The finger lifted (or the touch was cancelled): the gesture's state is cleared so the next point
    /// starts a new gesture. The clock, the cooldown and the counters are kept.
    public mutating func touchEnded() {
        engine.touchEnded()
        gate.firedThisGesture = false
    }

    /// Returns the detector to its state right after init (gesture, clock, cooldown and counters).
    public mutating func reset() {
        touchEnded()
        gate.reset()
    }
}

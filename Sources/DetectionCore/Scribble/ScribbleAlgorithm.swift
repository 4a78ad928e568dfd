// MARK: - One scribble algorithm: its declaration and its per-point update

/// A scribble detector kind: one type that holds its own typed parameters and gesture state, runs its per-point
/// update, and declares everything the rest of the package reads about it (its JSON name, the keys it reads, its
/// label, the keys a grader's ladder may move).
///
/// Adding a kind is one conforming type in a file of its own and one line in `ScribbleDetectorKind.allCases`; the
/// configuration's decoding, validation, sweeps, labels, ladders and documentation table follow from the
/// declarations. `ScribbleDetector` holds the configured kind as an existential and calls it once per point
/// (`admitAndConsume`), a requirement whose default implementation is specialised for each conforming type in its
/// witness, so the update inside is static and inlined.
protocol ScribbleAlgorithm: Sendable {
    // MARK: - Declaration

    /// The JSON name of the kind (`"scribble"`).
    static var name: String { get }
    /// What the kind does, in one sentence (help text and documentation).
    static var summary: String { get }
    /// The keys the kind reads, in encoding order, each at its declared (standard) default.
    static var reads: [DetectorParameter] { get }
    /// A setting in prose after the kind's name ("with {requiredReversals} reversals"), `{key}` standing for a
    /// value.
    static var label: String { get }
    /// The keys a grader's ladder moves; default: every number it reads whose declaration has a ladder.
    static var ladderKeys: [String] { get }

    // MARK: - Update

    /// The detector for a validated configuration of this kind, its window storage sized for `maximumTouchRateHz`.
    init(_ configuration: ScribbleDetectorConfiguration, maximumTouchRateHz: Double)
    /// Feeds one accepted point; true when an event fires at it (the kind then restarts its own evidence).
    /// `gathersEvidence` is false during a cooldown and after the gesture's event under `firesOncePerGesture`.
    mutating func consume(_ point: TouchPoint, gathersEvidence: Bool) -> Bool
    /// The finger lifted: the gesture's evidence is cleared.
    mutating func touchEnded()

    // MARK: - Dispatch (default implementation; not to be written by a kind)

    /// Admits one point through `gate` and feeds it; true when an event fires at it.
    mutating func admitAndConsume(_ point: TouchPoint, gate: inout ScribbleGate) -> Bool
}

extension ScribbleAlgorithm {
    static var ladderKeys: [String] { reads.filter { $0.isNumber && !$0.ladder.isEmpty }.map(\.key) }

    @inline(__always)
    mutating func admitAndConsume(_ point: TouchPoint, gate: inout ScribbleGate) -> Bool {
        guard let gathersEvidence = gate.admit(point) else { return false }
        guard consume(point, gathersEvidence: gathersEvidence) else { return false }
        gate.fire(at: point.timestampSeconds)
        return true
    }
}

// MARK: - What every point goes through before the algorithm

/// The checks and bookkeeping every scribble kind shares: skipping (and counting) bad points, the cooldown, one
/// event per gesture, and the counters.
struct ScribbleGate: Sendable {
    let cooldownSeconds: Double
    let firesOncePerGesture: Bool
    var pointsConsumed = 0
    var pointsSkipped = 0
    var eventsFired = 0
    var lastEventTimestampSeconds: Double?
    var firedThisGesture = false
    private var lastTimestampSeconds = -Double.infinity
    private var cooldownEndsAtSeconds = -Double.infinity

    init(cooldownSeconds: Double, firesOncePerGesture: Bool) {
        self.cooldownSeconds = cooldownSeconds
        self.firesOncePerGesture = firesOncePerGesture
    }

    /// Skips (and counts) a point with a non-finite coordinate or time, or earlier than the previous accepted one;
    /// otherwise says whether it gathers evidence (no cooldown, and not after this gesture's event when it fires once
    /// per gesture). `nil` when the point is skipped.
    @inline(__always)
    mutating func admit(_ point: TouchPoint) -> Bool? {
        let t = point.timestampSeconds
        guard t.isFinite, point.x.isFinite, point.y.isFinite, t >= lastTimestampSeconds else {
            pointsSkipped += 1
            return nil
        }
        lastTimestampSeconds = t
        pointsConsumed += 1
        return !(firesOncePerGesture && firedThisGesture) && t >= cooldownEndsAtSeconds
    }

    /// Records an event at `t` and opens its cooldown.
    @inline(__always)
    mutating func fire(at t: Double) {
        eventsFired += 1
        lastEventTimestampSeconds = t
        firedThisGesture = true
        cooldownEndsAtSeconds = t + cooldownSeconds
    }

    /// Clears the clock, cooldown, gesture flag and counters.
    mutating func reset() {
        pointsConsumed = 0
        pointsSkipped = 0
        eventsFired = 0
        lastEventTimestampSeconds = nil
        firedThisGesture = false
        lastTimestampSeconds = -Double.infinity
        cooldownEndsAtSeconds = -Double.infinity
    }
}

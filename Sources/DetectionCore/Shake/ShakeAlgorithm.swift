// MARK: - One shake algorithm: its declaration and its per-sample update

/// A shake detector kind: one type that holds its own typed parameters, runs its per-sample update, and declares
/// everything the rest of the package reads about it (its JSON name, the keys it reads with their defaults, the
/// key its label leads with, the keys a grader's ladder may move, its C reference).
///
/// Adding a kind is one conforming type in a file of its own and one line in `ShakeDetectorKind.allCases`; the
/// configuration's decoding, validation, sweeps, labels, ladders, replay listing and documentation table follow
/// from the declarations. `ShakeDetector` holds the configured kind as an existential and calls it once per batch
/// (`feed`), or once per sample (`admitAndConsume`): both are requirements whose default implementations are
/// specialised for each conforming type in its witness, so the per-sample update inside is static and inlined.
protocol ShakeAlgorithm: Sendable {
    // MARK: - Declaration

    /// The JSON name of the kind (`"threshold-count"`).
    static var name: String { get }
    /// What the kind does, in one sentence (help text and documentation).
    static var summary: String { get }
    /// The keys the kind reads, in encoding order, with its defaults (its preset).
    static var readings: [ShakeParameterReading] { get }
    /// The key a label leads with ("window-fraction at 0.9 g, …"); default: the first sweep key.
    static var labelKey: String { get }
    /// The keys a grader's ladder moves; default: every sweep key whose declaration has a ladder.
    static var ladderKeys: [String] { get }
    /// The name of the C loop the bench checks and times this kind against; nil when there is none.
    static var cReference: String? { get }
    /// Whether raw readings (`inputIncludesGravity`) pass through the gravity high-pass first; false for a kind
    /// that thresholds raw readings as given.
    static var removesGravity: Bool { get }

    // MARK: - Update

    /// The detector for a validated configuration of this kind.
    init(_ configuration: ShakeDetectorConfiguration, maximumSampleRateHz: Double)
    /// Feeds one admitted sample (gravity removed when asked); true when an event fires at it.
    mutating func consume(t: Double, x: Double, y: Double, z: Double, gathersEvidence: Bool) -> Bool
    /// Called before a batch (and before a lone sample): makes the storage this value's own, so `consume` need
    /// not check.
    mutating func prepareForBatch()
    /// Forgets all evidence.
    mutating func reset()

    // MARK: - Dispatch (default implementations; not to be written by a kind)

    /// Admits one sample through `gate` and feeds it; true when an event fires at it.
    mutating func admitAndConsume(_ sample: AccelerationSample, gate: inout ShakeGate) -> Bool
    /// Admits and feeds `samples` in order, appending the index of each that fires to `events`.
    mutating func feed(_ samples: UnsafeBufferPointer<AccelerationSample>, gate: inout ShakeGate, events: inout [Int])
}

extension ShakeAlgorithm {
    static var labelKey: String { readings.first { $0.isSweepKey }?.parameter.key ?? "" }
    static var ladderKeys: [String] { readings.filter { $0.isSweepKey && !$0.parameter.ladder.isEmpty }.map(\.parameter.key) }
    static var cReference: String? { nil }
    static var removesGravity: Bool { true }

    /// Nothing to prepare: the storage checks for itself.
    mutating func prepareForBatch() {}

    @inline(__always)
    mutating func admitAndConsume(_ sample: AccelerationSample, gate: inout ShakeGate) -> Bool {
        guard let (t, x, y, z, gathersEvidence) = gate.admit(sample) else { return false }
        // One sample is its own batch: storage uniqueness is checked at each (once per batch in `feed`).
        prepareForBatch()
        guard consume(t: t, x: x, y: y, z: z, gathersEvidence: gathersEvidence) else { return false }
        gate.fire(at: t)
        return true
    }

    mutating func feed(_ samples: UnsafeBufferPointer<AccelerationSample>, gate: inout ShakeGate, events: inout [Int]) {
        prepareForBatch()
        for i in samples.indices {
            guard let (t, x, y, z, gathersEvidence) = gate.admit(samples[i]) else { continue }
            guard consume(t: t, x: x, y: y, z: z, gathersEvidence: gathersEvidence) else { continue }
            gate.fire(at: t)
            events.append(i)
        }
    }
}

// MARK: - What every sample goes through before the algorithm

/// The checks and bookkeeping every kind shares: skipping (and counting) bad samples, gravity removal, the
/// cooldown gate and the counters.
struct ShakeGate: Sendable {
    /// Whether readings pass through the gravity high-pass first.
    let removesGravity: Bool
    let cooldownSeconds: Double
    var gravity: GravityHighPass
    var samplesConsumed = 0
    var samplesSkipped = 0
    var eventsFired = 0
    var lastEventTimestampSeconds: Double?
    private var lastTimestampSeconds = -Double.infinity
    private var cooldownEndsAtSeconds = -Double.infinity

    init(removesGravity: Bool, cooldownSeconds: Double, gravityTimeConstantSeconds: Double) {
        self.removesGravity = removesGravity
        self.cooldownSeconds = cooldownSeconds
        gravity = GravityHighPass(timeConstantSeconds: gravityTimeConstantSeconds)
    }

    /// Skips (and counts) a non-finite sample or one earlier than the previous accepted one, removes gravity when
    /// asked, and says whether the cooldown has ended. `nil` when the sample is skipped.
    @inline(__always)
    mutating func admit(
        _ sample: AccelerationSample
    ) -> (t: Double, x: Double, y: Double, z: Double, gathersEvidence: Bool)? {
        let t = sample.timestampSeconds
        guard t.isFinite, sample.x.isFinite, sample.y.isFinite, sample.z.isFinite,
            t >= lastTimestampSeconds
        else {
            samplesSkipped += 1
            return nil
        }
        let deltaSeconds = t - lastTimestampSeconds
        lastTimestampSeconds = t
        samplesConsumed += 1

        var x = sample.x, y = sample.y, z = sample.z
        if removesGravity {
            (x, y, z) = gravity.userAcceleration(x: x, y: y, z: z, deltaSeconds: deltaSeconds)
        }
        return (t, x, y, z, t >= cooldownEndsAtSeconds)
    }

    /// Records an event at `t` and opens its cooldown.
    @inline(__always)
    mutating func fire(at t: Double) {
        eventsFired += 1
        lastEventTimestampSeconds = t
        cooldownEndsAtSeconds = t + cooldownSeconds
    }

    /// Clears the clock, cooldown, gravity estimate and counters.
    mutating func reset() {
        samplesConsumed = 0
        samplesSkipped = 0
        eventsFired = 0
        lastEventTimestampSeconds = nil
        lastTimestampSeconds = -Double.infinity
        cooldownEndsAtSeconds = -Double.infinity
        gravity.reset()
    }
}

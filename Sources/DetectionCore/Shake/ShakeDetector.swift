// MARK: - Shake detector

/// A streaming shake detector: feed it accelerometer samples one at a time; it says when a shake event fires.
///
/// The algorithm is chosen by `configuration.kind` (see `ShakeDetectorKind` and the internal types
/// `ThresholdCountShakeDetector`, `WindowFractionShakeDetector`, `ReversalShakeDetector` for each definition).
/// Dispatch is a `switch` over an enum whose payload is the concrete detector: no existential, no closure, no
/// allocation per sample.
///
/// Per sample: validation, optional gravity removal (`GravityHighPass`, never for `raw-magnitude`), the cooldown gate, then the kind's
/// O(1) (amortised) update. Storage is sized at init: window-fraction keeps ⌈W × maximumSampleRateHz⌉ + 2
/// entries (it doubles once if fed faster than promised); the other kinds keep `requiredCount` timestamps.
///
/// Samples that are skipped (counted in `samplesSkipped`, never trapping, never changing state): any
/// component or the timestamp not finite, or a timestamp earlier than the previous accepted one. Equal
/// timestamps are accepted. After a clock jump backwards every sample is skipped until time passes the last
/// accepted timestamp again; call `reset()` when the clock was restarted on purpose.
///
/// Cooldown: an event at time tₑ opens a cooldown until tₑ + `cooldownSeconds`; samples before that instant
/// still feed the gravity estimate and the detector's above/below tracking but gather no evidence, so one
/// shake gives one event and evidence for the next event starts fresh when the cooldown ends.
public struct ShakeDetector: Sendable {
    // MARK: - Types

    /// The concrete algorithm, held inline.
    // One stored detector per kind, only the configured one non-nil. Mutating it through optional chaining
    // works in place; an enum with associated values would copy the detector out and back at every sample
    // (callgrind showed a memcpy and a retain/release pair per sample and setting).

    // MARK: - Public state

    /// The configuration this detector was built from (validated).
    public let configuration: ShakeDetectorConfiguration
    /// The sample rate, in Hz, the window storage was sized for.
    public let maximumSampleRateHz: Double
    /// Samples accepted and processed since init or `reset()`.
    public private(set) var samplesConsumed = 0
    /// Samples rejected (non-finite value, time going backwards) since init or `reset()`.
    public private(set) var samplesSkipped = 0
    /// Events fired since init or `reset()`.
    public private(set) var eventsFired = 0
    /// Timestamp, in seconds, of the latest event; nil when none fired since init or `reset()`.
    public private(set) var lastEventTimestampSeconds: Double?

    // MARK: - Private state

    private var thresholdCount: ThresholdCountShakeDetector?
    private var windowFraction: WindowFractionShakeDetector?
    private var reversal: ReversalShakeDetector?
    private var rawMagnitude: RawMagnitudeShakeDetector?
    private var gravity: GravityHighPass
    private var lastTimestampSeconds = -Double.infinity
    private var cooldownEndsAtSeconds = -Double.infinity

    // MARK: - Init

    /// A detector for a validated configuration.
    ///
    /// - Parameters:
    ///   - configuration: the algorithm and its parameters; must have no `validationProblems()`.
    ///   - maximumSampleRateHz: the fastest rate the caller will feed, in Hz, in (0, 1000]; sizes the
    ///     window-fraction ring. Default 200 Hz (choice: Core Motion's device motion tops out at 100 Hz on most
    ///     iPhones, 200 Hz on some).
    /// - Throws: `ShakeDetectorError.invalidConfiguration` listing every problem, or
    ///   `.invalidMaximumSampleRate`.
    public init(
        configuration: ShakeDetectorConfiguration,
        maximumSampleRateHz: Double = 200
    ) throws(ShakeDetectorError) {
        let problems = configuration.validationProblems()
        guard problems.isEmpty else {
            throw .invalidConfiguration(problems: problems.map { "\($0.field): \($0.problem)" })
        }
        guard maximumSampleRateHz.isFinite, maximumSampleRateHz > 0, maximumSampleRateHz <= 1000 else {
            throw .invalidMaximumSampleRate(hertz: maximumSampleRateHz)
        }
        self.configuration = configuration
        self.maximumSampleRateHz = maximumSampleRateHz
        gravity = GravityHighPass(timeConstantSeconds: configuration.gravityTimeConstantSeconds)
        makeEngine()
    }

    // MARK: - Streaming

    /// Feeds one sample.
    ///
    /// - Parameter sample: the reading, in g and seconds.
    /// - Returns: true exactly when a shake event fires at this sample; false otherwise, including when the
    ///   sample is skipped.
    public mutating func consume(_ sample: AccelerationSample) -> Bool {
        guard let (t, x, y, z, gathersEvidence) = admit(sample, removesGravity: removesGravity) else { return false }
        guard engineConsume(t: t, x: x, y: y, z: z, gathersEvidence: gathersEvidence) else { return false }
        fire(at: t)
        return true
    }

    /// Feeds samples in order, exactly as calling `consume(_:)` on each in turn would, and appends to `events` the
    /// index (into `samples`) of every sample at which an event fires.
    ///
    /// For batches (Core Motion's batched delivery, a recording, a simulation): the choice of algorithm and of
    /// gravity removal is made once for the batch instead of once per sample.
    ///
    /// - Parameters:
    ///   - samples: readings in g and seconds.
    ///   - events: receives the indices of the samples that fired, ascending.
    public mutating func consume(_ samples: UnsafeBufferPointer<AccelerationSample>, firedAt events: inout [Int]) {
        // The configured detector is moved out of its slot for the batch (no copy: its storage stays uniquely
        // referenced) and put back after.
        switch configuration.kind {
        case .thresholdCount:
            guard var engine = thresholdCount.take() else { return }
            feed(samples, to: &engine, events: &events)
            thresholdCount = engine
        case .windowFraction:
            guard var engine = windowFraction.take() else { return }
            feed(samples, to: &engine, events: &events)
            windowFraction = engine
        case .reversal:
            guard var engine = reversal.take() else { return }
            feed(samples, to: &engine, events: &events)
            reversal = engine
        case .rawMagnitude:
            guard var engine = rawMagnitude.take() else { return }
            feed(samples, to: &engine, events: &events)
            rawMagnitude = engine
        }
    }

    /// Returns the detector to its state right after init: evidence, gravity estimate, clock, cooldown and
    /// counters are all cleared (the window storage is kept).
    public mutating func reset() {
        samplesConsumed = 0
        samplesSkipped = 0
        eventsFired = 0
        lastEventTimestampSeconds = nil
        lastTimestampSeconds = -Double.infinity
        cooldownEndsAtSeconds = -Double.infinity
        gravity.reset()
        thresholdCount?.reset()
        windowFraction?.reset()
        reversal?.reset()
        rawMagnitude?.reset()
    }

    // MARK: - Private

    /// Whether readings pass through the gravity high-pass first: raw-magnitude thresholds the readings as given;
    /// the other kinds threshold user acceleration.
    private var removesGravity: Bool { configuration.inputIncludesGravity && configuration.kind != .rawMagnitude }

    /// The checks and bookkeeping every sample goes through before the algorithm sees it: skips (and counts) a
    /// non-finite sample or one earlier than the previous accepted one, removes gravity when asked, and says
    /// whether the cooldown has ended. `nil` when the sample is skipped.
    @inline(__always)
    private mutating func admit(
        _ sample: AccelerationSample, removesGravity: Bool
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
    private mutating func fire(at t: Double) {
        eventsFired += 1
        lastEventTimestampSeconds = t
        cooldownEndsAtSeconds = t + configuration.cooldownSeconds
    }

    /// The batch loop for one algorithm, specialised for it.
    @inline(__always)
    private mutating func feed<Engine: ShakeEngine>(
        _ samples: UnsafeBufferPointer<AccelerationSample>, to engine: inout Engine, events: inout [Int]
    ) {
        let removesGravity = removesGravity
        engine.prepareForBatch()
        for i in samples.indices {
            guard let (t, x, y, z, gathersEvidence) = admit(samples[i], removesGravity: removesGravity) else { continue }
            guard engine.consume(t: t, x: x, y: y, z: z, gathersEvidence: gathersEvidence) else { continue }
            fire(at: t)
            events.append(i)
        }
    }

    /// Runs the configured kind's update in place.
    @inline(__always)
    private mutating func engineConsume(t: Double, x: Double, y: Double, z: Double, gathersEvidence: Bool) -> Bool {
        switch configuration.kind {
        case .thresholdCount:
            return thresholdCount?.consume(t: t, x: x, y: y, z: z, gathersEvidence: gathersEvidence) ?? false
        case .windowFraction:
            // One sample is its own batch: the ring's uniqueness is checked at each (once per batch in `feed`).
            windowFraction?.makeWindowUnique()
            return windowFraction?.consume(t: t, x: x, y: y, z: z, gathersEvidence: gathersEvidence) ?? false
        case .reversal:
            return reversal?.consume(t: t, x: x, y: y, z: z, gathersEvidence: gathersEvidence) ?? false
        case .rawMagnitude:
            return rawMagnitude?.consume(t: t, x: x, y: y, z: z, gathersEvidence: gathersEvidence) ?? false
        }
    }

    /// Builds the configured kind's detector.
    private mutating func makeEngine() {
        let c = configuration
        switch c.kind {
        case .thresholdCount:
            thresholdCount = ThresholdCountShakeDetector(
                thresholdG: c.thresholdG, requiredCount: c.requiredCount, windowSeconds: c.windowSeconds)
        case .windowFraction:
            windowFraction = WindowFractionShakeDetector(
                thresholdG: c.thresholdG, windowSeconds: c.windowSeconds, requiredFraction: c.requiredFraction,
                minimumWindowSpanSeconds: c.minimumWindowSpanSeconds, minimumSampleCount: c.minimumSampleCount,
                maximumSampleRateHz: maximumSampleRateHz)
        case .reversal:
            reversal = ReversalShakeDetector(
                thresholdG: c.thresholdG, requiredReversals: c.requiredCount, windowSeconds: c.windowSeconds)
        case .rawMagnitude:
            rawMagnitude = RawMagnitudeShakeDetector(
                thresholdG: c.thresholdG, requiredCount: c.requiredCount, windowSeconds: c.windowSeconds)
        }
    }
}

// MARK: - The algorithms' common shape

/// One shake algorithm's per-sample update, for the batch loop's specialisation.
protocol ShakeEngine {
    /// Called once before a batch's samples: makes the engine's storage its own (window-fraction copies its ring if
    /// the detector value was copied), so the per-sample update need not check.
    mutating func prepareForBatch()
    /// Feeds one admitted, gravity-free sample; true when an event fires at it.
    mutating func consume(t: Double, x: Double, y: Double, z: Double, gathersEvidence: Bool) -> Bool
}

extension ShakeEngine {
    /// Nothing to prepare: the engine's storage checks for itself.
    mutating func prepareForBatch() {}
}

extension ThresholdCountShakeDetector: ShakeEngine {}
extension WindowFractionShakeDetector: ShakeEngine {
    mutating func prepareForBatch() { makeWindowUnique() }
}
extension ReversalShakeDetector: ShakeEngine {}
extension RawMagnitudeShakeDetector: ShakeEngine {}

// MARK: - Shake detector

/// A streaming shake detector: feed it accelerometer samples one at a time; it says when a shake event fires.
///
/// The algorithm is chosen by `configuration.kind` (see `ShakeDetectorKind` and the kinds' own types,
/// `ThresholdCountShakeDetector`, `WindowFractionShakeDetector`, `ReversalShakeDetector`,
/// `RawMagnitudeShakeDetector`, for each definition). The configured kind is held as an existential
/// (`any ShakeAlgorithm`) and entered once per batch, or once per lone sample, through a requirement whose default
/// implementation is specialised for each kind in its witness (`ShakeAlgorithm.feed`, `.admitAndConsume`): the
/// per-sample loop inside is static, with no closure and no allocation per sample, and no switch over the kinds.
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
    // MARK: - Public state

    /// The configuration this detector was built from (validated).
    public let configuration: ShakeDetectorConfiguration
    /// The sample rate, in Hz, the window storage was sized for.
    public let maximumSampleRateHz: Double
    /// Samples accepted and processed since init or `reset()`.
    public var samplesConsumed: Int { gate.samplesConsumed }
    /// Samples rejected (non-finite value, time going backwards) since init or `reset()`.
    public var samplesSkipped: Int { gate.samplesSkipped }
    /// Events fired since init or `reset()`.
    public var eventsFired: Int { gate.eventsFired }
    /// Timestamp, in seconds, of the latest event; nil when none fired since init or `reset()`.
    public var lastEventTimestampSeconds: Double? { gate.lastEventTimestampSeconds }

    // MARK: - Private state

    /// Admission, gravity removal, cooldown and counters, shared by every kind.
    private var gate: ShakeGate
    /// The configured kind's detector. Mutated in place through the existential (its box is copied only when this
    /// detector value was copied), never copied out and back per sample.
    private var engine: any ShakeAlgorithm

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
        let algorithm = configuration.kind.algorithm
        gate = ShakeGate(
            removesGravity: configuration.inputIncludesGravity && algorithm.removesGravity,
            cooldownSeconds: configuration.cooldownSeconds,
            gravityTimeConstantSeconds: configuration.gravityTimeConstantSeconds)
        engine = algorithm.init(configuration, maximumSampleRateHz: maximumSampleRateHz)
    }

    // MARK: - Streaming

    /// Feeds one sample.
    ///
    /// - Parameter sample: the reading, in g and seconds.
    /// - Returns: true exactly when a shake event fires at this sample; false otherwise, including when the
    ///   sample is skipped.
    public mutating func consume(_ sample: AccelerationSample) -> Bool {
        engine.admitAndConsume(sample, gate: &gate)
    }

    /// Feeds samples in order, exactly as calling `consume(_:)` on each in turn would, and appends to `events` the
    /// index (into `samples`) of every sample at which an event fires.
    ///
    /// For batches (Core Motion's batched delivery, a recording, a simulation): the algorithm is entered once for
    /// the batch instead of once per sample.
    ///
    /// - Parameters:
    ///   - samples: readings in g and seconds.
    ///   - events: receives the indices of the samples that fired, ascending.
    public mutating func consume(_ samples: UnsafeBufferPointer<AccelerationSample>, firedAt events: inout [Int]) {
        engine.feed(samples, gate: &gate, events: &events)
    }

    /// Returns the detector to its state right after init: evidence, gravity estimate, clock, cooldown and
    /// counters are all cleared (the window storage is kept).
    public mutating func reset() {
        gate.reset()
        engine.reset()
    }
}

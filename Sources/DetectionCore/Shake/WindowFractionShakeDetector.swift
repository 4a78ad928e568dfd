// MARK: - window-fraction

/// Fires when at least a fraction f of the samples in the last W seconds exceed the threshold.
///
/// The approach of Square's seismic ShakeDetector for Android (read for its idea; this is a fresh
/// implementation): every sample is "accelerating" or not (magnitude > T); a sliding window keeps the samples of
/// the last W seconds; the detector fires when the window spans at least `minimumWindowSpanSeconds` (newest
/// minus oldest timestamp), holds at least `minimumSampleCount` samples, and
///
///     accelerating ≥ f × n            (n = samples in the window)
///
/// then clears the window, as seismic does, so the next event needs a fresh window.
///
/// Differences from seismic, on purpose:
/// - The fraction is exact (up to 1e-9 of a sample, so that decimal fractions such as 0.7 behave as the
///   rational 7/10). Seismic tests `accelerating >= (n >> 1) + (n >> 2)`, i.e. ⌊n/2⌋ + ⌊n/4⌋, which is
///   below 3n/4 whenever n is not a multiple of 4: n = 5 needs 3 (60 %), n = 7 needs 4 (57 %), n = 10 needs 7
///   (70 %), n = 11 needs 7 (64 %); for large n it tends to 3/4 from below.
/// - The threshold applies to gravity-free acceleration (seismic: the raw vector including gravity).
/// - The window is strictly the last W seconds (a sample leaves once it is more than W older than the newest).
///   Seismic keeps at least its minimum queue size (4) even when those samples are older, which matters only
///   below about 8 Hz.
/// - A cooldown can follow each event (seismic has none beyond clearing the window).
///
/// Storage: a ring of (timestamp, accelerating) sized at init to ⌈W × maximum rate⌉ + 2 entries, which holds
/// the whole window at any rate up to the maximum; a faster stream makes the ring double once. The accelerating
/// count is kept incrementally, so each sample costs O(1) amortised (every sample enters and leaves the ring once).
/// The ring is a `WindowFractionRing` behind a class reference, made unique (copied if the detector value was
/// copied) by `makeWindowUnique()`: once per batch in `ShakeDetector.consume(_:firedAt:)`, once per sample in
/// `ShakeDetector.consume(_:)`; the per-sample update then loads and stores without a uniqueness or bounds check
/// (an `Array` ring paid both at every append).
struct WindowFractionShakeDetector: Sendable {
    // MARK: - Parameters

    private let thresholdSquaredG2: Double
    private let windowSeconds: Double
    private let requiredFraction: Double
    private let minimumWindowSpanSeconds: Double
    private let minimumSampleCount: Int

    // MARK: - State

    private var window: WindowFractionRing
    /// Slot of the oldest entry, and the number of entries.
    private var head = 0
    private var count = 0
    private var acceleratingCount = 0

    // MARK: - Init

    /// A detector with validated parameters; the ring holds ⌈W × maximumSampleRateHz⌉ + 2 entries.
    init(
        thresholdG: Double, windowSeconds: Double, requiredFraction: Double, minimumWindowSpanSeconds: Double,
        minimumSampleCount: Int, maximumSampleRateHz: Double
    ) {
        thresholdSquaredG2 = thresholdG * thresholdG
        self.windowSeconds = windowSeconds
        self.requiredFraction = requiredFraction
        self.minimumWindowSpanSeconds = minimumWindowSpanSeconds
        self.minimumSampleCount = minimumSampleCount
        // W ≤ 60 s and rate ≤ 1000 Hz (validated), so this is at most 60 002 entries.
        let capacity = Int((windowSeconds * maximumSampleRateHz).rounded(.up)) + 2
        window = WindowFractionRing(capacity: capacity)
    }

    // MARK: - Queries

    /// Slots currently allocated for the window (for tests and memory accounting).
    var windowCapacity: Int { window.capacity }

    // MARK: - Storage

    /// Makes the ring this detector's own, copying it when the detector value has been copied; `consume` must not
    /// be called on a detector that shares its ring.
    @inline(__always)
    mutating func makeWindowUnique() {
        guard !isKnownUniquelyReferenced(&window) else { return }
        window = window.copy(capacity: window.capacity, head: head, count: count)
        head = 0
    }

    // MARK: - Streaming

    /// Feeds one gravity-free sample; returns true when the window criterion is met at this sample. The ring must
    /// be unique (`makeWindowUnique()` since the detector was last copied).
    ///
    /// - Parameters:
    ///   - t: timestamp in seconds (non-decreasing, checked by the caller).
    ///   - x: acceleration x in g.
    ///   - y: acceleration y in g.
    ///   - z: acceleration z in g.
    ///   - gathersEvidence: false during a cooldown; the sample is then dropped (the window was cleared when
    ///     the event fired and starts filling again when the cooldown ends).
    /// - Returns: true exactly when an event fires at this sample.
    @inline(__always)
    mutating func consume(t: Double, x: Double, y: Double, z: Double, gathersEvidence: Bool) -> Bool {
        guard gathersEvidence else { return false }
        let accelerating = x * x + y * y + z * z > thresholdSquaredG2
        let cutoff = t - windowSeconds - shakeTimeSlackSeconds
        var ring = window.capacity
        var times = window.times, flags = window.flags
        while count > 0, times[head] < cutoff {
            if flags[head] { acceleratingCount -= 1 }
            head = head + 1 == ring ? 0 : head + 1
            count -= 1
        }
        if count == ring {
            // Fed faster than the ring was sized for: double it (oldest first from slot 0), once per doubling.
            window = window.copy(capacity: 2 * ring, head: head, count: count)
            head = 0
            ring = window.capacity
            times = window.times
            flags = window.flags
        }
        let slot = head + count >= ring ? head + count - ring : head + count
        times[slot] = t
        flags[slot] = accelerating
        count += 1
        if accelerating { acceleratingCount += 1 }

        let n = count
        guard n >= minimumSampleCount, t - times[head] >= minimumWindowSpanSeconds - shakeTimeSlackSeconds
        else { return false }
        // Exact comparison of accelerating / n with f, written without division.
        guard Double(acceleratingCount) >= requiredFraction * Double(n) - 1e-9 else { return false }
        reset()
        return true
    }

    /// Empties the window.
    mutating func reset() {
        head = 0
        count = 0
        acceleratingCount = 0
    }
}

/// The window-fraction detector's ring: timestamps and accelerating flags in two blocks of `capacity` slots.
final class WindowFractionRing: @unchecked Sendable {
    // @unchecked: written only while uniquely referenced (the detector copies it first otherwise), so no two threads
    // ever write, or read and write, the same slots.

    /// Slots allocated.
    let capacity: Int
    let times: UnsafeMutablePointer<Double>
    let flags: UnsafeMutablePointer<Bool>

    /// A zero-filled ring of `capacity` slots (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        times = .allocate(capacity: self.capacity)
        times.initialize(repeating: 0, count: self.capacity)
        flags = .allocate(capacity: self.capacity)
        flags.initialize(repeating: false, count: self.capacity)
    }

    deinit {
        times.deallocate()
        flags.deallocate()
    }

    /// A ring of `capacity` slots (≥ `count`) holding the `count` entries that start at slot `head`, oldest first from
    /// slot 0.
    func copy(capacity newCapacity: Int, head: Int, count: Int) -> WindowFractionRing {
        let copy = WindowFractionRing(capacity: newCapacity)
        for offset in 0..<count {
            let i = head + offset >= capacity ? head + offset - capacity : head + offset
            copy.times[offset] = times[i]
            copy.flags[offset] = flags[i]
        }
        return copy
    }
}

// MARK: - Declaration

extension WindowFractionShakeDetector: ShakeAlgorithm {
    static let name = "window-fraction"
    static let summary = "a share requiredFraction of the samples in the last windowSeconds above thresholdG (after Square's seismic)"
    // Seismic: SENSITIVITY_MEDIUM 13 m/s², MAX_WINDOW_SIZE 0.5 s, MIN_WINDOW_SIZE 0.25 s, "3/4 accelerating",
    // MIN_QUEUE_SIZE 4 (the shared defaults of the last three).
    static let readings =
        [
            ShakeParameterReading(.thresholdG, default: .real(ShakeDetectorConfiguration.seismicMediumThresholdG)),
            ShakeParameterReading(.windowSeconds, default: .real(0.5)),
            ShakeParameterReading(.requiredFraction, default: .real(0.75)),
            ShakeParameterReading(.minimumWindowSpanSeconds, default: .real(0.25)),
            ShakeParameterReading(.minimumSampleCount, default: .count(4)),
            ShakeParameterReading(.cooldownSeconds),
        ] + ShakeParameterReading.gravityRemoval
    static let cReference: String? = "cbr_shake_window_fraction"

    init(_ c: ShakeDetectorConfiguration, maximumSampleRateHz: Double) {
        self.init(
            thresholdG: c.thresholdG, windowSeconds: c.windowSeconds, requiredFraction: c.requiredFraction,
            minimumWindowSpanSeconds: c.minimumWindowSpanSeconds, minimumSampleCount: c.minimumSampleCount,
            maximumSampleRateHz: maximumSampleRateHz)
    }

    mutating func prepareForBatch() { makeWindowUnique() }
}

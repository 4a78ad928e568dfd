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
/// the whole window at any rate up to the maximum; a faster stream makes the ring double once (see
/// `GestureRingBuffer`). The accelerating count is kept incrementally, so each sample costs O(1) amortised
/// (every sample enters and leaves the ring once).
struct WindowFractionShakeDetector: Sendable {
    // MARK: - Types

    /// One window entry.
    struct Entry: Sendable {
        var timestampSeconds: Double
        var accelerating: Bool
    }

    // MARK: - Parameters

    private let thresholdSquaredG2: Double
    private let windowSeconds: Double
    private let requiredFraction: Double
    private let minimumWindowSpanSeconds: Double
    private let minimumSampleCount: Int

    // MARK: - State

    private var window: GestureRingBuffer<Entry>
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
        window = GestureRingBuffer(capacity: capacity, filler: Entry(timestampSeconds: 0, accelerating: false))
    }

    // MARK: - Queries

    /// Slots currently allocated for the window (for tests and memory accounting).
    var windowCapacity: Int { window.capacity }

    // MARK: - Streaming

    /// Feeds one gravity-free sample; returns true when the window criterion is met at this sample.
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
        while let oldest = window.first, oldest.timestampSeconds < cutoff {
            if oldest.accelerating { acceleratingCount -= 1 }
            window.removeFirst()
        }
        window.append(Entry(timestampSeconds: t, accelerating: accelerating))
        if accelerating { acceleratingCount += 1 }

        let n = window.count
        guard n >= minimumSampleCount, let oldest = window.first,
            t - oldest.timestampSeconds >= minimumWindowSpanSeconds - shakeTimeSlackSeconds
        else { return false }
        // Exact comparison of accelerating / n with f, written without division.
        guard Double(acceleratingCount) >= requiredFraction * Double(n) - 1e-9 else { return false }
        reset()
        return true
    }

    /// Empties the window.
    mutating func reset() {
        window.removeAll()
        acceleratingCount = 0
    }
}

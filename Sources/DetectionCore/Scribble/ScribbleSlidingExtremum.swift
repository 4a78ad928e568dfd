// MARK: - Sliding-window minimum or maximum

/// The minimum (or maximum) of the values seen in the last W seconds, in amortised O(1) per value.
///
/// The classic monotonic-deque method: the deque holds, oldest first, only values that could still become
/// the extremum (for a maximum, a strictly decreasing run: a new value evicts every older value not larger
/// than it, since those can never be the maximum again while it is in the window). The front is the
/// extremum; it leaves when it falls out of the window. Each value enters and leaves once, so the cost is
/// amortised O(1); storage is a `GestureRingBuffer` sized like the detector's window.
struct ScribbleSlidingExtremum: Sendable {
    // MARK: - Types

    /// One candidate.
    struct Entry: Sendable {
        var timestampSeconds: Double
        var value: Double
    }

    // MARK: - State

    /// True for a sliding maximum, false for a minimum.
    private let tracksMaximum: Bool
    private var deque: GestureRingBuffer<Entry>

    // MARK: - Init

    /// An empty tracker with room for `capacity` candidates (it grows if ever needed).
    init(tracksMaximum: Bool, capacity: Int) {
        self.tracksMaximum = tracksMaximum
        deque = GestureRingBuffer(capacity: capacity, filler: Entry(timestampSeconds: 0, value: 0))
    }

    // MARK: - Streaming

    /// Adds a value at time `t` and drops candidates older than `cutoff` (strictly earlier).
    @inline(__always)
    mutating func push(_ value: Double, t: Double, cutoff: Double) {
        while let newest = deque.last, tracksMaximum ? newest.value <= value : newest.value >= value {
            deque.removeLast()
        }
        deque.append(Entry(timestampSeconds: t, value: value))
        while let oldest = deque.first, oldest.timestampSeconds < cutoff {
            deque.removeFirst()
        }
    }

    /// The current extremum (the value just pushed when the window holds nothing else).
    var extremum: Double { deque.first?.value ?? 0 }

    /// Empties the tracker.
    mutating func reset() {
        deque.removeAll()
    }
}

// MARK: - The scribble detector's window storage

/// The five queues of `ScribbleDetector`'s sliding window in one block of memory: the path window (time, cumulative
/// path) and the four sliding extrema of the bounding box (time, coordinate), in that order, each a ring of
/// `capacity` (time, value) pairs.
///
/// Why one block behind a pointer rather than five `GestureRingBuffer`s: each point appends to all five queues, and
/// every append to an `Array` pays a uniqueness check (a runtime call) and a bounds check; callgrind showed the five
/// appends at about 300 instructions a point. Here the detector checks uniqueness once per point
/// (`isKnownUniquelyReferenced`, copying the block when the detector value was copied, so value semantics hold) and
/// makes room once per point (`hasRoom`), then every queue operation is a plain load or store.
final class ScribbleWindowStorage: @unchecked Sendable {
    // @unchecked: the memory is written only through a uniquely referenced instance (the detector copies it first
    // otherwise), so no two threads ever write, or read and write, the same block.

    /// Pairs each queue can hold.
    let capacity: Int
    /// 5 × `capacity` pairs of doubles: queue q's slot i is at `2 × (q × capacity + i)` (time) and the next double
    /// (value).
    let pairs: UnsafeMutablePointer<Double>

    /// Zero-filled storage for five queues of `capacity` pairs (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        let doubles = 5 * 2 * self.capacity
        pairs = .allocate(capacity: doubles)
        pairs.initialize(repeating: 0, count: doubles)
    }

    deinit {
        pairs.deallocate()
    }

    /// The first pair of queue `index` (0 path, 1 minimum x, 2 maximum x, 3 minimum y, 4 maximum y).
    @inline(__always)
    func queue(_ index: Int) -> UnsafeMutablePointer<Double> { pairs + 2 * index * capacity }

    /// Copies queue `index` of `old` into this storage (which has room for its pairs), oldest first from slot 0,
    /// and sets the queue's head to 0.
    func take(_ index: Int, from old: ScribbleWindowStorage, queue: inout ScribbleQueue) {
        let from = old.queue(index), to = self.queue(index)
        for offset in 0..<queue.count {
            let i = queue.physical(offset, capacity: old.capacity)
            to[2 * offset] = from[2 * i]
            to[2 * offset + 1] = from[2 * i + 1]
        }
        queue.head = 0
    }
}

/// One queue of `ScribbleWindowStorage`: where its oldest pair is and how many it holds. Its operations take the
/// queue's first pair and the capacity; the caller has made sure there is room for an append.
struct ScribbleQueue: Sendable {
    /// Slot of the oldest pair.
    var head = 0
    /// Live pairs.
    var count = 0

    /// Slot of the pair `offset` places after the oldest (offset in 0..<capacity).
    @inline(__always)
    func physical(_ offset: Int, capacity: Int) -> Int {
        let index = head + offset
        return index >= capacity ? index - capacity : index
    }

    /// Appends a pair at the newest end (there must be room).
    @inline(__always)
    mutating func append(_ time: Double, _ value: Double, in q: UnsafeMutablePointer<Double>, capacity: Int) {
        let i = physical(count, capacity: capacity)
        q[2 * i] = time
        q[2 * i + 1] = value
        count += 1
    }

    /// Drops pairs older than `cutoff` (strictly earlier) from the oldest end.
    @inline(__always)
    mutating func dropOlder(than cutoff: Double, in q: UnsafeMutablePointer<Double>, capacity: Int) {
        while count > 0, q[2 * head] < cutoff {
            head = head + 1 == capacity ? 0 : head + 1
            count -= 1
        }
    }

    /// The oldest pair's value, or `fallback` when empty.
    @inline(__always)
    func firstValue(in q: UnsafeMutablePointer<Double>, or fallback: Double) -> Double {
        count > 0 ? q[2 * head + 1] : fallback
    }

    // MARK: - Sliding minimum or maximum

    /// Adds a value at time `t` to a sliding maximum (`tracksMaximum`) or minimum and drops candidates older than
    /// `cutoff` (strictly earlier).
    ///
    /// The classic monotonic-deque method: the queue holds, oldest first, only values that could still become the
    /// extremum (for a maximum, a strictly decreasing run: a new value evicts every older value not larger than it,
    /// since those can never be the maximum again while it is in the window). The oldest is the extremum; it leaves
    /// when it falls out of the window. Each value enters and leaves once: amortised O(1).
    @inline(__always)
    mutating func pushExtremum(
        _ value: Double, t: Double, cutoff: Double, tracksMaximum: Bool, in q: UnsafeMutablePointer<Double>,
        capacity: Int
    ) {
        while count > 0 {
            let newest = q[2 * physical(count - 1, capacity: capacity) + 1]
            guard tracksMaximum ? newest <= value : newest >= value else { break }
            count -= 1
        }
        append(t, value, in: q, capacity: capacity)
        dropOlder(than: cutoff, in: q, capacity: capacity)
    }

    /// The current extremum of a sliding minimum or maximum (the value just pushed when the window holds nothing
    /// else; 0 when empty).
    @inline(__always)
    func extremum(in q: UnsafeMutablePointer<Double>) -> Double { firstValue(in: q, or: 0) }

    /// Empties the queue.
    @inline(__always)
    mutating func removeAll() {
        head = 0
        count = 0
    }
}

// MARK: - Ring buffer shared by the shake and scribble detectors

/// A double-ended queue over one contiguous buffer, sized once at init, for the detectors' per-sample paths.
///
/// Why not `Array` with `removeFirst()`: that shifts every element (O(n) per sample). Here every operation is
/// O(1) and touches no allocator while `count` stays within `capacity`. The capacity is computed by each detector
/// from its window and a maximum sample rate; if a caller feeds faster than promised the buffer doubles (one
/// allocation, O(n) copy, then never again at that rate), so an over-fast stream costs a rare growth, never a
/// wrong answer. Elements are stored in a plain `Array` that is only ever mutated through this struct, so it
/// stays uniquely referenced and is never copied on write.
struct GestureRingBuffer<Element> {
    // MARK: - Storage

    private var storage: [Element]
    /// Physical index of the front (oldest) element.
    private var head = 0
    /// Number of live elements.
    private(set) var count = 0
    /// The value unused slots hold; never observed by callers.
    private let filler: Element

    // MARK: - Init

    /// An empty buffer with room for `capacity` elements (at least one).
    ///
    /// - Parameters:
    ///   - capacity: initial number of slots; values below 1 are raised to 1.
    ///   - filler: value placed in unused slots (so the storage needs no optionals).
    init(capacity: Int, filler: Element) {
        self.filler = filler
        storage = Array(repeating: filler, count: max(1, capacity))
    }

    // MARK: - Queries

    /// Number of slots currently allocated.
    var capacity: Int { storage.count }

    /// True when no element is stored.
    var isEmpty: Bool { count == 0 }

    /// The oldest element, or nil when empty.
    var first: Element? { count == 0 ? nil : storage[head] }

    /// The newest element, or nil when empty.
    var last: Element? { count == 0 ? nil : storage[physical(count - 1)] }

    /// The element `offset` places after the oldest one; nil when `offset` is out of range.
    subscript(offset: Int) -> Element? {
        offset >= 0 && offset < count ? storage[physical(offset)] : nil
    }

    // MARK: - Mutation

    /// Appends at the back (newest end), doubling the storage when full.
    mutating func append(_ element: Element) {
        if count == storage.count { grow() }
        storage[physical(count)] = element
        count += 1
    }

    /// Removes the oldest element; does nothing when empty. The slot keeps its stale value (never read before it
    /// is overwritten): no write, so no copy-on-write check, on the per-sample path.
    mutating func removeFirst() {
        guard count > 0 else { return }
        head = head + 1 == storage.count ? 0 : head + 1
        count -= 1
    }

    /// Removes the newest element; does nothing when empty (the slot keeps its stale value, as in `removeFirst`).
    mutating func removeLast() {
        guard count > 0 else { return }
        count -= 1
    }

    /// Forgets every element in O(1); keeps the storage (the stale slots are overwritten before being read).
    mutating func removeAll() {
        head = 0
        count = 0
    }

    // MARK: - Private

    /// Physical index of logical `offset` (0 = oldest); `offset` is in 0..<capacity so one wrap suffices.
    @inline(__always)
    private func physical(_ offset: Int) -> Int {
        let index = head + offset
        return index >= storage.count ? index - storage.count : index
    }

    /// Doubles the storage, laying the elements out oldest-first from index 0.
    private mutating func grow() {
        var bigger = Array(repeating: filler, count: storage.count * 2)
        for offset in 0..<count {
            bigger[offset] = storage[physical(offset)]
        }
        storage = bigger
        head = 0
    }
}

extension GestureRingBuffer: Sendable where Element: Sendable {}

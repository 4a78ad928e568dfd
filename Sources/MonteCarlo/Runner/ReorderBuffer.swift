/// Holds results that finished out of order and releases them in index order.
///
/// A ring of `capacity` slots for the indices `released..<released + capacity`: a result may be inserted only
/// while its index is inside that window (``accepts(_:)``), so at most `capacity` results are ever held, whatever
/// the number of trials. ``popNext()`` hands out the result of index `released` once it is there, and moves the
/// window on by one.
package struct ReorderBuffer<Element> {
    /// How many results it can hold at once.
    package let capacity: Int
    /// The next index to release: every index below it has been released.
    package private(set) var released: Int
    /// Results held now.
    package private(set) var held = 0
    private var slots: [Element?]

    /// An empty buffer whose first index to release is `first`.
    package init(capacity: Int, first: Int = 0) {
        precondition(capacity > 0, "ReorderBuffer needs a capacity of at least 1")
        self.capacity = capacity
        released = first
        slots = Array(repeating: nil, count: capacity)
    }

    /// Whether the result of `index` may be inserted now (inside the window, and not released already).
    package func accepts(_ index: Int) -> Bool { index >= released && index < released + capacity }

    /// Stores the result of `index`, which must be accepted and not stored already.
    package mutating func insert(_ element: Element, at index: Int) {
        precondition(accepts(index), "ReorderBuffer: index \(index) is outside \(released)..<\(released + capacity)")
        let slot = index % capacity
        precondition(slots[slot] == nil, "ReorderBuffer: index \(index) inserted twice")
        slots[slot] = element
        held += 1
    }

    /// The result of index `released` and that index, when it has been inserted; the window moves on.
    package mutating func popNext() -> (index: Int, element: Element)? {
        let slot = released % capacity
        guard let element = slots[slot] else { return nil }
        slots[slot] = nil
        held -= 1
        released += 1
        return (released - 1, element)
    }
}

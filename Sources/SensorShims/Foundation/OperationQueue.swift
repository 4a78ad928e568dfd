// MARK: - Foundation-shaped operation queue

/// A queue of work, as Foundation's `OperationQueue`: `.main` or one of the app's own. On the simulated phone
/// every queue runs its work on the one simulated thread, first in first out across all queues, when the
/// harness drains the device (after each sample): so a Core Motion handler on a queue of its own behaves as on
/// `.main`, deterministically.
open class OperationQueue: NSObject {
    nonisolated(unsafe) static let mainQueue = OperationQueue()

    /// The main queue.
    public class var main: OperationQueue { mainQueue }

    /// The queue running the current work (the main queue: there is one thread).
    public class var current: OperationQueue? { mainQueue }

    /// A name, for the app's own use.
    public var name: String?
    /// Accepted and ignored: work runs one piece at a time in any case.
    public var maxConcurrentOperationCount: Int = -1

    /// A new queue.
    public override init() { super.init() }

    /// Queues `block`: `@Sendable` and `@preconcurrency`, as Apple's `addOperation(_ block: @escaping @Sendable ()
    /// -> Void)` imports (Swift 6 mode checks what the block captures and calls; Swift 5 mode does not).
    ///
    /// - Parameter block: the work.
    @preconcurrency
    open func addOperation(_ block: @escaping @Sendable () -> Void) { SimulatedDevice.enqueue(block) }
}

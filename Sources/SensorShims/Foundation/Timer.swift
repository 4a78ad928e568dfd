// MARK: - Foundation-shaped timer

/// A timer on the simulated clock, as Foundation's `Timer` (block form): `scheduledTimer(withTimeInterval:
/// repeats:block:)` fires `block` every interval of stream time until `invalidate()`.
///
/// The block is `@Sendable`, as Apple's SDK declares it (`block: @escaping @Sendable (Timer) -> Void`), and the
/// method `@preconcurrency`, as Objective-C declarations with Sendable annotations import: Swift 5 mode accepts any
/// block, Swift 6 mode refuses one that calls a main-actor method directly (wrap it in
/// `MainActor.assumeIsolated { … }` or `Task { @MainActor in … }`, as Xcode asks).
open class Timer: NSObject {
    /// Seconds between fires.
    public let timeInterval: TimeInterval
    let repeats: Bool
    let block: @Sendable (Timer) -> Void
    /// Whether it will still fire.
    public private(set) var isValid = true
    /// Accepted and ignored.
    public var tolerance: TimeInterval = 0

    init(interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
        // Foundation treats an interval ≤ 0 as 0.1 ms.
        timeInterval = interval > 0 ? interval : 0.0001
        self.repeats = repeats
        self.block = block
        super.init()
    }

    /// A timer already scheduled: first fire `interval` seconds from now.
    ///
    /// - Parameters:
    ///   - interval: seconds.
    ///   - repeats: fire again every interval until invalidated.
    ///   - block: gets the timer.
    /// - Returns: the timer.
    @discardableResult @preconcurrency
    open class func scheduledTimer(
        withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void
    ) -> Timer {
        let timer = Timer(interval: interval, repeats: repeats, block: block)
        timer.schedule(fire: 1, after: SimulatedDevice.now)
        return timer
    }

    /// Fire n is due at start + n × interval (computed from the start, so rounding does not accumulate).
    func schedule(fire n: Int, after start: TimeInterval) {
        SimulatedDevice.schedule(at: start + Double(n) * timeInterval) { [self] in
            guard isValid else { return }
            if repeats {
                schedule(fire: n + 1, after: start)
            } else {
                isValid = false
            }
            block(self)
        }
    }

    /// Fires now, out of turn (a repeating timer keeps its schedule).
    open func fire() {
        guard isValid else { return }
        if !repeats { isValid = false }
        block(self)
    }

    /// Stops the timer.
    open func invalidate() { isValid = false }
}

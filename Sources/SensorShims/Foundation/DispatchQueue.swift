// MARK: - Dispatch-shaped queues and time

/// A point on the simulated clock, as Dispatch's `DispatchTime`: `.now() + 2.0` is two seconds of stream time
/// from now.
public struct DispatchTime: Sendable, Comparable {
    /// Stream time, seconds.
    let seconds: Double

    /// The current stream time.
    public static func now() -> DispatchTime { DispatchTime(seconds: SimulatedDevice.now) }

    /// Never (an infinitely late deadline).
    public static let distantFuture = DispatchTime(seconds: .infinity)

    /// Nanoseconds since the stream started (Apple's counts from boot).
    public var uptimeNanoseconds: UInt64 { UInt64(max(0, min(seconds * 1e9, 1.8e19))) }

    /// Orders times.
    public static func < (a: DispatchTime, b: DispatchTime) -> Bool { a.seconds < b.seconds }

    /// `time` moved later by `seconds`.
    public static func + (time: DispatchTime, seconds: Double) -> DispatchTime {
        DispatchTime(seconds: time.seconds + seconds)
    }

    /// `time` moved later by `interval`.
    public static func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
        DispatchTime(seconds: time.seconds + interval.seconds)
    }

    /// `time` moved earlier by `seconds`.
    public static func - (time: DispatchTime, seconds: Double) -> DispatchTime {
        DispatchTime(seconds: time.seconds - seconds)
    }
}

/// A length of time, as Dispatch's `DispatchTimeInterval`.
public enum DispatchTimeInterval: Sendable, Equatable {
    case seconds(Int)
    case milliseconds(Int)
    case microseconds(Int)
    case nanoseconds(Int)
    case never

    var seconds: Double {
        switch self {
        case .seconds(let n): return Double(n)
        case .milliseconds(let n): return Double(n) / 1e3
        case .microseconds(let n): return Double(n) / 1e6
        case .nanoseconds(let n): return Double(n) / 1e9
        case .never: return .infinity
        }
    }
}

/// A dispatch queue, as Dispatch's `DispatchQueue`: `.main`, `.global()` or one made with a label. All run on
/// the simulated thread: `async` work when the device drains (first in, first out), `asyncAfter` when the
/// simulated clock reaches its deadline, `sync` at once.
public final class DispatchQueue {
    /// The label given.
    public let label: String

    nonisolated(unsafe) static let mainQueue = DispatchQueue(label: "com.apple.main-thread")

    /// The main queue.
    public class var main: DispatchQueue { mainQueue }

    /// A global queue (the same simulated thread).
    ///
    /// - Parameter qos: ignored.
    public class func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue { mainQueue }

    /// A queue of the app's own.
    ///
    /// - Parameters:
    ///   - label: its name.
    ///   - qos: ignored.
    public init(label: String, qos: DispatchQoS = .default) { self.label = label }

    /// Queues `work`: `@preconcurrency` and `@Sendable`, as Dispatch declares `async(group:qos:flags:execute:)`.
    /// The compiler treats a closure written as `DispatchQueue.main.async { … }` as main-actor isolated (a rule
    /// on the spelling `DispatchQueue.main`), so it may call main-actor code; any other queue's closure may not in
    /// Swift 6 mode.
    ///
    /// - Parameter work: runs at the next drain.
    @preconcurrency
    public func async(execute work: @escaping @Sendable () -> Void) { SimulatedDevice.enqueue(work) }

    /// Runs `work` when the simulated clock reaches `deadline` (`@preconcurrency`, `@Sendable`, as Dispatch's).
    ///
    /// - Parameters:
    ///   - deadline: stream time.
    ///   - work: the work.
    @preconcurrency
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping @Sendable () -> Void) {
        SimulatedDevice.schedule(at: deadline.seconds, work)
    }

    /// Runs `work` now and returns its result.
    ///
    /// - Parameter work: the work.
    /// - Returns: what it returns.
    public func sync<T>(execute work: () throws -> T) rethrows -> T { try work() }
}

/// Quality of service, accepted and ignored (one simulated thread).
public struct DispatchQoS: Sendable {
    /// The classes.
    public enum QoSClass: Sendable {
        case background, utility, `default`, userInitiated, userInteractive, unspecified
    }

    /// Default.
    public static let `default` = DispatchQoS()
    /// User-initiated.
    public static let userInitiated = DispatchQoS()
    /// User-interactive.
    public static let userInteractive = DispatchQoS()
    /// Utility.
    public static let utility = DispatchQoS()
    /// Background.
    public static let background = DispatchQoS()
}

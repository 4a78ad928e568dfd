// MARK: - Foundation-shaped time

/// Seconds, as Foundation's `TimeInterval`.
public typealias TimeInterval = Double

/// A point in time shaped like Foundation's `Date`: seconds since 2001-01-01 00:00:00 UTC (the reference date).
///
/// `Date()` is now on the simulated clock (the stream time being delivered), never the wall clock: a run must not
/// depend on it. SensorBench's stream clock t maps to `Date(timeIntervalSinceReferenceDate: t)`, so `timeIntervalSince(_:)` between two stream dates is exactly the
/// difference of their stream times.
public struct Date: Sendable, Hashable, Comparable {
    /// Seconds from 1970-01-01 to 2001-01-01 UTC, Foundation's `NSTimeIntervalSince1970` (31 years with 8 leap
    /// days: (31 × 365 + 8) × 86 400 s = 978 307 200 s).
    static let referenceDateSince1970Seconds: TimeInterval = 978_307_200

    /// Seconds since the reference date, 2001-01-01 00:00:00 UTC.
    public let timeIntervalSinceReferenceDate: TimeInterval

    /// Now on the simulated clock: `Date(timeIntervalSinceReferenceDate: SimulatedDevice.now)`, the stream time
    /// of the sample being delivered (never the machine's clock, so a run is reproducible).
    public init() { timeIntervalSinceReferenceDate = SimulatedDevice.now }

    /// Now on the simulated clock, as `Date()`.
    public static var now: Date { Date() }

    /// Seconds from now (the simulated clock) to this date (negative when it is past).
    public var timeIntervalSinceNow: TimeInterval { timeIntervalSinceReferenceDate - SimulatedDevice.now }

    /// A date `seconds` after 2001-01-01 00:00:00 UTC.
    ///
    /// - Parameter ti: seconds since the reference date.
    public init(timeIntervalSinceReferenceDate ti: TimeInterval) {
        timeIntervalSinceReferenceDate = ti
    }

    /// A date `seconds` after 1970-01-01 00:00:00 UTC.
    ///
    /// - Parameter secsToBeAdded: seconds since 1970.
    public init(timeIntervalSince1970 secsToBeAdded: TimeInterval) {
        timeIntervalSinceReferenceDate = secsToBeAdded - Self.referenceDateSince1970Seconds
    }

    /// A date `timeInterval` seconds after `date`.
    ///
    /// - Parameters:
    ///   - timeInterval: seconds to add (negative for earlier).
    ///   - date: the starting date.
    public init(timeInterval: TimeInterval, since date: Date) {
        timeIntervalSinceReferenceDate = date.timeIntervalSinceReferenceDate + timeInterval
    }

    /// Seconds since 1970-01-01 00:00:00 UTC.
    public var timeIntervalSince1970: TimeInterval {
        timeIntervalSinceReferenceDate + Self.referenceDateSince1970Seconds
    }

    /// Seconds from `date` to this date (negative when this one is earlier).
    ///
    /// - Parameter date: the other date.
    /// - Returns: self − date in seconds.
    public func timeIntervalSince(_ date: Date) -> TimeInterval {
        timeIntervalSinceReferenceDate - date.timeIntervalSinceReferenceDate
    }

    /// This date moved by `timeInterval` seconds.
    ///
    /// - Parameter timeInterval: seconds to add.
    /// - Returns: the new date.
    public func addingTimeInterval(_ timeInterval: TimeInterval) -> Date {
        Date(timeInterval: timeInterval, since: self)
    }

    /// Orders dates by time.
    public static func < (lhs: Date, rhs: Date) -> Bool {
        lhs.timeIntervalSinceReferenceDate < rhs.timeIntervalSinceReferenceDate
    }

    /// `lhs` moved later by `rhs` seconds.
    public static func + (lhs: Date, rhs: TimeInterval) -> Date { lhs.addingTimeInterval(rhs) }

    /// `lhs` moved earlier by `rhs` seconds.
    public static func - (lhs: Date, rhs: TimeInterval) -> Date { lhs.addingTimeInterval(-rhs) }

    /// Moves `lhs` later by `rhs` seconds.
    public static func += (lhs: inout Date, rhs: TimeInterval) { lhs = lhs + rhs }

    /// Moves `lhs` earlier by `rhs` seconds.
    public static func -= (lhs: inout Date, rhs: TimeInterval) { lhs = lhs - rhs }
}

// MARK: - Core Motion-shaped accelerometer data

/// One raw accelerometer reading, gravity included, as Core Motion's `CMAccelerometerData` (a class there; an
/// immutable struct here).
public struct CMAccelerometerData: Sendable, Equatable {
    /// The reading in g, gravity included (a phone at rest face up reads about (0, 0, −1)).
    public let acceleration: CMAcceleration
    /// Sample time, seconds on the stream clock (Apple: `CMLogItem.timestamp`, seconds since boot).
    public let timestamp: TimeInterval

    /// A reading (Apple's has no public initialiser: Core Motion makes them).
    ///
    /// - Parameters:
    ///   - acceleration: g, gravity included.
    ///   - timestamp: seconds.
    public init(acceleration: CMAcceleration, timestamp: TimeInterval) {
        self.acceleration = acceleration
        self.timestamp = timestamp
    }
}

// MARK: - Core Motion-shaped device motion

/// One fused motion sample, as Core Motion's `CMDeviceMotion` (a class there; an immutable struct here).
public struct CMDeviceMotion: Sendable, Equatable {
    /// Acceleration the user gives the device, gravity removed, g.
    public let userAcceleration: CMAcceleration
    /// Gravity in the device frame, g (magnitude about 1; (0, 0, −1) with the phone face up).
    public let gravity: CMAcceleration
    /// Bias-corrected rotation rate, rad/s.
    public let rotationRate: CMRotationRate
    /// Orientation relative to the reference frame.
    public let attitude: CMAttitude
    /// Sample time, seconds on the stream clock (Apple: `CMLogItem.timestamp`, seconds since boot).
    public let timestamp: TimeInterval

    /// A sample with every field given (Apple's has no public initialiser: Core Motion makes them).
    ///
    /// - Parameters:
    ///   - userAcceleration: g, gravity removed.
    ///   - gravity: g.
    ///   - rotationRate: rad/s.
    ///   - attitude: radians.
    ///   - timestamp: seconds.
    public init(
        userAcceleration: CMAcceleration, gravity: CMAcceleration, rotationRate: CMRotationRate,
        attitude: CMAttitude, timestamp: TimeInterval
    ) {
        self.userAcceleration = userAcceleration
        self.gravity = gravity
        self.rotationRate = rotationRate
        self.attitude = attitude
        self.timestamp = timestamp
    }
}

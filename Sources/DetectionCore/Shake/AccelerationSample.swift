// MARK: - Acceleration sample

/// One accelerometer reading as Core Motion's device motion delivers it.
///
/// By default the components are `userAcceleration` (gravity already removed by Core Motion's sensor fusion);
/// a detector configured with `inputIncludesGravity = true` accepts raw accelerometer readings instead and
/// removes gravity itself. Units are g (1 g = 9.80665 m/s²), time in seconds on any monotonic clock.
public struct AccelerationSample: Sendable, Equatable {
    /// Sample time in seconds (e.g. `CMLogItem.timestamp`, seconds since boot).
    public var timestampSeconds: Double
    /// Acceleration along the device x axis, in g.
    public var x: Double
    /// Acceleration along the device y axis, in g.
    public var y: Double
    /// Acceleration along the device z axis, in g.
    public var z: Double

    /// A sample at `timestampSeconds` with components in g.
    ///
    /// - Parameters:
    ///   - timestampSeconds: sample time in seconds.
    ///   - x: device-x acceleration in g.
    ///   - y: device-y acceleration in g.
    ///   - z: device-z acceleration in g.
    public init(timestampSeconds: Double, x: Double, y: Double, z: Double) {
        self.timestampSeconds = timestampSeconds
        self.x = x
        self.y = y
        self.z = z
    }
}

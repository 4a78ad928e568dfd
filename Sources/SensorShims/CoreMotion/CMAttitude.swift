// MARK: - Core Motion-shaped attitude

/// The device's orientation as Euler angles, in radians, as Core Motion's `CMAttitude` (which is a class; this is
/// an immutable struct with the same read-only angles).
public struct CMAttitude: Sendable, Equatable {
    /// Rotation about the device y axis, radians in (−π, π].
    public let roll: Double
    /// Rotation about the device x axis, radians in [−π/2, π/2].
    public let pitch: Double
    /// Rotation about the vertical axis, radians in (−π, π], positive counter-clockwise seen from above.
    public let yaw: Double

    /// An attitude with the given angles (Apple's has no public initialiser: Core Motion makes them).
    ///
    /// - Parameters:
    ///   - roll: radians.
    ///   - pitch: radians.
    ///   - yaw: radians.
    public init(roll: Double, pitch: Double, yaw: Double) {
        self.roll = roll
        self.pitch = pitch
        self.yaw = yaw
    }
}

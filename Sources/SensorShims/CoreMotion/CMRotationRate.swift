// MARK: - Core Motion-shaped rotation rate

/// Rotation rate about the device's three axes, in radians per second, as Core Motion's `CMRotationRate`
/// (right-handed: a positive z rate turns the phone counter-clockwise seen from above the screen).
public struct CMRotationRate: Sendable, Equatable {
    /// About the device x axis, rad/s.
    public var x: Double
    /// About the device y axis, rad/s.
    public var y: Double
    /// About the device z axis, rad/s.
    public var z: Double

    /// Zero rotation, as the C struct's zero initialiser.
    public init() {
        x = 0
        y = 0
        z = 0
    }

    /// A rotation rate with the given components.
    ///
    /// - Parameters:
    ///   - x: about device x, rad/s.
    ///   - y: about device y, rad/s.
    ///   - z: about device z, rad/s.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}

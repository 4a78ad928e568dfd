// MARK: - Core Motion-shaped acceleration

/// Acceleration along the device's three axes, in g (1 g = 9.80665 m/s²), as Core Motion's `CMAcceleration`.
public struct CMAcceleration: Sendable, Equatable {
    /// Device x axis (to the right of the screen), g.
    public var x: Double
    /// Device y axis (towards the top of the screen), g.
    public var y: Double
    /// Device z axis (out of the screen), g.
    public var z: Double

    /// Zero acceleration, as the C struct's zero initialiser.
    public init() {
        x = 0
        y = 0
        z = 0
    }

    /// An acceleration with the given components.
    ///
    /// - Parameters:
    ///   - x: device-x component, g.
    ///   - y: device-y component, g.
    ///   - z: device-z component, g.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}

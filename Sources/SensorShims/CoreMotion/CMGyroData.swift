// MARK: - Core Motion-shaped gyroscope data and reference frames

/// One raw gyroscope reading, as Core Motion's `CMGyroData` (a class there; an immutable struct here).
public struct CMGyroData: Sendable, Equatable {
    /// Rotation rate, rad/s.
    public let rotationRate: CMRotationRate
    /// Sample time, seconds on the stream clock.
    public let timestamp: TimeInterval

    /// A reading (Apple's has no public initialiser).
    ///
    /// - Parameters:
    ///   - rotationRate: rad/s.
    ///   - timestamp: seconds.
    public init(rotationRate: CMRotationRate, timestamp: TimeInterval) {
        self.rotationRate = rotationRate
        self.timestamp = timestamp
    }
}

/// The reference frame of device-motion attitude, as Core Motion's `CMAttitudeReferenceFrame` (an option set).
public struct CMAttitudeReferenceFrame: OptionSet, Sendable {
    public let rawValue: UInt
    /// Makes a frame from its raw value.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Z vertical, X arbitrary.
    public static let xArbitraryZVertical = CMAttitudeReferenceFrame(rawValue: 1 << 0)
    /// Z vertical, X arbitrary, magnetometer-corrected yaw.
    public static let xArbitraryCorrectedZVertical = CMAttitudeReferenceFrame(rawValue: 1 << 1)
    /// X to magnetic north.
    public static let xMagneticNorthZVertical = CMAttitudeReferenceFrame(rawValue: 1 << 2)
    /// X to true north.
    public static let xTrueNorthZVertical = CMAttitudeReferenceFrame(rawValue: 1 << 3)
}

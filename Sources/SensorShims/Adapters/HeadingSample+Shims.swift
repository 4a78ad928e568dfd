import DetectionCore

// MARK: - Heading samples from device motion

extension HeadingSample {
    /// The rotation-rate sample of a device motion: `rotationRate.z` at its timestamp.
    ///
    /// - Parameter motion: the device motion.
    public init(rotationRateOf motion: CMDeviceMotion) {
        self = .rotationRate(zRadiansPerSecond: motion.rotationRate.z, timestampSeconds: motion.timestamp)
    }

    /// The attitude-yaw sample of a device motion: `attitude.yaw` at its timestamp.
    ///
    /// - Parameter motion: the device motion.
    public init(attitudeYawOf motion: CMDeviceMotion) {
        self = .attitudeYaw(yawRadians: motion.attitude.yaw, timestampSeconds: motion.timestamp)
    }
}

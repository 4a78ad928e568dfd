import DetectionCore

// MARK: - Acceleration between the shims and the core

extension AccelerationSample {
    /// The core's sample for a raw accelerometer reading (gravity included; for `.rawAccelerometer` input).
    ///
    /// - Parameter data: the reading.
    public init(_ data: CMAccelerometerData) {
        let a = data.acceleration
        self.init(timestampSeconds: data.timestamp, x: a.x, y: a.y, z: a.z)
    }

    /// The core's sample for a device motion's user acceleration (gravity removed; for `.userAcceleration`).
    ///
    /// - Parameter motion: the device motion.
    public init(userAccelerationOf motion: CMDeviceMotion) {
        let a = motion.userAcceleration
        self.init(timestampSeconds: motion.timestamp, x: a.x, y: a.y, z: a.z)
    }
}

extension CMAcceleration {
    /// The components of a core sample, g (its time is dropped).
    ///
    /// - Parameter sample: the core's sample.
    public init(_ sample: AccelerationSample) {
        self.init(x: sample.x, y: sample.y, z: sample.z)
    }
}

extension CMAccelerometerData {
    /// The reading a team's code receives for a core sample of a raw (gravity-included) stream.
    ///
    /// - Parameter sample: the core's sample, g and seconds.
    public init(_ sample: AccelerationSample) {
        self.init(acceleration: CMAcceleration(sample), timestamp: sample.timestampSeconds)
    }
}

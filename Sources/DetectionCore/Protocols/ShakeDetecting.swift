// MARK: - Shake detecting

/// What a shake detector decides: accelerometer samples in, one yes-or-no per sample out (a gesture event fires
/// at that sample or not).
///
/// SensorBench's own `ShakeDetector` conforms; so can a team's detector, whatever its algorithm, so the studies,
/// replay and grading can drive either through this one shape. A conforming type is a fresh detector per stream:
/// the driver makes a new one for each timeline (it never calls a reset).
///
/// Units: acceleration in g (1 g = 9.80665 m/s²), time in seconds on a monotonic clock, as Core Motion delivers
/// them. Which acceleration the detector reads is `accelerationInput`: user acceleration (gravity removed, as
/// `CMDeviceMotion.userAcceleration`) or raw readings (gravity included, as `CMAccelerometerData.acceleration`).
public protocol ShakeDetecting {
    /// Which accelerometer stream the detector reads; the driver feeds that one.
    var accelerationInput: AccelerationInput { get }

    /// Feeds one sample.
    ///
    /// - Parameter sample: the reading in g, its time in seconds.
    /// - Returns: true exactly when a shake event fires at this sample.
    mutating func consume(_ sample: AccelerationSample) -> Bool
}

/// Which accelerometer stream a shake detector reads.
public enum AccelerationInput: String, Sendable, Equatable, CaseIterable {
    /// Core Motion's device-motion user acceleration: gravity already removed by sensor fusion.
    case userAcceleration = "user-acceleration"
    /// The accelerometer's raw readings: gravity included (a phone at rest reads 1 g).
    case rawAccelerometer = "raw-accelerometer"
}

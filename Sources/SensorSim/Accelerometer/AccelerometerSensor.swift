/// The accelerometer that reports a timeline: output rate, full-scale range and white noise.
///
/// Readings are Core Motion's `userAcceleration` (gravity removed), in g. Each axis gets independent Gaussian
/// white noise of standard deviation `noiseRmsG`, then is clipped to ±`rangeG` (a MEMS accelerometer saturates
/// at its full-scale range).
package struct AccelerometerSensor: Sendable, Equatable {
    /// Output data rate in Hz (Core Motion offers up to 100 Hz on most iPhones).
    package var sampleRateHz: Double
    /// Full-scale range, ±g per axis (phone accelerometers are configured at ±2, ±4, ±8 or ±16 g).
    package var rangeG: Double
    /// White-noise standard deviation per axis, in g.
    package var noiseRmsG: Double

    /// The ranges a scenario may choose, ±g.
    package static let supportedRangesG: [Double] = [2, 4, 8, 16]

    /// A sensor; defaults: 100 Hz, ±8 g, 0.01 g noise (see the README (shake study) for the sources).
    package init(sampleRateHz: Double = 100, rangeG: Double = 8, noiseRmsG: Double = 0.01) {
        self.sampleRateHz = sampleRateHz
        self.rangeG = rangeG
        self.noiseRmsG = noiseRmsG
    }
}

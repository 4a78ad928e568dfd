import DetectionCore
import FileFormats
import Foundation

/// An accelerometer recording replayed through the core's ``ShakeDetector``: the time of every shake event.
///
/// Samples are converted to g inside (m/s² ÷ 9.80665, see ``RecordingUnit``), in the units of the format's
/// documentation (``SensorCSVFormat``) unless `--unit` says otherwise. The file must hold what the detector reads:
/// user acceleration (Sensor Logger's Accelerometer.csv, phyphox's Linear Acceleration) for a detector with
/// `inputIncludesGravity` false, raw readings (TotalAcceleration.csv, AccelerometerUncalibrated.csv, phyphox's
/// Acceleration with g) for one with it true, such as `raw-magnitude`.
package struct ShakeReplay: Sendable {
    /// One event.
    package struct Event: Sendable, Equatable {
        /// Seconds after the recording's first sample.
        package let timeSeconds: Double
        /// The magnitude √(x²+y²+z²) of the sample that fired, g (as read, gravity included when the input has it).
        package let magnitudeG: Double
    }

    package let info: RecordingInfo
    package let configuration: ShakeDetectorConfiguration
    package let events: [Event]
    /// Samples the detector accepted and skipped.
    package let samplesConsumed: Int
    package let samplesSkipped: Int

    /// The fastest rate the detector's window storage is sized for: the core's upper limit, so any recording fits.
    static let maximumSampleRateHz = 1000.0

    /// Streams a CSV recording through a detector.
    ///
    /// - Parameters:
    ///   - path: the recording.
    ///   - unit: `--unit`, or `nil` for the header's or the format's documented unit of the file's sensor.
    ///   - configuration: a validated configuration.
    /// - Throws: ``InputError`` for a bad file, or a file of another sensor than the detector reads.
    package init(path: String, unit: RecordingUnit?, configuration: ShakeDetectorConfiguration) throws(InputError) {
        let detector: ShakeDetector
        do {
            detector = try ShakeDetector(configuration: configuration, maximumSampleRateHz: Self.maximumSampleRateHz)
        } catch {
            throw InputError(file: path, problem: "the shake detector refused its configuration: \(error)")
        }
        var sink = Sink(detector: detector)
        // Raw readings for a detector fed gravity-included input, user acceleration otherwise; a file that does
        // not say (generic, unnamed phyphox) is read as the configuration says.
        let need = SensorNeed(
            .acceleration(includesGravity: detector.accelerationInput == .rawAccelerometer),
            consumer: "the \(configuration.kind.rawValue) shake detector"
                + (configuration.inputIncludesGravity ? " (inputIncludesGravity true)" : ""))
        info = try SensorCSVReader.read(path: path, declaredUnit: unit, need: need, into: &sink)
        self.configuration = configuration
        events = sink.events
        samplesConsumed = sink.detector.samplesConsumed
        samplesSkipped = sink.detector.samplesSkipped
    }

    /// Feeds the detector through the core's protocol, as an app's code would drive any `ShakeDetecting` type.
    struct Sink<Detector: ShakeDetecting>: SampleSink {
        var detector: Detector
        var firstTime = Double.nan
        var events: [Event] = []

        mutating func consume(timeSeconds: Double, x: Double, y: Double, z: Double) {
            if firstTime.isNaN { firstTime = timeSeconds }
            let t = timeSeconds - firstTime
            if detector.consume(AccelerationSample(timestampSeconds: t, x: x, y: y, z: z)) {
                events.append(Event(timeSeconds: t, magnitudeG: (x * x + y * y + z * z).squareRoot()))
            }
        }
    }
}

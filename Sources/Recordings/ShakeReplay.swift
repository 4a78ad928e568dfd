import DetectionCore
import FileFormats
import Foundation

/// An accelerometer recording replayed through the core's ``ShakeDetector``: the time of every shake event.
///
/// Samples are converted to g inside (m/s² ÷ 9.80665, see ``RecordingUnit``); a Sensor Logger file without
/// `--unit` is read in m/s², the unit of its Accelerometer.csv (gravity removed on iOS; Android writes gravity
/// into TotalAcceleration.csv instead, which needs `"inputIncludesGravity": true`).
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
    ///   - unit: `--unit`, or `nil` for the header's (phyphox) or Sensor Logger's m/s².
    ///   - configuration: a validated configuration.
    /// - Throws: ``InputError`` for a bad file or a rotation-rate recording.
    package init(path: String, unit: RecordingUnit?, configuration: ShakeDetectorConfiguration) throws(InputError) {
        let detected = try SensorCSVReader.unit(
            path: path, declaredUnit: unit,
            sensorLoggerDefault: .metersPerSecondSquared)
        guard detected.unit.quantity == .acceleration else {
            throw InputError(
                file: path, field: "unit",
                problem: "is a rotation-rate recording (\(detected.unit.rawValue)); "
                    + "the shake detector reads acceleration (g or m/s2)")
        }
        // Sensor Logger's headers carry no unit: its file name is the only hint of what was recorded.
        if detected.format == .sensorLogger, unit == nil,
            URL(fileURLWithPath: path).lastPathComponent.lowercased().contains("gyro")
        {
            throw InputError(
                file: path, field: "unit",
                problem: "looks like Sensor Logger's Gyroscope.csv; the "
                    + "shake detector reads Accelerometer.csv (pass --unit m/s2 if this is an accelerometer)")
        }
        let detector: ShakeDetector
        do {
            detector = try ShakeDetector(configuration: configuration, maximumSampleRateHz: Self.maximumSampleRateHz)
        } catch {
            throw InputError(file: path, problem: "the shake detector refused its configuration: \(error)")
        }
        var sink = Sink(detector: detector)
        info = try SensorCSVReader.read(
            path: path, declaredUnit: unit, sensorLoggerDefault: .metersPerSecondSquared,
            into: &sink)
        self.configuration = configuration
        events = sink.events
        samplesConsumed = sink.detector.samplesConsumed
        samplesSkipped = sink.detector.samplesSkipped
    }

    struct Sink: SampleSink {
        var detector: ShakeDetector
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

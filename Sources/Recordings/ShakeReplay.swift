import DetectionCore
import FileFormats
import Foundation
import Studies

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
        /// Seconds in the recording's own time base: Sensor Logger's `seconds_elapsed`, else the file's time column
        /// (a time in nanoseconds since the epoch alone counts from the first sample).
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
    /// The largest |a| per time bin, for the signal chart.
    package let envelope: SignalEnvelope
    /// The labels the replay was scored against, and the score (nil without labels).
    package let labels: RecordingLabels?
    package let score: Score?

    /// A replay scored against its labels: the shake study's matching and statistics on one timeline.
    package struct Score: Sendable {
        /// The recording as the study's timeline (truth, labels, the one setting's detections).
        package let outcome: GestureTrialOutcome
        /// The activities its labels index (``LabelledTimeline/activityNames(_:)``).
        package let activities: [String]
        /// The one setting's statistics (``SweepAnalysis`` of one setting and one timeline).
        package let analysis: SweepAnalysis
        package var metrics: DetectionMetrics { analysis.metrics[0] }
    }

    /// The fastest rate the detector's window storage is sized for: the core's upper limit, so any recording fits.
    static let maximumSampleRateHz = 1000.0

    /// Streams a CSV recording through a detector.
    ///
    /// - Parameters:
    ///   - path: the recording.
    ///   - unit: `--unit`, or `nil` for the header's or the format's documented unit of the file's sensor.
    ///   - configuration: a validated configuration.
    ///   - labels: the recording's labels, to score the events against (nil: events only).
    /// - Throws: ``InputError`` for a bad file, or a file of another sensor than the detector reads, or labels
    ///   outside the recording.
    package init(
        path: String, unit: RecordingUnit?, configuration: ShakeDetectorConfiguration, labels: RecordingLabels? = nil
    ) throws(InputError) {
        let detector: ShakeDetector
        do {
            detector = try ShakeDetector(configuration: configuration, maximumSampleRateHz: Self.maximumSampleRateHz)
        } catch {
            throw InputError(file: path, problem: "the shake detector refused its configuration: \(error)")
        }
        var sink = Sink(detector: detector)
        info = try SensorCSVReader.read(path: path, declaredUnit: unit, need: Self.need(configuration), into: &sink)
        self.configuration = configuration
        events = sink.events
        samplesConsumed = sink.detector.samplesConsumed
        samplesSkipped = sink.detector.samplesSkipped
        envelope = sink.envelope
        self.labels = labels
        if let labels {
            let activities = LabelledTimeline.activityNames([labels])
            let outcome = try LabelledTimeline.outcome(
                labels: labels, info: info, detections: [events.map(\.timeSeconds)], index: 0, activities: activities)
            do {
                let analysis = try SweepAnalysis(
                    settings: [ShakeStudy.setting(configuration, index: 0)], outcomes: [outcome],
                    activityCount: activities.count, toleranceBeforeSeconds: Self.toleranceBeforeSeconds,
                    toleranceAfterSeconds: Self.toleranceAfterSeconds, rule: .default)
                score = Score(outcome: outcome, activities: activities, analysis: analysis)
            } catch {
                throw InputError(file: labels.file, problem: "the score could not be computed: \(error)")
            }
        } else {
            score = nil
        }
    }

    /// The matching window around a labelled shake: the shake study's defaults (``GestureScenarioReader``'s
    /// `matching`): from the label's start to 0.5 s after its end.
    package static let toleranceBeforeSeconds = 0.0
    package static let toleranceAfterSeconds = 0.5

    /// What the detector reads: raw readings for a detector fed gravity-included input, user acceleration
    /// otherwise; a file that does not say (generic, unnamed phyphox) is read as the configuration says.
    static func need(_ configuration: ShakeDetectorConfiguration) -> SensorNeed {
        SensorNeed(
            .acceleration(includesGravity: configuration.inputIncludesGravity),
            consumer: "the \(configuration.kind.rawValue) shake detector"
                + (configuration.inputIncludesGravity ? " (inputIncludesGravity true)" : ""))
    }

    /// The detection times of `configuration` over a recording held in memory (a sweep feeds every setting the
    /// same samples), through the same sink as a replay.
    ///
    /// - Throws: ``InputError`` when the core refuses the configuration.
    package static func detections(
        _ trace: AccelerationTrace, configuration: ShakeDetectorConfiguration
    ) throws(InputError) -> [Double] {
        let detector: ShakeDetector
        do {
            detector = try ShakeDetector(configuration: configuration, maximumSampleRateHz: maximumSampleRateHz)
        } catch {
            throw InputError(file: trace.info.file, problem: "the shake detector refused its configuration: \(error)")
        }
        var sink = Sink(detector: detector, keepsEnvelope: false)
        for k in trace.t.indices { sink.consume(timeSeconds: trace.t[k], x: trace.x[k], y: trace.y[k], z: trace.z[k]) }
        return sink.events.map(\.timeSeconds)
    }

    /// Feeds the detector through the core's protocol, as an app's code would drive any `ShakeDetecting` type.
    struct Sink<Detector: ShakeDetecting>: SampleSink {
        var detector: Detector
        var keepsEnvelope = true
        var events: [Event] = []
        var envelope = SignalEnvelope()

        init(detector: Detector, keepsEnvelope: Bool = true) {
            self.detector = detector
            self.keepsEnvelope = keepsEnvelope
        }

        /// Times are the recording's own (not shifted to start at 0): events line up with its labels.
        mutating func consume(timeSeconds t: Double, x: Double, y: Double, z: Double) {
            let magnitude = (x * x + y * y + z * z).squareRoot()
            if keepsEnvelope { envelope.add(timeSeconds: t, magnitude: magnitude) }
            if detector.consume(AccelerationSample(timestampSeconds: t, x: x, y: y, z: z)) {
                events.append(Event(timeSeconds: t, magnitudeG: magnitude))
            }
        }
    }
}

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
    /// The signal's level: the median, over the recording's whole seconds, of the magnitude of each second's mean
    /// acceleration vector, g, to the 0.01 g of ``MagnitudeHistogram`` (a recording shorter than a second has one,
    /// partial, second).
    ///
    /// Gravity is a slowly turning 1 g vector that a second's mean keeps; user acceleration averages out over a second
    /// (its mean is the change of velocity over the second, a few tenths of a g at most in everyday motion). The median
    /// |a| of the samples, by contrast, does not separate them: MotionSense's pocket walking `wlk_7_sub_1.csv` has a
    /// median user acceleration |a| of 0.93 g.
    package let gravityLevelG: Double

    /// The levels at which a signal counts as including gravity, g: 1 ± 0.25 g.
    ///
    /// Measured on MotionSense's 72 recordings (`../shared/realdata/motionsense-iphone6s`, 12 subjects × 6 activities,
    /// iPhone 6s in a trouser pocket): with gravity added back the level is 0.97–1.19 g; user acceleration alone
    /// is at most 0.41 g on 71 of them and 0.65 g on one walk. The micro:bit shake recording (milli-g with gravity,
    /// two shakes in 11.6 s) is at 0.82 g.
    package static let gravityLevelsG = 0.75...1.25
    /// The level at or below which a signal counts as having gravity removed, g. Between this and
    /// ``gravityLevelsG`` (vigorous motion throughout, or an offset) the level says nothing.
    package static let gravityRemovedAtMostG = 0.5

    /// What the signal's level says of gravity: true (included), false (removed), or nil (no verdict).
    package var levelIncludesGravity: Bool? {
        if Self.gravityLevelsG.contains(gravityLevelG) { return true }
        if gravityLevelG <= Self.gravityRemovedAtMostG { return false }
        return nil
    }

    /// The warning line for standard error: ``gravityMismatch`` after the file's name.
    package var gravityWarning: String? { gravityMismatch.map { "Warning: \(info.file): " + $0 } }

    /// What the signal's level says against the detector's assumption (`inputIncludesGravity`), or nil when they
    /// agree or the level gives no verdict.
    package var gravityMismatch: String? {
        guard let includesGravity = levelIncludesGravity, includesGravity != configuration.inputIncludesGravity else {
            return nil
        }
        let level = Self.levelText(gravityLevelG)
        let kind = configuration.kind.rawValue
        if includesGravity {
            return "its level (the median over seconds of |mean a|) is \(level) g, a signal that includes gravity, "
                + "but the \(kind) detector assumes gravity removed (inputIncludesGravity false): its threshold is "
                + "compared with gravity plus motion; set \"inputIncludesGravity\": true or record user acceleration"
        }
        return "its level (the median over seconds of |mean a|) is \(level) g, a signal with gravity removed, "
            + "but the \(kind) detector assumes gravity included (inputIncludesGravity true); set "
            + "\"inputIncludesGravity\": false or record raw acceleration"
    }

    static func levelText(_ g: Double) -> String {
        let hundredths = Int((g * 100).rounded())
        let fraction = String(hundredths % 100)
        return "\(hundredths / 100)." + (fraction.count == 1 ? "0" + fraction : fraction)
    }

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
    ///   - rateHz: `--rate`, the sample rate of a file without a time column, or nil.
    ///   - configuration: a validated configuration.
    ///   - labels: the recording's labels, to score the events against (nil: events only).
    /// - Throws: ``InputError`` for a bad file, or a file of another sensor than the detector reads, or labels
    ///   outside the recording.
    package init(
        path: String, unit: RecordingUnit?, rateHz: Double? = nil, configuration: ShakeDetectorConfiguration,
        labels: RecordingLabels? = nil
    ) throws(InputError) {
        let detector: ShakeDetector
        do {
            detector = try ShakeDetector(configuration: configuration, maximumSampleRateHz: Self.maximumSampleRateHz)
        } catch {
            throw InputError(file: path, problem: "the shake detector refused its configuration: \(error)")
        }
        var sink = Sink(detector: detector)
        info = try SensorCSVReader.read(
            path: path, declaredUnit: unit, rateHz: rateHz, need: Self.need(configuration), into: &sink)
        self.configuration = configuration
        events = sink.events
        samplesConsumed = sink.detector.samplesConsumed
        samplesSkipped = sink.detector.samplesSkipped
        gravityLevelG = sink.level.median
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

    /// Counts magnitudes in 0.01 g bins from 0 to 16 g (the largest full-scale range), the last bin open: the
    /// median in O(1) memory, to the bin's width.
    package struct MagnitudeHistogram: Sendable {
        /// Width of a bin, g.
        static let binG = 0.01
        var counts = [Int](repeating: 0, count: 1601)
        var total = 0

        package init() {}

        package mutating func add(_ magnitudeG: Double) {
            guard magnitudeG.isFinite else { return }
            counts[min(counts.count - 1, max(0, Int((magnitudeG / Self.binG).rounded())))] += 1
            total += 1
        }

        /// The lower median's bin centre, g (0 when empty).
        package var median: Double {
            guard total > 0 else { return 0 }
            let rank = (total + 1) / 2
            var seen = 0
            for (bin, n) in counts.enumerated() {
                seen += n
                if seen >= rank { return Double(bin) * Self.binG }
            }
            return Double(counts.count - 1) * Self.binG
        }
    }

    /// The magnitude of each whole second's mean vector, in a histogram; seconds count from the first sample.
    package struct SecondMeans: Sendable {
        var histogram = MagnitudeHistogram()
        var second = 0
        var sum = (0.0, 0.0, 0.0)
        var count = 0

        package init() {}

        /// Adds a sample at `t` seconds after the first; a sample in a later second closes the current one.
        package mutating func add(t: Double, x: Double, y: Double, z: Double) {
            // 1 ns of slack: times built as k × 0.025 s land on a second's boundary with rounding of order 1e-16.
            let s = Int((t + 1e-9).rounded(.down))
            if s != second {
                close()
                second = s
            }
            sum = (sum.0 + x, sum.1 + y, sum.2 + z)
            count += 1
        }

        mutating func close() {
            guard count > 0 else { return }
            let n = Double(count)
            let (mx, my, mz) = (sum.0 / n, sum.1 / n, sum.2 / n)
            histogram.add((mx * mx + my * my + mz * mz).squareRoot())
            sum = (0, 0, 0)
            count = 0
        }

        /// The median over the whole seconds; the last, partial, second counts only when there is no whole one.
        package var median: Double {
            if histogram.total > 0 { return histogram.median }
            var only = self
            only.close()
            return only.histogram.median
        }
    }

    /// Feeds the detector through the core's protocol, as an app's code would drive any `ShakeDetecting` type.
    struct Sink<Detector: ShakeDetecting>: SampleSink {
        var detector: Detector
        var keepsEnvelope = true
        var events: [Event] = []
        var envelope = SignalEnvelope()
        /// The first sample's time: the gravity level's seconds count from it.
        var firstTime = Double.nan
        var level = SecondMeans()

        init(detector: Detector, keepsEnvelope: Bool = true) {
            self.detector = detector
            self.keepsEnvelope = keepsEnvelope
        }

        /// Times are the recording's own (not shifted to start at 0): events line up with its labels.
        mutating func consume(timeSeconds t: Double, x: Double, y: Double, z: Double) {
            let magnitude = (x * x + y * y + z * z).squareRoot()
            if keepsEnvelope { envelope.add(timeSeconds: t, magnitude: magnitude) }
            if firstTime.isNaN { firstTime = t }
            level.add(t: t - firstTime, x: x, y: y, z: z)
            if detector.consume(AccelerationSample(timestampSeconds: t, x: x, y: y, z: z)) {
                events.append(Event(timeSeconds: t, magnitudeG: magnitude))
            }
        }
    }
}

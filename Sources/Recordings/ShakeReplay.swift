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

    /// The fastest rate the detector's window storage is sized for: the core's upper limit, so any recording fits.
    static let maximumSampleRateHz = 1000.0

    /// Streams a CSV recording through a detector.
    ///
    /// - Parameters:
    ///   - path: the recording.
    ///   - unit: `--unit`, or `nil` for the header's or the format's documented unit of the file's sensor.
    ///   - rateHz: `--rate`, the sample rate of a file without a time column, or nil.
    ///   - configuration: a validated configuration.
    /// - Throws: ``InputError`` for a bad file, or a file of another sensor than the detector reads.
    package init(
        path: String, unit: RecordingUnit?, rateHz: Double? = nil, configuration: ShakeDetectorConfiguration
    ) throws(InputError) {
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
        info = try SensorCSVReader.read(path: path, declaredUnit: unit, rateHz: rateHz, need: need, into: &sink)
        self.configuration = configuration
        events = sink.events
        samplesConsumed = sink.detector.samplesConsumed
        samplesSkipped = sink.detector.samplesSkipped
        gravityLevelG = sink.level.median
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
        var firstTime = Double.nan
        var events: [Event] = []
        var level = SecondMeans()

        mutating func consume(timeSeconds: Double, x: Double, y: Double, z: Double) {
            if firstTime.isNaN { firstTime = timeSeconds }
            let t = timeSeconds - firstTime
            level.add(t: t, x: x, y: y, z: z)
            if detector.consume(AccelerationSample(timestampSeconds: t, x: x, y: y, z: z)) {
                events.append(Event(timeSeconds: t, magnitudeG: (x * x + y * y + z * z).squareRoot()))
            }
        }
    }
}

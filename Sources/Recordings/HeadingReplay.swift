import DetectionCore
import FileFormats
import Foundation
import Reporting

/// A gyro recording replayed through TurnBack's ``HeadingTracker``: what the arrow said, second by second.
///
/// The z column (rotation rate about the screen normal, rad/s inside) is fed with the file's time axis; the
/// tracker marks at the first sample at or after ``HeadingReplaySettings/markAtSeconds``, and from then on one row
/// is kept per ``HeadingReplaySettings/reportIntervalSeconds`` (the first sample at or after each multiple), plus
/// the last sample. Memory: the downsampled rows only, never the samples.
package struct HeadingReplay: Sendable {
    /// One reported instant.
    package struct Row: Sendable, Equatable {
        /// Seconds after the recording's first sample.
        package let timeSeconds: Double
        /// The tracker's unwrapped yaw since its start, degrees (positive = counter-clockwise, to the left).
        package let yawDegrees: Double
        /// The turn back to the marked heading, degrees in (−180, 180] (positive = to the left).
        package let turnAngleDegrees: Double
        /// The phrase under the arrow ("3° to your left", "straight ahead").
        package let phrase: String
        /// Samples skipped by the tracker so far.
        package let skippedSamples: Int
    }

    package let info: RecordingInfo
    package let settings: HeadingReplaySettings
    /// When the mark happened, seconds after the first sample.
    package let markedAtSeconds: Double
    /// The downsampled rows, ending with the last sample.
    package let rows: [Row]
    /// The tracker's counters at the end.
    package let counters: HeadingTracker.Counters
    /// Net rotation from the mark to the last sample (the tracker's yaw then minus at the mark), degrees.
    package let netTurnDegrees: Double
    /// Total absolute rotation from the mark to the last sample, Σ|ω|·Δt (trapezoidal, across the same samples the
    /// tracker integrates), degrees.
    package let turnedDegrees: Double

    /// The arrow at the end of the recording.
    package var final: Row? { rows.last }

    /// Streams a CSV recording through a tracker.
    ///
    /// - Parameters:
    ///   - path: the recording (Sensor Logger, phyphox or generic; see ``SensorCSVFormat``).
    ///   - unit: `--unit`, or `nil` for the header's or the format's.
    ///   - rateHz: `--rate`, the sample rate of a file without a time column, or nil.
    ///   - settings: the replay settings.
    ///   - configurationFile: the configuration's path, for the error when the mark falls after the end.
    /// - Throws: ``InputError`` for a bad file, an acceleration recording, or a mark after the recording's end.
    package init(
        path: String, unit: RecordingUnit?, rateHz: Double? = nil, settings: HeadingReplaySettings,
        configurationFile: String
    ) throws(InputError) {
        var sink = Sink(settings: settings)
        // The sensor is checked from the header and file name before the first sample.
        let info = try SensorCSVReader.read(
            path: path, declaredUnit: unit, rateHz: rateHz, need: SensorNeed(.rotationRate, consumer: "the heading replay"),
            into: &sink)
        guard let marked = sink.markedAt else {
            throw InputError(
                file: configurationFile, field: "markAtSeconds",
                problem: "\(settings.markAtSeconds) s is after the recording's last sample "
                    + "(\(info.lastTimeSeconds - info.firstTimeSeconds) s after its first)")
        }
        sink.record(force: true)
        self.info = info
        self.settings = settings
        markedAtSeconds = marked
        rows = sink.rows
        counters = sink.tracker.counters
        netTurnDegrees = (sink.tracker.yawRadians - sink.yawAtMark) * 180 / .pi
        turnedDegrees = sink.turnedRadians * 180 / .pi
    }

    // MARK: - The walk as a drift-log entry

    /// Minutes from the mark to the last sample.
    package var minutesSinceMark: Double { ((final?.timeSeconds ?? markedAtSeconds) - markedAtSeconds) / 60 }

    /// The drift when the walker faces the marked direction at the end: the net rotation wrapped to (−180°, 180°]
    /// (the walk's true net rotation is then a whole number of turns), which is what TurnBack logs.
    package var driftDegrees: Double {
        var d = netTurnDegrees.truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d <= -180 { d += 360 }
        return d
    }

    /// This walk as one entry of TurnBack's log with the turning fields (docs/recordings.md): `name`, `minutes`,
    /// `driftDegrees`, `turnedDegrees`, `netTurnDegrees` (numbers to 6 significant digits).
    package func logEntryJSON(name: String) throws -> String {
        func n(_ x: Double) throws -> String { try Format.number(x, significantDigits: 6) }
        return "{\"name\":\(GyroCalibration.quoted(name)),\"minutes\":\(try n(minutesSinceMark)),"
            + "\"driftDegrees\":\(try n(driftDegrees)),\"turnedDegrees\":\(try n(turnedDegrees)),"
            + "\"netTurnDegrees\":\(try n(netTurnDegrees))}"
    }

    /// Feeds one sample to any heading tracker.
    static func feed<T: HeadingTracking>(_ tracker: inout T, _ sample: HeadingSample) { tracker.consume(sample) }

    /// The per-sample state: a tracker, the mark, the next report time.
    struct Sink: SampleSink {
        let settings: HeadingReplaySettings
        var tracker: HeadingTracker
        var firstTime = Double.nan
        var lastTime = 0.0
        var markedAt: Double?
        var nextReport = 0.0
        var rows: [Row] = []
        var yawAtMark = 0.0
        var turnedRadians = 0.0
        var previousZ = 0.0

        init(settings: HeadingReplaySettings) {
            self.settings = settings
            tracker = HeadingTracker(configuration: .init(maximumGapSeconds: settings.maximumGapSeconds))
        }

        mutating func consume(timeSeconds: Double, x: Double, y: Double, z: Double) {
            if firstTime.isNaN { firstTime = timeSeconds }
            let step = timeSeconds - firstTime - lastTime
            // Through the core's protocol, as an app's code would drive any `HeadingTracking` type.
            HeadingReplay.feed(&tracker, .rotationRate(zRadiansPerSecond: z, timestampSeconds: timeSeconds))
            if markedAt != nil, step > 0, step <= settings.maximumGapSeconds {
                turnedRadians += 0.5 * (abs(previousZ) + abs(z)) * step
            }
            previousZ = z
            lastTime = timeSeconds - firstTime
            if markedAt == nil, lastTime >= settings.markAtSeconds {
                tracker.mark()
                markedAt = lastTime
                nextReport = lastTime
                yawAtMark = tracker.yawRadians
            }
            if markedAt != nil, lastTime >= nextReport {
                record(force: false)
                // The next multiple of the interval after this time (a long gap skips rows rather than repeating).
                let k = ((lastTime - (markedAt ?? 0)) / settings.reportIntervalSeconds).rounded(.down) + 1
                nextReport = (markedAt ?? 0) + k * settings.reportIntervalSeconds
            }
        }

        /// Appends a row for the current sample (`force`: the final row, unless the last row is this sample).
        mutating func record(force: Bool) {
            if force, rows.last?.timeSeconds == lastTime { return }
            let turn = tracker.turnAngleRadians ?? 0
            let phrase =
                TurnPhrase(
                    turnAngleRadians: turn,
                    straightAheadToleranceDegrees: settings.straightAheadToleranceDegrees)?.text ?? ""
            rows.append(
                Row(
                    timeSeconds: lastTime, yawDegrees: tracker.yawRadians * 180 / .pi,
                    turnAngleDegrees: turn * 180 / .pi, phrase: phrase,
                    skippedSamples: tracker.counters.skipped))
        }
    }
}

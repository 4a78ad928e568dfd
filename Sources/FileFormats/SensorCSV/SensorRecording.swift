import Foundation

/// A whole three-axis recording in memory, for analyses that need every sample at once (Allan deviation).
///
/// Holds the samples once: three arrays of n doubles (no timestamps; the import checks the time axis and keeps
/// its first, last and largest step, and the count and time of steps over 1.5 τ₀; the sample times only for a
/// record whose long steps span more than ``keptTimesLongStepShare`` of its time). Values are in the internal unit:
/// rad/s or g.
package struct SensorRecording: Sendable {
    package let info: RecordingInfo
    package let x: [Double]
    package let y: [Double]
    package let z: [Double]

    /// Steps between consecutive samples longer than 1.5 × the mean interval: how many, and the time they span
    /// (s). The Allan deviation assumes even sampling; these say how far a record is from it.
    package let longStepCount: Int
    package let longStepSeconds: Double
    /// The sample times, s, kept only when the long steps span more than ``keptTimesLongStepShare`` of the record's
    /// time (the Allan analysis then puts the record on an even grid with gaps); `nil` otherwise.
    package let times: [Double]?

    /// The share of a record's time in steps over 1.5 τ₀ above which the sample times are kept: 1%.
    package static let keptTimesLongStepShare = 0.01

    package init(
        info: RecordingInfo, x: [Double], y: [Double], z: [Double], longStepCount: Int = 0, longStepSeconds: Double = 0,
        times: [Double]? = nil
    ) {
        self.info = info
        self.x = x
        self.y = y
        self.z = z
        self.longStepCount = longStepCount
        self.longStepSeconds = longStepSeconds
        self.times = times
    }

    /// One axis by name ("x", "y" or "z").
    package func axis(_ name: String) -> [Double] {
        switch name {
        case "x": return x
        case "y": return y
        default: return z
        }
    }

    /// Imports a gyroscope recording (any dialect of ``SensorCSVDialects``); any other sensor is refused.
    ///
    /// - Throws: ``InputError`` naming the file and line of the first problem.
    /// - Parameters:
    ///   - path: a CSV or a zip export.
    ///   - declaredUnit: `--unit`, or nil for the format's.
    ///   - rateHz: `--rate`, the sample rate of a file without a time column, or nil.
    ///   - consumer: the command, named when the file holds another sensor than a gyroscope.
    package static func load(
        path: String, declaredUnit: RecordingUnit?, rateHz: Double? = nil, consumer: String = "this command",
        progress: (any ReadingProgress)? = nil
    ) throws(InputError) -> SensorRecording {
        var sink = Collector()
        let info = try SensorCSVReader.read(
            path: path, declaredUnit: declaredUnit, rateHz: rateHz, need: SensorNeed(.rotationRate, consumer: consumer),
            into: &sink,
            progress: progress)
        let threshold = 1.5 * info.meanIntervalSeconds
        var longCount = 0
        var longSeconds = 0.0
        for k in sink.times.indices.dropFirst() {
            let step = sink.times[k] - sink.times[k - 1]
            if step > threshold {
                longCount += 1
                longSeconds += step
            }
        }
        let duration = info.lastTimeSeconds - info.firstTimeSeconds
        let keep = duration > 0 && longSeconds / duration > keptTimesLongStepShare
        return SensorRecording(
            info: info, x: sink.x, y: sink.y, z: sink.z, longStepCount: longCount, longStepSeconds: longSeconds,
            times: keep ? sink.times : nil)
    }

    /// Appends samples to three arrays (amortised growth; the only per-sample storage of the program).
    struct Collector: SampleSink {
        var x: [Double] = []
        var y: [Double] = []
        var z: [Double] = []
        /// The sample times, kept until the mean interval is known (and beyond, for a record with gaps).
        var times: [Double] = []
        mutating func consume(timeSeconds: Double, x: Double, y: Double, z: Double) {
            times.append(timeSeconds)
            self.x.append(x)
            self.y.append(y)
            self.z.append(z)
        }
    }
}

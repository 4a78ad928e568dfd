import Foundation

/// A whole three-axis recording in memory, for analyses that need every sample at once (Allan deviation).
///
/// Holds the samples once: three arrays of n doubles (no timestamps; the import checks the time axis and keeps
/// its first, last and largest step, and the count and time of steps over 1.5 τ₀). Values are in the internal unit: rad/s or g.
package struct SensorRecording: Sendable {
    package let info: RecordingInfo
    package let x: [Double]
    package let y: [Double]
    package let z: [Double]

    /// Steps between consecutive samples longer than 1.5 × the mean interval: how many, and the time they span
    /// (s). The Allan deviation assumes even sampling; these say how far a record is from it.
    package let longStepCount: Int
    package let longStepSeconds: Double

    package init(info: RecordingInfo, x: [Double], y: [Double], z: [Double], longStepCount: Int = 0, longStepSeconds: Double = 0) {
        self.info = info
        self.x = x
        self.y = y
        self.z = z
        self.longStepCount = longStepCount
        self.longStepSeconds = longStepSeconds
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
        for step in sink.steps where Double(step) > threshold {
            longCount += 1
            longSeconds += Double(step)
        }
        return SensorRecording(
            info: info, x: sink.x, y: sink.y, z: sink.z, longStepCount: longCount, longStepSeconds: longSeconds)
    }

    /// Appends samples to three arrays (amortised growth; the only per-sample storage of the program).
    struct Collector: SampleSink {
        var x: [Double] = []
        var y: [Double] = []
        var z: [Double] = []
        /// The steps between samples, single precision (half the bytes; they are only compared with 1.5 τ₀ and
        /// summed), kept until the mean interval is known.
        var steps: [Float] = []
        var previous: Double?
        mutating func consume(timeSeconds: Double, x: Double, y: Double, z: Double) {
            if let p = previous { steps.append(Float(timeSeconds - p)) }
            previous = timeSeconds
            self.x.append(x)
            self.y.append(y)
            self.z.append(z)
        }
    }
}

import Foundation

/// A whole three-axis recording in memory, for analyses that need every sample at once (Allan deviation).
///
/// Holds the samples once: three arrays of n doubles (no timestamps; the import checks the time axis and keeps
/// its first, last and largest step). Values are in the internal unit: rad/s or g.
package struct SensorRecording: Sendable {
    package let info: RecordingInfo
    package let x: [Double]
    package let y: [Double]
    package let z: [Double]

    package init(info: RecordingInfo, x: [Double], y: [Double], z: [Double]) {
        self.info = info
        self.x = x
        self.y = y
        self.z = z
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
        return SensorRecording(info: info, x: sink.x, y: sink.y, z: sink.z)
    }

    /// Appends samples to three arrays (amortised growth; the only per-sample storage of the program).
    struct Collector: SampleSink {
        var x: [Double] = []
        var y: [Double] = []
        var z: [Double] = []
        mutating func consume(timeSeconds: Double, x: Double, y: Double, z: Double) {
            self.x.append(x)
            self.y.append(y)
            self.z.append(z)
        }
    }
}

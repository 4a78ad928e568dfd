import DetectionCore
import FileFormats

/// An accelerometer recording held in memory, for a sweep that feeds the same samples to every setting.
///
/// Times are the recording's own (Sensor Logger's `seconds_elapsed`, else the file's time column); values in g.
package struct AccelerationTrace: Sendable {
    package let info: RecordingInfo
    package let t: [Double]
    package let x: [Double]
    package let y: [Double]
    package let z: [Double]

    /// Reads a recording (any dialect) as the detector `configuration` needs it: user acceleration, or raw readings
    /// when it sets `inputIncludesGravity`.
    ///
    /// - Throws: ``InputError`` for a bad file or one of another sensor.
    package static func load(
        path: String, unit: RecordingUnit?, configuration: ShakeDetectorConfiguration
    ) throws(InputError) -> AccelerationTrace {
        var sink = Collector()
        let info = try SensorCSVReader.read(
            path: path, declaredUnit: unit, need: ShakeReplay.need(configuration), into: &sink)
        return AccelerationTrace(info: info, t: sink.t, x: sink.x, y: sink.y, z: sink.z)
    }

    struct Collector: SampleSink {
        var t: [Double] = []
        var x: [Double] = []
        var y: [Double] = []
        var z: [Double] = []
        mutating func consume(timeSeconds: Double, x: Double, y: Double, z: Double) {
            t.append(timeSeconds)
            self.x.append(x)
            self.y.append(y)
            self.z.append(z)
        }
    }

    /// The largest |a| per time bin, for the signal chart.
    package var envelope: SignalEnvelope {
        var e = SignalEnvelope()
        for k in t.indices { e.add(timeSeconds: t[k], magnitude: (x[k] * x[k] + y[k] * y[k] + z[k] * z[k]).squareRoot()) }
        return e
    }
}

import FileFormats
import Foundation
import Reporting

/// `validate` on a recording: read it as `allan`, `calibrate` or `replay` would (every row checked) and say what
/// it holds.
enum RecordingValidation {
    /// Counts samples; the reader checks every row.
    struct Count: SampleSink {
        mutating func consume(timeSeconds: Double, x: Double, y: Double, z: Double) {}
    }

    /// "Sensor Logger gyroscope CSV, 12 000 samples over 120.0 s, rad/s (Sensor Logger UNITS.md)", or the reader's
    /// error for the first bad row.
    static func line(_ file: String) throws -> String {
        let prefix = try FileIdentification.prefix(of: file, shown: file)
        let name = URL(fileURLWithPath: file).lastPathComponent
        let found = FileIdentification.describe(prefix: prefix, fileName: name)
        let words = found?.words ?? "a recording"
        let what = String(words.drop { $0 != " " }.dropFirst())
        if found?.category == .locationCSV { return try locationLine(file, what) }
        // The sensor as the header or file name names it; a zip or JSON export is tried as a gyroscope, an
        // accelerometer, then a location track, and a file of none gets the first refusal.
        let sensor = FileIdentification.sensor(prefix: prefix, fileName: name)
        let named = sensor != nil
        if let sensor, sensor.quantity == nil {
            throw InputError(
                file: file,
                problem: "is \(words), which sensorbench does not read (it reads gyroscope, accelerometer and location recordings)")
        }
        let needs: [SensorNeed.Quantity] =
            sensor?.quantity == .acceleration
            ? [.acceleration(includesGravity: nil)] : [.rotationRate, .acceleration(includesGravity: nil)]
        var firstError: (any Error)?
        for quantity in needs {
            var sink = Count()
            do {
                let info = try SensorCSVReader.read(
                    path: file, declaredUnit: nil, need: SensorNeed(quantity, consumer: "validate"), into: &sink)
                let seconds = try Format.fixed(info.lastTimeSeconds - info.firstTimeSeconds, decimals: 1)
                let sensor = quantity == .rotationRate ? "gyroscope" : "accelerometer"
                return (named ? what : "\(what) (\(info.format.rawValue), read as \(sensor))")
                    + ", \(InputKind.count(info.sampleCount, "sample")) over \(seconds) s, \(info.unit.rawValue) (\(info.unitSource))"
            } catch {
                firstError = firstError ?? error
            }
        }
        // A layout that names no unit (the generic t_s,x,y,z): every row checked, the unit left to the command.
        if !named, case let error as InputError = firstError, error.problem.contains("--unit") {
            var sink = Count()
            let info = try SensorCSVReader.read(
                path: file, declaredUnit: .radPerSec, need: SensorNeed(.rotationRate, consumer: "validate"), into: &sink)
            let seconds = try Format.fixed(info.lastTimeSeconds - info.firstTimeSeconds, decimals: 1)
            return "\(what), \(InputKind.count(info.sampleCount, "sample")) over \(seconds) s; it names no sensor "
                + "or unit: give --unit to the command that reads it"
        }
        if found?.category != .sensorCSV, let fixes = try? locationLine(file, what) { return fixes }
        throw firstError ?? InputError(file: file, problem: "is not a sensor recording")
    }

    /// "Sensor Logger location CSV, 1305 fixes".
    static func locationLine(_ file: String, _ what: String) throws -> String {
        let fixes = try LocationCSVReader.read(path: file, consumer: "validate")
        return "\(what), \(InputKind.count(fixes.count, "fix", "fixes"))"
    }
}

import Foundation

/// The CSV layouts the importers understand, detected from the header line.
///
/// - `sensorLogger`: Sensor Logger's per-sensor export (`time` in ns since the epoch, `seconds_elapsed`, then
///   `x`, `y`, `z` in any order; its Gyroscope.csv is in rad/s and the header carries no unit).
/// - `phyphox`: phyphox's CSV export (`"Time (s)"`, then e.g. `"Gyroscope x (rad/s)"` or
///   `"Acceleration x (m/s^2)"`; the unit is read from the header). Comma, semicolon or tab separated, decimal point.
/// - `generic`: `t_s,x,y,z`, time in seconds, the unit declared with `--unit`.
package enum SensorCSVFormat: String, Sendable, Equatable {
    case sensorLogger = "Sensor Logger"
    case phyphox
    case generic
}

/// How a header maps onto columns: which field holds time and each axis, and in what units.
struct SensorCSVLayout: Equatable {
    let format: SensorCSVFormat
    let separator: UInt8
    /// Column of the time in seconds, or of the time in nanoseconds when `timeIsNanoseconds`.
    let timeColumn: Int
    let timeIsNanoseconds: Bool
    let axisColumns: (x: Int, y: Int, z: Int)
    let unit: RecordingUnit
    /// Whether the unit came from the header, `--unit`, or a documented default.
    let unitSource: String
    let columnCount: Int

    static func == (a: SensorCSVLayout, b: SensorCSVLayout) -> Bool {
        a.format == b.format && a.separator == b.separator && a.timeColumn == b.timeColumn
            && a.timeIsNanoseconds == b.timeIsNanoseconds && a.axisColumns == b.axisColumns && a.unit == b.unit
            && a.columnCount == b.columnCount
    }

    /// Detects the layout from the header line.
    ///
    /// `sensorLoggerDefault` is the unit of a Sensor Logger file when `--unit` is absent (its headers carry none):
    /// rad/s for Gyroscope.csv, m/s² for Accelerometer.csv (Sensor Logger's UNITS.md).
    /// - Throws: ``InputError`` (file and line 1) naming the missing column or unit.
    static func detect(
        header: String, file: String, declaredUnit: RecordingUnit?,
        sensorLoggerDefault: RecordingUnit = .radPerSec
    ) throws(InputError) -> SensorCSVLayout {
        func fail(_ problem: String) -> InputError { InputError(file: file, line: 1, field: "header", problem: problem) }
        let separatorCharacter: Character = header.contains("\t") ? "\t" : (header.contains(";") ? ";" : ",")
        let separator = separatorCharacter.asciiValue ?? 0x2C
        let names = header.split(separator: separatorCharacter, omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        let lower = names.map { $0.lowercased() }
        if lower.first?.hasPrefix("time (s)") == true {
            // phyphox: "<Sensor> x (<unit>)".
            func column(_ axis: String) throws(InputError) -> (Int, String) {
                guard let i = lower.firstIndex(where: { $0.contains(" \(axis) (") }) else {
                    throw fail("phyphox export without a column for the \(axis) axis (e.g. \"Gyroscope \(axis) (rad/s)\")")
                }
                let name = lower[i]
                let unit = name.split(separator: "(").last.map { String($0.dropLast(name.hasSuffix(")") ? 1 : 0)) } ?? ""
                return (i, unit)
            }
            let (x, unitText) = try column("x")
            let (y, _) = try column("y")
            let (z, _) = try column("z")
            let headerUnit = RecordingUnit(text: unitText)
            guard let unit = declaredUnit ?? headerUnit else {
                throw fail("unknown unit \"\(unitText)\" in the phyphox header; declare it with --unit")
            }
            return SensorCSVLayout(
                format: .phyphox, separator: separator, timeColumn: 0, timeIsNanoseconds: false,
                axisColumns: (x, y, z), unit: unit,
                unitSource: declaredUnit != nil ? "--unit" : "header", columnCount: names.count)
        }
        let isSensorLogger = lower.contains("seconds_elapsed") || (lower.contains("time") && !lower.contains("t_s"))
        func index(_ name: String, _ what: String) throws(InputError) -> Int {
            guard let i = lower.firstIndex(of: name) else { throw fail("missing column \"\(name)\" (\(what))") }
            return i
        }
        if isSensorLogger {
            let axes = (try index("x", "Sensor Logger"), try index("y", "Sensor Logger"), try index("z", "Sensor Logger"))
            let elapsed = lower.firstIndex(of: "seconds_elapsed")
            let time: Int
            if let elapsed { time = elapsed } else { time = try index("time", "Sensor Logger") }
            return SensorCSVLayout(
                format: .sensorLogger, separator: separator, timeColumn: time,
                timeIsNanoseconds: elapsed == nil, axisColumns: axes,
                unit: declaredUnit ?? sensorLoggerDefault,
                unitSource: declaredUnit != nil
                    ? "--unit"
                    : sensorLoggerDefault.quantity == .rotationRate
                        ? "Sensor Logger default (gyroscope, rad/s)"
                        : "Sensor Logger default (Accelerometer.csv, m/s²)",
                columnCount: names.count)
        }
        let time = try index("t_s", "generic format t_s,x,y,z")
        let axes = (
            try index("x", "generic format t_s,x,y,z"), try index("y", "generic format t_s,x,y,z"),
            try index("z", "generic format t_s,x,y,z")
        )
        guard let unit = declaredUnit else {
            throw fail("the generic format t_s,x,y,z carries no unit: declare it with --unit rad/s|deg/s|g|m/s2")
        }
        return SensorCSVLayout(
            format: .generic, separator: separator, timeColumn: time, timeIsNanoseconds: false,
            axisColumns: axes, unit: unit, unitSource: "--unit", columnCount: names.count)
    }
}

import Foundation

/// The CSV layouts the importers understand, detected from the header line (and the file name where the header
/// does not say which sensor wrote it).
///
/// - `sensorLogger`: Sensor Logger's per-sensor export: `time` (ns since the epoch), `seconds_elapsed`, then `x`,
///   `y`, `z` in any order. The header carries no unit and no sensor: the file name says which sensor it is, and
///   the units are those of Sensor Logger's UNITS.md — Gyroscope and GyroscopeUncalibrated rad/s; Accelerometer
///   (gravity removed), TotalAcceleration and Gravity m/s²; AccelerometerUncalibrated (gravity included) in g on
///   iOS unless `Metadata.csv` says "Standardise Units & Frames" was on, m/s² on Android or when standardised;
///   Magnetometer µT. A file of another name holds a sensor the header does not identify.
/// - `phyphox`: phyphox's CSV export, first column `"Time (s)"`. Classic headers name the sensor
///   (`"Gyroscope x (rad/s)"`, `"Acceleration x (m/s^2)"`, `"Linear Acceleration x (m/s^2)"`); phyphox 1.1.16 writes
///   `"X (rad/s)"` and the file name (`Gyroscope.csv`, `Linear Accelerometer.csv`) says which sensor. Comma,
///   semicolon or tab separated; an Excel-resaved file whose lines are each one quoted field is read too.
/// - `sensorLog`: SensorLog's one-file export (`motionRotationRateX(rad/s)`, `gyroRotationX(rad/s)`,
///   `accelerometerAccelerationX(G)`, `motionUserAccelerationX(G)` with their `…Timestamp_sinceReboot(s)`): the
///   columns the command needs are picked, with the unit in the column name.
/// - `generic`: `t_s,x,y,z`, time in seconds, the unit declared with `--unit` (and with it the quantity).
package enum SensorCSVFormat: String, Sendable, Equatable {
    case sensorLogger = "Sensor Logger"
    case phyphox
    case sensorLog = "SensorLog"
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
    /// The sensor, and how it was told.
    let sensor: SensorKind

    static func == (a: SensorCSVLayout, b: SensorCSVLayout) -> Bool {
        a.format == b.format && a.separator == b.separator && a.timeColumn == b.timeColumn
            && a.timeIsNanoseconds == b.timeIsNanoseconds && a.axisColumns == b.axisColumns && a.unit == b.unit
            && a.columnCount == b.columnCount && a.sensor == b.sensor
    }

    /// The header's field names, unquoted and trimmed, and its separator.
    static func fields(_ header: String) -> (names: [String], separator: Character) {
        var text = header
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let separator: Character = text.contains("\t") ? "\t" : (text.contains(";") ? ";" : ",")
        // An Excel-resaved phyphox CSV wraps each line in quotes and doubles the inner ones; splitting on the
        // separator without honouring quotes and trimming them off each name reads it like the original.
        let names = text.split(separator: separator, omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                .trimmingCharacters(in: .whitespaces)
        }
        return (names, separator)
    }

    /// Detects the layout and the sensor from the header line and the file's name, and checks them against
    /// what the command needs.
    ///
    /// - Parameters:
    ///   - header: the first line.
    ///   - file: the path shown in errors.
    ///   - fileName: the name that identifies the sensor (the CSV's, or a phyphox zip's own name).
    ///   - metadata: Sensor Logger's Metadata.csv beside the file, if any.
    ///   - declaredUnit: `--unit`, overriding the format's unit (never its sensor).
    ///   - need: what the command reads.
    /// - Throws: ``InputError`` (file and line 1) naming what the file is and what the command needs, or the
    ///   missing column or unit.
    static func detect(
        header: String, file: String, fileName: String, metadata: SensorLoggerMetadata?,
        declaredUnit: RecordingUnit?, need: SensorNeed
    ) throws(InputError) -> SensorCSVLayout {
        func fail(_ problem: String) -> InputError { InputError(file: file, line: 1, field: "header", problem: problem) }
        let (names, separatorCharacter) = fields(header)
        let separator = separatorCharacter.asciiValue ?? 0x2C
        let lower = names.map { $0.lowercased() }
        let stem = URL(fileURLWithPath: fileName).deletingPathExtension().lastPathComponent.lowercased()

        /// Refuses a sensor the command cannot read, naming both.
        func check(_ sensor: SensorKind, format: SensorCSVFormat, evidence: String) throws(InputError) {
            // An unidentified sensor is checked again once `--unit` has given it a quantity.
            if need.accepts(sensor) || sensor == .unknown { return }
            var hint = ""
            if case .acceleration(let g?) = need.quantity, sensor.quantity == .acceleration {
                hint =
                    g
                    ? " (a raw-magnitude detector, or inputIncludesGravity true, reads raw readings)"
                    : " (give a detector with \"inputIncludesGravity\": true for raw readings)"
            }
            throw fail(
                "is a \(format.rawValue) \(sensor.rawValue) recording (\(evidence)); \(need.consumer) needs "
                    + need.description + hint)
        }
        /// `--unit` must measure what the sensor measures.
        func unitMatching(_ sensor: SensorKind, _ unit: RecordingUnit?) throws(InputError) -> RecordingUnit? {
            guard let declared = declaredUnit else { return unit }
            if let q = sensor.quantity, declared.quantity != q {
                throw InputError(
                    file: file, field: "--unit",
                    problem: "\(declared.rawValue) is a \(declared.quantity.rawValue), but the file is a "
                        + "\(sensor.rawValue) recording")
            }
            return declared
        }

        // MARK: phyphox
        if lower.first?.hasPrefix("time (s)") == true {
            if lower.contains(where: { $0.hasPrefix("latitude") }) {
                try check(.location, format: .phyphox, evidence: "Latitude/Longitude columns")
                throw fail("internal: a location file reached the sensor reader")
            }
            func column(_ axis: String) -> Int? {
                lower.firstIndex { $0 == axis || $0.hasPrefix("\(axis) (") || $0.contains(" \(axis) (") }
            }
            guard let x = column("x"), let y = column("y"), let z = column("z") else {
                throw fail(
                    "phyphox export without x, y and z columns (e.g. \"X (rad/s)\" or \"Gyroscope x (rad/s)\"); "
                        + "\(need.consumer) needs \(need.description)")
            }
            let name = lower[x]
            let unitText = name.split(separator: "(").last.map { String($0.dropLast(name.hasSuffix(")") ? 1 : 0)) } ?? ""
            let headerUnit = RecordingUnit(text: unitText)
            let sensor: SensorKind
            let evidence: String
            if name.contains("gyroscope") || headerUnit?.quantity == .rotationRate {
                (sensor, evidence) = (.gyroscope, "\"\(names[x])\"")
            } else if name.contains("linear acceleration") {
                (sensor, evidence) = (.accelerationWithoutGravity, "\"\(names[x])\"")
            } else if name.contains("acceleration") {
                (sensor, evidence) = (.accelerationWithGravity, "\"\(names[x])\"")
            } else if name.contains("magnetic") || unitText == "µt" || unitText == "ut" {
                (sensor, evidence) = (.magnetometer, "\"\(names[x])\"")
            } else if headerUnit?.quantity == .acceleration {
                // phyphox 1.1.16 headers say only "X (m/s^2)": the file name tells raw from linear acceleration.
                if stem.contains("linear") || stem.contains("without g") {
                    (sensor, evidence) = (.accelerationWithoutGravity, "file name \"\(fileName)\"")
                } else if stem.contains("accelerometer") || stem.contains("with g") || stem.contains("acceleration") {
                    (sensor, evidence) = (.accelerationWithGravity, "file name \"\(fileName)\"")
                } else {
                    (sensor, evidence) = (.acceleration, "unit \(unitText)")
                }
            } else {
                (sensor, evidence) = (.unknown, "\"\(names[x])\"")
            }
            try check(sensor, format: .phyphox, evidence: evidence)
            guard let unit = try unitMatching(sensor, headerUnit) else {
                throw fail("unknown unit \"\(unitText)\" in the phyphox header; declare it with --unit")
            }
            return SensorCSVLayout(
                format: .phyphox, separator: separator, timeColumn: 0, timeIsNanoseconds: false,
                axisColumns: (x, y, z), unit: unit,
                unitSource: declaredUnit != nil ? "--unit" : "header", columnCount: names.count, sensor: sensor)
        }

        // MARK: SensorLog
        if lower.contains(where: { $0.hasPrefix("motion") || $0.hasPrefix("gyrorotation") || $0.hasPrefix("accelerometeracceleration") }) {
            return try sensorLog(
                names: names, lower: lower, separator: separator, file: file, declaredUnit: declaredUnit, need: need,
                fail: fail)
        }

        func index(_ name: String, _ what: String) throws(InputError) -> Int {
            guard let i = lower.firstIndex(of: name) else { throw fail("missing column \"\(name)\" (\(what))") }
            return i
        }

        // MARK: Sensor Logger
        if lower.contains("seconds_elapsed") || (lower.first == "time" && !lower.contains("t_s")) {
            if lower.contains("latitude") {
                try check(.location, format: .sensorLogger, evidence: "latitude/longitude columns")
                throw fail("internal: a location file reached the sensor reader")
            }
            if lower.contains("qx") || lower.contains("yaw") {
                try check(.orientation, format: .sensorLogger, evidence: "yaw, pitch, roll, quaternion columns")
            }
            let sensor: SensorKind
            var unit: RecordingUnit?
            var unitSource = "Sensor Logger UNITS.md"
            switch stem {
            case "gyroscope", "gyroscopeuncalibrated": (sensor, unit) = (.gyroscope, .radPerSec)
            case "accelerometer": (sensor, unit) = (.accelerationWithoutGravity, .metersPerSecondSquared)
            case "totalacceleration": (sensor, unit) = (.accelerationWithGravity, .metersPerSecondSquared)
            case "accelerometeruncalibrated":
                sensor = .accelerationWithGravity
                if let m = metadata {
                    let g = m.platform == "ios" && !m.standardised
                    unit = g ? .g : .metersPerSecondSquared
                    unitSource =
                        "Sensor Logger UNITS.md: \(m.platform), units "
                        + "\(m.standardised ? "standardised" : "not standardised") per Metadata.csv"
                } else {
                    unit = nil
                }
            case "gravity": (sensor, unit) = (.gravity, .metersPerSecondSquared)
            case "magnetometer", "magnetometeruncalibrated": sensor = .magnetometer
            case "orientation": sensor = .orientation
            default: sensor = .unknown
            }
            try check(
                sensor, format: .sensorLogger,
                evidence: sensor == .unknown ? "its header names no sensor" : "file name \"\(fileName)\"")
            guard let chosen = try unitMatching(sensor, unit) else {
                if sensor == .unknown {
                    throw fail(
                        "Sensor Logger CSV named \"\(fileName)\", not one of Sensor Logger's sensor files "
                            + "(Gyroscope.csv, Accelerometer.csv, …): its sensor is unknown; declare its unit with --unit")
                }
                throw fail(
                    "Sensor Logger's AccelerometerUncalibrated.csv is in g on iOS and in m/s² on Android or with "
                        + "\"Standardise Units & Frames\" on, and no Metadata.csv beside it says which: "
                        + "declare --unit g or --unit m/s2")
            }
            let identified = sensor == .unknown ? Self.sensor(of: chosen) : sensor
            try check(identified, format: .sensorLogger, evidence: "--unit \(chosen.rawValue)")
            let axes = (try index("x", "Sensor Logger"), try index("y", "Sensor Logger"), try index("z", "Sensor Logger"))
            let elapsed = lower.firstIndex(of: "seconds_elapsed")
            let time: Int
            if let elapsed { time = elapsed } else { time = try index("time", "Sensor Logger") }
            return SensorCSVLayout(
                format: .sensorLogger, separator: separator, timeColumn: time,
                timeIsNanoseconds: elapsed == nil, axisColumns: axes, unit: chosen,
                unitSource: declaredUnit != nil ? "--unit" : unitSource, columnCount: names.count,
                sensor: identified)
        }

        // MARK: generic
        guard lower.contains("t_s") else {
            throw fail(
                "not a known sensor CSV layout (Sensor Logger, phyphox, SensorLog, or generic t_s,x,y,z): "
                    + "header \"\(names.prefix(6).joined(separator: ","))\(names.count > 6 ? ",…" : "")\"")
        }
        let time = try index("t_s", "generic format t_s,x,y,z")
        let axes = (
            try index("x", "generic format t_s,x,y,z"), try index("y", "generic format t_s,x,y,z"),
            try index("z", "generic format t_s,x,y,z")
        )
        guard let unit = declaredUnit else {
            throw fail("the generic format t_s,x,y,z carries no unit: declare it with --unit rad/s|deg/s|g|m/s2")
        }
        let sensor = Self.sensor(of: unit)
        try check(sensor, format: .generic, evidence: "--unit \(unit.rawValue)")
        return SensorCSVLayout(
            format: .generic, separator: separator, timeColumn: time, timeIsNanoseconds: false,
            axisColumns: axes, unit: unit, unitSource: "--unit", columnCount: names.count, sensor: sensor)
    }

    /// The sensor a declared unit implies when the file says nothing: a gyroscope, or acceleration of unknown gravity.
    static func sensor(of unit: RecordingUnit) -> SensorKind {
        unit.quantity == .rotationRate ? .gyroscope : .acceleration
    }

    /// SensorLog: picks the columns the command needs.
    static func sensorLog(
        names: [String], lower: [String], separator: UInt8, file: String, declaredUnit: RecordingUnit?,
        need: SensorNeed, fail: (String) -> InputError
    ) throws(InputError) -> SensorCSVLayout {
        // (prefix of the x/y/z columns, time column, sensor), in order of preference for each need.
        let choices: [(String, String, SensorKind)]
        switch need.quantity {
        case .rotationRate:
            choices = [
                ("gyrorotation", "gyrotimestamp_sincereboot(s)", .gyroscope),
                ("motionrotationrate", "motiontimestamp_sincereboot(s)", .gyroscope),
            ]
        case .acceleration(let g):
            let raw = ("accelerometeracceleration", "accelerometertimestamp_sincereboot(s)", SensorKind.accelerationWithGravity)
            let user = ("motionuseracceleration", "motiontimestamp_sincereboot(s)", SensorKind.accelerationWithoutGravity)
            choices = g == true ? [raw] : [user] + (g == nil ? [raw] : [])
        case .location:
            throw fail("is a SensorLog motion export; \(need.consumer) needs \(need.description)")
        }
        for (prefix, timeName, sensor) in choices {
            func axis(_ a: String) -> Int? { lower.firstIndex { $0.hasPrefix(prefix + a + "(") } }
            guard let x = axis("x"), let y = axis("y"), let z = axis("z"), let t = lower.firstIndex(of: timeName) else {
                continue
            }
            let name = lower[x]
            let unitText = String(name.dropFirst(prefix.count + 2).dropLast())
            guard let headerUnit = RecordingUnit(text: unitText) else {
                throw fail("unknown unit \"\(unitText)\" in SensorLog column \"\(names[x])\"; declare it with --unit")
            }
            if let d = declaredUnit, d.quantity != headerUnit.quantity {
                throw InputError(
                    file: file, field: "--unit",
                    problem: "\(d.rawValue) is a \(d.quantity.rawValue), but the columns read are \(sensor.rawValue)")
            }
            return SensorCSVLayout(
                format: .sensorLog, separator: separator, timeColumn: t, timeIsNanoseconds: false,
                axisColumns: (x, y, z), unit: declaredUnit ?? headerUnit,
                unitSource: declaredUnit != nil ? "--unit" : "header", columnCount: names.count, sensor: sensor)
        }
        let wanted = choices.map { "\($0.0)X/Y/Z with \($0.1)" }.joined(separator: " or ")
        throw fail("is a SensorLog export without \(wanted); \(need.consumer) needs \(need.description)")
    }
}

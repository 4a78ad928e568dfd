extension SensorCSVFormat {
    package static let sensorLogger = SensorCSVFormat(rawValue: "Sensor Logger")
}

/// Sensor Logger's per-sensor export: `time` (ns since the epoch), `seconds_elapsed`, then `x`, `y`, `z` in any
/// order.
///
/// The header carries no unit and no sensor: the file name says which sensor it is, and the units are those of
/// Sensor Logger's UNITS.md — Gyroscope and GyroscopeUncalibrated rad/s; Accelerometer (gravity removed),
/// TotalAcceleration and Gravity m/s²; AccelerometerUncalibrated (gravity included) in g on iOS unless
/// `Metadata.csv` says "Standardise Units & Frames" was on, m/s² on Android or when standardised; Magnetometer µT.
/// A file of another name holds a sensor the header does not identify.
///
/// Recognised by a `seconds_elapsed` column, or by a first column `time` beside `x`, `y` and `z` (time in ns
/// alone). A header starting `time` with other columns (Physics Toolbox's `time,gFx,gFy,gFz`) is not claimed.
enum SensorLoggerDialect: SensorCSVDialect {
    static var format: SensorCSVFormat { .sensorLogger }
    static var help: [String] {
        [
            "time, seconds_elapsed, z, y, x; the sensor from the file name",
            "(Gyroscope.csv, Accelerometer.csv, ...), units from its UNITS.md",
            "and Metadata.csv; also its zip export.",
        ]
    }

    static func recognise(_ header: SensorCSVHeader) -> SensorCSVRecognition {
        if header.has("seconds_elapsed") { return .mine }
        let axes = header.has("x") && header.has("y") && header.has("z")
        return header.lower.first == "time" && axes && !header.has("t_s") ? .mine : .notMine
    }

    static func layout(of header: SensorCSVHeader, for request: SensorCSVRequest) throws(InputError) -> SensorCSVLayout {
        let lower = header.lower
        let fileName = header.fileName
        if lower.contains("latitude") {
            try request.check(.location, format: format, evidence: "latitude/longitude columns")
            throw request.fail("internal: a location file reached the sensor reader")
        }
        if lower.contains("qx") || lower.contains("yaw") {
            try request.check(.orientation, format: format, evidence: "yaw, pitch, roll, quaternion columns")
        }
        let sensor: SensorKind
        var unit: RecordingUnit?
        var unitSource = "Sensor Logger UNITS.md"
        switch header.stem {
        case "gyroscope", "gyroscopeuncalibrated": (sensor, unit) = (.gyroscope, .radPerSec)
        case "accelerometer": (sensor, unit) = (.accelerationWithoutGravity, .metersPerSecondSquared)
        case "totalacceleration": (sensor, unit) = (.accelerationWithGravity, .metersPerSecondSquared)
        case "accelerometeruncalibrated":
            sensor = .accelerationWithGravity
            if let m = request.metadata {
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
        try request.check(
            sensor, format: format,
            evidence: sensor == .unknown ? "its header names no sensor" : "file name \"\(fileName)\"")
        guard let chosen = try request.unitMatching(sensor, unit) else {
            if sensor == .unknown {
                throw request.fail(
                    "Sensor Logger CSV named \"\(fileName)\", not one of Sensor Logger's sensor files "
                        + "(Gyroscope.csv, Accelerometer.csv, …): its sensor is unknown; declare its unit with --unit")
            }
            throw request.fail(
                "Sensor Logger's AccelerometerUncalibrated.csv is in g on iOS and in m/s² on Android or with "
                    + "\"Standardise Units & Frames\" on, and no Metadata.csv beside it says which: "
                    + "declare --unit g or --unit m/s2")
        }
        let identified = sensor == .unknown ? SensorCSVLayout.sensor(of: chosen) : sensor
        try request.check(identified, format: format, evidence: "--unit \(chosen.rawValue)")
        let axes = (
            try header.index("x", "Sensor Logger", request), try header.index("y", "Sensor Logger", request),
            try header.index("z", "Sensor Logger", request)
        )
        let elapsed = lower.firstIndex(of: "seconds_elapsed")
        let time: Int
        if let elapsed { time = elapsed } else { time = try header.index("time", "Sensor Logger", request) }
        return SensorCSVLayout(
            format: format, separator: header.separator, timeColumn: time,
            timeIsNanoseconds: elapsed == nil, axisColumns: axes, unit: chosen,
            unitSource: request.declaredUnit != nil ? "--unit" : unitSource, columnCount: header.names.count,
            sensor: identified)
    }
}

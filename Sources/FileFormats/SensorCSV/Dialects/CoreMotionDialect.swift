extension SensorCSVFormat {
    package static let coreMotion = SensorCSVFormat(rawValue: "Core Motion")
}

/// CSVs whose columns are Core Motion's own property names, as iOS courses' data-collection apps and public data
/// sets write them: `rotationRate.x` (`CMGyroData`, `CMDeviceMotion`, rad/s), `userAcceleration.x` (device
/// motion, gravity removed, g), `acceleration.x` (`CMAccelerometerData`, gravity included, g) and `gravity.x`, with
/// `.` or `_` before the axis, and the sample's `timestamp` (seconds, e.g. since boot) or `time` (seconds).
///
/// Units are Core Motion's (Apple's documentation: rotation rate in radians per second, acceleration in g); `--unit`
/// may replace them within the quantity. MotionSense's layout (a row index, attitude, gravity, rotation rate, user
/// acceleration, and no time column) is read with `--rate` (50 Hz per the data set's README: sample k at k / rate
/// seconds) and refused without it, by name. A reader of raw readings (gravity included, e.g. a `raw-magnitude` detector)
/// of a file with `userAcceleration` and `gravity` but no `acceleration` columns (MotionSense) gets their sum, sample by
/// sample: Core Motion's device motion splits the accelerometer's reading into exactly these two (Apple's
/// `CMDeviceMotion` documentation: "the total acceleration of the device is equal to gravity plus the acceleration
/// the user imparts").
enum CoreMotionDialect: SensorCSVDialect {
    static var format: SensorCSVFormat { .coreMotion }
    static var listedAs: String { "Core Motion field names" }
    static var help: [String] {
        [
            "rotationRate.x, userAcceleration.x, acceleration.x (or _x) with",
            "timestamp or time in seconds; rad/s and g, as Core Motion reports;",
            "no time column (MotionSense, 50 Hz): give --rate HZ.",
        ]
    }

    /// The property names, lowercased, whose `x` column claims a header.
    static let properties = ["rotationrate", "useracceleration", "acceleration", "gravity"]

    /// The column of `property`'s `axis` (`property.axis` or `property_axis`), or nil.
    static func column(_ header: SensorCSVHeader, _ property: String, _ axis: String) -> Int? {
        header.lower.firstIndex { $0 == property + "." + axis || $0 == property + "_" + axis }
    }

    static func recognise(_ header: SensorCSVHeader) -> SensorCSVRecognition {
        properties.contains { column(header, $0, "x") != nil } ? .mine : .notMine
    }

    static func layout(of header: SensorCSVHeader, for request: SensorCSVRequest) throws(InputError) -> SensorCSVLayout {
        let need = request.need
        // (property, sensor) in order of preference for the need.
        let user = ("useracceleration", SensorKind.accelerationWithoutGravity)
        let raw = ("acceleration", SensorKind.accelerationWithGravity)
        let choices: [(String, SensorKind)]
        switch need.quantity {
        case .rotationRate: choices = [("rotationrate", .gyroscope)]
        case .acceleration(let g): choices = g == true ? [raw] : g == false ? [user] : [user, raw]
        case .location: throw request.fail("is a Core Motion CSV; \(need.consumer) needs \(need.description)")
        }
        // Gravity included, from a file without raw readings (MotionSense: userAcceleration and gravity): the two added.
        if case .acceleration(true?) = need.quantity, column(header, "acceleration", "x") == nil,
            let x = column(header, "useracceleration", "x"), let y = column(header, "useracceleration", "y"),
            let z = column(header, "useracceleration", "z"), let gx = column(header, "gravity", "x"),
            let gy = column(header, "gravity", "y"), let gz = column(header, "gravity", "z")
        {
            let sensor = SensorKind.accelerationWithGravity
            try request.check(sensor, format: format, evidence: "\(header.names[x]) + \(header.names[gx]) columns")
            var summed = try Self.layout(header, request, sensor: sensor, axes: (x, y, z))
            summed.addedAxisColumns = (gx, gy, gz)
            return summed
        }
        guard
            let (property, sensor) = choices.first(where: { c in ["x", "y", "z"].allSatisfy { column(header, c.0, $0) != nil } }),
            let x = column(header, property, "x"), let y = column(header, property, "y"), let z = column(header, property, "z")
        else {
            // Say what the file holds: the first property it has all three axes of.
            let held = properties.first { p in ["x", "y", "z"].allSatisfy { column(header, p, $0) != nil } }
            let sensor: SensorKind =
                switch held {
                case "rotationrate": .gyroscope
                case "useracceleration": .accelerationWithoutGravity
                case "acceleration": .accelerationWithGravity
                case "gravity": .gravity
                default: .unknown
                }
            var evidence = held.map { "\(header.names[column(header, $0, "x") ?? 0]) columns" } ?? "no complete x, y, z"
            if held == "useracceleration", column(header, "gravity", "x") != nil {
                evidence += "; gravity is in separate columns, added back only for a reader of raw readings"
            }
            try request.check(sensor, format: format, evidence: evidence)
            throw request.fail("is a Core Motion CSV without complete x, y, z columns of \(choices.map(\.0).joined(separator: " or "))")
        }
        try request.check(sensor, format: format, evidence: "\(header.names[x]) columns")
        return try Self.layout(header, request, sensor: sensor, axes: (x, y, z))
    }

    /// The layout of `sensor` read from `axes`: Core Motion's units (g, rad/s) unless declared, the time column if any,
    /// else the declared rate.
    static func layout(
        _ header: SensorCSVHeader, _ request: SensorCSVRequest, sensor: SensorKind, axes: (x: Int, y: Int, z: Int)
    ) throws(InputError) -> SensorCSVLayout {
        let (x, y, z) = axes
        let headerUnit: RecordingUnit = sensor == .gyroscope ? .radPerSec : .g
        let unit = try request.unitMatching(sensor, headerUnit) ?? headerUnit
        let time = ["timestamp", "time", "timestamp_s", "time_s"].lazy.compactMap { header.lower.firstIndex(of: $0) }.first
        if time == nil && request.declaredRateHz == nil {
            let motionSense = header.names.first == "" ? " (MotionSense's layout: a row index and no timestamps)" : ""
            let hint = header.names.first == "" ? "; MotionSense records at 50 Hz (its README): --rate 50" : ""
            throw request.fail(
                "is a Core Motion CSV without a time column\(motionSense); each sample's time is needed: give the "
                    + "sample rate with --rate HZ, or add a \"timestamp\" column in seconds (CMLogItem.timestamp)\(hint)")
        }
        return SensorCSVLayout(
            format: format, separator: header.separator, timeColumn: time, timeIsNanoseconds: false, axisColumns: (x, y, z),
            unit: unit, unitSource: request.declaredUnit != nil ? "--unit" : "Core Motion's units",
            columnCount: header.names.count, sensor: sensor, rateHz: time == nil ? request.declaredRateHz : nil)
    }
}

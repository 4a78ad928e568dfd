extension SensorCSVFormat {
    package static let phyphox = SensorCSVFormat(rawValue: "phyphox")
}

/// phyphox's CSV export, first column `"Time (s)"`.
///
/// Classic headers name the sensor (`"Gyroscope x (rad/s)"`, `"Acceleration x (m/s^2)"`,
/// `"Linear Acceleration x (m/s^2)"`); phyphox 1.1.16 writes `"X (rad/s)"` and the file name (`Gyroscope.csv`,
/// `Linear Accelerometer.csv`) says which sensor. Comma, semicolon or tab separated; an Excel-resaved file whose
/// lines are each one quoted field is read too.
enum PhyphoxDialect: SensorCSVDialect {
    static var format: SensorCSVFormat { .phyphox }
    static var help: [String] {
        [
            "\"Time (s)\", \"X (rad/s)\" or \"Gyroscope x (rad/s)\", ...; unit from the",
            "header; ',' ';' or tab; also its zip export (Raw Data.csv).",
        ]
    }

    static func recognise(_ header: SensorCSVHeader) -> SensorCSVRecognition {
        header.lower.first?.hasPrefix("time (s)") == true ? .mine : .notMine
    }

    static func layout(of header: SensorCSVHeader, for request: SensorCSVRequest) throws(InputError) -> SensorCSVLayout {
        let (names, lower, fileName, stem) = (header.names, header.lower, header.fileName, header.stem)
        if lower.contains(where: { $0.hasPrefix("latitude") }) {
            try request.check(.location, format: format, evidence: "Latitude/Longitude columns")
            throw request.fail("internal: a location file reached the sensor reader")
        }
        func column(_ axis: String) -> Int? {
            lower.firstIndex { $0 == axis || $0.hasPrefix("\(axis) (") || $0.contains(" \(axis) (") }
        }
        guard let x = column("x"), let y = column("y"), let z = column("z") else {
            throw request.fail(
                "phyphox export without x, y and z columns (e.g. \"X (rad/s)\" or \"Gyroscope x (rad/s)\"); "
                    + "\(request.need.consumer) needs \(request.need.description)")
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
        try request.check(sensor, format: format, evidence: evidence)
        guard let unit = try request.unitMatching(sensor, headerUnit) else {
            throw request.fail("unknown unit \"\(unitText)\" in the phyphox header; declare it with --unit")
        }
        return SensorCSVLayout(
            format: format, separator: header.separator, timeColumn: 0, timeIsNanoseconds: false,
            axisColumns: (x, y, z), unit: unit,
            unitSource: request.declaredUnit != nil ? "--unit" : "header", columnCount: names.count, sensor: sensor)
    }
}

extension SensorCSVFormat {
    package static let sensorLog = SensorCSVFormat(rawValue: "SensorLog")
}

/// SensorLog's one-file export (`motionRotationRateX(rad/s)`, `gyroRotationX(rad/s)`,
/// `accelerometerAccelerationX(G)`, `motionUserAccelerationX(G)` with their `…Timestamp_sinceReboot(s)`): the
/// columns the command needs are picked, with the unit in the column name.
enum SensorLogDialect: SensorCSVDialect {
    static var format: SensorCSVFormat { .sensorLog }
    static var help: [String] { ["gyroRotationX(rad/s), motionUserAccelerationX(G), ..."] }

    static func recognise(_ header: SensorCSVHeader) -> SensorCSVRecognition {
        let claimed = header.lower.contains {
            $0.hasPrefix("motion") || $0.hasPrefix("gyrorotation") || $0.hasPrefix("accelerometeracceleration")
        }
        return claimed ? .mine : .notMine
    }

    static func layout(of header: SensorCSVHeader, for request: SensorCSVRequest) throws(InputError) -> SensorCSVLayout {
        let (names, lower, need) = (header.names, header.lower, request.need)
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
            throw request.fail("is a SensorLog motion export; \(need.consumer) needs \(need.description)")
        }
        for (prefix, timeName, sensor) in choices {
            func axis(_ a: String) -> Int? { lower.firstIndex { $0.hasPrefix(prefix + a + "(") } }
            guard let x = axis("x"), let y = axis("y"), let z = axis("z"), let t = lower.firstIndex(of: timeName) else {
                continue
            }
            let name = lower[x]
            let unitText = String(name.dropFirst(prefix.count + 2).dropLast())
            guard let headerUnit = RecordingUnit(text: unitText) else {
                throw request.fail("unknown unit \"\(unitText)\" in SensorLog column \"\(names[x])\"; declare it with --unit")
            }
            if let d = request.declaredUnit, d.quantity != headerUnit.quantity {
                throw InputError(
                    file: request.file, field: "--unit",
                    problem: "\(d.rawValue) is a \(d.quantity.rawValue), but the columns read are \(sensor.rawValue)")
            }
            return SensorCSVLayout(
                format: format, separator: header.separator, timeColumn: t, timeIsNanoseconds: false,
                axisColumns: (x, y, z), unit: request.declaredUnit ?? headerUnit,
                unitSource: request.declaredUnit != nil ? "--unit" : "header", columnCount: names.count, sensor: sensor)
        }
        let wanted = choices.map { "\($0.0)X/Y/Z with \($0.1)" }.joined(separator: " or ")
        throw request.fail("is a SensorLog export without \(wanted); \(need.consumer) needs \(need.description)")
    }
}

extension SensorCSVFormat {
    package static let generic = SensorCSVFormat(rawValue: "generic")
}

/// The generic layout `t_s,x,y,z`: time in seconds, the unit declared with `--unit` (and with it the quantity).
enum GenericDialect: SensorCSVDialect {
    static var format: SensorCSVFormat { .generic }
    static var listedAs: String { "generic t_s,x,y,z" }
    static var help: [String] { ["t_s,x,y,z (seconds); the unit must be given with --unit."] }

    static func recognise(_ header: SensorCSVHeader) -> SensorCSVRecognition {
        header.has("t_s") ? .mine : .notMine
    }

    static func layout(of header: SensorCSVHeader, for request: SensorCSVRequest) throws(InputError) -> SensorCSVLayout {
        let what = "generic format t_s,x,y,z"
        let time = try header.index("t_s", what, request)
        let axes = (
            try header.index("x", what, request), try header.index("y", what, request), try header.index("z", what, request)
        )
        guard let unit = request.declaredUnit else {
            throw request.fail("the generic format t_s,x,y,z carries no unit: declare it with --unit rad/s|deg/s|g|m/s2")
        }
        let sensor = SensorCSVLayout.sensor(of: unit)
        try request.check(sensor, format: format, evidence: "--unit \(unit.rawValue)")
        return SensorCSVLayout(
            format: format, separator: header.separator, timeColumn: time, timeIsNanoseconds: false,
            axisColumns: axes, unit: unit, unitSource: "--unit", columnCount: header.names.count, sensor: sensor)
    }
}

extension SensorCSVFormat {
    package static let physicsToolbox = SensorCSVFormat(rawValue: "Physics Toolbox")
}

/// Physics Toolbox Sensor Suite's g-force meter export: `time,gFx,gFy,gFz` (often with a total `TgF` column),
/// time in seconds, each axis the accelerometer's reading in g.
///
/// A g-force is the specific force over standard gravity, so a phone lying flat reads gFz ≈ 1: the readings
/// include gravity (raw accelerometer readings).
enum PhysicsToolboxDialect: SensorCSVDialect {
    static var format: SensorCSVFormat { .physicsToolbox }
    static var help: [String] { ["time, gFx, gFy, gFz (s, g): an accelerometer, gravity included."] }

    static func recognise(_ header: SensorCSVHeader) -> SensorCSVRecognition {
        header.has("time") && header.has("gfx") && header.has("gfy") && header.has("gfz") ? .mine : .notMine
    }

    static func layout(of header: SensorCSVHeader, for request: SensorCSVRequest) throws(InputError) -> SensorCSVLayout {
        let sensor = SensorKind.accelerationWithGravity
        try request.check(sensor, format: format, evidence: "gFx, gFy, gFz columns")
        let unit = try request.unitMatching(sensor, .g) ?? .g
        let what = "Physics Toolbox"
        return SensorCSVLayout(
            format: format, separator: header.separator, timeColumn: try header.index("time", what, request),
            timeIsNanoseconds: false,
            axisColumns: (
                try header.index("gfx", what, request), try header.index("gfy", what, request),
                try header.index("gfz", what, request)
            ),
            unit: unit, unitSource: request.declaredUnit != nil ? "--unit" : "Physics Toolbox g-force (g)",
            columnCount: header.names.count, sensor: sensor)
    }
}

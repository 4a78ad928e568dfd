import Foundation

/// How a header maps onto columns: which field holds time and each axis, and in what units.
struct SensorCSVLayout: Equatable {
    let format: SensorCSVFormat
    let separator: UInt8
    /// Column of the time in seconds, or of the time in nanoseconds when `timeIsNanoseconds`; nil for a file
    /// without times, whose sample k is at k / `rateHz` s.
    let timeColumn: Int?
    let timeIsNanoseconds: Bool
    let axisColumns: (x: Int, y: Int, z: Int)
    let unit: RecordingUnit
    /// Whether the unit came from the header, `--unit`, or a documented default.
    let unitSource: String
    let columnCount: Int
    /// The sensor, and how it was told.
    let sensor: SensorKind
    /// `--rate`: the sample rate of a file without a time column, Hz; nil when the file has times.
    var rateHz: Double? = nil
    /// Columns added to the axis columns, sample by sample (Core Motion's `gravity` added back to `userAcceleration`
    /// for a reader that needs gravity included); nil when nothing is added.
    var addedAxisColumns: (x: Int, y: Int, z: Int)? = nil

    static func == (a: SensorCSVLayout, b: SensorCSVLayout) -> Bool {
        a.format == b.format && a.separator == b.separator && a.timeColumn == b.timeColumn
            && a.timeIsNanoseconds == b.timeIsNanoseconds && a.axisColumns == b.axisColumns && a.unit == b.unit
            && a.columnCount == b.columnCount && a.sensor == b.sensor && a.rateHz == b.rateHz
            && a.addedAxisColumns.map { [$0.x, $0.y, $0.z] } == b.addedAxisColumns.map { [$0.x, $0.y, $0.z] }
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
    /// what the command needs: the one dialect of ``SensorCSVDialects/all`` that recognises the header builds it.
    ///
    /// - Parameters:
    ///   - header: the first line.
    ///   - file: the path shown in errors.
    ///   - fileName: the name that identifies the sensor (the CSV's, or a phyphox zip's own name).
    ///   - metadata: Sensor Logger's Metadata.csv beside the file, if any.
    ///   - declaredUnit: `--unit`, overriding the format's unit (never its sensor).
    ///   - declaredRateHz: `--rate`, the sample rate of a file without a time column (MotionSense); a file with
    ///     times is refused with it, so a rate never silently replaces the file's own clock.
    ///   - need: what the command reads.
    /// - Throws: ``InputError`` (file and line 1) naming what the file is and what the command needs, or the
    ///   missing column or unit; for a header no dialect recognises, "not a known sensor CSV layout" with the
    ///   dialects' names and the header's first six fields.
    static func detect(
        header: String, file: String, fileName: String, metadata: SensorLoggerMetadata?,
        declaredUnit: RecordingUnit?, declaredRateHz: Double? = nil, need: SensorNeed
    ) throws(InputError) -> SensorCSVLayout {
        let parsed = SensorCSVHeader(line: header, fileName: fileName)
        let request = SensorCSVRequest(
            file: file, metadata: metadata, declaredUnit: declaredUnit, declaredRateHz: declaredRateHz, need: need)
        guard let dialect = SensorCSVDialects.dialect(for: parsed) else {
            let names = parsed.names
            throw request.fail(
                "not a known sensor CSV layout (\(SensorCSVDialects.listing)): "
                    + "header \"\(names.prefix(6).joined(separator: ","))\(names.count > 6 ? ",…" : "")\"")
        }
        let layout = try dialect.layout(of: parsed, for: request)
        if declaredRateHz != nil, let time = layout.timeColumn {
            throw InputError(
                file: file, field: "--rate",
                problem: "the file has a time column (\"\(parsed.names[time])\"); --rate is only for files without one")
        }
        return layout
    }

    /// The sensor a declared unit implies when the file says nothing: a gyroscope, or acceleration of unknown gravity.
    static func sensor(of unit: RecordingUnit) -> SensorKind {
        unit.quantity == .rotationRate ? .gyroscope : .acceleration
    }
}

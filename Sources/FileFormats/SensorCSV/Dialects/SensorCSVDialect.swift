import Foundation

/// What a dialect says of a header: its own, or not.
enum SensorCSVRecognition: Sendable, Equatable {
    /// The header (and file name) are this dialect's: it builds the layout, or refuses the file in its own terms
    /// (a missing column, a sensor the command cannot read).
    case mine
    /// Another dialect's, or none's.
    case notMine
}

/// One sensor CSV dialect: an app's export layout (Sensor Logger, phyphox, …) or the generic `t_s,x,y,z`.
///
/// A dialect recognises its headers without looking at any other dialect's rule, and every header is recognised
/// by at most one dialect (`SensorCSVDialectTests` runs every recogniser over every dialect's header fixtures),
/// so the order of ``SensorCSVDialects/all`` never decides what a file is. Adding a dialect is one conforming
/// type, its ``SensorCSVFormat`` name beside it, one line in ``SensorCSVDialects/all``, its header fixtures in
/// the tests and its row in docs/file-formats.md.
protocol SensorCSVDialect: Sendable {
    /// The name reports print ("Sensor Logger").
    static var format: SensorCSVFormat { get }
    /// How the refusal of an unknown header lists it ("generic t_s,x,y,z").
    static var listedAs: String { get }
    /// The command-line help's lines for it (at most 68 characters each): what the header holds, where the sensor
    /// and the unit come from.
    static var help: [String] { get }
    /// Whether the header (and file name) are this dialect's.
    static func recognise(_ header: SensorCSVHeader) -> SensorCSVRecognition
    /// The layout of a header this dialect recognised, checked against what the command needs.
    ///
    /// - Throws: ``InputError`` (file and line 1) naming what the file is and what the command needs, or the
    ///   missing column or unit.
    static func layout(of header: SensorCSVHeader, for request: SensorCSVRequest) throws(InputError) -> SensorCSVLayout
}

extension SensorCSVDialect {
    static var listedAs: String { format.rawValue }
}

/// The registry of sensor CSV dialects.
package enum SensorCSVDialects {
    /// Every dialect, in the order the refusal of an unknown header lists them.
    static let all: [any SensorCSVDialect.Type] = [
        SensorLoggerDialect.self,
        PhyphoxDialect.self,
        SensorLogDialect.self,
        PhysicsToolboxDialect.self,
        CoreMotionDialect.self,
        GenericDialect.self,
    ]

    /// The dialect that recognises the header, or nil for an unknown layout.
    static func dialect(for header: SensorCSVHeader) -> (any SensorCSVDialect.Type)? {
        all.first { $0.recognise(header) == .mine }
    }

    /// The FORMATS section of `allan`, `calibrate` and `replay` help: each dialect's name and help lines, in
    /// registry order, so the help cannot miss a dialect.
    package static var formatsHelp: String {
        var lines = ["FORMATS (detected from the header and file name; a file of another sensor is refused):"]
        for dialect in all {
            for (k, line) in dialect.help.enumerated() {
                let name = k == 0 ? dialect.format.rawValue : ""
                lines.append("  " + name + String(repeating: " ", count: max(1, 24 - name.count)) + line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// "Sensor Logger, phyphox, SensorLog, Physics Toolbox, or generic t_s,x,y,z".
    static var listing: String {
        let names = all.map { $0.listedAs }
        return names.dropLast().joined(separator: ", ") + ", or " + (names.last ?? "")
    }
}

/// A header line split into names, with the file name that may say which sensor wrote it.
struct SensorCSVHeader: Sendable {
    /// The field names, unquoted and trimmed.
    let names: [String]
    /// The same, lowercased, which the dialects match on.
    let lower: [String]
    /// The separator byte: comma, semicolon or tab.
    let separator: UInt8
    /// The name identifying the sensor (the CSV's, or a phyphox zip's own name).
    let fileName: String
    /// `fileName` without its extension, lowercased.
    let stem: String

    init(line: String, fileName: String) {
        let (names, separator) = SensorCSVLayout.fields(line)
        self.names = names
        lower = names.map { $0.lowercased() }
        self.separator = separator.asciiValue ?? 0x2C
        self.fileName = fileName
        stem = URL(fileURLWithPath: fileName).deletingPathExtension().lastPathComponent.lowercased()
    }

    /// Whether a column has exactly this lowercased name.
    func has(_ name: String) -> Bool { lower.contains(name) }

    /// The column of a lowercased name, or the refusal "missing column "x" (what)".
    func index(_ name: String, _ what: String, _ request: SensorCSVRequest) throws(InputError) -> Int {
        guard let i = lower.firstIndex(of: name) else { throw request.fail("missing column \"\(name)\" (\(what))") }
        return i
    }
}

/// The sensor a dialect identified while checking a header, whether or not the request accepts it.
final class SensorObserver {
    var sensor: SensorKind?
}

/// What the command asks of a recording, and the refusals every dialect words the same way.
struct SensorCSVRequest {
    /// The path shown in errors.
    let file: String
    /// Sensor Logger's Metadata.csv beside the file, if any.
    let metadata: SensorLoggerMetadata?
    /// `--unit`, overriding the format's unit (never its sensor).
    let declaredUnit: RecordingUnit?
    /// `--rate`, Hz: the sample rate of a file without a time column.
    var declaredRateHz: Double? = nil
    /// What the command reads.
    let need: SensorNeed
    /// Told each sensor the header is checked as (``FileIdentification`` names a file by it); nil for a read.
    var observer: SensorObserver? = nil

    /// A problem with the header: file, line 1, field "header".
    func fail(_ problem: String) -> InputError { InputError(file: file, line: 1, field: "header", problem: problem) }

    /// Refuses a sensor the command cannot read, naming both.
    func check(_ sensor: SensorKind, format: SensorCSVFormat, evidence: String) throws(InputError) {
        if sensor != .unknown { observer?.sensor = sensor }
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

    /// `--unit` must measure what the sensor measures; it replaces the header's unit.
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
}

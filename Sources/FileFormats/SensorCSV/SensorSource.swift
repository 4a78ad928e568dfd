import Foundation

/// Sensor Logger's `Metadata.csv`: the platform and whether "Standardise Units & Frames" was on.
///
/// Header (Sensor Logger 1.10): `version,device name,recording time,platform,appVersion,device id,sensors,
/// sampleRateMs`; later versions add `recording epoch time`, `recording timezone`, `standardisation`
/// (`true`/`false`) and `platform version`. Only `platform` and `standardisation` are read; a file without
/// `standardisation` predates the setting, so its units are the platform's (not standardised).
struct SensorLoggerMetadata: Equatable {
    /// "ios" or "android", lowercased.
    let platform: String
    let standardised: Bool
    /// Where it was read from, for the unit's provenance.
    let source: String

    /// Parses the two lines of a Metadata.csv.
    ///
    /// - Throws: ``InputError`` for a file without a header and a data line, or without `platform`.
    static func parse(_ text: String, file: String) throws(InputError) -> SensorLoggerMetadata {
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
        guard lines.count >= 2 else { throw InputError(file: file, problem: "Sensor Logger metadata without a data line") }
        let names = CSVFields.split(lines[0], separator: ",").map { $0.lowercased() }
        let values = CSVFields.split(lines[1], separator: ",")
        guard let p = names.firstIndex(of: "platform"), p < values.count else {
            throw InputError(file: file, line: 1, field: "platform", problem: "Sensor Logger metadata without a platform column")
        }
        var standardised = false
        if let s = names.firstIndex(of: "standardisation"), s < values.count {
            standardised = values[s].lowercased() == "true"
        }
        return SensorLoggerMetadata(platform: values[p].lowercased(), standardised: standardised, source: file)
    }
}

/// Splits one CSV line on a separator, honouring double quotes, and strips quotes and spaces around each field.
enum CSVFields {
    static func split(_ line: String, separator: Character) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        for c in line {
            if c == "\"" {
                quoted.toggle()
            } else if c == separator, !quoted {
                fields.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        fields.append(current)
        return fields.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t\"")) }
    }
}

/// Where a recording's text comes from: a CSV file, or the right entry of a Sensor Logger or phyphox zip export.
///
/// For a zip, the entry is chosen by what the command needs: Sensor Logger's `Gyroscope.csv` (else
/// `GyroscopeUncalibrated.csv`), `Accelerometer.csv` (gravity removed) or `TotalAcceleration.csv` (else
/// `AccelerometerUncalibrated.csv`, gravity included), `Location.csv`; phyphox's `Raw Data.csv`, identified by the
/// archive's own name ("Acceleration with g 2023-03-27 17-46-13.zip") and the entry's header.
struct SensorSource {
    /// The path shown in messages (`archive.zip:Gyroscope.csv` for an entry).
    let display: String
    /// The name that identifies the sensor: the CSV's file name, or the zip's name for phyphox's `Raw Data.csv`.
    let identifyingName: String
    /// Sensor Logger's metadata beside the file (same folder or same archive), when present.
    let metadata: SensorLoggerMetadata?
    let reader: LineReader

    /// Opens `path` for `need`.
    ///
    /// - Throws: ``InputError``: 66 for a missing file; 65 for a zip without an entry the command can read.
    static func open(path: String, need: SensorNeed) throws(InputError) -> SensorSource {
        let url = URL(fileURLWithPath: path)
        if ZipArchive.looksLikeZip(path: path) { return try openZip(path: path, need: need) }
        if url.pathExtension.lowercased() == "json" { return try openSensorLoggerJSON(path: path, need: need) }
        if url.pathExtension.lowercased() == "xls" || url.pathExtension.lowercased() == "xlsx" {
            throw InputError(
                file: path,
                problem: "is an Excel workbook (phyphox's .xls export), which is not read; export CSV from phyphox instead")
        }
        let reader = try LineReader(path: path)
        let metadataURL = url.deletingLastPathComponent().appendingPathComponent("Metadata.csv")
        var metadata: SensorLoggerMetadata?
        if url.lastPathComponent != "Metadata.csv",
            let data = try? InputFile.read(metadataURL.path, shown: metadataURL.path, limit: (1 << 16) - 1, what: "metadata files")
        {
            metadata = try? SensorLoggerMetadata.parse(String(decoding: data, as: UTF8.self), file: metadataURL.path)
        }
        return SensorSource(display: path, identifyingName: url.lastPathComponent, metadata: metadata, reader: reader)
    }

    /// The largest JSON export read, bytes.
    static let maximumJSONBytes = 64 << 20

    /// The entry names of what `need` reads, in order of preference (Sensor Logger's file stems).
    static func sensorLoggerNames(_ need: SensorNeed) -> [String] {
        switch need.quantity {
        case .rotationRate: return ["Gyroscope", "GyroscopeUncalibrated"]
        case .acceleration(let g):
            return g == true
                ? ["TotalAcceleration", "AccelerometerUncalibrated"]
                : g == false ? ["Accelerometer"] : ["Accelerometer", "TotalAcceleration"]
        case .location: return ["Location"]
        }
    }

    /// Sensor Logger's JSON export: one array of objects, each with `"sensor"` (the CSV file's stem) and the
    /// CSV's columns as string values (`"time"`, `"seconds_elapsed"`, `"x"`, …). The entries of the sensor the
    /// command needs are written out as that sensor's CSV in memory and read like it, so units and checks are
    /// the CSV's; line N of a message is the (N − 1)-th entry of that sensor. A `"Metadata"` entry, if present,
    /// is read as Metadata.csv.
    static func openSensorLoggerJSON(path: String, need: SensorNeed) throws(InputError) -> SensorSource {
        let data = Data(try InputFile.read(path, shown: path, limit: maximumJSONBytes, what: "JSON exports"))
        guard let array = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]] else {
            throw InputError(
                file: path, problem: "is not a Sensor Logger JSON export (an array of objects with a \"sensor\" key)")
        }
        func text(_ v: Any?) -> String? {
            if let s = v as? String { return s }
            if let n = v as? NSNumber { return n.stringValue }
            return nil
        }
        var metadata: SensorLoggerMetadata?
        if let m = array.first(where: { text($0["sensor"]) == "Metadata" }), let platform = text(m["platform"]) {
            metadata = SensorLoggerMetadata(
                platform: platform.lowercased(), standardised: text(m["standardisation"])?.lowercased() == "true",
                source: "\(path):Metadata")
        }
        let wanted = sensorLoggerNames(need)
        guard let name = wanted.first(where: { n in array.contains { text($0["sensor"]) == n } }) else {
            let present = Set(array.compactMap { text($0["sensor"]) }).sorted()
            throw InputError(
                file: path,
                problem: "Sensor Logger JSON export without \(wanted.joined(separator: " or ")) entries, which "
                    + "\(need.consumer) needs (\(need.description)); it holds: "
                    + (present.isEmpty ? "no sensor entries" : present.joined(separator: ", ")))
        }
        let entries = array.filter { text($0["sensor"]) == name }
        let columns =
            name == "Location"
            ? ["time", "seconds_elapsed", "horizontalAccuracy", "latitude", "longitude"]
            : ["time", "seconds_elapsed", "z", "y", "x"]
        var csv = columns.joined(separator: ",") + "\n"
        for e in entries {
            csv += columns.map { text(e[$0]) ?? "" }.joined(separator: ",") + "\n"
        }
        let display = "\(path):\(name)"
        return SensorSource(
            display: display, identifyingName: "\(name).csv", metadata: metadata,
            reader: LineReader(bytes: Array(csv.utf8), path: display))
    }

    static func openZip(path: String, need: SensorNeed) throws(InputError) -> SensorSource {
        let archive = try ZipArchive(path: path)
        // Entries may sit in one folder (a zipped recording folder): match on the last path component.
        func find(_ name: String) -> ZipArchive.Entry? {
            archive.entries.first { ($0.name.split(separator: "/").last.map(String.init) ?? $0.name) == name }
        }
        let candidates: [String]
        switch need.quantity {
        case .rotationRate: candidates = ["Gyroscope.csv", "GyroscopeUncalibrated.csv"]
        case .acceleration(let g):
            candidates =
                g == true
                ? ["TotalAcceleration.csv", "AccelerometerUncalibrated.csv"]
                : g == false ? ["Accelerometer.csv"] : ["Accelerometer.csv", "TotalAcceleration.csv"]
        case .location: candidates = ["Location.csv"]
        }
        let names = archive.entries.map(\.name)
        if let raw = find("Raw Data.csv") {
            let bytes = try archive.extract(raw)
            return SensorSource(
                display: "\(path):\(raw.name)", identifyingName: URL(fileURLWithPath: path).lastPathComponent,
                metadata: nil, reader: LineReader(bytes: bytes, path: "\(path):\(raw.name)"))
        }
        guard let entry = candidates.lazy.compactMap(find).first else {
            let listed = names.prefix(12).joined(separator: ", ") + (names.count > 12 ? ", …" : "")
            throw InputError(
                file: path,
                problem: "zip export without \(candidates.joined(separator: " or ")), which \(need.consumer) needs "
                    + "(\(need.description)); it holds: \(listed.isEmpty ? "nothing" : listed)")
        }
        var metadata: SensorLoggerMetadata?
        if let m = find("Metadata.csv") {
            let text = String(decoding: try archive.extract(m), as: UTF8.self)
            metadata = try SensorLoggerMetadata.parse(text, file: "\(path):\(m.name)")
        }
        let bytes = try archive.extract(entry)
        let display = "\(path):\(entry.name)"
        return SensorSource(
            display: display, identifyingName: entry.name.split(separator: "/").last.map(String.init) ?? entry.name,
            metadata: metadata, reader: LineReader(bytes: bytes, path: display))
    }
}

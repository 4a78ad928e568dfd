import Foundation

/// What a file that is not one of sensorbench's JSON inputs is, in words, told from its first bytes alone: "a
/// Sensor Logger gyroscope CSV", "a GPX file", "a zip archive", "a Sensor Logger JSON export".
///
/// A command given a file of another kind names it with this ("walk.csv is a Sensor Logger gyroscope CSV; `walks`
/// reads a drift log (JSON)") instead of passing on a parser's complaint. The sensor CSV dialects recognise CSV
/// headers exactly as the readers do (``SensorCSVDialects``), so a file is never named for what its reader would
/// not take it to be.
/// What a file is, in words and by the reader it belongs to.
package struct FileDescription: Sendable, Equatable {
    /// Which reader takes such a file, if any.
    package enum Category: Sendable, Equatable {
        /// A CSV the sensor CSV dialects recognise (or a CSV of no known layout, which their reader refuses).
        case sensorCSV
        /// A location CSV (Sensor Logger, phyphox).
        case locationCSV
        /// A zip archive (a logger's export).
        case archive
        /// Sensor Logger's JSON export.
        case sensorLoggerJSON
        case gpx
        /// Something sensorbench does not read (an Excel workbook, XML, an empty or binary file).
        case other
    }

    /// "a Sensor Logger gyroscope CSV".
    package let words: String
    package let category: Category

    init(_ words: String, _ category: Category) {
        self.words = words
        self.category = category
    }
}

package enum FileIdentification {
    /// How many bytes are looked at: enough for any header line and for the start of a JSON export.
    package static let prefixBytes = 1 << 16

    /// The first bytes of `path`, or the reason it cannot be read (a missing file, a folder, a FIFO).
    package static func prefix(of path: String, shown: String) throws(InputError) -> [UInt8] {
        try InputFile.prefix(InputPaths.resolve(path), shown: shown, count: prefixBytes)
    }

    /// What the bytes are, as a noun phrase ("a Sensor Logger gyroscope CSV"), when they are a sensor CSV, a
    /// location CSV, a CSV of another layout, GPX, a zip archive, an Excel workbook, a Sensor Logger JSON export or
    /// not text at all; `nil` for other text and other JSON (which the JSON input kinds tell apart).
    ///
    /// - Parameters:
    ///   - prefix: the file's first bytes (``prefix(of:shown:)``).
    ///   - fileName: the file's name, which says which sensor a Sensor Logger CSV holds.
    package static func describe(prefix: [UInt8], fileName: String) -> FileDescription? {
        if prefix.starts(with: [0x50, 0x4B, 0x03, 0x04]) || prefix.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            return FileDescription("a zip archive", .archive)
        }
        if prefix.starts(with: [0xD0, 0xCF, 0x11, 0xE0]) { return FileDescription("an Excel workbook", .other) }
        var text = prefix[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        while let first = text.first, first == 0x20 || first == 0x09 || first == 0x0A || first == 0x0D {
            text = text.dropFirst()
        }
        guard let first = text.first else { return FileDescription(prefix.isEmpty ? "an empty file" : "a file of blank lines", .other) }
        // Binary content: a NUL or most bytes outside printable ASCII and UTF-8 in the first kilobyte.
        if text.prefix(1024).contains(0) { return FileDescription("a binary file (not text)", .other) }
        let start = String(decoding: text.prefix(4096), as: UTF8.self)
        if first == UInt8(ascii: "<") {
            return start.contains("<gpx") ? FileDescription("a GPX file", .gpx) : FileDescription("an XML file", .other)
        }
        if first == UInt8(ascii: "[") {
            // Sensor Logger's JSON export is an array of objects each with a "sensor" key; other arrays are left to
            // the JSON kinds (a drift log is an array).
            let firstObject = start.prefix { $0 != "}" }
            return firstObject.contains("\"sensor\"") ? FileDescription("a Sensor Logger JSON export", .sensorLoggerJSON) : nil
        }
        if first == UInt8(ascii: "{") { return nil }
        let line = String(start.prefix { $0 != "\n" && $0 != "\r" })
        let header = SensorCSVHeader(line: line, fileName: fileName)
        guard header.names.count >= 2 else { return nil }
        if header.lower.contains(where: { $0.hasPrefix("latitude") }) {
            let dialect = SensorCSVDialects.dialect(for: header)
            return FileDescription("a " + (dialect.map { $0.format.rawValue + " " } ?? "") + "location CSV", .locationCSV)
        }
        guard let dialect = SensorCSVDialects.dialect(for: header) else {
            // Several named columns on a first line of text: a CSV, of a layout no dialect reads.
            let named = header.names.filter { !$0.isEmpty && Double($0) == nil }
            return named.count >= 2 ? FileDescription("a CSV of an unknown layout", .sensorCSV) : nil
        }
        return FileDescription("a \(dialect.format.rawValue) \(sensorWords(dialect, header))CSV", .sensorCSV)
    }

    /// The sensor a sensor CSV's header and name identify ("magnetometer"), or nil for any other file or a CSV
    /// that does not say.
    package static func sensor(prefix: [UInt8], fileName: String) -> SensorKind? {
        var text = prefix[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        let line = String(String(decoding: text.prefix(4096), as: UTF8.self).prefix { $0 != "\n" && $0 != "\r" })
        let header = SensorCSVHeader(line: line, fileName: fileName)
        guard header.names.count >= 2, let dialect = SensorCSVDialects.dialect(for: header) else { return nil }
        return observedSensor(dialect, header)
    }

    /// The sensor the dialect's reader identifies while checking the header, whether or not a command reads it.
    static func observedSensor(_ dialect: any SensorCSVDialect.Type, _ header: SensorCSVHeader) -> SensorKind? {
        let observer = SensorObserver()
        let request = SensorCSVRequest(
            file: header.fileName, metadata: nil, declaredUnit: nil,
            need: SensorNeed(.rotationRate, consumer: "identification"), observer: observer)
        _ = try? dialect.layout(of: header, for: request)
        return observer.sensor
    }

    /// "gyroscope ", "magnetometer ", "accelerometer (gravity included) ", or "" when the header and name do not
    /// say: the sensor the dialect's reader identifies, whether or not a command reads it.
    static func sensorWords(_ dialect: any SensorCSVDialect.Type, _ header: SensorCSVHeader) -> String {
        observedSensor(dialect, header).map { $0.rawValue + " " } ?? ""
    }
}

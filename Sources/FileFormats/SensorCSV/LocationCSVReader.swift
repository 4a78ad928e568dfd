import Foundation

/// Reads a phone's location log as a track: Sensor Logger's `Location.csv` and phyphox's "Location GPS" export
/// (CSV, or the zip holding its `Raw Data.csv`), as points for a proximity `replay` or a geofence `movement` path.
///
/// Columns, found by name in any order:
/// - Sensor Logger (UNITS.md): `seconds_elapsed` (s since the recording's start; else `time` in ns since the
///   epoch), `latitude`, `longitude` (degrees), `horizontalAccuracy` (m, about one standard deviation; a negative
///   value means invalid and is read as "no accuracy").
/// - phyphox: `"Time (s)"`, `"Latitude (°)"`, `"Longitude (°)"`, `"Horizontal Accuracy (m)"` (the same meaning).
/// A file holding another sensor is refused naming it; a fix with a bad coordinate or time going backwards is
/// refused with its line.
package enum LocationCSVReader {
    /// The most fixes read (a day at 10 Hz is 864 000).
    package static let maximumFixes = 1_000_000

    /// Whether a path names something this reader reads rather than GPX.
    package static func handles(path: String) -> Bool {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        return ext == "csv" || ext == "zip" || ext == "json"
    }

    /// Reads the fixes, in file order, as track points (time relative to the file's clock, seconds).
    ///
    /// - Parameters:
    ///   - path: the CSV or zip.
    ///   - consumer: who needs the track, for the refusal of another sensor's file.
    /// - Throws: ``InputError`` naming the file, line and field.
    package static func read(path: String, consumer: String) throws(InputError) -> [GPXPoint] {
        let need = SensorNeed(.location, consumer: consumer)
        let source = try SensorSource.open(path: path, need: need)
        let reader = source.reader
        let file = source.display
        guard try reader.next() else { throw InputError(file: file, problem: "is empty") }
        let header = reader.text
        let (names, separator) = SensorCSVLayout.fields(header)
        let lower = names.map { $0.lowercased() }
        func column(_ prefixes: [String]) -> Int? {
            for p in prefixes { if let i = lower.firstIndex(where: { $0 == p || $0.hasPrefix(p + " (") }) { return i } }
            return nil
        }
        guard let lat = column(["latitude"]), let lon = column(["longitude"]) else {
            // Not a location file: let the sensor layout name what it is.
            _ = try SensorCSVLayout.detect(
                header: header, file: file, fileName: source.identifyingName, metadata: source.metadata,
                declaredUnit: nil, need: need)
            throw InputError(
                file: file, line: 1, field: "header", problem: "no latitude and longitude columns; \(consumer) needs \(need.description)")
        }
        let isPhyphox = PhyphoxDialect.recognise(SensorCSVHeader(line: header, fileName: source.identifyingName)) == .mine
        let elapsed = column(["seconds_elapsed", "time"]).flatMap { lower[$0] == "time" && !isPhyphox ? nil : $0 }
        let nanoseconds = elapsed == nil ? lower.firstIndex(of: "time") : nil
        guard elapsed != nil || nanoseconds != nil else {
            throw InputError(
                file: file, line: 1, field: "header", problem: "location file without a time column (seconds_elapsed, time or \"Time (s)\")"
            )
        }
        let accuracy = column(["horizontalaccuracy", "horizontal accuracy"])
        var points: [GPXPoint] = []
        var previous = -Double.infinity
        var firstNanoseconds: Int64?
        while try reader.next() {
            if reader.length == 0 { continue }
            let line = reader.lineNumber
            let values = CSVFields.split(reader.text, separator: separator)
            guard values.count == names.count else {
                throw InputError(file: file, line: line, problem: "has \(values.count) fields, the header has \(names.count)")
            }
            func number(_ i: Int, _ name: String) throws(InputError) -> Double {
                // Decimals only: `Double("0x1A")` is 26, a number nobody writing a location log meant.
                guard let v = DecimalText.double(values[i]) else {
                    throw InputError(file: file, line: line, field: name, problem: "\"\(values[i])\" is not a finite decimal number")
                }
                return v
            }
            var t: Double
            if let e = elapsed {
                t = try number(e, names[e])
            } else {
                let i = nanoseconds ?? 0
                guard let ns = Int64(values[i]) else {
                    throw InputError(file: file, line: line, field: "time", problem: "\"\(values[i])\" is not nanoseconds")
                }
                let first = firstNanoseconds ?? ns
                firstNanoseconds = first
                // Checked, not wrapping: a clock that wraps past Int64.max would otherwise read as a step forward.
                let (difference, overflow) = ns.subtractingReportingOverflow(first)
                if overflow {
                    let problem =
                        ns < first
                        ? "goes backwards: \(ns) ns is before the first fix's \(first) ns"
                        : "\(ns) ns is more than 2^63 ns (292 years) after the first fix's \(first) ns"
                    throw InputError(file: file, line: line, field: "time", problem: problem)
                }
                t = Double(difference) / 1e9
            }
            guard t >= previous else {
                throw InputError(file: file, line: line, field: "time", problem: "goes backwards: \(t) s after \(previous) s")
            }
            previous = t
            let latitude = try number(lat, names[lat]), longitude = try number(lon, names[lon])
            guard latitude >= -90, latitude <= 90, longitude >= -180, longitude <= 180,
                var point = GPXPoint(
                    kind: .trackPoint, latitudeDegrees: latitude, longitudeDegrees: longitude, name: nil, line: line)
            else {
                throw InputError(
                    file: file, line: line, problem: "latitude \(values[lat]), longitude \(values[lon]) is not a valid position")
            }
            point.timeSeconds = t
            point.timeText = "\(t) s"
            if let a = accuracy, let meters = DecimalText.double(values[a]), meters >= 0 {
                point.horizontalAccuracyMeters = meters
            }
            points.append(point)
            guard points.count <= maximumFixes else {
                throw InputError(file: file, line: line, problem: "more than \(maximumFixes) fixes")
            }
        }
        guard !points.isEmpty else { throw InputError(file: file, line: reader.lineNumber, problem: "has a header but no fixes") }
        return points
    }
}

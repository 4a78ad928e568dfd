import Foundation
import Testing

@testable import FileFormats

/// The location log reader on Sensor Logger and phyphox layouts (headers and quirks from the real exports in
/// `../shared/realdata/SOURCES.md`; values written here by hand).
@Suite struct LocationCSVReaderTests {
    static func write(_ text: String, _ name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-location-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// iOS Sensor Logger 1.13's column order, negative `seconds_elapsed` (cached fixes) and −1 accuracy sentinels.
    @Test func sensorLoggerIOSLocation() throws {
        let header =
            "time,seconds_elapsed,altitude,speedAccuracy,bearingAccuracy,latitude,altitudeAboveMeanSeaLevel,bearing,"
            + "horizontalAccuracy,verticalAccuracy,longitude,speed\n"
        let rows =
            "1679557815000000000,-14.7,10,-1,-1,39.95248,8,-1,35.2,3,-75.19938,-1\n"
            + "1679557830000000000,0.3,10,-1,-1,39.95266,8,-1,-1,3,-75.19938,0.8\n"
        let points = try LocationCSVReader.read(path: try Self.write(header + rows, "Location.csv"), consumer: "a proximity replay")
        #expect(points.map(\.timeSeconds) == [-14.7, 0.3])
        #expect(points.map(\.latitudeDegrees) == [39.95248, 39.95266] && points[0].longitudeDegrees == -75.19938)
        // −1 is Sensor Logger's "invalid": no accuracy rather than a negative one.
        #expect(points.map(\.horizontalAccuracyMeters) == [35.2, nil])
        #expect(points.map(\.line) == [2, 3] && points.allSatisfy { $0.kind == .trackPoint })
    }

    /// Without `seconds_elapsed`, `time` is nanoseconds since the epoch, counted from the first fix.
    @Test func nanosecondTimes() throws {
        let text = "time,latitude,longitude\n1000000000,1,2\n3500000000,1,2.5\n"
        let points = try LocationCSVReader.read(path: try Self.write(text, "Location.csv"), consumer: "t")
        // (3 500 000 000 − 1 000 000 000) ns = 2.5 s.
        #expect(points.map(\.timeSeconds) == [0, 2.5])
    }

    /// phyphox: `"Time (s)"`, degrees in the column names, semicolons allowed.
    @Test func phyphoxLocation() throws {
        let text =
            "\"Time (s)\";\"Latitude (°)\";\"Longitude (°)\";\"Height (m)\";\"Velocity (m/s)\";\"Direction (°)\";"
            + "\"Horizontal Accuracy (m)\";\"Vertical Accuracy (°)\"\n"
            + "0.0;65.0593;25.4663;20;NaN;NaN;4.7;3\n1.0;65.0594;25.4663;20;1.2;5;4.9;3\n"
        let points = try LocationCSVReader.read(path: try Self.write(text, "Location.csv"), consumer: "t")
        #expect(points.map(\.timeSeconds) == [0, 1] && points.map(\.horizontalAccuracyMeters) == [4.7, 4.9])
        #expect(points[1].latitudeDegrees == 65.0594)
    }

    /// Bad fixes are refused on their line and field.
    @Test(arguments: [
        ("time,seconds_elapsed,latitude,longitude\n1,0,91,0\n", 2, "", "latitude 91, longitude 0 is not a valid position"),
        ("time,seconds_elapsed,latitude,longitude\n1,1,1,1\n2,0.5,1,1\n", 3, "time", "goes backwards: 0.5 s after 1.0 s"),
        ("time,seconds_elapsed,latitude,longitude\n1,0,x,1\n", 2, "latitude", "\"x\" is not a finite decimal number"),
        ("time,seconds_elapsed,latitude,longitude\n1,0,1\n", 2, "", "has 3 fields, the header has 4"),
        ("time,seconds_elapsed,latitude,longitude\n", 1, "", "has a header but no fixes"),
        ("latitude,longitude\n1,1\n", 1, "header", "location file without a time column"),
    ])
    func badFixesAreRefused(text: String, line: Int, field: String, problem: String) throws {
        let path = try Self.write(text, "Location.csv")
        do {
            _ = try LocationCSVReader.read(path: path, consumer: "t")
            Issue.record("accepted \(problem)")
        } catch {
            #expect(error.file == path && error.line == line && error.field == field, "\(error)")
            #expect(error.problem.hasPrefix(problem), "\(error)")
        }
    }

    /// Another sensor's file is refused by the sensor dialect that recognises it, naming what it is.
    @Test func anotherSensorIsRefusedByName() throws {
        let path = try Self.write("time,seconds_elapsed,z,y,x\n1,0,0,0,0\n", "Gyroscope.csv")
        #expect(
            throws: InputError(
                file: path, line: 1, field: "header",
                problem: "is a Sensor Logger gyroscope recording (file name \"Gyroscope.csv\"); a proximity replay needs "
                    + "a location track (latitude, longitude, time)")
        ) { try LocationCSVReader.read(path: path, consumer: "a proximity replay") }
        #expect(LocationCSVReader.handles(path: "a/Location.CSV") && LocationCSVReader.handles(path: "x.zip"))
        #expect(!LocationCSVReader.handles(path: "walk.gpx"))
    }

    /// Numbers are decimals (issue 29's hostile-input corpus): `Double("0x1A")` is 26, which nobody writing a
    /// location log meant. The message names the file, line and column.
    @Test func hexadecimalNumbersAreRefused() throws {
        let path = try Self.write("seconds_elapsed,latitude,longitude\n0,1,2\n0x1A,1,2\n", "Location.csv")
        #expect(
            throws: InputError(file: path, line: 3, field: "seconds_elapsed", problem: "\"0x1A\" is not a finite decimal number")
        ) { try LocationCSVReader.read(path: path, consumer: "t") }
        let latitude = try Self.write("seconds_elapsed,latitude,longitude\n0,0x1p5,2\n", "Location.csv")
        #expect(
            throws: InputError(file: latitude, line: 2, field: "latitude", problem: "\"0x1p5\" is not a finite decimal number")
        ) { try LocationCSVReader.read(path: latitude, consumer: "t") }
    }

    /// A nanosecond clock that wraps: in wrapping arithmetic Int64.min &- Int64.max = −2⁶⁴ + 1 ≡ 1, so the second
    /// fix read as 1 ns after the first; in fact it is 2⁶⁴ − 1 ns before it, so it goes backwards on its line.
    @Test func aWrappingNanosecondClockIsRefused() throws {
        let path = try Self.write("time,latitude,longitude\n9223372036854775807,1,2\n-9223372036854775808,1,2\n", "Location.csv")
        #expect(
            throws: InputError(
                file: path, line: 3, field: "time",
                problem: "goes backwards: -9223372036854775808 ns is before the first fix's 9223372036854775807 ns")
        ) { try LocationCSVReader.read(path: path, consumer: "t") }
        // The other way round the difference (2⁶⁴ − 1 ns, 585 years) does not fit the clock either.
        let forward = try Self.write("time,latitude,longitude\n-9223372036854775808,1,2\n9223372036854775807,1,2\n", "Location.csv")
        #expect(throws: InputError.self) { try LocationCSVReader.read(path: forward, consumer: "t") }
    }

    /// Control bytes in a cell are escaped in the rendered message, so a file cannot send escape sequences to the
    /// terminal: ESC (0x1B) shows as `\u{1b}` and BEL (0x07) as `\u{7}`.
    @Test func controlBytesInACellAreEscapedInTheMessage() throws {
        let path = try Self.write("seconds_elapsed,latitude,longitude\n0,\u{1B}[2J\u{07},2\n", "Location.csv")
        do {
            _ = try LocationCSVReader.read(path: path, consumer: "t")
            Issue.record("read a latitude of control bytes")
        } catch {
            #expect("\(error)" == "\(path):2: latitude: \"\\u{1b}[2J\\u{7}\" is not a finite decimal number")
            #expect(!"\(error)".unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    /// A FIFO named as a location log (or a zip, or a JSON export: all open through InputFile) is refused at once as
    /// what it is; the zip sniffing that runs first used to open it blocking and wait for a writer.
    @Test(arguments: ["Location.csv", "Location.zip", "export.json"])
    func aFIFOIsRefusedAsAFIFO(name: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-location-fifo-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: InputError(.missingFile, file: path, problem: "is a FIFO (named pipe), not a file")) {
            try LocationCSVReader.read(path: path, consumer: "t")
        }
    }
}

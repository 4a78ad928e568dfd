import Foundation
import Testing

@testable import FileFormats

/// The GPX reader's own module tests (its walks and places are tested in StudiesTests): positions in degrees,
/// escaped names, times, and refusals.
@Suite struct GPXReaderTests {
    @Test func readsPointsNamesTimesAndAccuracy() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
              <wpt lat="39.95" lon="-75.19"><name>Joe&#39;s &lt;Café&gt; &amp; bell</name></wpt>
              <trk><trkseg>
                <trkpt lat="-89.5" lon="180"><time>2026-01-01T00:00:05.250Z</time><hdop>2</hdop></trkpt>
              </trkseg></trk>
            </gpx>
            """
        let points = try GPXReader.parse(Data(text.utf8), file: "t.gpx")
        #expect(points.map(\.kind) == [.waypoint, .trackPoint])
        #expect(points[0].name == "Joe's <Café> & bell" && points[0].line == 3)
        // Degrees as written: FileFormats does not normalise 180 to −180 (DetectionCore's Coordinate does).
        #expect(points[1].latitudeDegrees == -89.5 && points[1].longitudeDegrees == 180)
        // 2026-01-01 is day 20 454 after 1970-01-01 (56·365 + 14 leap days), so 20 454·86 400 + 5.25 s.
        #expect(points[1].timeSeconds == 20_454 * 86_400 + 5.25)
        // HDOP 2 × 5 m with no accuracy element.
        #expect(points[1].horizontalAccuracyMeters == 10 && points[1].accuracyFromHDOP)
    }

    /// Hand calendar: 56 years from 1970 with the leap days of 1972–2024 (14); 2000 is a leap year (400 rule).
    @Test func daysFromCivil() {
        #expect(GPXTime.daysFromCivil(year: 1970, month: 1, day: 1) == 0)
        #expect(GPXTime.daysFromCivil(year: 2026, month: 1, day: 1) == 20_454)
        #expect(GPXTime.daysFromCivil(year: 2000, month: 3, day: 1) - GPXTime.daysFromCivil(year: 2000, month: 2, day: 1) == 29)
        #expect(GPXTime.secondsSince1970("2026-01-01T01:00:00+01:00") == Double(20_454 * 86_400))
    }

    @Test(arguments: [
        ("<gpx><wpt lat=\"91\" lon=\"0\"/></gpx>", "is not a valid position"),
        ("<gpx><wpt lat=\"1\" lon=\"181\"/></gpx>", "is not a valid position"),
        ("<gpx><wpt lat=\"0x1p1\" lon=\"0\"/></gpx>", "is not a decimal number"),
        ("<gpx><wpt lon=\"0\"/></gpx>", "has no lat attribute"),
        ("<kml/>", "not a GPX file"),
    ])
    func refusesBadPoints(text: String, problem: String) {
        do {
            _ = try GPXReader.parse(Data(text.utf8), file: "bad.gpx")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.file == "bad.gpx" && error.problem.contains(problem), "\(error)")
        }
    }

    /// A point exists only at a position DetectionCore's `Coordinate` accepts.
    @Test func pointsAreValidPositions() {
        #expect(GPXPoint(kind: .waypoint, latitudeDegrees: 90.5, longitudeDegrees: 0, name: nil, line: 1) == nil)
        #expect(GPXPoint(kind: .waypoint, latitudeDegrees: 0, longitudeDegrees: .infinity, name: nil, line: 1) == nil)
        #expect(GPXPoint(kind: .waypoint, latitudeDegrees: -90, longitudeDegrees: 540, name: nil, line: 1) != nil)
    }

    /// A billion-laughs style file: one internal entity referenced 200 000 times (about 700 kB, the size that cost
    /// 20 s of CPU before, issue 29). GPX never needs a DTD, so any `<!DOCTYPE`/`<!ENTITY` is refused on its line
    /// before the parser sees the bytes. The time bound separates the refusal (a linear scan of 700 kB, milliseconds)
    /// from the 20 s expansion it replaced, with room for a loaded machine.
    @Test func entityDeclarationsAreRefusedFast() throws {
        let header = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n<!ENTITY e \"abc\">\n]>\n"
        let body = "<gpx><wpt lat=\"1\" lon=\"2\"><name>" + String(repeating: "&e;", count: 200_000) + "</name></wpt></gpx>\n"
        let data = Data((header + body).utf8)
        #expect(data.count > 600_000)
        let start = ContinuousClock.now
        #expect(
            throws: InputError(
                file: "halls.gpx", line: 2,
                problem: "a document type or entity declaration (<!DOCTYPE, <!ENTITY) is not supported in GPX")
        ) { try GPXReader.parse(data, file: "halls.gpx") }
        #expect(ContinuousClock.now - start < .seconds(10))
        // Without the DOCTYPE line, an <!ENTITY anywhere (e.g. in an internal subset split over lines) is refused too.
        #expect(throws: InputError.self) {
            try GPXReader.parse(Data("<gpx>\n<!entity e \"x\">\n</gpx>".utf8), file: "t.gpx")
        }
    }

    /// The five predefined entities need no DTD and still read, in linear time: 200 000 `&amp;` in one name
    /// (1 MB) read as 200 000 ampersands. The bound separates linear from quadratic, not fast from slow: the
    /// quadratic expansion this replaced took 20 s for 700 kB (issue 29), about 40 s for this 1 MB; the linear
    /// reader takes well under a second, and up to 3 s in a debug build on a loaded 2-core machine.
    @Test func predefinedEntitiesReadInLinearTime() throws {
        let text = "<gpx><wpt lat=\"1\" lon=\"2\"><name>" + String(repeating: "&amp;", count: 200_000) + "</name></wpt></gpx>"
        let start = ContinuousClock.now
        let points = try GPXReader.parse(Data(text.utf8), file: "t.gpx")
        #expect(ContinuousClock.now - start < .seconds(15))
        #expect(points.first?.name == String(repeating: "&", count: 200_000))
    }

    /// A FIFO named as a GPX file is refused at once as what it is (it used to be "cannot be read (permission?)"
    /// after blocking, or a wait for a writer), through InputFile like every other reader.
    @Test func aFIFOIsRefusedAsAFIFO() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sb-gpx-fifo-\(getpid())-\(UUID().uuidString).gpx").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        #expect(throws: InputError(.missingFile, file: path, problem: "is a FIFO (named pipe), not a file")) {
            try GPXReader.read(path: path)
        }
    }
}

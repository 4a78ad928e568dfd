import DetectionCore
import Foundation
import Reporting
import TestSupport
import Testing

@testable import FileFormats
@testable import Studies

@Suite struct GPXTests {
    // Export then import: the same points within 1e-9° (15 significant digits are printed).
    @Test func roundTrip() throws {
        let points = try [(39.95248, -75.19938), (39.951234567891, -75.198765432198), (-33.8567844, 151.2152967)].enumerated().map { i, p in
            GPXWriter.Point(
                coordinate: try #require(Coordinate(latitudeDegrees: p.0, longitudeDegrees: p.1)), timeSeconds: Double(i),
                name: i == 0 ? "A & B <1>" : nil)
        }
        let text = try GPXWriter.render(points, creator: "test")
        #expect(
            text.contains("version=\"1.1\"") && text.contains("xmlns=\"http://www.topografix.com/GPX/1/1\"")
                && text.contains("creator=\"test\""))
        let back = try GPXReader.parse(Data(text.utf8), file: "x.gpx")
        #expect(back.count == 3)
        for (a, b) in zip(points, back) {
            #expect(abs(a.latitudeDegrees - b.coordinate.latitudeDegrees) < 1e-9)
            #expect(abs(a.longitudeDegrees - b.coordinate.longitudeDegrees) < 1e-9)
            #expect(b.kind == .waypoint)
        }
        #expect(back[0].name == "A & B <1>")
    }

    // FoundationXML crashes on processing instructions (strlen of NULL for `<?x?>`, a trap on a non-UTF-8 target);
    // both found by scripts/fuzz gpx. Any instruction but the opening declaration is refused on its line.
    @Test(arguments: [
        ("<?xml version=\"1.0\"?>\n<?x ?>\n<gpx version=\"1.1\" creator=\"x\"><wpt lat=\"1\" lon=\"2\"/></gpx>\n", 2),
        ("<?xm\u{00EC} v?>\n<gpx version=\"1.1\" creator=\"x\"><wpt lat=\"1\" lon=\"2\"/></gpx>\n", 1),
        ("<gpx version=\"1.1\" creator=\"x\">\n\n<?xml-stylesheet href=\"a.xsl\"?><wpt lat=\"1\" lon=\"2\"/></gpx>\n", 3),
    ])
    func processingInstructionsAreRefusedNotACrash(text: String, line: Int) throws {
        do {
            _ = try GPXReader.parse(Data(text.utf8), file: "pi.gpx")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.line == line)
            #expect(error.problem.contains("processing instruction"))
        }
    }

    // FoundationXML traps on names and text that are not UTF-8 (found by scripts/fuzz gpx): refused on their line.
    @Test func invalidUTF8IsRefusedOnItsLine() throws {
        var bytes = Array("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"x\">\n<wpt lat=\"1\" lon=\"2\">".utf8)
        bytes += [0x3C, 0x6E, 0xFF, 0x3E]  // "<n\xFF>": a lone 0xFF is never UTF-8
        bytes += Array("</wpt></gpx>\n".utf8)
        do {
            _ = try GPXReader.parse(Data(bytes), file: "latin.gpx")
            Issue.record("accepted invalid UTF-8")
        } catch {
            #expect(error.line == 3)
            #expect(error.problem.contains("not valid UTF-8"))
        }
    }

    // The declaration itself, after a byte-order mark, is no processing instruction.
    @Test func declarationAfterByteOrderMarkIsRead() throws {
        let text =
            "\u{FEFF}<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<gpx version=\"1.1\" creator=\"x\">"
            + "<wpt lat=\"1\" lon=\"2\"/></gpx>\n"
        #expect(try GPXReader.parse(Data(text.utf8), file: "bom.gpx").count == 1)
    }

    // Hand calendar: 2026-01-01 + 5 s; + 1 day; + 59 days (31 in January, 28 in February 2026) = 1 March; half seconds.
    @Test func timestamps() throws {
        #expect(try GPXWriter.timestamp(5) == "2026-01-01T00:00:05Z")
        #expect(try GPXWriter.timestamp(86_400 + 3661) == "2026-01-02T01:01:01Z")
        #expect(try GPXWriter.timestamp(59 * 86_400) == "2026-03-01T00:00:00Z")
        #expect(try GPXWriter.timestamp(0.25) == "2026-01-01T00:00:00.250Z")
        #expect(throws: (any Error).self) { try GPXWriter.timestamp(-1) }
    }

    @Test func readsRouteAndTrackPointsWithNames() throws {
        let text = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
              <rte><rtept lat="1.5" lon="2.5"><name> Start </name></rtept></rte>
              <trk><trkseg><trkpt lat="-1" lon="179.5"/><trkpt lat="0" lon="0"><ele>3</ele></trkpt></trkseg></trk>
            </gpx>
            """
        let points = try GPXReader.parse(Data(text.utf8), file: "r.gpx")
        #expect(points.map(\.kind) == [.routePoint, .trackPoint, .trackPoint])
        #expect(points[0].name == "Start" && points[1].name == nil)
        #expect(points[1].coordinate.longitudeDegrees == 179.5 && points[0].line == 3)
    }

    /// Each bad file is refused as bad data naming the file and the line of the problem.
    @Test(arguments: [
        ("<gpx>\n<wpt lat=\"1\" lon=\"2\">\n</gpx>\n", 3, "malformed"),
        ("<gpx>\n<wpt lat=\"1\" lon=\"2\"/>\n<wpt lon=\"2\"/>\n</gpx>\n", 3, "no lat"),
        ("<gpx>\n\n<trkpt lat=\"1\"/>\n</gpx>\n", 3, "no lon"),
        ("<gpx>\n<wpt lat=\"north\" lon=\"2\"/>\n</gpx>\n", 2, "not a decimal number"),
        // Hexadecimal floats parse as numbers in Swift (0x10 = 16) but are not GPX's xsd:decimal.
        ("<gpx>\n<wpt lat=\"1\" lon=\"0x10\"/>\n</gpx>\n", 2, "not a decimal number"),
        ("<gpx>\n<wpt lat=\"91\" lon=\"2\"/>\n</gpx>\n", 2, "not a valid position"),
        ("<kml>\n</kml>\n", 1, "not a GPX file"),
    ])
    func refusesBadFiles(text: String, line: Int, problem: String) {
        do {
            _ = try GPXReader.parse(Data(text.utf8), file: "bad.gpx")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.kind == .badData && ExitCode(error) == .dataError)
            #expect(error.file == "bad.gpx")
            #expect(error.line == line, "\(error)")
            #expect(error.problem.contains(problem), "\(error)")
        }
    }

    // A scenario's places may be a GPX file; a bad one is reported with the GPX file and its line.
    @Test func scenarioPlacesFromGPX() throws {
        let gpx = """
            <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="39.95248" lon="-75.19938"><name>1920 Commons</name></wpt>
            <wpt lat="39.95263" lon="-75.19848"><name>Pret A Manger</name></wpt>
            </gpx>
            """
        let json = smallGeofenceScenario().replacingOccurrences(of: twoPlacesJSON, with: "\"halls.gpx\"")
        let (folder, path) = try geofenceScenarioFile(json, extra: ["halls.gpx": gpx, "bad.gpx": "<gpx>\n<wpt lon=\"1\"/>\n</gpx>"])
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let s = try ScenarioFile.load(path: path).study as? GeofenceScenario else { Issue.record("not geofence"); return }
        #expect(s.placeSet.places.map(\.name) == ["1920 Commons", "Pret A Manger"])
        try json.replacingOccurrences(of: "halls.gpx", with: "bad.gpx").write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try ScenarioFile.load(path: path)
            Issue.record("accepted a bad GPX file")
        } catch {
            #expect(error.file?.hasSuffix("bad.gpx") == true && error.line == 2 && error.problem.contains("no lat"), "\(error)")
        }
    }

    // The export of a scenario's first trial: GPX 1.1 waypoints with ascending times that read back.
    @Test func exportsTheFirstTrial() throws {
        let (folder, path) = try geofenceScenarioFile(smallGeofenceScenario())
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let s = try ScenarioFile.load(path: path).study as? GeofenceScenario else { Issue.record("not geofence"); return }
        let text = try GeofenceStudy.exportGPX(s)
        #expect(try GeofenceStudy.exportGPX(s) == text)
        let points = try GPXReader.parse(Data(text.utf8), file: "e.gpx")
        // 2 minutes at one fix a second: 121 fixes less any dropped.
        #expect(points.count > 100 && points.count <= 121)
        let times = text.components(separatedBy: "<time>").dropFirst().map { String($0.prefix(20)) }
        #expect(times.count == points.count && times == times.sorted() && times[0] == "2026-01-01T00:00:00Z")
    }
}

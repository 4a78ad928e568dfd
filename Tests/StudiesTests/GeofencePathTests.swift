import DetectionCore
import Foundation
import TestSupport
import Testing

@testable import FileFormats
@testable import MonteCarlo
@testable import Studies

/// A `path` scenario around 1920 Commons (39.95248, −75.19938) walking `walk.gpx`.
private func pathScenario(trials: Int = 5, extraMovement: String = "", grid: String = "") -> String {
    """
    {
      "study": "geofence", "name": "p", "seed": 7, "trialsPerCell": \(trials),
      "places": \(twoPlacesJSON), "target": "1920 Commons",
      "movement": {"kind": "path", "gpx": "walk.gpx"\(extraMovement)},
      "checks": [{"kind": "naive"}, {"kind": "consecutive"}],
      "grid": {"environment": ["open-sky"]\(grid)}
    }
    """
}

/// A GPX document of `body` (one element a line, from line 3).
private func gpx(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
        + body + "\n</gpx>\n"
}

/// Due south of the hall 0.0018° (about 200 m), through it, to 0.0018° north, along its meridian.
private let throughTheHall = gpx(
    """
    <trk><trkseg>
    <trkpt lat="39.95068" lon="-75.19938"/>
    <trkpt lat="39.95248" lon="-75.19938"/>
    <trkpt lat="39.95428" lon="-75.19938"/>
    </trkseg></trk>
    """)

private func load(_ json: String, gpxText: String) throws -> (URL, Result<Scenario, InputError>) {
    let (folder, path) = try geofenceScenarioFile(json, extra: ["walk.gpx": gpxText])
    do {
        return (folder, .success(try ScenarioFile.load(path: path)))
    } catch {
        return (folder, .failure(error))
    }
}

@Suite struct GeofencePathTests {
    /// Without times the path is walked at `speedMetersPerSecond`: its duration is its length / 1.4 m/s, the
    /// length being the geodesic distance of the two ends (Karney, the same meridian; the plane's straight legs
    /// agree to well under a millimetre over 400 m). Every walk passes within a metre of the hall (fixes 1 s apart
    /// at 1.4 m/s, no wander), and the naive check, fed open-sky fixes (σ 2 m) for the ~70 s spent inside 50 m,
    /// collects it on every walk.
    @Test func aPathThroughAHallTriggersIt() throws {
        let (folder, result) = try load(pathScenario(), gpxText: throughTheHall)
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let s = try result.get().study as? GeofenceScenario else {
            Issue.record("not a geofence scenario")
            return
        }
        let start = try #require(Coordinate(latitudeDegrees: 39.95068, longitudeDegrees: -75.19938))
        let end = try #require(Coordinate(latitudeDegrees: 39.95428, longitudeDegrees: -75.19938))
        let length = Geodesic.distanceMeters(start, end)
        let path = try #require(s.movement.plannedPath)
        #expect(abs(path.durationSeconds - length / 1.4) < 1e-3)
        #expect(s.cells.map(\.distanceMeters) == [0] && s.movement.wanderMeters == 0)
        let outcomes = try GeofenceStudy.simulate(s, runner: MonteCarloRunner(jobs: 1))
        #expect(outcomes.count == 5)
        for o in outcomes {
            #expect(o.trueMinimumDistanceMeters[0] < 1)
            #expect(o.trueFirstInsideSeconds[0] != nil)
            #expect(o.enters[0] >= 1)  // check 0 (naive), place 0 (the target)
            #expect(o.firstEnterWasFalse[0] == false)
        }
        // The report renders for a path.
        let files = try GeofenceStudy.report(s, runner: MonteCarloRunner(jobs: 1))
        #expect(files.contents(of: "summary.md")?.contains("walks the GPX file's path") == true)
    }

    /// A path takes its grid's defaults when "grid" is left out (issue 30): one campus cell at distance 0. A
    /// loiter, whose distances have no default, still needs it.
    @Test func aPathNeedsNoGrid() throws {
        let noGrid = pathScenario().replacingOccurrences(of: ",\n  \"grid\": {\"environment\": [\"open-sky\"]}", with: "")
        #expect(!noGrid.contains("grid"))
        let (folder, result) = try load(noGrid, gpxText: throughTheHall)
        defer { try? FileManager.default.removeItem(at: folder) }
        let s = try #require(try result.get().study as? GeofenceScenario)
        #expect(s.cells.count == 1 && s.cells[0].distanceMeters == 0 && s.cells[0].environment.name == "campus")
        let loiter = noGrid.replacingOccurrences(of: #""kind": "path", "gpx": "walk.gpx""#, with: #""kind": "loiter""#)
        let (other, refused) = try load(loiter, gpxText: throughTheHall)
        defer { try? FileManager.default.removeItem(at: other) }
        guard case .failure(let error) = refused else {
            Issue.record("a loiter without a grid was read")
            return
        }
        #expect(error.field == "grid" && error.problem == "is required but missing")
    }

    /// With times, waypoint k is at tₖ − t₀: 0, 100 and 300.5 s by hand from the timestamps.
    @Test func timesComeFromTheFile() throws {
        let timed = gpx(
            """
            <rte>
            <rtept lat="39.95068" lon="-75.19938"><time>2026-01-01T09:00:00Z</time></rtept>
            <rtept lat="39.95248" lon="-75.19938"><time>2026-01-01T09:01:40Z</time></rtept>
            <rtept lat="39.95428" lon="-75.19938"><time>2026-01-01T09:05:00.5Z</time></rtept>
            </rte>
            """)
        let (folder, result) = try load(pathScenario(), gpxText: timed)
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let s = try result.get().study as? GeofenceScenario else {
            Issue.record("not a geofence scenario")
            return
        }
        #expect(s.movement.plannedPath?.timesSeconds == [0, 100, 300.5])
    }

    /// Bad GPX files are refused with the GPX file, the line of the offending point and the problem.
    @Test(arguments: [
        ("<trk><trkseg>\n<trkpt lat=\"39.95\"/>\n</trkseg></trk>", 4, "has no lon attribute"),
        (
            "<trk><trkseg>\n<trkpt lat=\"39.95\" lon=\"-75.2\"><time>yesterday</time></trkpt>\n</trkseg></trk>", 4,
            "is not an ISO 8601"
        ),
        (
            "<trk><trkseg>\n<trkpt lat=\"39.95\" lon=\"-75.2\"><time>2026-01-01T09:00:10Z</time></trkpt>\n"
                + "<trkpt lat=\"39.951\" lon=\"-75.2\"><time>2026-01-01T09:00:00Z</time></trkpt>\n</trkseg></trk>", 5,
            "before the previous point"
        ),
        ("<metadata/>", nil, "has no trkpt, rtept or wpt"),
        ("<trk><trkseg>\n<trkpt lat=\"39.95\" lon=\"-75.2\">\n</trkseg></trk>", nil, "malformed GPX"),
    ])
    func badGPXIsRefusedWithItsLine(body: String, line: Int?, problem: String) throws {
        let (folder, result) = try load(pathScenario(), gpxText: gpx(body))
        defer { try? FileManager.default.removeItem(at: folder) }
        guard case .failure(let error) = result else {
            Issue.record("accepted: \(body)")
            return
        }
        #expect(error.kind == .badData)
        #expect(error.file?.hasSuffix("walk.gpx") == true, "\(error)")
        if let line { #expect(error.line == line, "\(error)") }
        #expect(error.problem.contains(problem), "\(error)")
    }

    /// The scenario's own mistakes: distances for a path, a GPX file for another movement, no GPX file.
    @Test(arguments: [
        (pathScenario(grid: #", "distanceMeters": [0]"#), "grid.distanceMeters", "takes no distances"),
        (
            pathScenario().replacingOccurrences(of: #""kind": "path", "gpx": "walk.gpx""#, with: #""kind": "path""#),
            "movement.gpx", "is required"
        ),
        (
            pathScenario(grid: #", "distanceMeters": [0]"#).replacingOccurrences(of: #""kind": "path""#, with: #""kind": "loiter""#),
            "movement.gpx", "path movement only"
        ),
    ])
    func scenarioMistakesAreRefused(json: String, field: String, problem: String) throws {
        let (folder, result) = try load(json, gpxText: throughTheHall)
        defer { try? FileManager.default.removeItem(at: folder) }
        guard case .failure(let error) = result else {
            Issue.record("accepted: \(json)")
            return
        }
        #expect(error.field == field, "\(error)")
        #expect(error.problem.contains(problem), "\(error)")
    }
}

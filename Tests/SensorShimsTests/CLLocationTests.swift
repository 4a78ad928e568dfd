import DetectionCore
import SensorShims
import TestSupport
import Testing

import struct Foundation.Data
import struct Foundation.URL

// MARK: - CLLocation and its coordinate

@Suite struct CLLocationTests {
    /// GeographicLib reference geodesics: the DetectionCore test fixture, read in place (not copied).
    static func referenceRows() throws -> [[Double]] {
        let url = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("DetectionCoreTests/Fixtures/geodesic-reference.csv")
        let lines = String(decoding: try Data(contentsOf: url), as: UTF8.self).split(separator: "\n").dropFirst()
        return lines.map { line in Fixtures.splitCSVLine(String(line)).map { Double($0) ?? .nan } }
    }

    @Test func distanceFromMatchesGeographicLibWithinOneMillimetre() throws {
        let rows = try Self.referenceRows()
        #expect(rows.count == 49)
        for v in rows {
            let a = CLLocation(latitude: v[0], longitude: v[1])
            let b = CLLocation(latitude: v[2], longitude: v[3])
            // Reference distances are printed to 1e-6 m; DetectionCore's geodesy tests hold them to 1 mm.
            #expect(abs(a.distance(from: b) - v[4]) <= 1e-3, "\(v)")
            #expect(abs(a.distance(from: b) - b.distance(from: a)) <= 1e-6)
        }
    }

    @Test func latitudeLongitudeInitialiserDefaults() {
        let l = CLLocation(latitude: 39.95248, longitude: -75.19938)
        #expect(l.coordinate == CLLocationCoordinate2D(latitude: 39.95248, longitude: -75.19938))
        #expect(l.horizontalAccuracy == 0 && l.verticalAccuracy == -1 && l.altitude == 0)
        #expect(l.timestamp == Date(timeIntervalSinceReferenceDate: 0))
    }

    @Test func fullInitialiserKeepsEveryField() {
        let c = CLLocationCoordinate2D(latitude: 1, longitude: 2)
        let t = Date(timeIntervalSinceReferenceDate: 12.5)
        let l = CLLocation(coordinate: c, altitude: 30, horizontalAccuracy: 8, verticalAccuracy: 4, timestamp: t)
        #expect(l.coordinate == c && l.altitude == 30 && l.horizontalAccuracy == 8)
        #expect(l.verticalAccuracy == 4 && l.timestamp == t)
    }

    @Test(arguments: [(91.0, 0.0), (-90.5, 0.0), (Double.nan, 0.0), (0.0, Double.infinity)])
    func distanceFromAnInvalidCoordinateIsNaNAndNeverInRange(lat: Double, lon: Double) {
        let bad = CLLocation(latitude: lat, longitude: lon)
        let good = CLLocation(latitude: 0, longitude: 0)
        #expect(bad.distance(from: good).isNaN && good.distance(from: bad).isNaN)
        #expect(!(bad.distance(from: good) < 50))
        #expect(!CLLocationCoordinate2DIsValid(bad.coordinate))
        #expect(LocationFix(bad) == nil)
    }

    @Test func coordinateValidityFollowsApplesRanges() {
        #expect(CLLocationCoordinate2DIsValid(CLLocationCoordinate2DMake(90, 180)))
        #expect(CLLocationCoordinate2DIsValid(CLLocationCoordinate2DMake(-90, -180)))
        #expect(!CLLocationCoordinate2DIsValid(CLLocationCoordinate2DMake(0, 180.5)))
        #expect(CLLocationCoordinate2D() == CLLocationCoordinate2DMake(0, 0))
    }

    @Test func locationFixRoundTripsExactly() throws {
        let c = try #require(Coordinate(latitudeDegrees: 39.95248, longitudeDegrees: -75.19938))
        let fix = LocationFix(coordinate: c, horizontalAccuracyMeters: 7.5, timestampSeconds: 1234.0625)
        let location = CLLocation(fix)
        #expect(location.timestamp.timeIntervalSinceReferenceDate == 1234.0625)
        #expect(location.verticalAccuracy == -1)
        #expect(LocationFix(location) == fix)
    }
}

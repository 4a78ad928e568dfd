import Foundation
import TestSupport
import Testing

@testable import DetectionCore

/// Geodesics against GeographicLib reference values (Fixtures/geodesic-reference.csv, penn-hall-distances.csv,
/// copied from /work/shared/reference/places; see Fixtures/places-README.md), plus closed forms and round trips.
@Suite struct GeodesyTests {
    // MARK: - Helpers

    static func coordinate(_ lat: Double, _ lon: Double) -> Coordinate {
        guard let c = Coordinate(latitudeDegrees: lat, longitudeDegrees: lon) else {
            Issue.record("invalid test coordinate \(lat), \(lon)")
            return Coordinate(latitudeDegrees: 0, longitudeDegrees: 0)!
        }
        return c
    }

    /// Smallest difference between two bearings in degrees (so 180 and −180 agree).
    static func bearingDifference(_ a: Double, _ b: Double) -> Double {
        abs((a - b).remainder(dividingBy: 360))
    }

    struct ReferenceRow {
        var a: Coordinate
        var b: Coordinate
        var distance: Double
        var bearing: Double
        /// Coincident or exactly antipodal: the bearing is a convention there (README), compare distance only.
        var bearingIsConvention: Bool
    }

    static func referenceRows() throws -> [ReferenceRow] {
        try Fixtures.csv("geodesic-reference.csv").rows.map { row in
            let v = row.map { Double($0) ?? .nan }
            let lon12 = (v[3] - v[1]).remainder(dividingBy: 360)
            let antipodal = v[0] == -v[2] && abs(lon12) == 180
            return ReferenceRow(
                a: coordinate(v[0], v[1]), b: coordinate(v[2], v[3]), distance: v[4], bearing: v[5],
                bearingIsConvention: v[4] == 0 || antipodal)
        }
    }

    static func halls() throws -> [String: Coordinate] {
        var result: [String: Coordinate] = [:]
        for row in try Fixtures.csv("penn-dining-halls.csv").rows {
            result[row[0]] = coordinate(Double(row[1]) ?? .nan, Double(row[2]) ?? .nan)
        }
        return result
    }

    // MARK: - Reference data

    @Test func everyReferenceRowWithinOneMillimetreAndMicrodegree() throws {
        let rows = try Self.referenceRows()
        #expect(rows.count == 49)
        var conventionRows = 0
        for row in rows {
            let r = Geodesic.inverse(row.a, row.b)
            // Reference distances are exact to the printed 1e-6 m (README); the brief asks for 1 mm. (The random
            // rows differ from ours by up to 0.1 mm, consistent with their inputs being printed to 1e-9° ≈ 0.1 mm;
            // rows with short decimal inputs agree to 1e-6 m.)
            #expect(abs(r.distanceMeters - row.distance) <= 1e-3, "distance \(r.distanceMeters) vs \(row.distance)")
            if row.bearingIsConvention {
                conventionRows += 1
            } else {
                #expect(
                    Self.bearingDifference(r.initialBearingDegrees, row.bearing) <= 1e-6,
                    "bearing \(r.initialBearingDegrees) vs \(row.bearing) for \(row.a) → \(row.b)")
            }
            #expect(r.initialBearingDegrees > -180 && r.initialBearingDegrees <= 180)
            #expect(r.finalBearingDegrees > -180 && r.finalBearingDegrees <= 180)
            // The reverse geodesic has the same length.
            let back = Geodesic.inverse(row.b, row.a)
            #expect(abs(back.distanceMeters - row.distance) <= 1e-3)
            if !row.bearingIsConvention {
                // Its initial azimuth is the forward final azimuth turned around (geodesics are reversible).
                #expect(Self.bearingDifference(back.initialBearingDegrees, r.finalBearingDegrees + 180) <= 1e-6)
            }
        }
        // 2 coincident pairs + 3 exactly antipodal pairs in the file.
        #expect(conventionRows == 5)
    }

    @Test func pennHallPairsMatchGeographicLib() throws {
        let halls = try Self.halls()
        #expect(halls.count == 11)
        let rows = try Fixtures.csv("penn-hall-distances.csv").rows
        #expect(rows.count == 55)
        for row in rows {
            guard let a = halls[row[0]], let b = halls[row[1]], let d = Double(row[2]), let az = Double(row[3]) else {
                Issue.record("unreadable row \(row)")
                continue
            }
            let r = Geodesic.inverse(a, b)
            // The hall coordinates are exact decimals and the file prints 1e-6 m and 1e-6°: agreement to the
            // printed precision (half a unit, plus a margin of the same size) is required, well inside 1 mm.
            #expect(abs(r.distanceMeters - d) <= 1e-6, "\(row[0]) → \(row[1]): \(r.distanceMeters) vs \(d)")
            #expect(Self.bearingDifference(r.initialBearingDegrees, az) <= 1e-6)
            #expect(abs(Geodesic.distanceMeters(a, b) - r.distanceMeters) == 0)
        }
    }

    @Test func directLandsOnReferenceEndPoints() throws {
        // Following the reference bearing for the reference distance must reach the reference end point.
        for row in try Self.referenceRows() where !row.bearingIsConvention {
            let end = try #require(
                Geodesic.direct(from: row.a, bearingDegrees: row.bearing, distanceMeters: row.distance))
            let miss = Geodesic.inverse(end, row.b).distanceMeters
            #expect(miss <= 1e-3, "direct missed by \(miss) m for \(row.a) → \(row.b)")
        }
    }

    // MARK: - Closed forms

    @Test func closedFormDistances() {
        // Equator: the geodesic between two equatorial points less than (1 − f)·180° apart is the equator itself,
        // s = a·Δλ (radians). 90° of longitude: 6 378 137·π/2 = 10 018 754.171394622 m.
        let q = Geodesic.inverse(Self.coordinate(0, 10), Self.coordinate(0, 100))
        #expect(abs(q.distanceMeters - 6_378_137 * Double.pi / 2) < 1e-6)
        #expect(q.initialBearingDegrees == 90 && q.finalBearingDegrees == 90)
        // Haversine: quarter and half great circle of radius R are R·π/2 and R·π (hand calculation).
        let r = Geodesic.meanRadiusMeters
        #expect(abs(Geodesic.haversineDistanceMeters(Self.coordinate(0, 0), Self.coordinate(0, 90)) - r * .pi / 2) < 1e-6)
        #expect(abs(Geodesic.haversineDistanceMeters(Self.coordinate(0, 0), Self.coordinate(0, 180)) - r * .pi) < 1e-6)
        #expect(Geodesic.haversineDistanceMeters(Self.coordinate(45, 45), Self.coordinate(45, 45)) == 0)
    }

    @Test func haversineWithinHalfPercentOfEllipsoid() throws {
        // The sphere of mean radius differs from the ellipsoid by at most about 0.5 % in distance.
        for row in try Self.referenceRows() where row.distance > 0 {
            let h = Geodesic.haversineDistanceMeters(row.a, row.b)
            #expect(abs(h - row.distance) <= 0.006 * row.distance)
        }
    }

    // MARK: - Robustness

    @Test func neverNaNAndBoundedForAwkwardPairs() {
        // Poles, equator, nearly antipodal and near-polar points on a deterministic grid; every answer finite,
        // non-negative, at most half the meridian (20 003 931.458 625 m, GeographicLib, reference file), symmetric.
        let lats: [Double] = [-90, -89.999_999, -89.9, -60, -1e-9, 0, 1e-9, 0.5, 30, 89.9, 89.999_999, 90]
        let lonOffsets: [Double] = [0, 1e-9, 0.5, 90, 179, 179.4, 179.5, 179.9, 179.999, 180 - 1e-9, 180, 359.5, -0.0]
        var count = 0
        for lat1 in lats {
            for lat2 in lats {
                for dl in lonOffsets {
                    for lat2Sign in [1.0, -1.0] {
                        let a = Self.coordinate(lat1, 17.25)
                        let b = Self.coordinate(lat2 * lat2Sign, 17.25 + dl)
                        let r = Geodesic.inverse(a, b)
                        let back = Geodesic.inverse(b, a)
                        count += 1
                        #expect(
                            r.distanceMeters.isFinite && r.initialBearingDegrees.isFinite
                                && r.finalBearingDegrees.isFinite, "\(a) → \(b)")
                        #expect(r.distanceMeters >= 0 && r.distanceMeters <= 20_003_931.458_626)
                        #expect(abs(r.distanceMeters - back.distanceMeters) <= 1e-6)
                    }
                }
            }
        }
        #expect(count == 12 * 12 * 13 * 2)
    }

    @Test func coordinateValidationAndNormalisation() {
        #expect(Coordinate(latitudeDegrees: 90.000_001, longitudeDegrees: 0) == nil)
        #expect(Coordinate(latitudeDegrees: -91, longitudeDegrees: 0) == nil)
        #expect(Coordinate(latitudeDegrees: .nan, longitudeDegrees: 0) == nil)
        #expect(Coordinate(latitudeDegrees: 0, longitudeDegrees: .infinity) == nil)
        #expect(Coordinate(latitudeDegrees: 0, longitudeDegrees: .nan) == nil)
        // Normalisation to [−180, 180), by hand: 540 ≡ 180 ≡ −180; 190 ≡ −170; −190 ≡ 170; 1e6 ≡ 1e6 − 2778·360.
        #expect(Coordinate(latitudeDegrees: 0, longitudeDegrees: 540)?.longitudeDegrees == -180)
        #expect(Coordinate(latitudeDegrees: 0, longitudeDegrees: 190)?.longitudeDegrees == -170)
        #expect(Coordinate(latitudeDegrees: 0, longitudeDegrees: -190)?.longitudeDegrees == 170)
        #expect(Coordinate(latitudeDegrees: 0, longitudeDegrees: 1e6)?.longitudeDegrees == 1e6 - 2778 * 360)
        #expect(Coordinate(latitudeDegrees: 90, longitudeDegrees: 0) != nil)
        // A longitude far outside the range gives the same geodesic as its normalised value.
        let a = Self.coordinate(10, 20)
        let d1 = Geodesic.inverse(a, Self.coordinate(11, 21 + 3600)).distanceMeters
        let d2 = Geodesic.inverse(a, Self.coordinate(11, 21)).distanceMeters
        #expect(d1 == d2)
    }

    @Test func coordinateCodableRoundTripAndRejection() throws {
        let c = Self.coordinate(39.95248, -75.19938)
        let data = try JSONEncoder().encode(c)
        #expect(try JSONDecoder().decode(Coordinate.self, from: data) == c)
        let bad = Data(#"{"latitudeDegrees": 95, "longitudeDegrees": 0}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Coordinate.self, from: bad) }
    }

    // MARK: - Direct problem

    @Test func directRoundTripsWithInverseUpTo20Kilometres() throws {
        // direct(p, α, s) followed by inverse must return s and α (the inverse is the reference-checked solver).
        let starts = [
            Self.coordinate(39.95248, -75.19938), Self.coordinate(-33.9, 151.2), Self.coordinate(0, 0),
            Self.coordinate(71.9, 100.8), Self.coordinate(-89.5, 10),
        ]
        let bearings: [Double] = [-179.5, -135, -90, -12.3, 0, 0.001, 45, 90, 137.5, 180]
        let distances: [Double] = [0.001, 1, 49.9, 50.1, 500, 1_000, 5_000, 20_000]
        for p in starts {
            for az in bearings {
                for s in distances {
                    let q = try #require(Geodesic.direct(from: p, bearingDegrees: az, distanceMeters: s))
                    let r = Geodesic.inverse(p, q)
                    #expect(abs(r.distanceMeters - s) <= 1e-3, "s \(s) az \(az) from \(p): \(r.distanceMeters)")
                    if s >= 1 {
                        #expect(Self.bearingDifference(r.initialBearingDegrees, az) <= 1e-6)
                    }
                }
            }
        }
        #expect(Geodesic.direct(from: starts[0], bearingDegrees: .nan, distanceMeters: 1) == nil)
        #expect(Geodesic.direct(from: starts[0], bearingDegrees: 0, distanceMeters: .infinity) == nil)
    }

    // MARK: - Local tangent plane

    @Test func tangentPlaneAgreesWithGeodesicWithinCentimetres() throws {
        for origin in [
            Self.coordinate(39.95248, -75.19938), Self.coordinate(-45, 170), Self.coordinate(0, 179.99),
            Self.coordinate(70, 20),
        ] {
            let plane = LocalTangentPlane(origin: origin)
            for angle in stride(from: 0.0, to: 360.0, by: 22.5) {
                for d in [10.0, 50.0, 500.0, 2_000.0, 5_000.0] {
                    let e = d * sin(angle * .pi / 180)
                    let n = d * cos(angle * .pi / 180)
                    let p = try #require(plane.coordinate(eastMeters: e, northMeters: n))
                    let r = Geodesic.inverse(origin, p)
                    #expect(abs(r.distanceMeters - d) < 0.02, "plane at \(origin), \(d) m, \(angle)°: \(r.distanceMeters)")
                    let back = plane.offset(of: p)
                    #expect(abs(back.eastMeters - e) < 1e-6 && abs(back.northMeters - n) < 1e-6)
                }
            }
        }
        let plane = LocalTangentPlane(origin: Self.coordinate(89.99, 0))
        #expect(plane.coordinate(eastMeters: 0, northMeters: 10_000) == nil)
        #expect(plane.coordinate(eastMeters: .nan, northMeters: 0) == nil)
    }
}

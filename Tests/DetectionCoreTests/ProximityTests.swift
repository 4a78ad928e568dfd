import Foundation
import TestSupport
import Testing

@testable import DetectionCore

/// Proximity checks on hand-made fix sequences. Fixes are placed at exact geodesic distances from a hall with
/// `Geodesic.direct` (round trip checked to 1 mm in GeodesyTests), so "49.9 m" really is 49.9 m ± 1 µm; the
/// expected events follow from the rules documented on each kind's type (`NaiveProximityRule`, …), worked out by
/// hand per sequence; each kind's own sequence is in its own suite (`<Type>Tests.swift`).
@Suite struct ProximityTests {
    // MARK: - Fixtures

    /// The eleven halls of Fixtures/penn-dining-halls.csv, in file order.
    static func halls() throws -> [Place] {
        try Fixtures.csv("penn-dining-halls.csv").rows.map { row in
            let c = try #require(
                Coordinate(
                    latitudeDegrees: Double(row[1]) ?? .nan,
                    longitudeDegrees: Double(row[2]) ?? .nan))
            return Place(name: row[0], coordinate: c)
        }
    }

    static let commons = Place(
        name: "1920 Commons", coordinate: Coordinate(latitudeDegrees: 39.95248, longitudeDegrees: -75.19938)!)

    /// A fix `distance` metres from `place` along bearing 30°.
    static func fix(
        _ distance: Double, at t: Double, accuracy: Double = 5, from place: Place = commons,
        bearing: Double = 30
    ) -> LocationFix {
        let c = Geodesic.direct(from: place.coordinate, bearingDegrees: bearing, distanceMeters: distance)!
        return LocationFix(coordinate: c, horizontalAccuracyMeters: accuracy, timestampSeconds: t)
    }

    static func monitor(_ kind: ProximityCheckKind, places: [Place] = [commons]) throws -> ProximityMonitor {
        try ProximityMonitor(places: places, configuration: ProximityCheckConfiguration(kind: kind))
    }

    /// Feeds fixes and returns the (kind, timestamp) of every event for place 0.
    static func run(_ m: inout ProximityMonitor, _ fixes: [LocationFix]) -> [(ProximityEvent.Kind, Double)] {
        fixes.flatMap { m.consume($0) }.map { ($0.kind, $0.timestampSeconds) }
    }

    static func same(_ a: [(ProximityEvent.Kind, Double)], _ b: [(ProximityEvent.Kind, Double)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    // MARK: - Kinds

    @Test func eventCarriesDistanceAndTime() throws {
        var m = try Self.monitor(.naive)
        let e = m.consume(Self.fix(49.9, at: 12.5))
        #expect(e.count == 1)
        #expect(e.first?.kind == .enter && e.first?.placeIndex == 0 && e.first?.timestampSeconds == 12.5)
        #expect(abs((e.first?.distanceMeters ?? 0) - 49.9) < 1e-6)
    }

    // MARK: - Screening

    @Test func timeGoingBackwardsIsIgnoredAndCounted() throws {
        for kind in ProximityCheckKind.allCases {
            var m = try Self.monitor(kind)
            _ = m.consume(Self.fix(80, at: 10))
            // Inside, but earlier than the previous fix: ignored for every kind.
            #expect(m.consume(Self.fix(1, at: 5)).isEmpty)
            #expect(m.counters.ignoredTimeWentBackwards == 1 && m.counters.fixesIgnored == 1)
            #expect(!m.isInside(placeIndex: 0))
            // An equal timestamp is not "backwards".
            _ = m.consume(Self.fix(80, at: 10))
            #expect(m.counters.ignoredTimeWentBackwards == 1 && m.counters.fixesAccepted == 2)
        }
    }

    @Test func nonFiniteFieldsAreIgnored() throws {
        var m = try Self.monitor(.naive)
        let c = Self.commons.coordinate
        #expect(m.consume(LocationFix(coordinate: c, horizontalAccuracyMeters: 5, timestampSeconds: .nan)).isEmpty)
        #expect(
            m.consume(LocationFix(coordinate: c, horizontalAccuracyMeters: .infinity, timestampSeconds: 1))
                .isEmpty)
        #expect(m.counters.ignoredNonFinite == 2 && m.counters.fixesAccepted == 0)
        // A NaN timestamp must not poison the clock: the next fix is still accepted.
        #expect(m.consume(LocationFix(coordinate: c, horizontalAccuracyMeters: 5, timestampSeconds: 0)).count == 1)
    }

    // MARK: - Several places

    @Test func overlappingHallsAreBothInside() throws {
        let halls = try Self.halls()
        let commons = try #require(halls.firstIndex { $0.name == "1920 Commons" })
        let pret = try #require(halls.firstIndex { $0.name == "Pret A Manger" })
        // GeographicLib (Fixtures/penn-hall-distances.csv): 78.690377 m at 77.780468°. The midpoint is 39.35 m
        // from each, inside both 50 m circles.
        let link = Geodesic.inverse(halls[commons].coordinate, halls[pret].coordinate)
        #expect(abs(link.distanceMeters - 78.690377) < 1e-6)
        var m = try Self.monitor(.naive, places: halls)
        let mid = Self.fix(link.distanceMeters / 2, at: 0, from: halls[commons], bearing: link.initialBearingDegrees)
        let events = m.consume(mid)
        #expect(events.map(\.placeIndex) == [commons, pret].sorted())
        #expect(events.allSatisfy { $0.kind == .enter && abs($0.distanceMeters - 39.345_188_5) < 1e-3 })
        #expect(m.overlappingInside && m.insideCount == 2 && m.insidePlaces == [commons, pret].sorted())
        #expect(m.counters.fixesWithOverlap == 1)
        // Walking on towards Pret to 60 m from 1920 Commons leaves it (18.7 m from Pret).
        let on = Self.fix(60, at: 1, from: halls[commons], bearing: link.initialBearingDegrees)
        let later = m.consume(on)
        #expect(later.count == 1 && later.first?.kind == .exit && later.first?.placeIndex == commons)
        #expect(!m.overlappingInside && m.insidePlaces == [pret])
    }

    @Test func walkAcrossCampusMatchesDistanceRule() throws {
        // A straight walk over campus, 1 fix per metre: with `naive`, place i must be inside exactly when the
        // fix is < 50 m from it (checked independently with Geodesic.inverse for every fix and every hall).
        let halls = try Self.halls()
        var m = try Self.monitor(.naive, places: halls)
        let plane = LocalTangentPlane(origin: halls[0].coordinate)
        for step in 0...1_200 {
            let p = try #require(plane.coordinate(eastMeters: -200 + Double(step), northMeters: -80 + 0.1 * Double(step)))
            _ = m.consume(LocationFix(coordinate: p, horizontalAccuracyMeters: 5, timestampSeconds: Double(step)))
            for (i, hall) in halls.enumerated() {
                let inside = Geodesic.inverse(p, hall.coordinate).distanceMeters < 50
                #expect(m.isInside(placeIndex: i) == inside)
            }
        }
        #expect(m.counters.fixesAccepted == 1_201)
        #expect(!m.isInside(placeIndex: -1) && !m.isInside(placeIndex: 99))
    }

    // MARK: - Configuration

    @Test func defaultsAreTheDocumentedOnes() {
        let c = ProximityCheckConfiguration(kind: .dwell)
        #expect(c.radiusMeters == 50 && c.maximumAccuracyMeters == 20 && c.requiredConsecutiveFixes == 2)
        #expect(c.dwellSeconds == 10 && c.exitMarginMeters == 10)
        #expect(c.validationProblems().isEmpty)
        // Today's kinds, in today's order (a new kind is appended after them).
        #expect(
            Array(ProximityCheckKind.allCases.map(\.rawValue).prefix(6))
                == ["naive", "accuracy-gated", "consecutive", "dwell", "hysteresis", "accuracy-aware"])
    }

    /// Only the keys the kind reads are validated (its declaration), each with its declared range and the value
    /// it got; a bad value in a key the kind does not read is carried along unchecked.
    @Test func validationListsEveryBadKeyTheKindReads() {
        let bad = ProximityCheckConfiguration(
            kind: .consecutive, radiusMeters: -1, maximumAccuracyMeters: .nan, requiredConsecutiveFixes: 0,
            dwellSeconds: -0.5, exitMarginMeters: .infinity)
        let problems = bad.validationProblems()
        #expect(problems.map(\.field) == ["radiusMeters", "requiredConsecutiveFixes"])
        #expect(problems.map(\.problem) == ["must be in (0, 10000] m, got -1", "must be in 1...1000, got 0"])
        #expect(throws: ProximityMonitorError.self) {
            _ = try ProximityMonitor(places: [Self.commons], configuration: bad)
        }
        #expect(ProximityCheckConfiguration(kind: .naive, radiusMeters: 0).validationProblems().count == 1)
        // NaN fails every range; the gate is read by accuracy-gated alone.
        let gated = ProximityCheckConfiguration(kind: .accuracyGated, maximumAccuracyMeters: .nan)
        #expect(gated.validationProblems().map(\.problem) == ["must be in (0, 10000] m, got nan"])
        #expect(ProximityCheckConfiguration(kind: .naive, maximumAccuracyMeters: .nan).validationProblems().isEmpty)
        #expect(
            ProximityCheckConfiguration(kind: .hysteresis, exitMarginMeters: .infinity).validationProblems().map(\.field)
                == ["exitMarginMeters"])
    }

    @Test func configurationCodableRoundTripAndDefaults() throws {
        let c = ProximityCheckConfiguration(
            kind: .accuracyGated, radiusMeters: 35, maximumAccuracyMeters: 12.5, requiredConsecutiveFixes: 3,
            dwellSeconds: 4, exitMarginMeters: 7)
        let decoded = try JSONDecoder().decode(ProximityCheckConfiguration.self, from: JSONEncoder().encode(c))
        #expect(decoded == c)
        // Hand-written JSON: only the kind, by its raw name; everything else defaults.
        let minimal = try JSONDecoder().decode(
            ProximityCheckConfiguration.self, from: Data(#"{"kind": "accuracy-aware"}"#.utf8))
        #expect(minimal == ProximityCheckConfiguration(kind: .accuracyAware))
        let partial = try JSONDecoder().decode(
            ProximityCheckConfiguration.self, from: Data(#"{"kind": "hysteresis", "exitMarginMeters": 15}"#.utf8))
        #expect(partial.exitMarginMeters == 15 && partial.radiusMeters == 50)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ProximityCheckConfiguration.self, from: Data(#"{"kind": "magic"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ProximityCheckConfiguration.self, from: Data(#"{"radiusMeters": 5}"#.utf8))
        }
        // A key outside the vocabulary is refused rather than dropped; a vocabulary key the kind does not read is
        // carried (the vocabulary is shared by every kind).
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ProximityCheckConfiguration.self, from: Data(#"{"kind": "naive", "radius": 5}"#.utf8))
        }
        let carried = try JSONDecoder().decode(
            ProximityCheckConfiguration.self, from: Data(#"{"kind": "naive", "dwellSeconds": 3}"#.utf8))
        #expect(carried.dwellSeconds == 3)
        let place = try JSONDecoder().decode(Place.self, from: JSONEncoder().encode(Self.commons))
        #expect(place == Self.commons)
    }
}

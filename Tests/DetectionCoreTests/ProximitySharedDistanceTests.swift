import Foundation
import TestSupport
import Testing

@testable import DetectionCore

/// `ProximityMonitor.consume(_:distancesMeters:)`, the path the geofence study takes to compute one geodesic per
/// fix and place for all its checks: hand-chosen distances, and agreement with `consume(_:)` on a walk.
@Suite struct ProximitySharedDistanceTests {
    static let commons = ProximityTests.commons

    /// The fix's coordinate does not matter on this path; only its time and accuracy do.
    static func fix(at t: Double, accuracy: Double = 5) -> LocationFix {
        LocationFix(coordinate: commons.coordinate, horizontalAccuracyMeters: accuracy, timestampSeconds: t)
    }

    /// naive, radius 50 m: given distances 60, 49.9, 49.9, 50.1 m, the place is entered at the second fix and left
    /// at the fourth (50.1 ≥ 50), with the given distance on the events and in `lastDistancesMeters`.
    @Test func naiveFollowsTheGivenDistances() throws {
        var m = try ProximityMonitor(places: [Self.commons], configuration: ProximityCheckConfiguration(kind: .naive))
        var events: [ProximityEvent] = []
        for (t, d) in [(0.0, 60.0), (1, 49.9), (2, 49.9), (3, 50.1)] {
            events += m.consume(Self.fix(at: t), distancesMeters: [d])
            #expect(m.lastDistancesMeters == [d])
        }
        #expect(events.map(\.kind) == [.enter, .exit])
        #expect(events.map(\.timestampSeconds) == [1, 3])
        #expect(events.map(\.distanceMeters) == [49.9, 50.1])
        #expect(m.counters.fixesAccepted == 4)
    }

    /// Screening comes first, as in `consume(_:)`: a fix earlier than the previous one and an accuracy-gated fix
    /// worse than 20 m are ignored and counted, and change no place's state whatever distance comes with them.
    @Test func screenedFixesIgnoreTheirDistances() throws {
        var m = try ProximityMonitor(
            places: [Self.commons], configuration: ProximityCheckConfiguration(kind: .accuracyGated))
        #expect(m.consume(Self.fix(at: 5), distancesMeters: [80]).isEmpty)
        #expect(m.consume(Self.fix(at: 4), distancesMeters: [10]).isEmpty)
        #expect(m.consume(Self.fix(at: 6, accuracy: 25), distancesMeters: [10]).isEmpty)
        #expect(m.lastDistancesMeters == [80])
        #expect(m.counters.ignoredTimeWentBackwards == 1 && m.counters.ignoredInaccurate == 1)
        #expect(m.consume(Self.fix(at: 7), distancesMeters: [10]).map(\.kind) == [.enter])
    }

    /// An array shorter than the places updates the places it covers; the others keep their state (here: place 1
    /// stays inside, entered on the first fix, while place 0 follows its distances).
    @Test func shortArrayLeavesTheRestAlone() throws {
        let other = Place(name: "other", coordinate: Self.commons.coordinate)
        var m = try ProximityMonitor(
            places: [Self.commons, other], configuration: ProximityCheckConfiguration(kind: .naive))
        #expect(m.consume(Self.fix(at: 0), distancesMeters: [10, 10]).map(\.placeIndex) == [0, 1])
        #expect(m.consume(Self.fix(at: 1), distancesMeters: [70]).map(\.placeIndex) == [0])
        #expect(!m.isInside(placeIndex: 0) && m.isInside(placeIndex: 1))
        #expect(m.lastDistancesMeters == [70, 10])
    }

    /// Every kind on a walk across campus past all eleven halls, with accuracy changing fix by fix: feeding the
    /// geodesic distances computed once outside gives exactly the events, states and counters of `consume(_:)`.
    @Test(arguments: ProximityCheckKind.allCases)
    func sharedDistancesMatchConsume(kind: ProximityCheckKind) throws {
        let halls = try ProximityTests.halls()
        let configuration = ProximityCheckConfiguration(kind: kind)
        var own = try ProximityMonitor(places: halls, configuration: configuration)
        var shared = try ProximityMonitor(places: halls, configuration: configuration)
        let plane = LocalTangentPlane(origin: halls[0].coordinate)
        var eventCount = 0
        for step in 0...1_200 {
            let p = try #require(plane.coordinate(eastMeters: -200 + Double(step), northMeters: -80 + 0.1 * Double(step)))
            let fix = LocationFix(
                coordinate: p, horizontalAccuracyMeters: 3 + Double(step % 29), timestampSeconds: Double(step) * 0.5)
            let distances = halls.map { Geodesic.distanceMeters(p, $0.coordinate) }
            let expected = own.consume(fix)
            #expect(shared.consume(fix, distancesMeters: distances) == expected)
            eventCount += expected.count
        }
        #expect(eventCount > 0, "the walk must cause events for the comparison to mean anything")
        #expect(shared.insidePlaces == own.insidePlaces)
        #expect(shared.counters == own.counters)
        #expect(shared.lastDistancesMeters == own.lastDistancesMeters)
    }
}

import Foundation
import Stats
import Testing

@testable import SensorSim

@Suite struct MovementTests {
    func stream(_ seed: UInt64) throws -> RandomStream {
        try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: 0))
    }

    // Loiter: the plan sits exactly d from the place and the wander is clamped to its disc, so by the triangle
    // inequality the true distance stays within [d − w, d + w] for the whole visit.
    @Test(arguments: [10.0, 60.0])
    func loiterStaysWithinWanderOfD(d: Double) throws {
        let s = try stream(1)
        var p = MovementParameters(kind: .loiter)
        p.minutes = 10
        p.wanderMeters = 3
        let placeOffset = (east: 12.0, north: -7.0)
        guard var m = Movement(parameters: p, distanceMeters: d, placeOffsets: [placeOffset], intervalSeconds: 1, stream: s)
        else { Issue.record("no movement"); return }
        #expect(m.durationSeconds == 600)
        var spread = 0.0
        for k in 0...600 {
            let x = m.position(atSeconds: Double(k), first: k == 0, stream: s)
            let r =
                ((x.east - placeOffset.east) * (x.east - placeOffset.east)
                + (x.north - placeOffset.north) * (x.north - placeOffset.north)).squareRoot()
            #expect(abs(r - d) <= 3 + 1e-9)
            spread = max(spread, abs(r - d))
        }
        #expect(spread > 0.5)  // it does wander
    }

    // Pass-by without wander: the path is a straight line whose closest approach to the place is d (hand geometry:
    // the line is perpendicular to the bearing through the point d along it). Sampled every 0.01 s at 1.4 m/s the
    // sampled minimum lies within √(d² + 0.007²) − d of d.
    @Test func passByClosestApproachIsD() throws {
        let s = try stream(2)
        var p = MovementParameters(kind: .passBy)
        p.wanderMeters = 0
        guard var m = Movement(parameters: p, distanceMeters: 35, placeOffsets: [(0, 0)], intervalSeconds: 0.01, stream: s)
        else { Issue.record("no movement"); return }
        // 2 × 200 m at 1.4 m/s.
        #expect(abs(m.durationSeconds - 400 / 1.4) < 1e-9)
        var closest = Double.infinity
        var t = 0.0
        var first = true
        while t <= m.durationSeconds {
            let x = m.position(atSeconds: t, first: first, stream: s)
            first = false
            closest = min(closest, (x.east * x.east + x.north * x.north).squareRoot())
            t += 0.01
        }
        #expect(closest >= 35 - 1e-9 && closest < 35.001)
        let start = m.path.position(atSeconds: 0, cursor: &m.cursor)
        #expect(abs((start.east * start.east + start.north * start.north).squareRoot() - (35.0 * 35 + 200 * 200).squareRoot()) < 1e-9)
    }

    // Approach: starts 150 m out, walks straight in at 1.4 m/s, stops d from the place after (150 − d)/1.4 s.
    @Test func approachStopsAtD() throws {
        let s = try stream(3)
        var p = MovementParameters(kind: .approach)
        p.wanderMeters = 0
        p.minutes = 2
        guard var m = Movement(parameters: p, distanceMeters: 20, placeOffsets: [(0, 0)], intervalSeconds: 1, stream: s)
        else { Issue.record("no movement"); return }
        #expect(abs(m.durationSeconds - (130 / 1.4 + 120)) < 1e-9)
        let a = m.position(atSeconds: 0, first: true, stream: s)
        #expect(abs((a.east * a.east + a.north * a.north).squareRoot() - 150) < 1e-9)
        let b = m.position(atSeconds: 130 / 1.4 + 60, first: false, stream: s)
        #expect(abs((b.east * b.east + b.north * b.north).squareRoot() - 20) < 1e-9)
    }

    // Tour: pauses at each stop for pauseSeconds; legs take distance / speed (3-4-5 triangle: 50 m legs).
    @Test func tourVisitsEveryStopInOrder() throws {
        let s = try stream(4)
        var p = MovementParameters(kind: .tour)
        p.wanderMeters = 0
        p.pauseSeconds = 30
        p.speedMetersPerSecond = 1
        guard
            let m = Movement(
                parameters: p, distanceMeters: 0, placeOffsets: [(0, 0), (30, 40), (0, 0)],
                intervalSeconds: 1, stream: s)
        else { Issue.record("no movement"); return }
        #expect(m.path.timesSeconds == [0, 30, 80, 110, 160, 190])
        #expect(m.path.eastMeters == [0, 0, 30, 30, 0, 0])
        var cursor = 0
        let mid = m.path.position(atSeconds: 55, cursor: &cursor)
        #expect(abs(mid.east - 15) < 1e-12 && abs(mid.north - 20) < 1e-12)
    }

    @Test func badPathsAreRefused() {
        #expect(MovementPath(waypoints: []) == nil)
        #expect(MovementPath(waypoints: [(0, 0, 0), (1, 1, -1)]) == nil)
        #expect(MovementPath(waypoints: [(0, .nan, 0)]) == nil)
    }
}

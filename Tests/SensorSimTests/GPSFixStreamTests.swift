import DetectionCore
import Stats
import Testing

@testable import SensorSim

/// The one GPS fix pipeline against the steps it replaces, drawn by hand from a second stream with the same seed.
@Suite struct GPSFixStreamTests {
    @Test func deliversTheSameFixesAsTheStepsItJoins() throws {
        let env = GPSEnvironment.campus  // outliers and dropouts, so some fixes are dropped
        var parameters = MovementParameters(kind: .loiter)
        parameters.minutes = 10
        let origin = try #require(Coordinate(latitudeDegrees: 39.95, longitudeDegrees: -75.19))
        let plane = LocalTangentPlane(origin: origin)
        func movement(_ stream: RandomStream) throws -> Movement {
            try #require(
                Movement(
                    parameters: parameters, distanceMeters: 30, placeOffsets: [(0, 0)],
                    intervalSeconds: env.fixIntervalSeconds, stream: stream))
        }
        let a = try RandomStream(seed: TrialSeed(scenarioSeed: 42, trialIndex: 3))
        var fixes = GPSFixStream(movement: try movement(a), environment: env, plane: plane, stream: a)

        // By hand: the same draws in the same order (movement, GPS start, then per fix wander and GPS error).
        let b = try RandomStream(seed: TrialSeed(scenarioSeed: 42, trialIndex: 3))
        var walk = try movement(b)
        var gps = GPSJitterModel(environment: env, stream: b)
        let count = Int((walk.durationSeconds / env.fixIntervalSeconds).rounded(.down)) + 1
        #expect(fixes.fixCount == count)
        var steps = 0
        var dropped = 0
        for k in 0..<count {
            guard let step = fixes.next(a) else {
                Issue.record("the stream ended after \(k) of \(count) fixes")
                return
            }
            let t = Double(k) * env.fixIntervalSeconds
            let truth = walk.position(atSeconds: t, first: k == 0, stream: b)
            let error = gps.next(b)
            #expect(step.timeSeconds == t && step.truth == truth)
            if let error {
                let c = plane.coordinate(eastMeters: truth.east + error.eastMeters, northMeters: truth.north + error.northMeters)
                #expect(step.fix?.coordinate == c && step.fix?.horizontalAccuracyMeters == error.horizontalAccuracyMeters)
                #expect(step.fix?.timestampSeconds == t)
            } else {
                #expect(step.fix == nil)
                dropped += 1
            }
            steps += 1
        }
        #expect(fixes.next(a) == nil)
        #expect(steps == 601)  // 10 min of 1 s fixes: ⌊600 / 1⌋ + 1
        #expect(dropped < steps)
    }
}

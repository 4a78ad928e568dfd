import Foundation
import Stats
import Testing

@testable import SensorSim

@Suite struct TouchTimelineTests {
    static func timeline(rate: Double = 60) throws -> TouchTimeline {
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 21, trialIndex: 0))
        return TouchTimelineGenerator.generate(TouchTimelineParameters(durationSeconds: 300, touchRateHz: rate), stream: stream)
    }

    @Test(arguments: [60.0, 120.0])
    func gesturesAreOrderedAndPointsEvenlySpaced(rate: Double) throws {
        let t = try Self.timeline(rate: rate)
        #expect(!t.gestures.isEmpty)
        for (a, b) in zip(t.gestures, t.gestures.dropFirst()) {
            // A finger-up pause of at least the idle minimum (0.3 s) separates gestures.
            #expect(b.startSeconds - a.endSeconds >= 0.3 - 1e-9)
            #expect(a.firstPoint + a.pointCount == b.firstPoint)
        }
        #expect((t.gestures.last?.endSeconds ?? 0) <= 300)
        for g in t.gestures {
            #expect(t.t[g.firstPoint] == g.startSeconds)
            #expect(abs(t.t[g.firstPoint + g.pointCount - 1] - g.endSeconds) < 1e-9)
            for k in g.firstPoint..<(g.firstPoint + g.pointCount - 1) {
                // Every 1/rate s, except the last interval, which ends exactly at the gesture's end.
                #expect(t.t[k + 1] - t.t[k] <= 1 / rate + 1e-9)
            }
        }
        #expect(Set(t.gestures.map(\.kind)).count >= 4)
    }

    @Test func drawnParametersLieInTheirRanges() throws {
        let r = TouchRanges()
        let t = try Self.timeline()
        for g in t.gestures {
            let p = g.parameters
            switch g.kind {
            case .scribble:
                #expect(r.scribbleStrokePoints.contains(p["strokePoints"] ?? -1))
                #expect(r.scribbleStrokesPerSecond.contains(p["strokesPerSecond"] ?? -1))
                #expect(r.scribbleStrokes.contains(p["strokes"] ?? -1))
                // T = strokes / rate.
                #expect(abs(g.endSeconds - g.startSeconds - (p["strokes"] ?? 0) / (p["strokesPerSecond"] ?? 1)) < 1e-9)
            case .circle:
                #expect(r.circleRadiusPoints.contains(p["radiusPoints"] ?? -1))
                #expect(r.circleSeconds.contains(g.endSeconds - g.startSeconds))
            case .swipe:
                #expect(r.swipePoints.contains(p["points"] ?? -1))
                // A swipe ends exactly L away from where it started (smoothstep reaches 1).
                let dx = t.x[g.firstPoint + g.pointCount - 1] - t.x[g.firstPoint]
                let dy = t.y[g.firstPoint + g.pointCount - 1] - t.y[g.firstPoint]
                #expect(abs((dx * dx + dy * dy).squareRoot() - (p["points"] ?? 0)) < 1e-9)
            case .tap: #expect(r.tapSeconds.contains(g.endSeconds - g.startSeconds))
            case .scroll: #expect(r.scrollPoints.contains(p["points"] ?? -1))
            case .signature: #expect(r.signatureWidthPoints.contains(p["widthPoints"] ?? -1))
            }
        }
    }
}

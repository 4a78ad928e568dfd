import Foundation
import Testing

@testable import DetectionCore

// MARK: - Scribble detector on hand-made touch traces (100 Hz, t = t0 + i/100)

@Suite struct ScribbleDetectorTests {
    // MARK: - Traces

    /// Horizontal zigzag: x is a triangle wave 0 → 100 → 0 pt with period 20 points (10 pt per point), y
    /// drifts down 0.5 pt per point.
    static func zigzag(points: Int, startSeconds: Double = 0) -> [TouchPoint] {
        (0..<points).map { i in
            let phase = i % 20
            let x = Double(phase <= 10 ? 10 * phase : 10 * (20 - phase))
            return TouchPoint(x: x, y: 0.5 * Double(i), timestampSeconds: startSeconds + Double(i) / 100)
        }
    }

    /// Points on a circle of radius 60 pt about (200, 200), starting at the rightmost point, `turns` turns
    /// in `points` − 1 steps.
    static func circle(turns: Double, points: Int) -> [TouchPoint] {
        (0..<points).map { i in
            let theta = 2 * Double.pi * turns * Double(i) / Double(points - 1)
            return TouchPoint(x: 200 + 60 * cos(theta), y: 200 + 60 * sin(theta), timestampSeconds: Double(i) / 100)
        }
    }

    /// Indices of the points at which the detector fired.
    static func eventIndices(_ detector: inout ScribbleDetector, _ points: [TouchPoint]) -> [Int] {
        var fired: [Int] = []
        for (index, point) in points.enumerated() where detector.consume(point) {
            fired.append(index)
        }
        return fired
    }

    // MARK: - Fires

    /// x: direction "increasing" at i = 2 (x = 20 = 0 + 20 pt travel); maxima at i = 10, 30, minimum at 20;
    /// reversals register 20 pt after each extreme: i = 12 (x = 80), 22 (x = 20), 32 (x = 80). y is monotone.
    /// At i = 32 (3 reversals within 0.20 s ≤ 1.5 s): path = 32 × √(10² + 0.5²) = 320.4 pt, box 100 × 16 pt,
    /// diagonal √(100² + 16²) = 101.27 pt, ratio 3.16 ≥ 2.5 → fires at i = 32, and only there (once per
    /// gesture) although the zigzag goes on to i = 59.
    @Test func zigzagFiresOncePerGesture() throws {
        var detector = try ScribbleDetector()
        #expect(Self.eventIndices(&detector, Self.zigzag(points: 60)) == [32])
        #expect(detector.lastEventTimestampSeconds == 0.32)

        // A new gesture (finger lifted) fires again, at its own i = 32.
        detector.touchEnded()
        #expect(Self.eventIndices(&detector, Self.zigzag(points: 60, startSeconds: 1)) == [32])
        #expect(detector.eventsFired == 2)
    }

    /// With firesOncePerGesture = false evidence restarts at the event (i = 32, x = 80, still decreasing):
    /// reversals at i = 42 (x = 20), 52 (x = 80), 62 (x = 20). At i = 62: path from i = 32 = 30 × 10.0125 =
    /// 300.4 pt; box x 0…100, y 16…31 → diagonal √(100² + 15²) = 101.1; ratio 2.97 ≥ 2.5 → fires at 62.
    @Test func continuingScribbleFiresAgainWhenAllowed() throws {
        var detector = try ScribbleDetector(configuration: .init(firesOncePerGesture: false))
        #expect(Self.eventIndices(&detector, Self.zigzag(points: 81)) == [32, 62])
    }

    /// Cooldown across gestures: the first zigzag fires at t = 0.32, so a 2 s cooldown lasts to 2.32. A second
    /// gesture starting at t = 1 (its i = 32 at t = 1.32) stays silent; one starting at t = 3 fires at 3.32.
    @Test func cooldownSpansGestures() throws {
        var detector = try ScribbleDetector(configuration: .init(cooldownSeconds: 2))
        #expect(Self.eventIndices(&detector, Self.zigzag(points: 60)) == [32])
        detector.touchEnded()
        #expect(Self.eventIndices(&detector, Self.zigzag(points: 60, startSeconds: 1)).isEmpty)
        detector.touchEnded()
        #expect(Self.eventIndices(&detector, Self.zigzag(points: 60, startSeconds: 3)) == [32])
    }

    /// A diagonal zigzag (x and y reverse together) counts per axis, so it fires at the same point as the
    /// horizontal one: x as above, y = x; path 32 × 10√2, box 100 × 100, ratio 452.5 / 141.4 = 3.2.
    @Test func diagonalZigzagFires() throws {
        let points = Self.zigzag(points: 60).map { TouchPoint(x: $0.x, y: $0.x, timestampSeconds: $0.timestampSeconds) }
        var detector = try ScribbleDetector()
        #expect(Self.eventIndices(&detector, points) == [32])
    }

    // MARK: - Does not fire

    /// A straight swipe: 30 points 10 pt apart along x. Monotone on both axes: no reversal.
    @Test func straightSwipeDoesNotFire() throws {
        let points = (0..<30).map { TouchPoint(x: 10 * Double($0), y: 300, timestampSeconds: Double($0) / 100) }
        var detector = try ScribbleDetector()
        #expect(Self.eventIndices(&detector, points).isEmpty)
    }

    /// A tap: three points within 0.5 pt. Movements far below the 20 pt travel: no direction, no reversal.
    @Test func tapDoesNotFire() throws {
        let points = [
            TouchPoint(x: 100, y: 100, timestampSeconds: 0),
            TouchPoint(x: 100.5, y: 100.3, timestampSeconds: 0.01),
            TouchPoint(x: 100.2, y: 99.8, timestampSeconds: 0.02),
        ]
        var detector = try ScribbleDetector()
        #expect(Self.eventIndices(&detector, points).isEmpty)
        #expect(detector.pointsConsumed == 3)
    }

    /// A slow scroll: y from 600 to 200 pt over 2 s with a ±3 pt sideways wobble at 5 Hz. y is monotone and
    /// x moves at most 6 pt, below the 20 pt travel: no reversal.
    @Test func slowScrollDoesNotFire() throws {
        let points = (0..<200).map { i -> TouchPoint in
            let t = Double(i) / 100
            return TouchPoint(x: 200 + 3 * sin(2 * .pi * 5 * t), y: 600 - 200 * t, timestampSeconds: t)
        }
        var detector = try ScribbleDetector()
        #expect(Self.eventIndices(&detector, points).isEmpty)
    }

    /// A slow back-and-forth scroll: y is a triangle wave of 200 pt per second (2 pt per point), turning at
    /// t = 1, 2, 3 s. Reversals register 20 pt (10 points) after each turn: t = 1.10, 2.10, 3.10 s. The third
    /// comes 2.0 s after the first, beyond the 1.5 s window, so no event (also the ratio in any 1.5 s window
    /// is at most 300 / 200 = 1.5 < 2.5).
    @Test func slowBackAndForthScrollDoesNotFire() throws {
        let points = (0..<400).map { i -> TouchPoint in
            let phase = i % 200
            let y = Double(phase <= 100 ? 2 * phase : 2 * (200 - phase))
            return TouchPoint(x: 150, y: 400 - y, timestampSeconds: Double(i) / 100)
        }
        var detector = try ScribbleDetector()
        #expect(Self.eventIndices(&detector, points).isEmpty)
    }

    /// One loop (the documented decision: not a scribble). Starting at the rightmost point: x reverses once
    /// (at the leftmost point, +20 pt), y twice (top and bottom); the closing x reversal would need 20 pt past
    /// the start. Max 2 per axis < 3; ratio ≈ 2π·60 / (120√2) = 2.22 < 2.5 as well.
    @Test func singleCircleDoesNotFire() throws {
        var detector = try ScribbleDetector()
        #expect(Self.eventIndices(&detector, Self.circle(turns: 1, points: 101)).isEmpty)
    }

    /// Two loops in 1.2 s (the documented decision: repeated circling is scribbling). θ advances 4π/120 per
    /// point. y reversals register when y has moved back 20 pt past an extreme, i.e. 60(1 − cos δ) ≥ 20,
    /// cos δ ≤ 2/3, δ ≥ 0.8411 rad past θ = π/2, 3π/2, 5π/2: the third at θ ≥ 8.6951, first reached at point
    /// 84 (θ = 8.7965; point 83 has θ = 8.6917 and only 19.85 pt of travel). x's third reversal comes later
    /// (θ ≥ 3π + 0.8411). At point 84 the path is 84 chords of 120·sin(π/60) = 6.2803 pt = 527.5 pt and the
    /// box is the full 120 × 120 circle (diagonal 169.7 pt): ratio 3.11 ≥ 2.5 → fires at 84.
    @Test func twoCirclesFire() throws {
        var detector = try ScribbleDetector()
        #expect(Self.eventIndices(&detector, Self.circle(turns: 2, points: 121)) == [84])
    }

    /// The ratio test alone can veto, and both tests are checked at every point, not only at reversals.
    /// With a 3.5 ratio the zigzag's 3rd reversal at i = 32 (ratio 3.16) does not fire; the reversal test
    /// keeps holding, and the ratio grows with the path: at i = 35 the path is 35 × 10.0125 = 350.44 pt over a
    /// 100 × 17.5 box (diagonal 101.52), 3.45 < 3.5; at i = 36 it is 360.45 over 100 × 18 (diagonal 101.61),
    /// 3.547 ≥ 3.5 → fires at 36.
    @Test func ratioVetoes() throws {
        var detector = try ScribbleDetector(configuration: .init(pathToDiagonalRatio: 3.5))
        #expect(Self.eventIndices(&detector, Self.zigzag(points: 60)) == [36])
    }

    // MARK: - Bad points and reset

    @Test func badPointsAreSkippedAndCounted() throws {
        var detector = try ScribbleDetector()
        let feed = [
            TouchPoint(x: 0, y: 0, timestampSeconds: 0),
            TouchPoint(x: .nan, y: 0, timestampSeconds: 0.01),
            TouchPoint(x: 0, y: -.infinity, timestampSeconds: 0.01),
            TouchPoint(x: 0, y: 0, timestampSeconds: .infinity),
            TouchPoint(x: 10, y: 0, timestampSeconds: 0.02),
            TouchPoint(x: 20, y: 0, timestampSeconds: 0.015),  // backwards
        ]
        for point in feed {
            let fired = detector.consume(point)
            #expect(!fired)
        }
        #expect(detector.pointsConsumed == 2)
        #expect(detector.pointsSkipped == 4)

        // The skipped points changed nothing: the zigzag (shifted to start after t = 0.02) fires at its i = 32.
        detector.touchEnded()
        #expect(Self.eventIndices(&detector, Self.zigzag(points: 60, startSeconds: 0.03)) == [32])

        detector.reset()
        #expect(detector.pointsConsumed == 0 && detector.pointsSkipped == 0 && detector.eventsFired == 0)
        #expect(Self.eventIndices(&detector, Self.zigzag(points: 60)) == [32])
    }

    /// Without touchEnded(), two zigzags in a row form one gesture: once-per-gesture keeps the second silent.
    @Test func withoutTouchEndedItIsOneGesture() throws {
        var detector = try ScribbleDetector()
        let both = Self.zigzag(points: 60) + Self.zigzag(points: 60, startSeconds: 1)
        #expect(Self.eventIndices(&detector, both) == [32])
    }
}

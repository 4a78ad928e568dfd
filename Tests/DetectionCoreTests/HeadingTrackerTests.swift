import Foundation
import Testing

@testable import DetectionCore

@Suite struct HeadingTrackerTests {
    // Trapezoid rule by hand: rates 0, 1, 1, 0 rad/s at t = 0, 0.5, 0.7, 1.7 s →
    // 0.5·(0+1)·0.5 + 0.5·(1+1)·0.2 + 0.5·(1+0)·1.0 = 0.25 + 0.2 + 0.5 = 0.95 rad.
    @Test func integratesIrregularIntervalsWithTheTrapezoidRule() {
        var t = HeadingTracker(configuration: .init(maximumGapSeconds: 2))
        for (rate, time) in [(0.0, 0.0), (1.0, 0.5), (1.0, 0.7), (0.0, 1.7)] {
            t.consumeRotationRate(rate, timestampSeconds: time)
        }
        #expect(abs(t.yawRadians - 0.95) < 1e-15)
        #expect(t.counters.accepted == 4 && t.counters.skipped == 0)
    }

    // Sign convention: a positive z rate is a left (counter-clockwise) turn. After turning 30° left since the
    // mark, the way back is 30° to the right: turn angle −30°.
    @Test func signConventionLeftTurnPointsBackRight() throws {
        var t = HeadingTracker()
        let rate = 30.0 * .pi / 180  // 30°/s for 1 s, constant, so the trapezoid is exact
        t.consumeRotationRate(rate, timestampSeconds: 0)
        t.mark()
        for k in 1...100 { t.consumeRotationRate(rate, timestampSeconds: Double(k) * 0.01) }
        let angle = try #require(t.turnAngleRadians)
        #expect(abs(angle * 180 / .pi - -30) < 1e-9)
        #expect(TurnPhrase(turnAngleRadians: angle)?.text == "30° to your right")
    }

    @Test func turnAngleIsNilBeforeMark() {
        var t = HeadingTracker()
        t.consumeRotationRate(0.1, timestampSeconds: 0)
        #expect(t.turnAngleRadians == nil)
    }

    // Huge accumulated yaw: two samples of rate r one second apart integrate to exactly r. The expected wrap is
    // computed independently with fmod (exact in IEEE arithmetic) and shifted into (−π, π].
    @Test(arguments: [3 * Double.pi + 0.1, -3 * Double.pi - 0.1, 1e6 + 0.25, 1e12 * Double.pi + 1, -7.5e15])
    func wrapsAnyFiniteAccumulatedYaw(yaw: Double) throws {
        var t = HeadingTracker(configuration: .init(maximumGapSeconds: 2))
        t.consumeRotationRate(0, timestampSeconds: 0)
        t.mark()
        t.consumeRotationRate(2 * yaw, timestampSeconds: 1)  // trapezoid: 0.5·(0 + 2y)·1 = y
        #expect(t.yawRadians == yaw)
        var expected = fmod(-yaw, 2 * Double.pi)
        if expected > Double.pi { expected -= 2 * Double.pi }
        if expected <= -Double.pi { expected += 2 * Double.pi }
        let angle = try #require(t.turnAngleRadians)
        #expect(angle > -Double.pi && angle <= Double.pi)
        #expect(abs(angle - expected) < 1e-9)
    }

    @Test func skipsAndCountsBadSamples() {
        var t = HeadingTracker(configuration: .init(maximumGapSeconds: 0.5))
        #expect(t.consumeRotationRate(1, timestampSeconds: 0) == .started)
        #expect(t.consumeRotationRate(.nan, timestampSeconds: 0.1) == .skippedNonFinite)
        #expect(t.consumeRotationRate(.infinity, timestampSeconds: 0.1) == .skippedNonFinite)
        #expect(t.consumeRotationRate(1, timestampSeconds: .nan) == .skippedNonFinite)
        #expect(t.consumeRotationRate(1, timestampSeconds: 0.1) == .accepted)  // +0.1 rad
        #expect(t.consumeRotationRate(1, timestampSeconds: 0.05) == .skippedTimeNotIncreasing)
        #expect(t.consumeRotationRate(1, timestampSeconds: 0.1) == .skippedTimeNotIncreasing)
        #expect(t.consumeRotationRate(1, timestampSeconds: 5) == .skippedGap)  // gap of 4.9 s: nothing added
        #expect(t.consumeRotationRate(1, timestampSeconds: 5.2) == .accepted)  // +0.2 rad from the new reference
        #expect(abs(t.yawRadians - 0.3) < 1e-15)
        #expect(t.counters == HeadingTracker.Counters(accepted: 3, nonFinite: 3, timeNotIncreasing: 2, gaps: 1))
    }

    // Attitude yaw rotating left by 0.1 rad per sample for 200 samples: 20 rad in all, about 3.2 turns, while
    // the readings stay wrapped in (−π, π].
    @Test func unwrapsAttitudeYaw() throws {
        var t = HeadingTracker()
        for k in 0...200 {
            let wrapped = try #require(Angle.wrapped(0.1 * Double(k)))
            t.consumeAttitudeYaw(wrapped, timestampSeconds: Double(k) * 0.01)
            if k == 0 { t.mark() }
        }
        #expect(abs(t.yawRadians - 20) < 1e-9)
        let angle = try #require(t.turnAngleRadians)
        #expect(abs(angle - Angle.wrapped(-20)!) < 1e-9)
    }
}

@Suite struct TurnPhraseTests {
    // Hand-made table: radians in, text out (positive = left), tolerance 5°.
    @Test(arguments: [
        (12.0, "12° to your left"), (-12.0, "12° to your right"), (4.9, "straight ahead"), (-5.0, "straight ahead"),
        (180.0, "180° to your left"), (179.6, "180° to your left"), (0.0, "straight ahead"),
    ])
    func phrases(degrees: Double, text: String) {
        #expect(TurnPhrase(turnAngleRadians: degrees * .pi / 180)?.text == text)
    }

    @Test func refusesNonFiniteAngles() {
        #expect(TurnPhrase(turnAngleRadians: .nan) == nil)
    }
}

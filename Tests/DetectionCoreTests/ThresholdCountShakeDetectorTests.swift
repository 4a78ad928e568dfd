import Testing

@testable import DetectionCore

// MARK: - threshold-count (ThresholdCountShakeDetector) on hand-made traces

/// Traces at 100 Hz (tᵢ = i / 100 s), x = 2 g at the listed samples and 0 elsewhere; the preset's threshold 1.5 g,
/// k = 4 excursions, W = 1 s. Every expected index below is from the excursion starts by hand.
@Suite struct ThresholdCountShakeDetectorTests {
    static func trace(count: Int, above: Set<Int>) -> [AccelerationSample] {
        (0..<count).map { i in AccelerationSample(timestampSeconds: Double(i) / 100, x: above.contains(i) ? 2 : 0, y: 0, z: 0) }
    }

    /// Starts at 0.1, 0.3, 0.5, 0.7 s: the 4th is 0.6 s after the 1st (≤ 1 s), so it fires at sample 70.
    @Test func fourExcursionsWithinTheWindowFire() throws {
        var detector = try ShakeDetector(configuration: .thresholdCountDefault)
        #expect(ShakeTraces.eventIndices(&detector, Self.trace(count: 200, above: [10, 30, 50, 70])) == [70])
    }

    /// Starts at 0.1, 0.5, 0.9, 1.3 s span 1.2 s > 1 s: no event at 130; the 5th start at 1.5 s makes the last four
    /// 0.5…1.5 s, exactly 1 s (the window is closed), so it fires at 150.
    @Test func theWindowHoldsTheLastKStarts() throws {
        var detector = try ShakeDetector(configuration: .thresholdCountDefault)
        #expect(ShakeTraces.eventIndices(&detector, Self.trace(count: 200, above: [10, 50, 90, 130, 150])) == [150])
    }

    /// A three-sample excursion (samples 10–12) counts once: three starts in all, one short of k = 4.
    @Test func anExcursionCountsOnceHoweverLong() throws {
        var detector = try ShakeDetector(configuration: .thresholdCountDefault)
        #expect(ShakeTraces.eventIndices(&detector, Self.trace(count: 200, above: [10, 11, 12, 30, 50])).isEmpty)
    }
}

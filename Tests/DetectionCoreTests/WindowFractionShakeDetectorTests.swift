import Foundation
import Testing

@testable import DetectionCore

// MARK: - window-fraction (WindowFractionShakeDetector) on hand-made traces

@Suite struct WindowFractionShakeDetectorTests {

    /// Samples every 0.0625 s (exact in binary), window 0.5 s, minimum span 0.25 s, minimum count 4,
    /// threshold 1 g; "below" samples are 0.1 g, "above" 2 g.
    static func fractionTrace(below: Int, above: Int) -> [AccelerationSample] {
        (0..<(below + above)).map { i in
            AccelerationSample(timestampSeconds: Double(i) * 0.0625, x: i < below ? 0.1 : 2, y: 0, z: 0)
        }
    }

    /// seismic's rule: accelerating ≥ (n >> 1) + (n >> 2).
    static func seismicShiftRuleFires(accelerating: Int, n: Int) -> Bool {
        accelerating >= (n >> 1) + (n >> 2)
    }

    /// 2 below then 5 above (7 samples spanning 0.375 s): checks happen from the 5th sample (first with span
    /// ≥ 0.25 s): 3/5 = 60 %, 4/6 = 67 %, 5/7 = 71 %: all below 75 %, so no event.
    /// 2 below then 6 above (8 samples spanning 0.4375 s): the same three, then 6/8 = 75 %: fires at index 7.
    /// The integer-shift rule would have fired already at n = 5 (⌊5/2⌋ + ⌊5/4⌋ = 3 ≤ 3 accelerating), and
    /// at n = 7 it needs only 3 + 1 = 4 (57 %) where 5 are present.
    @Test func fractionIsExactNotIntegerShifted() throws {
        let configuration = ShakeTraces.configuration(.windowFraction) { $0.thresholdG = 1 }
        var detector = try ShakeDetector(configuration: configuration)
        #expect(ShakeTraces.eventIndices(&detector, Self.fractionTrace(below: 2, above: 5)).isEmpty)

        detector.reset()
        #expect(ShakeTraces.eventIndices(&detector, Self.fractionTrace(below: 2, above: 6)) == [7])

        // What seismic's rule would have decided on the same windows (hand values above).
        #expect(Self.seismicShiftRuleFires(accelerating: 5, n: 7))
        #expect(Self.seismicShiftRuleFires(accelerating: 3, n: 5))
        #expect(Self.seismicShiftRuleFires(accelerating: 6, n: 8))
        #expect((7 >> 1) + (7 >> 2) == 4)
    }

    /// A window that is too short in time never fires: 4 samples 0.0625 s apart span 0.1875 s < 0.25 s.
    @Test func minimumSpanIsRequired() throws {
        let configuration = ShakeTraces.configuration(.windowFraction) { $0.thresholdG = 1 }
        var detector = try ShakeDetector(configuration: configuration)
        #expect(ShakeTraces.eventIndices(&detector, Self.fractionTrace(below: 0, above: 4)).isEmpty)
        // A 5th sample makes the span 0.25 s: 5/5 above, fires.
        let fired = detector.consume(AccelerationSample(timestampSeconds: 0.25, x: 2, y: 0, z: 0))
        #expect(fired)
    }

    /// A ring sized for 10 Hz but fed 100 Hz grows instead of losing samples: same events as a 200 Hz sizing.
    @Test func undersizedWindowGrowsAndGivesTheSameAnswer() throws {
        let samples = ShakeTraces.trace(totalSeconds: 3.5, segments: [.init(startSeconds: 0.5, durationSeconds: 1)])
        var small = try ShakeDetector(configuration: ShakeDetectorTests.reasonable(.windowFraction), maximumSampleRateHz: 10)
        var large = try ShakeDetector(configuration: ShakeDetectorTests.reasonable(.windowFraction), maximumSampleRateHz: 200)
        let expected = ShakeTraces.eventIndices(&large, samples)
        #expect(expected == [97])
        #expect(ShakeTraces.eventIndices(&small, samples) == expected)
    }
}

import Testing

@testable import DetectionCore

// MARK: - Copies of a shake detector are independent (window-fraction's ring is shared until written)

/// Window-fraction keeps its ring behind a class reference and copies it before the first write after the detector
/// value was copied: once per batch in `consume(_:firedAt:)`, at each sample in `consume(_:)`. These tests copy a
/// detector in the middle of a shake and drive the two copies apart, through either entry point.
@Suite struct ShakeDetectorCopyTests {
    /// One 0.5 s shake (2 g, 4 Hz) from t = 0 in a 1 s trace at 100 Hz, window-fraction at 0.5 g, cooldown 1 s: it
    /// fires at sample 25 (τ = 0.25; hand-worked in `ShakeDetectorTests.cooldownMergesCloseShakes`), only there.
    static let shake = ShakeTraces.trace(totalSeconds: 1, segments: [.init(startSeconds: 0, durationSeconds: 0.5)])
    static let configuration = ShakeTraces.configuration(.windowFraction) {
        $0.cooldownSeconds = 1
        $0.thresholdG = 0.5
    }
    /// 200 samples at rest (0.02 g) from t = 0.20 s at 100 Hz: they go round the whole ring (⌈0.5 s × 200 Hz⌉ + 2 =
    /// 102 slots), so a detector sharing its ring with them would read their later times and "not accelerating"
    /// flags and not fire at sample 25.
    static let rest = (0..<200).map { k in
        AccelerationSample(timestampSeconds: 0.2 + Double(k) / 100, x: ShakeTraces.restG, y: 0, z: 0)
    }

    /// Feeds samples one by one (`batch` false) or as one batch; returns the indices that fired.
    static func feed(_ detector: inout ShakeDetector, _ samples: [AccelerationSample], batch: Bool) -> [Int] {
        guard batch else { return ShakeTraces.eventIndices(&detector, samples) }
        var fired: [Int] = []
        samples.withUnsafeBufferPointer { detector.consume($0, firedAt: &fired) }
        return fired
    }

    @Test(arguments: [(false, false), (false, true), (true, false), (true, true)])
    func copiesDoNotShareTheWindow(copyIsFedFirst: Bool, batch: Bool) throws {
        var original = try ShakeDetector(configuration: Self.configuration)
        #expect(Self.feed(&original, Array(Self.shake[0..<20]), batch: batch).isEmpty)
        var copy = original
        var shaking: [Int]
        if copyIsFedFirst {
            #expect(Self.feed(&copy, Self.rest, batch: batch).isEmpty)
            shaking = Self.feed(&original, Array(Self.shake[20...]), batch: batch)
        } else {
            #expect(Self.feed(&original, Self.rest, batch: batch).isEmpty)
            shaking = Self.feed(&copy, Array(Self.shake[20...]), batch: batch)
        }
        // Index 5 of the continuation is sample 25 of the shake.
        #expect(shaking == [5])
    }
}

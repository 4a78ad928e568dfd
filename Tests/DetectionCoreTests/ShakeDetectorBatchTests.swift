import Foundation
import Testing

@testable import DetectionCore

/// `ShakeDetector.consume(_:firedAt:)`, the batch path the studies use, against the hand-worked answers of
/// `ShakeDetectorTests` and against the per-sample path on the same samples.
@Suite struct ShakeDetectorBatchTests {
    /// Feeds `samples` in consecutive batches of `batch` samples; returns the fired indices into `samples`.
    static func batchIndices(_ detector: inout ShakeDetector, _ samples: [AccelerationSample], batch: Int) -> [Int] {
        var fired: [Int] = []
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + batch)
            var local: [Int] = []
            samples[start..<end].withUnsafeBufferPointer { detector.consume($0, firedAt: &local) }
            fired += local.map { $0 + start }
            start = end
        }
        return fired
    }

    /// The same feed as `ShakeDetectorTests.badSamplesAreSkippedAndCounted` (threshold-count, k = 1, no
    /// cooldown), in one batch: samples 1–3 are not finite and 5 goes back in time, so 3 are consumed, 4 skipped,
    /// and the only excursion start among the accepted samples is sample 6 (5 g at an equal timestamp).
    @Test func badSamplesAreSkippedAndCountedInABatch() throws {
        let configuration = ShakeTraces.configuration(.thresholdCount) {
            $0.requiredCount = 1
            $0.cooldownSeconds = 0
        }
        var detector = try ShakeDetector(configuration: configuration)
        let feed = [
            AccelerationSample(timestampSeconds: 0.00, x: 0, y: 0, z: 0),
            AccelerationSample(timestampSeconds: 0.01, x: .nan, y: 0, z: 0),
            AccelerationSample(timestampSeconds: 0.01, x: 0, y: .infinity, z: 0),
            AccelerationSample(timestampSeconds: .nan, x: 5, y: 0, z: 0),
            AccelerationSample(timestampSeconds: 0.02, x: 0, y: 0, z: 0),
            AccelerationSample(timestampSeconds: 0.015, x: 5, y: 0, z: 0),
            AccelerationSample(timestampSeconds: 0.02, x: 5, y: 0, z: 0),
        ]
        #expect(Self.batchIndices(&detector, feed, batch: feed.count) == [6])
        #expect(detector.samplesConsumed == 3)
        #expect(detector.samplesSkipped == 4)
        #expect(detector.eventsFired == 1)
        #expect(detector.lastEventTimestampSeconds == 0.02)
    }

    /// The two-shake cooldown traces of `ShakeDetectorTests.cooldownMergesCloseShakes` (gap 2 s), whose event
    /// indices are worked out there by hand: the batch path gives them too, whole or cut into batches of 7
    /// samples (cuts fall inside excursions and windows, so state must carry across batches).
    @Test(arguments: [
        (ShakeDetectorKind.thresholdCount, [41, 291]),
        (ShakeDetectorKind.windowFraction, [25, 297]),
        (ShakeDetectorKind.reversal, [40, 290]),
    ])
    func cooldownTracesGiveTheHandWorkedEvents(kind: ShakeDetectorKind, expected: [Int]) throws {
        let configuration = ShakeTraces.configuration(kind) {
            $0.cooldownSeconds = 1
            if kind == .windowFraction { $0.thresholdG = 0.5 }
            if kind == .reversal { $0.requiredCount = 3 }
        }
        let samples = ShakeTraces.trace(
            totalSeconds: 4,
            segments: [.init(startSeconds: 0, durationSeconds: 0.5), .init(startSeconds: 2.5, durationSeconds: 0.5)])
        for batch in [samples.count, 7] {
            var detector = try ShakeDetector(configuration: configuration)
            #expect(Self.batchIndices(&detector, samples, batch: batch) == expected, "batch \(batch)")
            #expect(detector.eventsFired == expected.count)
        }
    }

    /// Every kind, with and without gravity removal where the kind allows both, on a trace with shakes, rest, a NaN and a clock jump
    /// back: the batch path (in batches of 1, 13 and all) fires at the same samples and leaves the same counters
    /// as `consume(_:)` sample by sample.
    @Test(arguments: ShakeDetectorKind.allCases)
    func batchesMatchSampleBySample(kind: ShakeDetectorKind) throws {
        let tilt = (x: 0.0, y: 0.6, z: 0.8)
        var samples = ShakeTraces.trace(
            totalSeconds: 6,
            segments: [
                .init(startSeconds: 0.5, durationSeconds: 1), .init(startSeconds: 2, durationSeconds: 0.4),
                .init(startSeconds: 4, durationSeconds: 1.2, amplitudeG: 3, direction: (0.6, 0.8, 0)),
            ],
            gravity: tilt)
        samples[150].x = .nan
        samples[420].timestampSeconds = 1.0  // back in time: skipped
        // raw-magnitude reads raw readings only (its configuration refuses inputIncludesGravity = false).
        for includesGravity in kind == .rawMagnitude ? [true] : [false, true] {
            var configuration = ShakeDetectorTests.reasonable(kind)
            configuration.inputIncludesGravity = includesGravity
            configuration.cooldownSeconds = 0.5
            var single = try ShakeDetector(configuration: configuration)
            let expected = ShakeTraces.eventIndices(&single, samples)
            #expect(!expected.isEmpty, "kind \(kind): the trace must make the detector fire for the test to mean anything")
            for batch in [1, 13, samples.count] {
                var batched = try ShakeDetector(configuration: configuration)
                #expect(Self.batchIndices(&batched, samples, batch: batch) == expected, "kind \(kind), batch \(batch)")
                #expect(batched.samplesConsumed == single.samplesConsumed)
                #expect(batched.samplesSkipped == single.samplesSkipped)
                #expect(batched.eventsFired == single.eventsFired)
                #expect(batched.lastEventTimestampSeconds == single.lastEventTimestampSeconds)
            }
        }
    }
}

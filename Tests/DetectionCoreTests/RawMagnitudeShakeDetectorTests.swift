import Foundation
import Testing

@testable import DetectionCore

/// The raw-magnitude kind: |a| with gravity included ≥ T on k samples within W (the public submission: 2.5 g,
/// 3 hits, 2 s, 60 Hz). Traces are built by hand so every expected index follows from the numbers below.
@Suite struct RawMagnitudeShakeDetectorTests {
    /// A phone at rest face up reads (0, 0, −1) g; sample i at t = i / 60 s.
    static func rest(count: Int) -> [AccelerationSample] {
        (0..<count).map { AccelerationSample(timestampSeconds: Double($0) / 60, x: 0, y: 0, z: -1) }
    }

    @Test func presetIsThePublicSubmission() {
        let c = ShakeDetectorConfiguration.rawMagnitudeDefault
        #expect(c.kind == .rawMagnitude && c.thresholdG == 2.5 && c.requiredCount == 3 && c.windowSeconds == 2)
        #expect(c.inputIncludesGravity)
        #expect(c.validationProblems().isEmpty)
    }

    /// The kind is explicit: without inputIncludesGravity it is refused, naming the field.
    @Test func needsRawInput() {
        var c = ShakeDetectorConfiguration.rawMagnitudeDefault
        c.inputIncludesGravity = false
        #expect(c.validationProblems().map(\.field) == ["inputIncludesGravity"])
    }

    /// Rest at 1 g never reaches 2.5 g; three samples of (2, 0, −1) g have |a| = √5 ≈ 2.236 g < 2.5 g: nothing.
    /// Three samples of (2.5, 0, −1) g, |a| = √7.25 ≈ 2.693 g, at i = 60, 90, 150 (t = 1.0, 1.5, 2.5 s): the third
    /// hit is 1.5 s after the first, within 2 s, so it fires at i = 150. Gravity is not removed: the same trace
    /// minus gravity, (2.5, 0, 0) g, has |a| = 2.5 g and fires too (≥), while (2.4, 0, 0) does not.
    @Test func firesOnTheThirdHitWithinTheWindow() throws {
        var below = Self.rest(count: 300)
        for i in [60, 90, 150] { below[i].x = 2 }
        var d = try ShakeDetector(configuration: .rawMagnitudeDefault)
        #expect(ShakeTraces.eventIndices(&d, below).isEmpty)

        var above = Self.rest(count: 300)
        for i in [60, 90, 150] { above[i].x = 2.5 }
        d = try ShakeDetector(configuration: .rawMagnitudeDefault)
        #expect(ShakeTraces.eventIndices(&d, above) == [150])

        let exact = (0..<300).map { i in
            AccelerationSample(timestampSeconds: Double(i) / 60, x: [60, 90, 150].contains(i) ? 2.5 : 0, y: 0, z: 0)
        }
        d = try ShakeDetector(configuration: .rawMagnitudeDefault)
        #expect(ShakeTraces.eventIndices(&d, exact) == [150])
        let short = exact.map { AccelerationSample(timestampSeconds: $0.timestampSeconds, x: $0.x * 0.96, y: 0, z: 0) }
        d = try ShakeDetector(configuration: .rawMagnitudeDefault)
        #expect(ShakeTraces.eventIndices(&d, short).isEmpty)
    }

    /// Hits at i = 0, 60, 181 (t = 0, 1, 3.0167 s): the first and third are 3.02 s apart, more than 2 s, so the
    /// third does not fire; a fourth at i = 200 (t = 3.33 s) has hits 60, 181, 200 within 2.33 s — still more than
    /// 2 s; a fifth at i = 210 (t = 3.5 s) makes 181, 200, 210 within 0.48 s: it fires there.
    @Test func hitsOutsideTheWindowDoNotCount() throws {
        var samples = Self.rest(count: 300)
        for i in [0, 60, 181, 200, 210] { samples[i].x = 3 }
        var d = try ShakeDetector(configuration: .rawMagnitudeDefault)
        #expect(ShakeTraces.eventIndices(&d, samples) == [210])
    }

    /// Hits are samples, not excursions: a table drop of three consecutive 4 g samples at 60 Hz fires (unlike
    /// threshold-count, which counts it as one excursion). This is the submission's behaviour, kept on purpose.
    @Test func aTableDropOfThreeSamplesFires() throws {
        var samples = Self.rest(count: 180)
        for i in 100...102 { samples[i].z = -4 }
        var d = try ShakeDetector(configuration: .rawMagnitudeDefault)
        #expect(ShakeTraces.eventIndices(&d, samples) == [102])
        var count = try ShakeDetector(configuration: ShakeDetectorConfiguration(kind: .thresholdCount))
        #expect(ShakeTraces.eventIndices(&count, samples).isEmpty)
    }

    /// After an event the cooldown (1 s) gathers nothing: hits at 1.0, 1.1, 1.2 s fire at 1.2 s; hits at 1.5,
    /// 1.6, 1.7 s fall in the cooldown (until 2.2 s) and do not; hits at 2.5, 2.6, 2.7 s fire again at 2.7 s.
    @Test func cooldownThenFreshEvidence() throws {
        var samples = Self.rest(count: 240)
        for i in [60, 66, 72, 90, 96, 102, 150, 156, 162] { samples[i].x = 3 }
        var d = try ShakeDetector(configuration: .rawMagnitudeDefault)
        #expect(ShakeTraces.eventIndices(&d, samples) == [72, 162])
    }
}

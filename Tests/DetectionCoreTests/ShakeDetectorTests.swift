import Foundation
import Testing

@testable import DetectionCore

// MARK: - Shake detector behaviour on hand-made traces
//
// Arithmetic used throughout (all by hand, from the trace formulas in ShakeTraces):
// a 4 Hz, 2 g sine x(τ) = 2 sin(8πτ) sampled at τ = k/100 s (τ measured from the shake's start).
// - |x| > 1.5 g ⇔ |sin| > 0.75 ⇔ phase mod π ∈ (0.84806, π − 0.84806) ⇔ τ mod 0.125 ∈ (0.033743, 0.091257).
//   Sampled excursion starts: τ = 0.04, 0.16, 0.29, 0.41, … (e.g. 2 sin(8π·0.15) = −1.176, 2 sin(8π·0.16) = −1.541).
// - |x| > 1.0 g ⇔ |sin| > 0.5 ⇔ τ mod 0.125 ∈ (0.020833, 0.104167).
//   Sampled excursion starts: τ = 0.03, 0.15, 0.28, 0.40, 0.53, … alternating in sign.
// - |x| > 0.5 g ⇔ |sin| > 0.25 ⇔ τ within 0.010053 s of a multiple of 0.125 is BELOW. Below samples in the
//   first second: τ = 0, .01, .12, .13, .24, .25, .26, .37, .38, .49, .50, .51, .62, .63, .74, .75, .76, …
//   (e.g. 2 sin(8π·0.01) = 0.497, 2 sin(8π·0.26) = 0.497, 2 sin(8π·0.02) = 0.964).

@Suite struct ShakeDetectorTests {
    /// The "reasonable settings" used for the shake traces: presets, except window-fraction at 0.5 g, since
    /// its seismic-derived 1.33 g threshold exceeds a 2 g sine only 54 % of the time (1 − (2/π)·asin(0.663)).
    static func reasonable(_ kind: ShakeDetectorKind) -> ShakeDetectorConfiguration {
        ShakeTraces.configuration(kind) { if kind == .windowFraction { $0.thresholdG = 0.5 } }
    }

    // MARK: - Table drop

    /// Rest at 0.02 g with three samples at 4 g (30 ms at 100 Hz) at t = 1.00, 1.01, 1.02 s.
    ///
    /// window-fraction (defaults): any window spanning ≥ 0.25 s holds ≥ 26 samples of which ≤ 3 exceed the
    /// threshold, ≤ 3/26 = 12 % < 75 %, so it never fires. threshold-count sees 1 excursion (needs 4); reversal
    /// sees 1 excursion and so 0 reversals (needs 4).
    @Test(arguments: ShakeTraces.userAccelerationKinds)
    func tableDropSpikeDoesNotFireAtDefaults(kind: ShakeDetectorKind) throws {
        var samples = ShakeTraces.trace(totalSeconds: 3, segments: [])
        for index in 100...102 { samples[index].x = 4 }
        var detector = try ShakeDetector(configuration: ShakeDetectorConfiguration(kind: kind))
        #expect(ShakeTraces.eventIndices(&detector, samples).isEmpty)
        #expect(detector.samplesConsumed == 300)
    }

    /// Even at a 0.5 g threshold the fraction rule rejects the spike (same count: ≤ 3 of ≥ 26).
    @Test func tableDropSpikeDoesNotFireWindowFractionAtLowThreshold() throws {
        var samples = ShakeTraces.trace(totalSeconds: 3, segments: [])
        for index in 100...102 { samples[index].x = 4 }
        var detector = try ShakeDetector(configuration: Self.reasonable(.windowFraction))
        #expect(ShakeTraces.eventIndices(&detector, samples).isEmpty)
    }

    // MARK: - Sinusoidal shake

    /// 0.5 s rest, 1 s of 2 g 4 Hz along x, 2 s rest, at 100 Hz: each kind fires exactly once, at the sample
    /// worked out by hand (see the header):
    /// - threshold-count (1.5 g, k = 4, W = 1 s): 4th excursion start τ = 0.41 (0.41 − 0.04 ≤ 1) → t = 0.91.
    /// - reversal (1.0 g, N = 4, W = 1 s): excursions at τ = 0.03 (+), 0.15 (−), 0.28 (+), 0.40 (−), 0.53 (+):
    ///   the 4th reversal is at τ = 0.53 → t = 1.03.
    /// - window-fraction (0.5 g, W = 0.5 s, 3/4): a full window holds 51 samples and needs ⌈38.25⌉ = 39 above.
    ///   At τ = 0.47 it holds 3 rest samples (t = 0.47…0.49) and shake τ = 0…0.47 (48 samples, 9 below), so
    ///   39 above: fires at t = 0.97. At τ = 0.46: 47 − 9 = 38 < 38.25.
    /// The 1 s cooldown covers the rest of the shake, so no second event.
    @Test(arguments: [
        (ShakeDetectorKind.thresholdCount, 91),
        (ShakeDetectorKind.windowFraction, 97),
        (ShakeDetectorKind.reversal, 103),
    ])
    func sinusoidalShakeFiresOnce(kind: ShakeDetectorKind, expectedIndex: Int) throws {
        let samples = ShakeTraces.trace(totalSeconds: 3.5, segments: [.init(startSeconds: 0.5, durationSeconds: 1)])
        var detector = try ShakeDetector(configuration: Self.reasonable(kind))
        #expect(ShakeTraces.eventIndices(&detector, samples) == [expectedIndex])
        #expect(detector.eventsFired == 1)
        #expect(detector.lastEventTimestampSeconds == Double(expectedIndex) / 100)
    }

    // MARK: - Cooldown

    /// Two 0.5 s shakes (2 g, 4 Hz) separated by a gap, cooldown 1 s. Shake A starts at t = 0.
    /// - threshold-count (k = 4): A fires at τ = 0.41. Gap 0.3 s: B (0.8–1.3 s) ends before 1.41, no event.
    ///   Gap 2 s: B starts at 2.5 and fires at 2.5 + 0.41 = 2.91.
    /// - reversal with N = 3 (A has only 4 excursions, so 3 reversals): fires at τ = 0.40; gap 0.3 s: B ends
    ///   before 1.40; gap 2 s: B fires at 2.5 + 0.40 = 2.90.
    /// - window-fraction (0.5 g): A's window first spans 0.25 s at τ = 0.25 with 26 samples, 6 below
    ///   (τ = 0, .01, .12, .13, .24, .25): 20 ≥ 19.5, fires at 0.25. Gap 0.3 s: evidence restarts at 1.25 and
    ///   B contributes at most 5 samples before it ends at 1.3, against ≥ 26 in a 0.25 s window: no event.
    ///   Gap 2 s: as in the sinusoid test, 51-sample windows need 39 above, reached at B's τ = 0.47 → 2.97.
    @Test(arguments: [
        (ShakeDetectorKind.thresholdCount, 0.3, [41]),
        (ShakeDetectorKind.thresholdCount, 2.0, [41, 291]),
        (ShakeDetectorKind.windowFraction, 0.3, [25]),
        (ShakeDetectorKind.windowFraction, 2.0, [25, 297]),
        (ShakeDetectorKind.reversal, 0.3, [40]),
        (ShakeDetectorKind.reversal, 2.0, [40, 290]),
    ])
    func cooldownMergesCloseShakes(kind: ShakeDetectorKind, gapSeconds: Double, expected: [Int]) throws {
        let configuration = ShakeTraces.configuration(kind) {
            $0.cooldownSeconds = 1
            if kind == .windowFraction { $0.thresholdG = 0.5 }
            if kind == .reversal { $0.requiredCount = 3 }
        }
        let samples = ShakeTraces.trace(
            totalSeconds: 4,
            segments: [
                .init(startSeconds: 0, durationSeconds: 0.5),
                .init(startSeconds: 0.5 + gapSeconds, durationSeconds: 0.5),
            ])
        var detector = try ShakeDetector(configuration: configuration)
        #expect(ShakeTraces.eventIndices(&detector, samples) == expected)
    }

    /// Without a cooldown a long shake keeps firing: threshold-count k = 4 over a 1 s shake gets 8 excursion
    /// starts (τ = 0.04, 0.16, 0.29, 0.41, 0.54, 0.66, 0.79, 0.91), i.e. two events at τ = 0.41 and 0.91.
    @Test func zeroCooldownFiresAgainOnFreshEvidence() throws {
        let configuration = ShakeTraces.configuration(.thresholdCount) { $0.cooldownSeconds = 0 }
        let samples = ShakeTraces.trace(totalSeconds: 2, segments: [.init(startSeconds: 0, durationSeconds: 1)])
        var detector = try ShakeDetector(configuration: configuration)
        #expect(ShakeTraces.eventIndices(&detector, samples) == [41, 91])
    }

    // MARK: - Clipping

    /// A 3 g, 4 Hz shake clipped at ±2 g (a sensor with a ±2 g range) is still a shake: saturated samples are
    /// valid data. |x| = min(2, 3|sin|) exceeds 1.5 g for |sin| > 0.5, 1.0 g for |sin| > 1/3, 0.5 g for
    /// |sin| > 1/6 (above 89 % of the time); each kind fires once, within the shake (0.5 s ≤ t < 1.5 s).
    @Test(arguments: ShakeTraces.userAccelerationKinds)
    func clippedShakeStillFires(kind: ShakeDetectorKind) throws {
        let samples = ShakeTraces.trace(
            totalSeconds: 3.5,
            segments: [
                .init(startSeconds: 0.5, durationSeconds: 1, amplitudeG: 3, clipG: 2)
            ])
        // The trace really saturates (3 sin > 2 on about 46 % of the shake).
        #expect(samples.filter { abs($0.x) == 2 }.count > 30)
        var detector = try ShakeDetector(configuration: Self.reasonable(kind))
        let events = ShakeTraces.eventIndices(&detector, samples)
        #expect(events.count == 1)
        #expect(events.allSatisfy { $0 >= 50 && $0 < 150 })
    }

    /// A vector of constant 2 g magnitude rotating in the x-y plane at 4 Hz (circular stirring) never drops
    /// below the threshold, so it is one excursion and no reversal. threshold-count also sees one excursion.
    @Test(arguments: [ShakeDetectorKind.reversal, .thresholdCount])
    func circularStirringIsNotReversals(kind: ShakeDetectorKind) throws {
        let samples = (0..<300).map { i -> AccelerationSample in
            let t = Double(i) / 100
            return AccelerationSample(timestampSeconds: t, x: 2 * cos(8 * .pi * t), y: 2 * sin(8 * .pi * t), z: 0)
        }
        var detector = try ShakeDetector(configuration: ShakeDetectorConfiguration(kind: kind))
        #expect(ShakeTraces.eventIndices(&detector, samples).isEmpty)
    }

    // MARK: - Bad samples, time, reset

    /// threshold-count with k = 1 and no cooldown fires on every excursion start, which makes skipping visible.
    @Test func badSamplesAreSkippedAndCounted() throws {
        let configuration = ShakeTraces.configuration(.thresholdCount) {
            $0.requiredCount = 1
            $0.cooldownSeconds = 0
        }
        var detector = try ShakeDetector(configuration: configuration)
        let feed: [(AccelerationSample, Bool)] = [
            (AccelerationSample(timestampSeconds: 0.00, x: 0, y: 0, z: 0), false),  // accepted
            (AccelerationSample(timestampSeconds: 0.01, x: .nan, y: 0, z: 0), false),  // skipped: NaN
            (AccelerationSample(timestampSeconds: 0.01, x: 0, y: .infinity, z: 0), false),  // skipped: ∞
            (AccelerationSample(timestampSeconds: .nan, x: 5, y: 0, z: 0), false),  // skipped: NaN time
            (AccelerationSample(timestampSeconds: 0.02, x: 0, y: 0, z: 0), false),  // accepted
            (AccelerationSample(timestampSeconds: 0.015, x: 5, y: 0, z: 0), false),  // skipped: backwards
            (AccelerationSample(timestampSeconds: 0.02, x: 5, y: 0, z: 0), true),  // equal time: accepted, fires
        ]
        for (sample, expected) in feed {
            let fired = detector.consume(sample)
            #expect(fired == expected)
        }
        #expect(detector.samplesConsumed == 3)
        #expect(detector.samplesSkipped == 4)
        #expect(detector.eventsFired == 1)
    }

    /// After the clock jumps back, samples are skipped until reset() restarts the clock.
    @Test func timeGoingBackwardsIsSkippedUntilReset() throws {
        var detector = try ShakeDetector(configuration: .thresholdCountDefault)
        _ = detector.consume(AccelerationSample(timestampSeconds: 10, x: 0, y: 0, z: 0))
        let early = ShakeTraces.trace(totalSeconds: 2, segments: [.init(startSeconds: 0, durationSeconds: 1)])
        #expect(ShakeTraces.eventIndices(&detector, early).isEmpty)
        #expect(detector.samplesSkipped == 200)
        #expect(detector.samplesConsumed == 1)

        detector.reset()
        #expect(detector.samplesSkipped == 0 && detector.samplesConsumed == 0 && detector.eventsFired == 0)
        #expect(ShakeTraces.eventIndices(&detector, early) == [41])
    }

    /// Three excursions (τ = 0.04, 0.16, 0.29 of a 0.3 s shake) leave threshold-count one short of k = 4;
    /// a fourth excursion at t = 0.61 then completes it (0.61 − 0.04 ≤ 1 s). After reset() the same fourth
    /// excursion is alone and fires nothing.
    @Test func resetForgetsEvidence() throws {
        let first = ShakeTraces.trace(totalSeconds: 0.5, segments: [.init(startSeconds: 0, durationSeconds: 0.3)])
        let fourth = [
            AccelerationSample(timestampSeconds: 0.60, x: 0, y: 0, z: 0),
            AccelerationSample(timestampSeconds: 0.61, x: 2, y: 0, z: 0),
        ]
        var kept = try ShakeDetector(configuration: .thresholdCountDefault)
        #expect(ShakeTraces.eventIndices(&kept, first).isEmpty)
        #expect(ShakeTraces.eventIndices(&kept, fourth) == [1])

        var cleared = try ShakeDetector(configuration: .thresholdCountDefault)
        #expect(ShakeTraces.eventIndices(&cleared, first).isEmpty)
        cleared.reset()
        #expect(ShakeTraces.eventIndices(&cleared, fourth).isEmpty)
    }

    // MARK: - Gravity removal

    /// Step response of the one-pole gravity estimate, closed form: with constant input after a step of 1 g
    /// on x, α = Δt/(τ + Δt), the high-pass output after n samples is (1 − α)ⁿ. τ = 0.5 s, Δt = 0.01 s:
    /// 1 − α = 0.5/0.51.
    @Test func gravityHighPassStepResponse() {
        var filter = GravityHighPass(timeConstantSeconds: 0.5)
        let primed = filter.userAcceleration(x: 0, y: 0, z: 1, deltaSeconds: 0)
        #expect(primed.x == 0 && primed.y == 0 && primed.z == 0)
        var output = (x: 0.0, y: 0.0, z: 0.0)
        for n in 1...50 {
            output = filter.userAcceleration(x: 1, y: 0, z: 1, deltaSeconds: 0.01)
            if n == 1 { #expect(abs(output.x - 0.5 / 0.51) < 1e-15) }
        }
        #expect(abs(output.x - pow(0.5 / 0.51, 50)) < 1e-12)
        #expect(output.z == 0)
    }

    /// Raw readings with gravity (0, 0.6, 0.8) g (a tilted phone): at a 0.5 g threshold, window-fraction fed
    /// them as if gravity-free sees |a| = 1 g on every sample and fires as soon as the window spans 0.25 s
    /// (sample 25); with inputIncludesGravity the estimate is primed on the first sample and rest gives 0 g,
    /// so nothing fires; the 2 g 4 Hz shake on top of gravity is still detected once.
    @Test func rawInputWithGravity() throws {
        let tilt = (x: 0.0, y: 0.6, z: 0.8)
        let rest = ShakeTraces.trace(totalSeconds: 3, segments: [], gravity: tilt)
        let shake = ShakeTraces.trace(
            totalSeconds: 3.5, segments: [.init(startSeconds: 0.5, durationSeconds: 1)],
            gravity: tilt)
        var naive = try ShakeDetector(configuration: Self.reasonable(.windowFraction))
        #expect(ShakeTraces.eventIndices(&naive, rest) == [25, 150, 275])

        for kind in ShakeTraces.userAccelerationKinds {
            var configuration = Self.reasonable(kind)
            configuration.inputIncludesGravity = true
            var onRest = try ShakeDetector(configuration: configuration)
            #expect(ShakeTraces.eventIndices(&onRest, rest).isEmpty, "kind \(kind)")
            var onShake = try ShakeDetector(configuration: configuration)
            #expect(ShakeTraces.eventIndices(&onShake, shake).count == 1, "kind \(kind)")
        }
    }
}

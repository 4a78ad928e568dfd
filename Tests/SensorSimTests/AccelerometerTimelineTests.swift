import Foundation
import Stats
import Testing

@testable import SensorSim

/// Largest |component| over all samples of a timeline.
private func largestComponent(_ t: MotionTimeline) -> Float {
    var m: Float = 0
    for k in 0..<t.sampleCount { m = max(m, abs(t.x[k]), abs(t.y[k]), abs(t.z[k])) }
    return m
}

@Suite struct AccelerometerTimelineTests {
    /// A 10-minute default timeline at 100 Hz.
    static func defaultTimeline(seed: UInt64 = 11) throws -> MotionTimeline {
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: 0))
        return MotionTimelineGenerator.generate(MotionTimelineParameters(), stream: stream)
    }

    @Test func labelsCoverTheTimelineContiguously() throws {
        let t = try Self.defaultTimeline()
        // 10 minutes at 100 Hz: 60 000 samples, by definition of the defaults.
        #expect(t.sampleCount == 60_000)
        #expect(t.segments.first?.startSample == 0)
        #expect(t.segments.last?.endSample == t.sampleCount)
        for (a, b) in zip(t.segments, t.segments.dropFirst()) { #expect(a.endSample == b.startSample) }
        #expect(t.segments.allSatisfy { $0.sampleCount >= 1 })
        #expect(t.segment(containing: 30_000)?.startSample ?? -1 <= 30_000)
    }

    @Test func everyDrawnParameterLiesInItsRange() throws {
        let ranges = MotionRanges()
        for seed: UInt64 in [1, 2, 3] {
            let t = try Self.defaultTimeline(seed: seed)
            for s in t.segments {
                for (name, value) in s.parameters where name != "taps" && name != "bumps" {
                    let range = ranges.range(s.activity, name)
                    #expect(range != nil, "\(s.activity).\(name) has no range")
                    #expect(range?.contains(value) ?? false, "\(s.activity).\(name) = \(value) outside \(String(describing: range))")
                }
                // Every field of the activity was drawn (counts aside).
                let expected = MotionRanges.fields.filter { $0.activity == s.activity }.map(\.name)
                #expect(expected.allSatisfy { s.parameters[$0] != nil })
            }
        }
    }

    @Test func shakesHaveTheScheduledCountAndGaps() throws {
        let t = try Self.defaultTimeline()
        let shakes = t.shakes
        #expect(shakes.count == 6)
        // Gaps of at least 15 s = 1500 samples; placement rounds each start to the nearest sample (±1).
        var previousEnd = 0
        for s in shakes {
            #expect(s.startSample - previousEnd >= 1500 - 1)
            previousEnd = s.endSample
        }
        #expect(t.sampleCount - previousEnd >= 1500 - 1)
    }

    /// With no noise, a shake's magnitude is P·w·√(sin² + c²cos²): at most P, and on the full-amplitude
    /// plateau at least P·|sin(2πfτ)|, whose sampled maximum is at least P·cos(πf/fs) (a sample lies within
    /// half a period 1/(2fs) of each crest). The plateau here (≥ 1 − 2·0.15 s) holds several crests.
    @Test(arguments: [50.0, 100.0])
    func shakePeakMatchesTheDrawnAmplitude(rateHz: Double) throws {
        var p = MotionTimelineParameters(
            durationSeconds: 120, sensor: AccelerometerSensor(sampleRateHz: rateHz, rangeG: 16, noiseRmsG: 0),
            weights: [.still: 1], shakes: .count(5), minimumGapSeconds: 5)
        p.ranges.shakeDurationSeconds = UniformRange(1, 2)
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 5, trialIndex: 0))
        let t = MotionTimelineGenerator.generate(p, stream: stream)
        #expect(t.shakes.count == 5)
        for s in t.shakes {
            let peak = s.parameters["peakG"] ?? 0, f = s.parameters["frequencyHz"] ?? 0
            var largest = 0.0
            for k in s.startSample..<s.endSample {
                let m = (Double(t.x[k]) * Double(t.x[k]) + Double(t.y[k]) * Double(t.y[k]) + Double(t.z[k]) * Double(t.z[k])).squareRoot()
                largest = max(largest, m)
            }
            // Float storage: relative rounding 6e-8 per component; 1e-5 is ample.
            #expect(largest <= peak * (1 + 1e-5))
            #expect(largest >= peak * cos(Double.pi * f / rateHz) * (1 - 1e-5), "peak \(peak) f \(f): got \(largest)")
        }
        // Still segments with no noise are exactly zero.
        for s in t.segments where s.activity == .still {
            #expect((s.startSample..<s.endSample).allSatisfy { t.x[$0] == 0 && t.y[$0] == 0 && t.z[$0] == 0 })
        }
    }

    /// 50 g table drops on a ±2 g sensor: every component is clipped to exactly ±2 g and some reach it.
    @Test func readingsClipAtTheSensorRange() throws {
        var p = MotionTimelineParameters(
            durationSeconds: 60, sensor: AccelerometerSensor(sampleRateHz: 100, rangeG: 2, noiseRmsG: 0.01),
            weights: [.putDown: 1], shakes: .count(0))
        p.ranges.putDownSpikeG = UniformRange(50, 50)
        let t = MotionTimelineGenerator.generate(p, stream: try RandomStream(seed: TrialSeed(scenarioSeed: 9, trialIndex: 0)))
        #expect(largestComponent(t) == 2)
        #expect(t.segments.allSatisfy { $0.activity == .putDown })
    }

    /// The sample-period average keeps a pulse's area: Σ aₖ·Δt = ∫ h·sin(π(t − t₀)/w) dt = 2hw/π.
    @Test(arguments: [(0.0123, 0.015), (0.5, 0.004), (0.031, 0.05)])
    func pulseAveragingKeepsTheArea(start: Double, width: Double) {
        var b = MotionTimelineGenerator.Buffers(count: 200)
        b.addPulse(atSeconds: start, width: width, height: 3, direction: (1, 0, 0), fs: 100, within: 0..<200)
        let area = b.x.reduce(0.0) { $0 + Double($1) } / 100
        #expect(abs(area - 2 * 3 * width / Double.pi) < 1e-6)
        #expect(b.y.allSatisfy { $0 == 0 })
    }

    @Test func sameSeedSameTimeline() throws {
        let a = try Self.defaultTimeline(seed: 4), b = try Self.defaultTimeline(seed: 4)
        #expect(a.x == b.x && a.y == b.y && a.z == b.z && a.segments == b.segments)
    }

    /// Zero noise and still only: every sample is 0; with noise σ the sample SD of 3 × 60 000 values lies within
    /// ±2% of σ (the SD of a sample SD is about σ/√(2n) = 0.17% of σ, so ±2% is > 10 standard errors).
    @Test func noiseHasTheConfiguredRms() throws {
        let p = MotionTimelineParameters(
            durationSeconds: 600, sensor: AccelerometerSensor(sampleRateHz: 100, rangeG: 8, noiseRmsG: 0.02),
            weights: [.still: 1], shakes: .count(0))
        let t = MotionTimelineGenerator.generate(p, stream: try RandomStream(seed: TrialSeed(scenarioSeed: 3, trialIndex: 0)))
        let values = (t.x + t.y + t.z).map(Double.init)
        let rms = (values.reduce(0) { $0 + $1 * $1 } / Double(values.count)).squareRoot()
        #expect(abs(rms / 0.02 - 1) < 0.02)
    }
}

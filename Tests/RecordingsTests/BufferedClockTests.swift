import FileFormats
import Foundation
import Stats
import Testing

@testable import Recordings

/// Stamps read from a buffer (``BufferedClock``): a FIFO's bursts are re-timed on the sensor's clock, evenly when no
/// sample was lost and with the lost samples as gaps when some were; other uneven records keep the grid of their stamps.
@Suite struct BufferedClockTests {
    /// A sensor sampling every 0.01 s read every 0.05 s: read r (at 0.05(r + 1)) delivers samples 5r…5r + 4 stamped
    /// 2 ms apart, so sample k = 5r + j is stamped 0.05(r + 1) + 0.002j = 0.01k + 0.05 − 0.008j.
    static func burstTimes(reads: Int) -> [Double] {
        var times: [Double] = []
        for r in 0..<reads { for j in 0..<5 { times.append(0.05 * Double(r + 1) + 0.002 * Double(j)) } }
        return times
    }

    /// Hand calculation for 2000 reads (10 000 samples, stamps 0.05–100.008 s, so 10 windows of 10 s). Steps: 0.002 s
    /// inside a read (4 of 5), 0.042 s between reads: median 0.002 s, mean (0.01·9999 − 0.032)/9999. Every j = 4
    /// sample lies on t = 0.01k + 0.018 and has the least lag, so each pair of windows gives the period 0.01 s exactly
    /// and the least lag never moves (no loss, no wander); the largest lag is a j = 0 sample's, 0.032 s.
    @Test func aLosslessBuffersClockIsReadByHand() {
        let clock = BufferedClock(times: Self.burstTimes(reads: 2000))
        #expect(abs(clock.periodSeconds - 0.01) < 1e-14, "\(clock.periodSeconds)")
        #expect(abs(clock.medianStepSeconds - 0.002) < 1e-12)
        #expect(abs(clock.meanStepSeconds - (0.01 * 9999 - 0.032) / 9999) < 1e-15)
        #expect(clock.windowCount == 10 && clock.losses.isEmpty && clock.largestFallSeconds < 1e-9)
        #expect(clock.wanderSeconds < 1e-9 && abs(clock.largestLagSeconds - 0.032) < 1e-9, "\(clock.largestLagSeconds)")
        #expect(clock.isBursty && clock.isBuffer && clock.slots(count: 10_000) == Array(0..<10_000))
    }

    /// The same reads (2100 of them) with samples 5000…5099 lost: delivered sample k ≥ 5000 is the original k + 100,
    /// stamped 0.01k + 1.05 − 0.008j, so the least lag rises by exactly 1 s = 100 periods between the windows around
    /// it, and the longest step between their least-lag samples is 4999 → 5000 (50.008 s → 51.05 s). One loss of 100
    /// samples before sample 5000, period 0.01 s: re-timed, every sample lands on its original index.
    @Test func lostSamplesAreFoundAndBecomeGaps() throws {
        var times = Self.burstTimes(reads: 2100)
        times.removeSubrange(5000..<5100)
        let clock = BufferedClock(times: times)
        #expect(abs(clock.periodSeconds - 0.01) < 1e-12, "\(clock.periodSeconds)")
        #expect(clock.losses == [BufferedClock.Loss(beforeSample: 5000, samples: 100)], "\(clock.losses)")
        #expect(clock.isBuffer && clock.wanderSeconds < 1e-9)
        #expect(clock.slots(count: times.count) == Array(0..<5000) + Array(5100..<10_500))
        let grid = AllanGrid(slots: clock.slots(count: times.count), stepSeconds: 0.01, medianStepSeconds: 0.002)
        #expect(grid.emptySlots == 100 && grid.gapCount == 1 && grid.stretchCount == 2 && grid.longestStretch == 5400)
        #expect(grid.whiteNoiseVarianceFactor == 1)
        #expect(
            try BufferedClock.evidence(clock).contains(
                "rises by more than 10 periods from one window to the next 1 time (100 samples, 1 s, lost in all)"))
    }

    /// Evenly spaced samples with a pause are not bursts (the median step is the mean's); a sensor that doubles its
    /// rate half way delivers more samples than time against any one clock: neither is read as a buffer.
    @Test func otherUnevenStampsAreNotABuffers() throws {
        let even = (0..<3000).map { Double($0) * 0.01 + ($0 >= 1500 ? 2 : 0) }
        let notBursts = BufferedClock(times: even)
        #expect(!notBursts.isBursty && !notBursts.isBuffer)
        #expect(try BufferedClock.whyNot(notBursts).hasSuffix("not bursts"))
        var times = Self.burstTimes(reads: 2000)
        for r in 0..<2000 { for j in 0..<10 { times.append(100.05 + 0.05 * Double(r + 1) + 0.002 * Double(j)) } }
        let doubled = BufferedClock(times: times)
        #expect(doubled.isBursty && !doubled.isBuffer, "\(doubled)")
    }

    static func whiteRecording(count: Int, sigma: Double, seed: UInt64) throws -> SensorRecording {
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: 0))
        let z = (0..<count).map { _ in stream.gaussian(sigma: sigma) }
        let info = RecordingInfo(
            file: "simulated.csv", format: .generic, unit: .radPerSec, unitSource: "simulation", sampleCount: count,
            firstTimeSeconds: 0, lastTimeSeconds: Double(count - 1) / 100, largestStepSeconds: 0.01)
        return SensorRecording(info: info, x: z, y: z, z: z)
    }

    /// A record read in the `mpu6050` pattern (no sample lost) is re-timed and analysed as the evenly sampled record
    /// of the same values: the same Allan deviations point for point (the deviation of m-sample means does not depend
    /// on the period; to rounding, 10⁻¹² relative), at τ scaled by the period read over the even one, and no grid.
    @Test func aBurstyLosslessRecordIsTheEvenRecord() throws {
        let even = try Self.whiteRecording(count: 30_000, sigma: 0.007 * Double.pi / 180 * 10, seed: 7)
        let bursty = try AllanGapPattern.mpu6050.recording(even, seed: 7)
        #expect(bursty.times != nil && bursty.info.sampleCount == 30_000)
        let a = try AllanAnalysis(recording: bursty, axes: ["z"], resamples: 20)
        let b = try AllanAnalysis(recording: even, axes: ["z"], resamples: 20)
        #expect(a.retimed && a.grid == nil && b.clock == nil)
        let clock = try #require(a.clock)
        #expect(clock.losses.isEmpty && abs(clock.periodSeconds / 0.01 - 1) < 1e-4, "\(clock.periodSeconds)")
        #expect(a.sampleIntervalSeconds == clock.periodSeconds)
        let pa = a.axes[0].curve.points
        let pb = b.axes[0].curve.points
        #expect(pa.count == pb.count)
        for (p, q) in zip(pa, pb) {
            #expect(abs(p.deviation / q.deviation - 1) < 1e-12)
            #expect(abs(p.tauSeconds / q.tauSeconds - clock.periodSeconds / b.sampleIntervalSeconds) < 1e-12)
        }
        let summary = try AllanReport.summary(a)
        #expect(summary.contains("**Stamped in bursts, re-timed evenly:**"), "\(summary)")
        #expect(!summary.contains("**Warning:**") && !summary.contains("**Uneven sampling"), "\(summary)")
    }

    /// The same logger with an overflowing FIFO (`mpu6050-overflow`, 600 s) loses samples: the clock finds every lost
    /// sample (the count it puts back equals the count the pattern dropped), and the record is analysed on a grid of
    /// the clock's period, one sample a step (k̄·mean(1/k) = 1), with the losses as gaps.
    @Test func anOverflowingBuffersLossesBecomeGaps() throws {
        let even = try Self.whiteRecording(count: 60_000, sigma: 0.01, seed: 8)
        let lossy = try AllanGapPattern.mpu6050Overflow.recording(even, seed: 8)
        let dropped = 60_000 - lossy.info.sampleCount
        #expect(dropped > 0)
        let a = try AllanAnalysis(recording: lossy, axes: ["z"], resamples: 20)
        let clock = try #require(a.clock)
        let grid = try #require(a.grid)
        #expect(a.retimed && clock.lostSamples == dropped, "\(clock.lostSamples) found, \(dropped) dropped")
        #expect(grid.emptySlots == dropped && grid.whiteNoiseVarianceFactor == 1)
        let summary = try AllanReport.summary(a)
        #expect(summary.contains("**Stamped in bursts, re-timed evenly, lost samples as gaps:**"), "\(summary)")
    }
}

import FileFormats
import Foundation
import Stats
import Testing

@testable import Recordings

/// N on a gapped grid (issue 24 s): a grid slot's value is the mean of the k samples in it, so white noise of density
/// N sampled every τ_s gives a slot variance N²/(k·τ_s), not N²/w; over slots of unequal k the grid's Allan variance
/// of white noise is k̄·mean(1/k)·N²/τ, and the analysis divides N by √(k̄·mean(1/k)).
@Suite struct AllanGappedNoiseTests {
    /// Hand calculation: times 0, 0.001, 0.002 (three samples in slot 0 of a 0.01 s grid), 0.01, 0.02, 0.03 (one
    /// each)… The grid: median step 0.01 s, w = 0.01 s; slot counts 3, 1, 1, …, 1 (18 slots); k̄ = 20/18, mean(1/k)
    /// = (1/3 + 17)/18, so k̄·mean(1/k) = 20·(52/3)/324 = 1.0700 (to 4 digits: 1040/972).
    @Test func theWhiteNoiseFactorOfAGridIsTheMeanCountTimesTheMeanInverseCount() {
        var times = [0, 0.001, 0.002]
        for j in 1..<18 { times.append(Double(j) * 0.01) }
        let grid = AllanGrid(times: times)
        #expect(abs(grid.stepSeconds - 0.01) < 1e-12 && grid.present.count == 18 && grid.emptySlots == 0)
        #expect(abs(grid.whiteNoiseVarianceFactor - 1040.0 / 972.0) < 1e-12, "\(grid.whiteNoiseVarianceFactor)")
        // Equal counts: exactly 1.
        #expect(AllanGrid(times: (0..<40).map { Double($0) * 0.01 }).whiteNoiseVarianceFactor == 1)
    }

    /// White noise N = 0.007 °/s/√Hz at 100 Hz for 600 s, timed in the `mpu6050` pattern (bursts read every 30–58 ms,
    /// late reads now and then) and put on the grid of its stamps (as a bursty record that is not a buffer's would
    /// be; `allan` re-times this pattern on its clock instead, ``BufferedClockTests``), seeds 1–120: k̄·mean(1/k) is 1.026 to 1.122 over these records (measured; 1.03 on
    /// the 0.128 s grid of the 3 h records, against the real record's 1.064 on its own), so N read without the
    /// division is 1.3–5.8% high. With it, the mean of N̂²/N² over the records is 1
    /// within 4 standard errors (each N̂² has relative SD √(2/edf) ≈ 5% at edf ≈ 880, so the mean's SE is about
    /// 0.45%; 1.5% allowed), and the intervals cover N in at least 109 of 120 records (P(X ≤ 108) = 1.7% at 95%
    /// coverage).
    @Test func nOnTheMPU6050PatternIsUnbiasedAndCovered() throws {
        let trueN = 0.007 * Double.pi / 180
        let sigma = trueN * 100.0.squareRoot()
        var ratioSum = 0.0
        var covered = 0
        var factors: [Double] = []
        let records = 120
        for seed in 1...records {
            let stream = try RandomStream(seed: TrialSeed(scenarioSeed: UInt64(seed), trialIndex: 0))
            let n = 60_000
            let z = (0..<n).map { _ in stream.gaussian(sigma: sigma) }
            let info = RecordingInfo(
                file: "simulated.csv", format: .generic, unit: .radPerSec, unitSource: "simulation", sampleCount: n,
                firstTimeSeconds: 0, lastTimeSeconds: Double(n - 1) / 100, largestStepSeconds: 0.01)
            let even = SensorRecording(info: info, x: z, y: z, z: z)
            let recording = try AllanGapPattern.mpu6050.recording(even, seed: UInt64(seed))
            let a = try AllanAnalysis(recording: recording, axes: ["z"], resamples: 20, readsBufferedClock: false)
            let grid = try #require(a.grid)
            factors.append(grid.whiteNoiseVarianceFactor)
            let term = try #require(a.axes[0].terms.angleRandomWalk)
            ratioSum += (term.value / trueN) * (term.value / trueN)
            if term.interval.contains(trueN) { covered += 1 }
        }
        #expect(factors.allSatisfy { $0 > 1.02 && $0 < 1.13 }, "\(factors.min() ?? 0)–\(factors.max() ?? 0)")
        let meanRatio = ratioSum / Double(records)
        #expect(abs(meanRatio - 1) < 0.015, "mean N̂²/N² \(meanRatio)")
        #expect(covered >= 109, "\(covered) of \(records)")
    }
}

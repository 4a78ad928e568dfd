import FileFormats
import Foundation
import Stats
import Testing

@testable import Recordings

/// The Allan analysis assumes even sampling: a record whose steps over 1.5 τ₀ span more than 1% of its time is put
/// on an even grid and analysed with its gaps (issue 24: an MPU6050 record with 20% of its steps over 1.5 τ₀,
/// holding 82% of its time, was analysed as if even), or refused with the step and grid statistics when too little
/// of it is gap-free; a record with a few long steps is analysed with a warning that counts them.
@Suite struct AllanIrregularSamplingTests {
    /// A generic deg/s CSV of white-noise rates at the given times.
    func record(times: [Double], name: String) throws -> (path: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("allan-irregular-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 24, trialIndex: 1))
        var text = "t_s,x,y,z\n"
        for t in times {
            let v = (0..<3).map { _ in String(format: "%.6f", stream.gaussian(sigma: 0.05)) }
            text += String(format: "%.6f", t) + "," + v.joined(separator: ",") + "\n"
        }
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, folder)
    }

    /// 200 samples; every fifth step 0.05 s, the others 0.01 s: 39 steps of 0.05 s (1.95 s) and 160 of 0.01 s
    /// (1.6 s), mean interval 3.55/199 = 0.01784 s, so the 39 steps (19.6% of 199) are over 1.5 τ₀ = 0.02676 s and
    /// span 1.95/3.55 = 54.9% of the time. Analysed on an even grid (``AllanGrid``): from the median step 0.01 s the
    /// step doubles while more than 1% of the steps exceed 1.5 steps (0.01, 0.02: the 0.05 s steps do; 0.04: none
    /// exceeds 0.06), then doubles once more because 0.04 s slots leave slots between the bursts empty and 0.08 s
    /// slots leave none: 0.08 s, ⌊3.55/0.08 + ½⌋ + 1 = 45 slots, no gap, so the curve is the even one on
    /// the grid.
    @Test func aBurstyRecordIsAnalysedOnAGrid() throws {
        var times: [Double] = [0]
        for i in 1..<200 { times.append(times[i - 1] + (i % 5 == 0 ? 0.05 : 0.01)) }
        let (path, folder) = try record(times: times, name: "gappy.csv")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = try SensorRecording.load(path: path, declaredUnit: .degPerSec)
        #expect(recording.longStepCount == 39)
        #expect(abs(recording.longStepSeconds - 1.95) < 1e-4)
        let a = try AllanAnalysis(recording: recording, axes: ["z"], resamples: 20)
        let grid = try #require(a.grid)
        #expect(abs(grid.stepSeconds - 0.08) < 1e-9 && grid.present.count == 45 && grid.emptySlots == 0)
        #expect(a.sampleIntervalSeconds == grid.stepSeconds && !a.axes[0].curve.hasGaps)
        let summary = try AllanReport.summary(a)
        #expect(summary.contains("**Uneven sampling, analysed with its gaps:** 39 of 199 steps"), "\(summary)")
        #expect(summary.contains("0 of 45 grid steps (0%) hold no sample (gaps: 0"), "\(summary)")
        // The measured trust in the terms on such a grid (docs/recordings.md, "N on a gapped grid") goes with it.
        #expect(summary.contains("the 95% intervals of N, σ_GM and T held the truth in 95–100% of them"), "\(summary)")
        #expect(summary.contains("A grid of the stamps whose steps hold several samples each has not been measured"))
    }

    /// 40 samples at 0.01 s, 5 s without a sample, 40 more, 5 s, 40 more: 2 of 119 steps (1.7%) are long, so the
    /// grid step doubles until 1.5 steps exceed 5.01 s (0.01·2⁹ = 5.12 s), leaving ⌊11.19/5.12 + ½⌋ + 1 = 3 slots:
    /// refused in one line, naming the file, the field and the step and grid figures, nothing analysed.
    @Test func aRecordWithTooLittleGapFreeTimeIsRefused() throws {
        var times: [Double] = []
        for burst in 0..<3 { for k in 0..<40 { times.append(Double(burst) * 5.4 + Double(k) * 0.01) } }
        let (path, folder) = try record(times: times, name: "three-bursts.csv")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = try SensorRecording.load(path: path, declaredUnit: .degPerSec)
        #expect(recording.longStepCount == 2)
        do {
            _ = try AllanAnalysis(recording: recording, axes: ["z"], resamples: 20)
            Issue.record("an unusable record was analysed")
        } catch let e as InputError {
            let text = e.description
            #expect(
                text.hasPrefix(path + ": time: is too unevenly sampled for the Allan analysis: 2 of 119 steps (1.68%)"),
                "\(text)")
            #expect(text.contains("on an even grid of 5.12 s (median step 0.01 s) 0 of 3 grid steps hold no sample"), "\(text)")
            #expect(!text.contains("\n"))
        }
    }

    /// A record in the layout of the real MPU6050 record (`t_s,x,y,z` in °/s, samples in bursts: 4 steps of 2 ms,
    /// then 38 ms; 82.9% of the time in steps over 1.5 × the mean interval, as the real record's 82%) with one 1 s
    /// pause after sample 3000 (6000 samples, 28.56 s: 3 windows of 10 s). A buffer's stamps (``BufferedClock``):
    /// 5 samples every 46 ms is a clock of 9.2 ms; the pause stands where a 38 ms step would, so the stamps after it
    /// are 0.962 s late against their count, round(0.962/0.0092) = round(104.6) = 105 samples lost before sample
    /// 3000. Re-timed on a grid of 9.2 ms: 6105 steps, 105 empty (0.966 s) in one gap, two stretches of 3000.
    /// With the buffer's clock set aside, the grid of the stamps: from the median 2 ms, doubled to 32 ms
    /// (1.5·32 > 38), then to 64 ms (32 ms slots leave a slot of most 46 ms periods empty); 878 slots, 14 of them in
    /// the pause (0.896 s): one gap, two stretches (the longest 432 slots). Figures from a NumPy transcription of the
    /// rule.
    @Test func aRecordInTheMPU6050LayoutStatesItsGap() throws {
        var times: [Double] = [0]
        for i in 1..<6000 { times.append(times[i - 1] + (i == 3000 ? 1.0 : (i % 5 == 0 ? 0.038 : 0.002))) }
        let (path, folder) = try record(times: times, name: "gyro-generic-degps.csv")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = try SensorRecording.load(path: path, declaredUnit: .degPerSec)
        let a = try AllanAnalysis(recording: recording, axes: ["x", "y", "z"], resamples: 20)
        let clock = try #require(a.clock)
        #expect(a.retimed && abs(clock.periodSeconds - 0.0092) < 1e-9, "\(clock.periodSeconds)")
        #expect(clock.losses == [BufferedClock.Loss(beforeSample: 3000, samples: 105)], "\(clock.losses)")
        let grid = try #require(a.grid)
        #expect(grid.present.count == 6105 && grid.emptySlots == 105 && grid.gapCount == 1)
        #expect(grid.stretchCount == 2 && grid.longestStretch == 3000)
        #expect(a.axes.allSatisfy { $0.curve.hasGaps && $0.curve.segmentLengths == [3000, 3000] })
        let summary = try AllanReport.summary(a)
        #expect(summary.contains("105 of 6105 grid steps (1.72%) hold no sample (gaps: 1, the longest 0.966 s)"), "\(summary)")
        let stamps = try AllanAnalysis(recording: recording, axes: ["x", "y", "z"], resamples: 20, readsBufferedClock: false)
        let stampGrid = try #require(stamps.grid)
        #expect(abs(stampGrid.stepSeconds - 0.064) < 1e-9)
        #expect(stampGrid.present.count == 878 && stampGrid.emptySlots == 14 && stampGrid.gapCount == 1)
        #expect(stampGrid.stretchCount == 2 && stampGrid.longestStretch == 432)
        #expect(stamps.axes.allSatisfy { $0.curve.hasGaps && $0.curve.segmentLengths.reduce(0, +) == 864 })
    }

    /// White noise N = 0.05·√0.01 = 0.005 °/s·√s at 100 Hz for 10 minutes with six stretches of 200 samples (2 s)
    /// removed: 6 of 58799 steps are long and span 12.06/599.99 = 2.01% of the time, so the record is put on its
    /// own 0.01 s grid with 6 gaps of 200 slots; N's interval, from the gap-free stretches, holds the true N (the
    /// seed is fixed; ``AllanGapAwareTests`` checks the coverage over 200 records).
    @Test func aRecordWithGapsRecoversItsNoise() throws {
        var times: [Double] = []
        for k in 0..<60_000 where !(0..<6).contains(where: { (5000 + $0 * 9000)..<(5200 + $0 * 9000) ~= k }) {
            times.append(Double(k) * 0.01)
        }
        let (path, folder) = try record(times: times, name: "gaps.csv")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = try SensorRecording.load(path: path, declaredUnit: .degPerSec)
        #expect(recording.longStepCount == 6)
        let a = try AllanAnalysis(recording: recording, axes: ["z"], resamples: 20)
        let grid = try #require(a.grid)
        #expect(abs(grid.stepSeconds - 0.01) < 1e-9 && grid.emptySlots == 1200 && grid.gapCount == 6)
        let n = try #require(a.axes[0].terms.angleRandomWalk)
        let trueN = 0.005 * Double.pi / 180
        #expect(n.interval.contains(trueN), "N \(n.value) [\(n.interval.low), \(n.interval.high)] against \(trueN)")
        #expect(n.interval.high / n.interval.low < 1.2)
    }

    /// 1000 samples at 0.01 s with one step of 0.02 s: mean interval 9.99/999 = 0.01 s, one long step spanning
    /// 0.02/9.99 = 0.2% of the time: analysed, with the count in the warning.
    @Test func aFewLongStepsAreAnalysedWithAWarning() throws {
        var times: [Double] = [0]
        for i in 1..<1000 { times.append(times[i - 1] + (i == 500 ? 0.02 : 0.01)) }
        let (path, folder) = try record(times: times, name: "one-gap.csv")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = try SensorRecording.load(path: path, declaredUnit: .degPerSec)
        let a = try AllanAnalysis(recording: recording, axes: ["z"], resamples: 20)
        #expect(a.irregularSampling && a.longStepCount == 1)
        #expect(abs(a.longStepTimeShare - 0.02 / 9.99) < 1e-5)
        let summary = try AllanReport.summary(a)
        #expect(summary.contains("**Warning:** 1 of 999 steps between samples are longer than 1.5 τ₀"), "\(summary)")
    }
    /// The `allan` summary's sentence on how far the terms held with gaps (``AllanReport/gapTrust``) quotes the
    /// measured table in docs/recordings.md ("N on a gapped grid", `dev allan-coverage 400 --gaps
    /// mpu6050-overflow`) by hand: the range it gives must be that table's lowest and highest coverage of N, σ_GM and
    /// T, and the walk test's level its walk-free row's share, so that re-running the table without updating the
    /// sentence fails here.
    @Test func theGapSentenceQuotesItsTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/recordings.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let start = try #require(
            lines.firstIndex { $0.hasPrefix("`sensorbench dev allan-coverage 400 --gaps mpu6050-overflow`") })
        let rows = lines[(start + 1)...].drop { !$0.hasPrefix("| 0.0") }.prefix { $0.hasPrefix("| 0.0") }
        #expect(rows.count == 3)
        func percent(_ cell: String) throws -> Double {
            let open = try #require(cell.firstIndex(of: "("))
            let close = try #require(cell.firstIndex(of: "%"))
            return try #require(Double(cell[cell.index(after: open)..<close]))
        }
        var shares: [Double] = []
        var walkLevel = 0.0
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            shares += try [cells[7], cells[8], cells[9]].map(percent)
            if cells[3] == "0" { walkLevel = try percent(cells[6]) }
        }
        let low = Int((shares.min() ?? 0).rounded(.down))
        let high = Int((shares.max() ?? 0).rounded())
        #expect(AllanReport.gapTrust.contains("held the truth in \(low)–\(high)% of them"), "\(shares)")
        #expect(AllanReport.gapTrust.contains("reported in \(Int(walkLevel.rounded()))% of the records"), "\(walkLevel)")
    }
}

import FileFormats
import Foundation
import Stats
import Testing

@testable import Recordings

/// The Allan analysis assumes even sampling: a record whose steps over 1.5 τ₀ span more than 1% of its time is
/// refused with the step statistics (issue 24: an MPU6050 record with 20% of its steps over 1.5 τ₀, holding 82% of
/// its time, was analysed as if even); a record with a few long steps is analysed with a warning that counts them.
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
    /// span 1.95/3.55 = 54.9% of the time: refused, naming the file, the field and those figures.
    @Test func aMostlyGappedRecordIsRefused() throws {
        var times: [Double] = [0]
        for i in 1..<200 { times.append(times[i - 1] + (i % 5 == 0 ? 0.05 : 0.01)) }
        let (path, folder) = try record(times: times, name: "gappy.csv")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = try SensorRecording.load(path: path, declaredUnit: .degPerSec)
        #expect(recording.longStepCount == 39)
        #expect(abs(recording.longStepSeconds - 1.95) < 1e-4)
        do {
            _ = try AllanAnalysis(recording: recording, axes: ["z"], resamples: 20)
            Issue.record("an unevenly sampled record was analysed")
        } catch let e as InputError {
            let text = e.description
            #expect(text.hasPrefix(path + ": time: is not evenly sampled: 39 of 199 steps (19.6%)"), "\(text)")
            #expect(text.contains("span 54.9% of the record's time"), "\(text)")
        }
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
}

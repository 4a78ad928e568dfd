import FileFormats
import Foundation
import Stats
import Testing

@testable import Recordings

/// The mean rate's ± where the noise model holds flicker: flicker has no finite variance of the mean, so the ± is the
/// Allan variance at τ = L as a scale, and the report must not call it a 95% interval.
@Suite struct AllanFlickerMeanTests {
    /// An hour at 10 Hz: z holds true flicker (``FlickerNoise``, B = 0.8·N, N = 0.007 °/s/√Hz) beside white noise, x and
    /// y white noise alone. The z axis's model holds flicker, so its mean reads "(rough)" with a note saying why; the
    /// white axes, whose ± is the white noise's N²/L (a true 95% interval), do not.
    @Test func flickerMeanIsMarkedRough() throws {
        let tau0 = 0.1
        let n = 0.007 * Double.pi / 180
        let count = 36000
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 4800, trialIndex: 0))
        let flicker = try FlickerNoise.samples(count: count, b: 0.8 * n, stream: stream)
        let white = n / tau0.squareRoot()
        let z = flicker.map { $0 + stream.gaussian(sigma: white) }
        let x = (0..<count).map { _ in stream.gaussian(sigma: white) }
        let y = (0..<count).map { _ in stream.gaussian(sigma: white) }
        let info = RecordingInfo(
            file: "flicker.csv", format: .generic, unit: .radPerSec, unitSource: "simulation", sampleCount: count,
            firstTimeSeconds: 0, lastTimeSeconds: Double(count - 1) * tau0, largestStepSeconds: tau0)
        let a = try AllanAnalysis(recording: SensorRecording(info: info, x: x, y: y, z: z), axes: ["x", "y", "z"], resamples: 20)
        let zModel = try #require(a.axes[2].terms.model)
        #expect(zModel.flickerVariance > 0)
        for axis in a.axes.prefix(2) { #expect((axis.terms.model?.flickerVariance ?? 0) == 0, "\(axis.name)") }
        let summary = try AllanReport.summary(a)
        #expect(summary.components(separatedBy: " (rough)").count == 2, "\(summary)")
        #expect(summary.contains("z axis: the mean rate's ± is an order of magnitude, not a 95% interval"))
        #expect(!summary.contains("x axis: the mean rate's ±"))
    }
}

import FileFormats
import Foundation
import SensorSim
import Stats

/// The `bench` measurement of the Allan analysis on a long recording, generated in memory (no CSV).
package enum AllanBenchmark {
    /// 10 hours at 100 Hz: 3.6 million samples per axis.
    package static let hours = 10.0
    package static let sampleRateHz = 100.0

    /// Simulates a still phone-calibrated gyro on three axes (as the samples are made), then times
    /// ``AllanAnalysis`` over all three axes: the curves and the IEEE 952 terms.
    ///
    /// - Returns: the README table row, "| allan, 10 h at 100 Hz, 3 axes | X s |".
    /// - Throws: ``StatsError`` or ``InputError`` from the analysis.
    package static func row() throws -> String {
        let profile = SampleRecordings.phoneCalibrated
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 1, trialIndex: 0))
        let n = Int(hours * 3600 * sampleRateHz)
        var axes: [[Double]] = []
        for _ in 0..<3 {
            var model = GyroErrorModel(
                profile: profile, device: GyroDevice.draw(from: profile, stream: stream),
                stream: stream)
            axes.append((0..<n).map { _ in model.measure(0, stream: stream) })
        }
        let info = RecordingInfo(
            file: "bench", format: .generic, unit: .radPerSec, unitSource: "bench",
            sampleCount: n, firstTimeSeconds: 0, lastTimeSeconds: Double(n - 1) / sampleRateHz,
            largestStepSeconds: 1 / sampleRateHz)
        let recording = SensorRecording(info: info, x: axes[0], y: axes[1], z: axes[2])
        let start = DispatchTime.now().uptimeNanoseconds
        let analysis = try AllanAnalysis(recording: recording, axes: ["x", "y", "z"])
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // Use the result so the analysis cannot be optimised away.
        guard analysis.axes.count == 3 else { return "| allan, 10 h at 100 Hz, 3 axes | failed |" }
        return "| allan, 10 h at 100 Hz, 3 axes | " + String(format: "%.2f s", seconds) + " |"
    }
}

import Foundation
import Testing

@testable import FileFormats
@testable import Recordings
@testable import Studies

/// The shipped samples in Scenarios/recordings are exactly what the simulator generates.
///
/// Set SENSORBENCH_RECORD_SAMPLES=1 to rewrite them (after a deliberate change of a generator or a seed); otherwise
/// every file is regenerated in memory and compared byte for byte with the shipped one.
@Suite struct RecordingSampleTests {
    /// The checkout's root, from this file's path (Tests/RecordingsTests/<file>).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let samples = root.appendingPathComponent("Scenarios/recordings")

    @Test func shippedSamplesAreTheSimulatorsOutputByteForByte() throws {
        let files = try SampleRecordings.render()
        #expect(
            files.paths == [
                "Accelerometer.csv", "Gyroscope.csv", "phyphox-gyroscope.csv",
                "spin/Gyroscope.csv", "static-gyro-generic.csv", "walk-past-houston-market.gpx",
            ])
        if ProcessInfo.processInfo.environment["SENSORBENCH_RECORD_SAMPLES"] == "1" {
            try files.writeEach(into: Self.samples)
        }
        // Regenerate into a temporary folder through the same writer the dev command uses.
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("sensorbench-samples-\(getpid())")
        try files.writeEach(into: temp)
        defer { try? FileManager.default.removeItem(at: temp) }
        for path in files.paths {
            let generated = try Data(contentsOf: temp.appendingPathComponent(path))
            let shipped = try Data(contentsOf: Self.samples.appendingPathComponent(path))
            #expect(
                generated == shipped,
                "\(path) differs from the generator's output; rerun with SENSORBENCH_RECORD_SAMPLES=1 if the change is deliberate")
            #expect(shipped.count < 500_000, "\(path) is \(shipped.count) bytes")
        }
    }

    /// The generator's profile is the shipped phone-calibrated profile (so the README's claim holds).
    @Test func staticGyroUsesThePhoneCalibratedProfile() throws {
        let url = Self.root.appendingPathComponent("Scenarios/profiles/phone-calibrated.json")
        let node = try ScenarioFile.parseJSON(at: url)
        var shipped = try ProfileReader.parse(
            try JSONObjectReader(node, file: url.path, path: ""),
            fallbackName: "phone-calibrated")
        shipped.sources = [:]
        shipped.name = "phone-calibrated"
        var generated = SampleRecordings.phoneCalibrated
        generated.sources = [:]
        #expect(generated == shipped)
    }

    /// The three gyro files hold the same samples: each read back equals the generator's values to the printed
    /// precision (9 significant digits: relative error ≤ 5e-9, hand bound 1e-8).
    @Test(arguments: [("Gyroscope.csv", nil), ("phyphox-gyroscope.csv", nil), ("static-gyro-generic.csv", RecordingUnit.radPerSec)])
    func gyroFormatsReadBackTheGeneratedSamples(name: String, unit: RecordingUnit?) throws {
        let gyro = try SampleRecordings.staticGyro()
        let r = try SensorRecording.load(path: Self.samples.appendingPathComponent(name).path, declaredUnit: unit)
        #expect(r.info.sampleCount == 3000 && r.info.unit == .radPerSec)
        for (read, truth) in [(r.x, gyro.x), (r.y, gyro.y), (r.z, gyro.z)] {
            let worst = zip(read, truth).map { abs($0 - $1) / max(abs($1), 1e-12) }.max() ?? 1
            #expect(worst <= 1e-8)
        }
    }

    /// The shipped spin sample is what docs/recordings.md runs (`calibrate Gyroscope.csv --spin spin/Gyroscope.csv
    /// --turns 5`): from the two shipped files, calibrate's steps recover the z device's drawn scale factor and
    /// asymmetry within their stated 95% intervals (±1.96 SE, with the default 1° mark error).
    @Test func theSpinSampleRecoversItsPhonesScaleFactorAndAsymmetry() throws {
        let truth = try SampleRecordings.staticGyro().devices[2]
        let recording = try SensorRecording.load(path: Self.samples.appendingPathComponent("Gyroscope.csv").path, declaredUnit: nil)
        let analysis = try AllanAnalysis(recording: recording, axes: ["z"])
        let still = GyroCalibration.profile(name: "sample", axis: analysis.axes[0], analysis: analysis)
        let bias = try #require(still.measurements["biasDegPerSec"])
        let spin = try SpinCalibration.read(
            path: Self.samples.appendingPathComponent("spin/Gyroscope.csv").path, unit: nil, axis: "z",
            turns: SampleRecordings.spinTurns, markErrorDegrees: 1, biasDegPerSec: bias.value ?? 0,
            biasStandardErrorDegPerSec: bias.standardError, noiseDensityDegPerSecPerRootHz: still.noiseDensityDegPerSecPerRootHz)
        let s = truth.scaleFactorError * 100, a = truth.scaleFactorAsymmetry * 100
        #expect(abs(spin.scaleFactorPercent - s) < 1.96 * spin.scaleFactorStandardErrorPercent, "s \(spin.scaleFactorPercent) vs \(s)")
        #expect(abs(spin.asymmetryPercent - a) < 1.96 * spin.asymmetryStandardErrorPercent, "a \(spin.asymmetryPercent) vs \(a)")
        // 5 turns each way with a 1° mark error: SE(s) = √(Var A₊ + Var A₋ − 2Cov)/(2·1800°) ≈ √(6·1²)/3600 ≈ 0.07%;
        // the noise and bias terms add little. So the interval is informative, not vacuous.
        #expect(spin.scaleFactorStandardErrorPercent < 0.1)
    }
}

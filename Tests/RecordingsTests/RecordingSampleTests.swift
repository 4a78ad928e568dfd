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
                "static-gyro-generic.csv", "walk-past-houston-market.gpx",
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
}

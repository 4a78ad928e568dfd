import Foundation
import Testing

/// `calibrate` and `allan` on still and moving recordings, through the built binary.
@Suite(.serialized) struct CalibrateCLITests {
    /// A generic `t_s,x,y,z` recording in °/s at 100 Hz: white noise σ = 0.05 °/s per sample (a SplitMix64 stream
    /// and Box–Muller, seed fixed), a constant bias on z, and optionally the phone turned back and forth by hand
    /// (30 °/s amplitude at 0.5 Hz on z).
    static func recording(seconds: Double, zBiasDegPerSec: Double, moving: Bool) -> String {
        var state: UInt64 = 0x5EED_11B
        func uniform() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return (Double((z ^ (z >> 31)) >> 11) + 0.5) / 9_007_199_254_740_992
        }
        func gaussian() -> Double { (-2 * log(uniform())).squareRoot() * cos(2 * .pi * uniform()) }
        var lines = ["t_s,x,y,z"]
        let n = Int(seconds * 100)
        for k in 0..<n {
            let t = Double(k) / 100
            let turn = moving ? 30 * sin(2 * .pi * 0.5 * t) : 0
            let x = 0.05 * gaussian()
            let y = 0.05 * gaussian()
            let z = zBiasDegPerSec + turn + 0.05 * gaussian()
            lines.append(String(format: "%.2f,%.6f,%.6f,%.6f", t, x, y, z))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func calibrateKeepsTheTurnOnBiasOfAStillRecording() throws {
        let folder = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("still.csv")
        try Self.recording(seconds: 120, zBiasDegPerSec: 1.12, moving: false).write(to: file, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("my-phone.json")
        let r = try SensorBench.run(["calibrate", file.path, "--unit", "deg/s", "--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        #expect(r.stdout.contains("device profile my-phone (bias 1.12 °/s on z"))
        let text = try String(contentsOf: out, encoding: .utf8)
        // The mean of 12 000 samples of σ = 0.05 °/s noise about 1.12 °/s: 1.12 ± 0.0014 (3 standard errors), signed,
        // in the device profile's "biasDegPerSec": {"value": …} (the line after the key).
        let lines = text.split(separator: "\n")
        let key = try #require(lines.firstIndex { $0.contains("\"biasDegPerSec\": {") })
        let line = lines[key + 1]
        #expect(line.contains("\"value\":"))
        let value = try #require(Double(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces.union(.init(charactersIn: ",")))))
        #expect(abs(value - 1.12) < 0.0014, "\(value)")
        #expect(text.contains("\"kind\": \"device\""))
        #expect(text.contains("\"source\": \"still recording still.csv\""))

        // validate reads it as a profile (its "kind" is the profile's, not a detector's).
        let v = try SensorBench.run(["validate", out.path])
        #expect(v.status == 0, "\(v.stderr)")
        #expect(v.stdout.contains("profile \"my-phone\""))

        // The profile by path feeds walks (one line, JSONEncoder's layout).
        let log = folder.appendingPathComponent("log.json")
        try #"[{"id":"A","emoji":"x","name":"a","date":1,"minutes":1,"driftDegrees":60}]"#.write(
            to: log, atomically: true, encoding: .utf8)
        let w = try SensorBench.run([
            "walks", log.path, "--profile", out.path, "--trials", "10", "--out", folder.appendingPathComponent("w").path, "-q",
        ])
        #expect(w.status == 0, "\(w.stderr)")
        let missing = try SensorBench.run(["walks", log.path, "--profile", folder.appendingPathComponent("no.json").path, "-q"])
        #expect(missing.status == 66)
    }

    @Test func calibrateRefusesAMovingRecordAndAllanWarns() throws {
        let folder = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("moving.csv")
        try Self.recording(seconds: 60, zBiasDegPerSec: 0, moving: true).write(to: file, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("my-phone.json")
        let r = try SensorBench.run(["calibrate", file.path, "--unit", "deg/s", "--out", out.path])
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("Error: \(file.path): z: is not a static recording"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out.path))

        let report = folder.appendingPathComponent("allan")
        let a = try SensorBench.run(["allan", file.path, "--unit", "deg/s", "--out", report.path])
        #expect(a.status == 0)
        #expect(a.stderr.hasPrefix("Warning: \(file.path): z axis is not a static recording"), "\(a.stderr)")
        let summary = try String(contentsOf: report.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("**Warning: not a static recording (z axis).**"))
        #expect(!summary.contains("**Warning: not a static recording (x axis).**"))
    }
}

import Foundation
import Testing

@testable import sensorbench

/// `--rate` on the recording commands and the replay's gravity warning, end to end (issue 28).
@Suite struct RateAndGravityCLITests {
    @Test func parsesRate() throws {
        var o = ReplayCommand()
        o.file = "wlk_7_sub_1.csv"
        o.configuration = "d.json"
        o.rateHz = 50
        #expect(try CommandLineParser.parse(["replay", "wlk_7_sub_1.csv", "-d", "d.json", "--rate", "50"]) == Command(o))
        var a = AllanCommand()
        a.file = "std_6_sub_1.csv"
        a.rateHz = 0.5
        #expect(try CommandLineParser.parse(["allan", "std_6_sub_1.csv", "--rate", "0.5"]) == Command(a))
    }

    /// Outside 0.1…1000 Hz, or not a number: a usage error (64).
    @Test(arguments: ["0", "0.05", "1001", "fifty", "nan", "inf"])
    func refusesBadRates(text: String) {
        do {
            _ = try CommandLineParser.parse(["replay", "a.csv", "-d", "d.json", "--rate", text])
            Issue.record("accepted --rate \(text)")
        } catch {
            #expect(error.exitCode == .usage)
        }
    }

    /// A MotionSense-layout file: refused (65) without `--rate`, writing nothing; read with it. A gravity-included
    /// generic file under the default detector: exit 0, one `Warning:` line on stderr even with `--quiet`.
    @Test func replaysMotionSenseAndWarnsOfGravity() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-rate-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var motionSense =
            ",attitude.roll,attitude.pitch,attitude.yaw,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,"
            + "rotationRate.z,userAcceleration.x,userAcceleration.y,userAcceleration.z\n"
        for k in 0..<100 { motionSense += "\(k),0,0,0,0,1,0,0,0,0,0.01,0.02,0.02\n" }
        try motionSense.write(to: folder.appendingPathComponent("wlk_7_sub_1.csv"), atomically: true, encoding: .utf8)
        try #"{"kind": "threshold-count"}"#.write(to: folder.appendingPathComponent("d.json"), atomically: true, encoding: .utf8)
        let refused = try SensorBench.run(["replay", "wlk_7_sub_1.csv", "-d", "d.json", "-o", "out"], in: folder)
        #expect(refused.status == 65 && refused.stderr.contains("--rate 50"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        let read = try SensorBench.run(["replay", "wlk_7_sub_1.csv", "-d", "d.json", "--rate", "50", "-o", "out", "-q"], in: folder)
        #expect(read.status == 0 && read.stderr.isEmpty, "\(read.stderr)")
        // 100 samples at 50 Hz: the last at 99 / 50 = 1.98 s.
        let summary = try String(contentsOf: folder.appendingPathComponent("out/summary.md"), encoding: .utf8)
        #expect(summary.contains("over 1.98 s;"), "\(summary)")
        var raw = "t_s,x,y,z\n"
        for k in 0..<100 { raw += "\(Double(k) / 50),0,0,-1\n" }
        try raw.write(to: folder.appendingPathComponent("still-g.csv"), atomically: true, encoding: .utf8)
        let warned = try SensorBench.run(["replay", "still-g.csv", "-d", "d.json", "--unit", "g", "-o", "out-g", "-q"], in: folder)
        #expect(warned.status == 0)
        let lines = warned.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.hasPrefix("Warning: still-g.csv: its level") == true, "\(warned.stderr)")
    }
}

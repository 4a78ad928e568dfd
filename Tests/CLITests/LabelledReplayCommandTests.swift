import Foundation
import Testing

/// `replay --labels` and `sweep-recordings` end to end: exit codes, one-line errors, nothing written on bad input.
@Suite struct LabelledReplayCommandTests {
    static let root = SensorBench.packageRoot
    static func sample(_ name: String) -> String { root.appendingPathComponent("Scenarios/recordings/\(name)").path }

    /// A labelled replay of the shipped shake sample (shakes labelled where the generator put them is tested in
    /// LabelledRecordingTests; here the command's files and exit code): the summary scores it, signal.svg exists.
    @Test func labelledReplayWritesTheScoreAndTheSignalChart() throws {
        let dir = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let labels = dir.appendingPathComponent("labels.csv")
        try "start,end,label\n8,9.5,shake\n20,21,shake\n30,32,walking\n".write(to: labels, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        let r = try SensorBench.run([
            "replay", Self.sample("Accelerometer.csv"), "--detector", Self.sample("replay-shake.json"), "--labels",
            labels.path, "--out", out.path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let summary = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("## Scored against the labels"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("signal.svg").path))
    }

    /// Bad labels: exit 65, one line on stderr naming the file, line and field, and no report folder.
    @Test func badLabelsExit65WithOneLineAndWriteNothing() throws {
        let dir = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let labels = dir.appendingPathComponent("bad.csv")
        try "start,end,label\n8,9,shake\n20,19,shake\n".write(to: labels, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        let r = try SensorBench.run([
            "replay", Self.sample("Accelerometer.csv"), "--detector", Self.sample("replay-shake.json"), "--labels",
            labels.path, "--out", out.path,
        ])
        #expect(r.status == 65)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1 && r.stderr.contains("bad.csv:3: end: must be after start"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // A missing labels file is 66; labels on a heading replay is a usage error, 64.
        let missing = try SensorBench.run([
            "replay", Self.sample("Accelerometer.csv"), "--detector", Self.sample("replay-shake.json"), "--labels",
            dir.appendingPathComponent("none.csv").path, "--out", out.path,
        ])
        #expect(missing.status == 66, "\(missing.stderr)")
        let heading = try SensorBench.run([
            "replay", Self.sample("Gyroscope.csv"), "--detector", Self.sample("replay-heading.json"), "--labels",
            labels.path, "--out", out.path,
        ])
        #expect(heading.status == 64, "\(heading.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// A sweep that confirms on a recording it also chooses on breaks the fresh-data rule: exit 65 naming the entry.
    @Test func sweepConfirmingOnAChosenRecordingIsRefused() throws {
        let dir = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let labelled = Self.root.appendingPathComponent("Scenarios/recordings/labelled").path
        let sweep = dir.appendingPathComponent("sweep.json")
        try """
        {
          "name": "twice",
          "choose": ["\(labelled)/4-coremotion.csv"],
          "confirm": ["\(labelled)/4-coremotion.csv"],
          "sweep": [{"kind": "threshold-count", "thresholdG": [1.2, 1.5]}]
        }
        """.write(to: sweep, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        let r = try SensorBench.run(["sweep-recordings", sweep.path, "--out", out.path])
        #expect(r.status == 65)
        #expect(r.stderr.contains("sweep.json:4: confirm[0]: ") && r.stderr.contains("cannot confirm it"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}

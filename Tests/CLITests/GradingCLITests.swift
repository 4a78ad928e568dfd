import Foundation
import Testing

/// `sensorbench grade` through the built binary.
@Suite(.serialized) struct GradingCLITests {
    /// The shipped rubric's hall list, two halls, small inline suites (a quick run of the real command).
    static let rubric = """
        {"name": "cli", "seed": 3,
         "places": [{"name": "1920 Commons", "latitude": 39.95248, "longitude": -75.19938},
                    {"name": "Pret A Manger", "latitude": 39.95263, "longitude": -75.19848}],
         "criteria": [
           {"id": "coords", "description": "coordinates", "suite": {"kind": "coordinates"},
            "metric": "worst-coordinate-error-meters", "atMost": 10, "points": 10},
           {"id": "recall", "description": "recall", "suite": {"kind": "shake-timelines", "timelines": 1, "minutes": 2,
            "shakesPerTimeline": 3}, "metric": "recall", "atLeast": 0.5, "points": 10}]}
        """

    static func submission(_ team: String, kind: String = "threshold-count") -> String {
        """
        {"team": "\(team)", "gesture": "shake", "detector": {"kind": "\(kind)"}, "proximityCheck": {"kind": "naive"},
         "halls": [{"name": "1920 Commons", "latitude": 39.95248, "longitude": -75.19938},
                   {"name": "Pret A Manger", "latitude": 39.95263, "longitude": -75.19848}]}
        """
    }

    /// A folder with two good submissions and one with an unknown detector kind: both good ones are graded, the
    /// bad one is named (file and field) on stderr and in summary.md, and the exit code is 65.
    @Test func brokenSubmissionExits65AndOthersAreGraded() throws {
        let folder = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let subs = folder.appendingPathComponent("subs")
        try FileManager.default.createDirectory(at: subs, withIntermediateDirectories: true)
        try Self.rubric.write(to: folder.appendingPathComponent("rubric.json"), atomically: true, encoding: .utf8)
        try Self.submission("one").write(to: subs.appendingPathComponent("1.json"), atomically: true, encoding: .utf8)
        try Self.submission("two", kind: "wiggle").write(
            to: subs.appendingPathComponent("2.json"), atomically: true,
            encoding: .utf8)
        try Self.submission("three", kind: "reversal").write(
            to: subs.appendingPathComponent("3.json"), atomically: true,
            encoding: .utf8)
        let r = try SensorBench.run(["grade", "--rubric", "rubric.json", "subs", "--out", "out", "--quiet"], in: folder)
        #expect(r.status == 65)
        #expect(r.stderr.contains("Error: subs/2.json:1: detector.kind: unknown shake detector kind \"wiggle\""))
        let out = folder.appendingPathComponent("out")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == [
                "gradescope", "one.md", "summary.csv", "summary.md", "three.md",
            ])
        let names = ["one.md", "summary.csv", "summary.md", "three.md", "gradescope/one/results.json", "gradescope/three/results.json"]
        let summary = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("subs/2.json:1: detector.kind"))
        let csv = try String(contentsOf: out.appendingPathComponent("summary.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("team,student,file,gesture,coords,recall,total,maximum,error\n"))

        // Same inputs again, with one thread: byte-identical files.
        let again = try SensorBench.run(
            ["grade", "--rubric", "rubric.json", "subs", "--out", "again", "--jobs", "1", "-q"],
            in: folder)
        #expect(again.status == 65)
        for name in names {
            let a = try Data(contentsOf: out.appendingPathComponent(name))
            let b = try Data(contentsOf: folder.appendingPathComponent("again").appendingPathComponent(name))
            #expect(a == b)
        }
    }

    @Test func gradeWithoutRubricIsAUsageError() throws {
        let r = try SensorBench.run(["grade", "x.json"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: grade needs --rubric <name>|<file>"))
        #expect(r.stderr.contains("Usage: sensorbench grade"))
    }
}

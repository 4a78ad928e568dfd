import Foundation
import Testing

/// `sensorbench grade --shard` and `merge` of grading parts through the built binary.
@Suite(.serialized) struct GradingShardCLITests {
    /// Two halls, every suite kind (6 visits, 2 shake and 2 scribble timelines: 10 units, so 3 shards of 3, 3 and 4
    /// units cut across suites), kept small so a debug build runs it quickly.
    static let rubric = """
        {"name": "sharded", "seed": 11,
         "places": [{"name": "1920 Commons", "latitude": 39.95248, "longitude": -75.19938},
                    {"name": "Pret A Manger", "latitude": 39.95263, "longitude": -75.19848}],
         "suites": {
           "near": {"kind": "hall-visits", "distanceMeters": 20, "minutes": 1, "visitsPerPlace": 3, "shakesPerVisit": 3},
           "shakes": {"kind": "shake-timelines", "timelines": 2, "minutes": 3, "shakesPerTimeline": 4},
           "scribbles": {"kind": "scribble-timelines", "timelines": 2, "minutes": 2}},
         "criteria": [
           {"id": "collects", "description": "collects", "suite": "near", "metric": "collect-rate", "over": "worst-place",
            "atLeast": 0.8, "points": 20, "partialCredit": {"zeroAt": 0.4, "fullAt": 0.8}},
           {"id": "coords", "description": "coordinates", "suite": {"kind": "coordinates"},
            "metric": "worst-coordinate-error-meters", "atMost": 10, "points": 10},
           {"id": "recall", "description": "recall", "suite": "shakes", "metric": "recall", "atLeast": 0.9, "points": 10},
           {"id": "false-alarms", "description": "false alarms", "suite": "shakes", "metric": "false-alarms-per-hour",
            "atMost": 1, "points": 10, "partialCredit": {"zeroAt": 10, "fullAt": 1}},
           {"id": "scribble-recall", "description": "scribble recall", "suite": "scribbles", "metric": "recall",
            "atLeast": 0.9, "points": 10}]}
        """

    static func submission(_ team: String, gesture: String = "shake", detector: String) -> String {
        """
        {"team": "\(team)", "gesture": "\(gesture)", "detector": \(detector), "proximityCheck": {"kind": "naive"},
         "halls": [{"name": "1920 Commons", "latitude": 39.95248, "longitude": -75.19938},
                   {"name": "Pret A Manger", "latitude": 39.95263, "longitude": -75.19848}]}
        """
    }

    /// A folder with the rubric, three good submissions (two shake settings, one scribble) and one bad one.
    func setUp() throws -> URL {
        let folder = try SensorBench.temporaryFolder()
        let subs = folder.appendingPathComponent("subs")
        try FileManager.default.createDirectory(at: subs, withIntermediateDirectories: true)
        try Self.rubric.write(to: folder.appendingPathComponent("rubric.json"), atomically: true, encoding: .utf8)
        let files = [
            "a.json": Self.submission("a", detector: #"{"kind": "threshold-count", "thresholdG": 1.2}"#),
            "b.json": Self.submission("b", detector: #"{"kind": "reversal"}"#),
            "c.json": Self.submission("c", gesture: "scribble", detector: #"{"kind": "scribble"}"#),
            "d.json": Self.submission("d", detector: #"{"kind": "wobble"}"#),
        ]
        for (name, text) in files {
            try text.write(to: subs.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    func shard(_ k: Int, in folder: URL) throws -> SensorBench.Result {
        try SensorBench.run(
            ["grade", "--rubric", "rubric.json", "subs", "--shard", "\(k)/3", "--out", "parts", "-q"],
            in: folder)
    }

    func part(_ k: Int) -> String { "parts/sharded.grade.shard-\(k)-of-3.part" }

    /// The whole run and three shards merged (given out of order) write the same files byte for byte, with the
    /// same exit code (65: the bad submission is reported by both).
    @Test func threeShardsMergeIntoTheWholeGradeByteForByte() throws {
        let folder = try setUp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try SensorBench.run(["grade", "--rubric", "rubric.json", "subs", "--out", "whole", "-q"], in: folder)
        #expect(whole.status == 65)
        for k in 1...3 {
            let r = try shard(k, in: folder)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let header = try String(contentsOf: folder.appendingPathComponent(part(2)), encoding: .utf8)
        #expect(header.hasPrefix("sensorbench-part 2\n"))
        #expect(header.contains("\nstudy grade\n"))
        #expect(header.contains("\ntrials 3 6\n"))  // ⌊1·10/3⌋ = 3 ..< ⌊2·10/3⌋ = 6
        #expect(header.contains("\nend 3\nsha256 "))  // the record count, then the checksum line

        let m = try SensorBench.run(["merge", part(3), part(1), part(2), "--out", "merged"], in: folder)
        #expect(m.status == 65)
        #expect(m.stderr.contains("Error: subs/d.json:1: detector.kind"))
        let a = folder.appendingPathComponent("whole")
        let b = folder.appendingPathComponent("merged")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: a.path).sorted() == [
                "a.md", "b.md", "c.md", "gradescope", "summary.csv", "summary.md",
            ])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: b.path).sorted() == [
                "a.md", "b.md", "c.md", "gradescope", "summary.csv", "summary.md",
            ])
        let names =
            ["a.md", "b.md", "c.md", "summary.csv", "summary.md"] + ["a", "b", "c"].map { "gradescope/\($0)/results.json" }
        for name in names {
            #expect(
                try Data(contentsOf: a.appendingPathComponent(name)) == Data(contentsOf: b.appendingPathComponent(name)),
                "\(name) differs between the whole run and the merged shards")
        }
    }

    /// A missing shard, a duplicate shard and a submission edited after the shards ran are refused (exit 65,
    /// nothing written).
    @Test func missingDuplicateAndChangedAreRefused() throws {
        let folder = try setUp()
        defer { try? FileManager.default.removeItem(at: folder) }
        for k in 1...3 { #expect(try shard(k, in: folder).status == 0) }

        let missing = try SensorBench.run(["merge", part(1), part(3), "--out", "out"], in: folder)
        #expect(missing.status == 65)
        #expect(
            missing.stderr.contains(
                "missing shard 2/3 (trials 3..<6); run it with sensorbench grade --rubric rubric.json subs/a.json subs/b.json "
                    + "subs/c.json subs/d.json --out parts --shard 2/3 and merge again"))

        try FileManager.default.copyItem(
            atPath: folder.appendingPathComponent(part(2)).path,
            toPath: folder.appendingPathComponent("copy.part").path)
        let duplicate = try SensorBench.run(["merge", part(1), part(2), "copy.part", part(3), "--out", "out"], in: folder)
        #expect(duplicate.status == 65)
        #expect(duplicate.stderr.contains("duplicate shard 2/3"))

        try Self.submission("a", detector: #"{"kind": "threshold-count", "thresholdG": 1.3}"#)
            .write(to: folder.appendingPathComponent("subs/a.json"), atomically: true, encoding: .utf8)
        let changed = try SensorBench.run(["merge", part(1), part(2), part(3), "--out", "out"], in: folder)
        #expect(changed.status == 65)
        #expect(changed.stderr.contains("changed since the shards ran"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test func gradeShardNeedsAValidSpec() throws {
        let r = try SensorBench.run(["grade", "--rubric", "r.json", "x.json", "--shard", "4/3"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--shard index must be between 1 and 3, got 4"))
    }
}

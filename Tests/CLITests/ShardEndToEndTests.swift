import Foundation
import Testing

/// Sharded runs merge into exactly the unsharded report; bad sets of parts are refused with their own errors.
@Suite(.serialized) struct ShardEndToEndTests {
    static let scenario = "Scenarios/drift-one-phone.json"
    static let common = ["--trials", "4", "--quiet"]

    /// Runs the four shards through GNU parallel when it is installed (scripts/bootstrap installs it), else one by one.
    func runShards(into folder: URL, seed: String? = nil) throws {
        let seedArgs = seed.map { ["--seed", $0] } ?? []
        let parallel = ["/usr/bin/parallel", "/usr/local/bin/parallel"].first { FileManager.default.isExecutableFile(atPath: $0) }
        if let parallel, let binary = SensorBench.binary {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: parallel)
            process.arguments =
                [
                    "--will-cite", "--halt", "now,fail=1", binary.path, "run", Self.scenario, "--shard", "{}/4",
                    "--out", folder.path,
                ] + Self.common + seedArgs + [":::", "1", "2", "3", "4"]
            process.currentDirectoryURL = SensorBench.packageRoot
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        } else {
            for k in 1...4 {
                let r = try SensorBench.run(["run", Self.scenario, "--shard", "\(k)/4", "--out", folder.path] + Self.common + seedArgs)
                #expect(r.status == 0, "\(r.stderr)")
            }
        }
    }

    func part(_ folder: URL, _ k: Int) -> String { folder.appendingPathComponent("drift-one-phone.shard-\(k)-of-4.part").path }

    @Test func fourShardsMergeIntoTheWholeReportByteForByte() throws {
        let root = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let whole = root.appendingPathComponent("whole")
        let parts = root.appendingPathComponent("parts")
        let merged = root.appendingPathComponent("merged")
        #expect(try SensorBench.run(["run", Self.scenario, "--out", whole.path] + Self.common).status == 0)
        try runShards(into: parts)
        let m = try SensorBench.run(["merge", part(parts, 3), part(parts, 1), part(parts, 4), part(parts, 2), "--out", merged.path])
        #expect(m.status == 0, "\(m.stderr)")
        let a = whole.appendingPathComponent("drift-one-phone")
        let b = merged.appendingPathComponent("drift-one-phone")
        let names = try FileManager.default.contentsOfDirectory(atPath: a.path).sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: b.path).sorted() == names)
        for name in names {
            #expect(
                try Data(contentsOf: a.appendingPathComponent(name)) == Data(contentsOf: b.appendingPathComponent(name)),
                "\(name) differs between the whole run and the merged shards")
        }
    }

    @Test func missingDuplicateAndForeignShardsAreRefused() throws {
        let root = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let parts = root.appendingPathComponent("parts")
        let other = root.appendingPathComponent("other")
        let out = root.appendingPathComponent("out")
        try runShards(into: parts)
        try runShards(into: other, seed: "12345")

        let missing = try SensorBench.run(["merge", part(parts, 1), part(parts, 2), part(parts, 4), "--out", out.path])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("missing shard 3/4"))

        let copy = root.appendingPathComponent("copy.part")
        try FileManager.default.copyItem(atPath: part(parts, 2), toPath: copy.path)
        let duplicate = try SensorBench.run([
            "merge", part(parts, 1), part(parts, 2), copy.path, part(parts, 3), part(parts, 4),
            "--out", out.path,
        ])
        #expect(duplicate.status == 65)
        #expect(duplicate.stderr.contains("duplicate shard 2/4"))

        let foreign = try SensorBench.run(["merge", part(parts, 1), part(other, 2), part(parts, 3), part(parts, 4), "--out", out.path])
        #expect(foreign.status == 65)
        #expect(foreign.stderr.contains("seed 12345 differs from seed 7003"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// Every study shards: gesture timelines and geofence visits too merge into their unsharded report byte for byte.
    @Test(arguments: ["shake-threshold-tuning", "scribble-tuning", "geofence-penn-tour"])
    func everyStudyShards(name: String) throws {
        let root = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let scenario = "Scenarios/\(name).json"
        let whole = root.appendingPathComponent("whole")
        let parts = root.appendingPathComponent("parts")
        let merged = root.appendingPathComponent("merged")
        #expect(try SensorBench.run(["run", scenario, "--trials", "3", "--quiet", "--out", whole.path]).status == 0)
        for k in 1...3 {
            let r = try SensorBench.run(["run", scenario, "--trials", "3", "--quiet", "--shard", "\(k)/3", "--out", parts.path])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let partPaths = (1...3).map { parts.appendingPathComponent("\(name).shard-\($0)-of-3.part").path }
        // Parts are streamed to a temporary file renamed into place: only the three parts are left, and a part's
        // bytes do not depend on the number of jobs.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: parts.path).sorted() == partPaths.map { ($0 as NSString).lastPathComponent }
        )
        let oneJob = root.appendingPathComponent("one-job")
        let r = try SensorBench.run(["run", scenario, "--trials", "3", "--quiet", "--jobs", "1", "--shard", "3/3", "--out", oneJob.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            try Data(contentsOf: oneJob.appendingPathComponent("\(name).shard-3-of-3.part"))
                == Data(contentsOf: URL(fileURLWithPath: partPaths[2])))
        #expect(try SensorBench.run(["merge"] + partPaths + ["--out", merged.path]).status == 0)
        let a = whole.appendingPathComponent(name)
        let names = try FileManager.default.contentsOfDirectory(atPath: a.path).sorted()
        #expect(!names.isEmpty)
        for file in names {
            #expect(
                try Data(contentsOf: a.appendingPathComponent(file))
                    == Data(contentsOf: merged.appendingPathComponent(name).appendingPathComponent(file)), "\(file) differs")
        }
    }

    /// The hint for a missing shard repeats the run's options (`--trials`, `--seed`, the parts' folder): followed
    /// verbatim, it writes the part that completes the set.
    @Test func theMissingShardHintWorksVerbatim() throws {
        let root = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let parts = root.appendingPathComponent("parts")
        let out = root.appendingPathComponent("out")
        func part(_ k: Int) -> String { parts.appendingPathComponent("drift-one-phone.shard-\(k)-of-3.part").path }
        for k in 1...3 {
            let r = try SensorBench.run([
                "run", Self.scenario, "--trials", "10", "--seed", "5", "--quiet", "--shard", "\(k)/3", "--out", parts.path,
            ])
            #expect(r.status == 0, "\(r.stderr)")
        }
        try FileManager.default.removeItem(atPath: part(2))
        let missing = try SensorBench.run(["merge", part(1), part(3), "--out", out.path])
        #expect(missing.status == 65)
        let expected = "sensorbench run \(Self.scenario) --trials 10 --seed 5 --out \(parts.path) --shard 2/3"
        #expect(missing.stderr.contains("run it with \(expected) and merge again"), "\(missing.stderr)")
        let hint = try #require(
            missing.stderr.components(separatedBy: "run it with ").last?.components(separatedBy: " and merge again").first)
        let binary = try #require(SensorBench.binary)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "PATH=\(binary.deletingLastPathComponent().path):$PATH; \(hint)"]
        shell.currentDirectoryURL = SensorBench.packageRoot
        #expect(try SensorBench.collect(shell).status == 0)
        let merged = try SensorBench.run(["merge", part(1), part(2), part(3), "--out", out.path])
        #expect(merged.status == 0, "\(merged.stderr)")
    }
}

import Foundation
import Testing

/// `--shard slurm` and `--shard slurm/N` through the built binary, with the environment Slurm 22.05 gives a job
/// array's tasks (as `scripts/test-slurm` observed it on a real cluster), so the regular suite covers what the
/// Slurm script checks: a whole array, a task lost and rerun alone, a stepped array, a refused one-task array.
@Suite(.serialized) struct SlurmShardCLITests {
    /// The variables `sbatch --array=<minimum>-<maximum>:<step>` gives task `id`.
    static func task(_ id: Int, _ minimum: Int, _ maximum: Int, step: Int = 1) -> [String: String] {
        [
            "SLURM_ARRAY_TASK_ID": String(id), "SLURM_ARRAY_TASK_MIN": String(minimum),
            "SLURM_ARRAY_TASK_MAX": String(maximum), "SLURM_ARRAY_TASK_STEP": String(step),
            "SLURM_ARRAY_TASK_COUNT": String((maximum - minimum) / step + 1),
        ]
    }

    /// Runs the binary in `folder` with `environment` added to this process's.
    static func run(_ arguments: [String], in folder: URL, environment: [String: String]) throws -> SensorBench.Result {
        guard let binary = SensorBench.binary else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SLURM_") }
        for (k, v) in environment { env[k] = v }
        process.environment = env
        return try SensorBench.collect(process)
    }

    static func contents(_ folder: URL, _ path: String) -> Data? {
        FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
    }

    /// `--array=1-3` with `slurm/3`, task 2 lost: the merge names shard 2/3; `--array=2` with the same option
    /// writes it, and the merge is byte-identical to the unsharded run (6 trials: shards 0..<2, 2..<4, 4..<6).
    @Test func rerunOfOneTaskCompletesTheSplit() throws {
        let folder = try ReportFaultTests.workspace(trials: 3)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shard = ["run", "s.json", "--shard", "slurm/3", "--out", "parts", "--quiet"]
        for id in [1, 3] {
            let r = try Self.run(shard, in: folder, environment: Self.task(id, 1, 3))
            #expect(r.status == 0, "\(r.stderr)")
        }
        let parts = ["parts/s.shard-1-of-3.part", "parts/s.shard-2-of-3.part", "parts/s.shard-3-of-3.part"]
        let merge = ["merge"] + [parts[0], parts[2]] + ["--out", "merged", "--quiet"]
        let missing = try Self.run(merge, in: folder, environment: [:])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("missing shard 2/3 (trials 2..<4)"), "\(missing.stderr)")

        let rerun = try Self.run(shard, in: folder, environment: Self.task(2, 2, 2))
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.stdout.contains("shard 2/3, trials 2..<4"), "\(rerun.stdout)")
        let merged = try Self.run(["merge"] + parts + ["--out", "merged", "--quiet"], in: folder, environment: [:])
        #expect(merged.status == 0, "\(merged.stderr)")
        let whole = try Self.run(["run", "s.json", "--out", "whole", "--quiet"], in: folder, environment: [:])
        #expect(whole.status == 0, "\(whole.stderr)")
        let expected = ReportFaultTests.snapshot(folder.appendingPathComponent("whole/s"))
        #expect(expected["summary.md"] != nil && expected["trials.csv"] != nil)
        #expect(ReportFaultTests.snapshot(folder.appendingPathComponent("merged/s")) == expected)
    }

    /// `--array=0-4:2` with plain `slurm`: ids 0, 2, 4 write shards 1, 2, 3 of 3, and they merge.
    @Test func steppedArrayWritesEveryShard() throws {
        let folder = try ReportFaultTests.workspace(trials: 3)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (id, k) in [(0, 1), (2, 2), (4, 3)] {
            let r = try Self.run(
                ["run", "s.json", "--shard", "slurm", "--out", "parts", "--quiet"], in: folder,
                environment: Self.task(id, 0, 4, step: 2))
            #expect(r.status == 0, "\(r.stderr)")
            #expect(Self.contents(folder, "parts/s.shard-\(k)-of-3.part") != nil, "task \(id) did not write shard \(k)")
        }
        let merged = try Self.run(
            ["merge", "parts/s.shard-1-of-3.part", "parts/s.shard-2-of-3.part", "parts/s.shard-3-of-3.part", "--out", "m", "-q"],
            in: folder, environment: [:])
        #expect(merged.status == 0, "\(merged.stderr)")
    }

    /// `--array=3` with plain `slurm` (before: shard 1 of 1, every trial): exit 64, one error line naming
    /// `--shard slurm/N`, and no part folder.
    @Test func oneTaskArrayIsRefused() throws {
        let folder = try ReportFaultTests.workspace(trials: 3)
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try Self.run(
            ["run", "s.json", "--shard", "slurm", "--out", "parts", "--quiet"], in: folder, environment: Self.task(3, 3, 3))
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: --shard slurm in a one-task array (task 3) cannot tell which shard of how many it is"))
        #expect(r.stderr.contains("--shard slurm/N"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("parts").path))
        let grade = try Self.run(
            ["grade", "--rubric", "r.json", "x.json", "--shard", "slurm/4"], in: folder, environment: Self.task(0, 0, 3))
        #expect(grade.status == 64)
        #expect(grade.stderr.contains("task ids must be 1 to 4, but this job array has ids 0 to 3"), "\(grade.stderr)")
    }
}

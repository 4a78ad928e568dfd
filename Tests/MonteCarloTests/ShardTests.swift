import Foundation
import Testing

@testable import FileFormats
@testable import MonteCarlo

@Suite struct ShardSpecTests {
    // Hand calculation: 10 trials in 4 shards → ⌊k·10/4⌋ boundaries 0, 2, 5, 7, 10.
    @Test func splitsTrialsIntoContiguousBlocks() throws {
        let ranges = try (1...4).map { try ShardSpec(index: $0, count: 4).range(total: 10) }
        #expect(ranges == [0..<2, 2..<5, 5..<7, 7..<10])
    }

    @Test func blocksCoverEveryTrialOnce() throws {
        for total in [1, 7, 100, 1001] {
            for count in [1, 3, 8, 13] {
                let ranges = try (1...count).map { try ShardSpec(index: $0, count: count).range(total: total) }
                #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == total)
                for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
            }
        }
    }

    @Test func parsesKOverNAndSlurm() throws {
        #expect(try ShardSpec.parse("2/4", environment: [:]) == ShardSpec(index: 2, count: 4))
        #expect(
            try ShardSpec.parse("slurm", environment: SlurmArrayShardTests.env(id: 0, 0, 7, step: 1, count: 8))
                == ShardSpec(index: 1, count: 8))
        #expect(
            try ShardSpec.parse("slurm", environment: SlurmArrayShardTests.env(id: 8, 1, 8, step: 1, count: 8))
                == ShardSpec(index: 8, count: 8))
        for bad in ["0/4", "5/4", "2", "a/b", "2/0", "slurm/", "slurm/x", "slurm/0", "slurm/-3", "slurm/2/4", "slurm8"] {
            #expect(throws: InputError.self) { try ShardSpec.parse(bad, environment: [:]) }
        }
        #expect(throws: InputError.self) { try ShardSpec.parse("slurm", environment: [:]) }
    }

    @Test func exactDoublesRoundTripBitForBit() {
        for x in [0.0, -0.0, 1 / 3.0, -1e-300, Double.leastNonzeroMagnitude, 12345.678] {
            let decoded = ExactDouble.decode(Substring(ExactDouble.encode(x)))
            #expect(decoded?.bitPattern == x.bitPattern)
        }
    }
}

/// `--shard slurm` and `--shard slurm/N` for the job arrays `sbatch --array=…` starts. The environments are those
/// Slurm 22.05 (Debian 12) set on this project's single-node cluster (`scripts/test-slurm` starts one): `--array=A-B`
/// and `A-B:S` give `MIN` A, `MAX` B, `STEP` S (1 when not given) and `COUNT` ⌊(B−A)/S⌋+1; `--array=3` and
/// `--array=3-3` both give MIN = MAX = 3, STEP 1, COUNT 1; lists give their lowest and highest id and their count,
/// with STEP 1 unless the ids are evenly spaced (`3,5`: MIN 3, MAX 5, STEP 1, COUNT 2; `1,4,7`: STEP 3). Expected
/// shards by hand from k = (ID − MIN)/STEP + 1 of COUNT (`slurm`) and k = ID of N (`slurm/N`).
@Suite struct SlurmArrayShardTests {
    static func env(id: Int, _ minimum: Int, _ maximum: Int, step: Int, count: Int) -> [String: String] {
        [
            "SLURM_ARRAY_TASK_ID": String(id), "SLURM_ARRAY_TASK_MIN": String(minimum), "SLURM_ARRAY_TASK_MAX": String(maximum),
            "SLURM_ARRAY_TASK_STEP": String(step), "SLURM_ARRAY_TASK_COUNT": String(count),
        ]
    }

    /// The problem of the usage error `parse` throws, or nil when it does not throw one.
    static func refusal(_ text: String, _ environment: [String: String]) -> String? {
        do {
            _ = try ShardSpec.parse(text, environment: environment)
            return nil
        } catch {
            return error.kind == .usage ? error.problem : nil
        }
    }

    /// `--array=0-6`: ids 0…6 are shards 1…7 of 7.
    @Test(arguments: [(0, 1), (1, 2), (3, 4), (6, 7)])
    func zeroBasedArray(id: Int, shard: Int) throws {
        #expect(try ShardSpec.parse("slurm", environment: Self.env(id: id, 0, 6, step: 1, count: 7)) == ShardSpec(index: shard, count: 7))
    }

    /// `--array=1-7`: ids 1…7 are shards 1…7 of 7.
    @Test(arguments: [(1, 1), (4, 4), (7, 7)])
    func oneBasedArray(id: Int, shard: Int) throws {
        #expect(try ShardSpec.parse("slurm", environment: Self.env(id: id, 1, 7, step: 1, count: 7)) == ShardSpec(index: shard, count: 7))
    }

    /// `--array=0-6:2`: ids 0, 2, 4, 6 are shards 1…4 of 4 (before, tasks 4 and 6 exited 64 and tasks 0 and 2 wrote
    /// shards 1 and 3).
    @Test(arguments: [(0, 1), (2, 2), (4, 3), (6, 4)])
    func steppedArray(id: Int, shard: Int) throws {
        #expect(try ShardSpec.parse("slurm", environment: Self.env(id: id, 0, 6, step: 2, count: 4)) == ShardSpec(index: shard, count: 4))
    }

    /// `--array=1-13:3`: ids 1, 4, 7, 10, 13; `(10 − 1)/3 + 1` = 4.
    @Test func steppedArrayWithAnOffset() throws {
        #expect(try ShardSpec.parse("slurm", environment: Self.env(id: 10, 1, 13, step: 3, count: 5)) == ShardSpec(index: 4, count: 5))
    }

    /// `--array=3` and `--array=3-3` (the same environment): a one-task array cannot say which shard it reruns, so
    /// `slurm` refuses it (before, it ran shard 1 of 1, every trial), naming `--shard slurm/N` and `--shard K/N`.
    @Test func oneTaskArrayIsRefusedBySlurm() throws {
        let problem = try #require(Self.refusal("slurm", Self.env(id: 3, 3, 3, step: 1, count: 1)))
        #expect(problem.hasPrefix("--shard slurm in a one-task array (task 3) cannot tell which shard of how many it is"))
        #expect(problem.contains("--shard K/N") && problem.contains("--shard slurm/N"))
    }

    /// With `slurm/7`, a one-task rerun of id K computes shard K of 7, the shard task K computed in `--array=1-7`.
    @Test(arguments: 1...7)
    func rerunOfOneTaskComputesItsShard(id: Int) throws {
        let whole = try ShardSpec.parse("slurm/7", environment: Self.env(id: id, 1, 7, step: 1, count: 7))
        let rerun = try ShardSpec.parse("slurm/7", environment: Self.env(id: id, id, id, step: 1, count: 1))
        #expect(try whole == ShardSpec(index: id, count: 7))
        #expect(rerun == whole)
    }

    /// `--array=3,5` (MIN 3, MAX 5, STEP 1, COUNT 2) with `slurm/7` reruns shards 3 and 5 of 7; plain `slurm`
    /// refuses it, since 3, 5 is not one evenly stepped range of 2 ids.
    @Test func rerunOfTwoTasksComputesTheirShards() throws {
        #expect(Self.refusal("slurm", Self.env(id: 5, 3, 5, step: 1, count: 2)) != nil)
        #expect(try ShardSpec.parse("slurm/7", environment: Self.env(id: 3, 3, 5, step: 1, count: 2)) == ShardSpec(index: 3, count: 7))
        #expect(try ShardSpec.parse("slurm/7", environment: Self.env(id: 5, 3, 5, step: 1, count: 2)) == ShardSpec(index: 5, count: 7))
    }

    /// `slurm/7` in `--array=0-6` is refused in every task, task 3 included (its id is a valid shard, but its
    /// array's is not), and so is `--array=1-8`; the message names `--array=1-7`.
    @Test func slurmNRefusesAnArrayOutsideOneToN() throws {
        for env in [Self.env(id: 3, 0, 6, step: 1, count: 7), Self.env(id: 0, 0, 6, step: 1, count: 7)] {
            let problem = try #require(Self.refusal("slurm/7", env))
            #expect(
                problem.hasPrefix(
                    "--shard slurm/7: task K computes shard K of 7, so task ids must be 1 to 7, but this job array has ids 0 to 6"))
            #expect(problem.contains("sbatch --array=1-7"))
        }
        #expect(Self.refusal("slurm/7", Self.env(id: 2, 1, 8, step: 1, count: 8)) != nil)
        #expect(Self.refusal("slurm/7", Self.env(id: 8, 8, 8, step: 1, count: 1))?.contains("has id 8") == true)
    }

    /// Ids that are not one evenly stepped range (`--array=1,2,7`: MIN 1, MAX 7, COUNT 3, whatever STEP says), and
    /// environments that contradict themselves, are refused by `slurm` and name `--shard slurm/N`.
    @Test func unevenArraysAreRefused() throws {
        let list = try #require(Self.refusal("slurm", Self.env(id: 2, 1, 7, step: 1, count: 3)))
        #expect(list.contains("are not one evenly stepped range") && list.contains("--shard slurm/N"))
        #expect(Self.refusal("slurm", Self.env(id: 7, 1, 7, step: 3, count: 3)) == nil)  // --array=1-7:3 is 1, 4, 7
        #expect(Self.refusal("slurm", Self.env(id: 2, 1, 7, step: 3, count: 3)) != nil)  // 2 is not in 1, 4, 7
        #expect(Self.refusal("slurm", Self.env(id: 9, 1, 7, step: 1, count: 7)) != nil)  // id above MAX
        #expect(Self.refusal("slurm", Self.env(id: 1, 1, 7, step: 0, count: 7)) != nil)  // step 0
        #expect(Self.refusal("slurm", Self.env(id: 1, 7, 1, step: 1, count: 7)) != nil)  // MAX below MIN
    }

    /// Outside a job array (no `SLURM_ARRAY_TASK_ID`) both forms are refused; `slurm` also needs MIN, MAX, STEP and
    /// COUNT and names the missing ones; `slurm/N` needs only the id. Values must be plain decimals.
    @Test func missingOrMalformedVariablesAreRefused() throws {
        let none = try #require(Self.refusal("slurm", [:]))
        #expect(none.hasPrefix("--shard slurm needs SLURM_ARRAY_TASK_ID") && none.contains("--shard K/N"))
        #expect(Self.refusal("slurm/7", [:])?.hasPrefix("--shard slurm/7 needs SLURM_ARRAY_TASK_ID") == true)
        var noStep = Self.env(id: 2, 1, 7, step: 1, count: 7)
        noStep["SLURM_ARRAY_TASK_STEP"] = nil
        noStep["SLURM_ARRAY_TASK_MAX"] = nil
        #expect(
            Self.refusal("slurm", noStep)
                == "--shard slurm needs SLURM_ARRAY_TASK_MAX, SLURM_ARRAY_TASK_STEP as well as SLURM_ARRAY_TASK_ID (set by sbatch --array)")
        #expect(try ShardSpec.parse("slurm/7", environment: ["SLURM_ARRAY_TASK_ID": "2"]) == ShardSpec(index: 2, count: 7))
        for bad in ["", "-1", "+2", "2.0", "abc", " 2"] {
            let problem = Self.refusal("slurm/7", ["SLURM_ARRAY_TASK_ID": bad])
            #expect(problem == "--shard slurm/7: SLURM_ARRAY_TASK_ID is '\(bad)', not a non-negative integer")
        }
    }
}

@Suite struct PartFileTests {
    func sample() throws -> PartFile {
        PartFile(
            program: "0.1.0",
            header: PartHeader(
                study: "drift", source: "s.json", name: "s", contentHash: "0123456789abcdef", seed: 9, trialsPerCell: 5,
                files: [], totalTrials: 10),
            shard: try ShardSpec(index: 2, count: 2), trials: 5..<10, columns: "index", records: ["5", "6", "7", "8", "9"])
    }

    /// A grading part: no trials per cell, two submission files.
    func gradeSample() throws -> PartFile {
        PartFile(
            program: "0.1.0",
            header: PartHeader(
                study: PartHeader.gradeStudy, source: "r.json", name: "r", contentHash: "fedcba9876543210", seed: 3,
                trialsPerCell: nil, files: ["subs/a.json", "subs/b.json"], totalTrials: 4),
            shard: try ShardSpec(index: 1, count: 2), trials: 0..<2, columns: "index suite trial result",
            records: ["0 0 0 v1", "1 0 1 v0"])
    }

    /// Both kinds of part round-trip, and `firstRecordLine` is the line the first record is on in the rendered text
    /// (13 header lines, then one a file: lines 14 and 16 here, counted by hand).
    @Test func roundTripsBothKindsAndLocatesTheFirstRecord() throws {
        for (part, line) in [(try sample(), 14), (try gradeSample(), 16)] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("sb-part-\(UUID().uuidString).part")
            defer { try? FileManager.default.removeItem(at: url) }
            let text = part.render()
            try text.write(to: url, atomically: true, encoding: .utf8)
            let read = try PartFile.read(path: url.path)
            #expect(read == part)
            #expect(read.firstRecordLine == line)
            #expect(text.split(separator: "\n")[line - 1] == part.records[0])
        }
        #expect(try gradeSample().fileName == "r.grade.shard-1-of-2.part")
        #expect(try sample().fileName == "s.shard-2-of-2.part")
    }

    /// A version 1 part (two formats ago) is refused with the version named, not misread.
    @Test func refusesAnOlderFormatVersion() throws {
        let text = try sample().render().replacingOccurrences(of: "sensorbench-part 2\n", with: "sensorbench-part 1\n")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sb-part-\(UUID().uuidString).part")
        defer { try? FileManager.default.removeItem(at: url) }
        try text.write(to: url, atomically: true, encoding: .utf8)
        #expect {
            _ = try PartFile.read(path: url.path)
        } throws: { error in
            (error as? InputError)?.line == 1
                && (error as? InputError)?.problem.hasPrefix("format version 1 is not 2") == true
        }
    }

    /// A part's `shard` line is `K/N` only: `slurm/2` (resealed, so only the line is wrong) is refused at line 11,
    /// never read from the environment.
    @Test func refusesASlurmShardLine() throws {
        var lines = try sample().render().split(separator: "\n").map(String.init)
        lines.removeLast()  // the sha256 line
        #expect(lines[10] == "shard 2/2")
        lines[10] = "shard slurm/2"
        let bytes = PartFile.sealed(Array((lines.joined(separator: "\n") + "\n").utf8))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sb-part-\(UUID().uuidString).part")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(bytes).write(to: url)
        #expect {
            _ = try PartFile.read(path: url.path)
        } throws: { error in
            let e = error as? InputError
            return e?.line == 11 && e?.field == "shard" && e?.problem == "needs K/N (for example 2/4), got 'slurm/2'"
        }
        #expect(try ShardSpec.parsePartLine("2/4") == ShardSpec(index: 2, count: 4))
        #expect(throws: InputError.self) { try ShardSpec.parsePartLine("slurm") }
    }

    @Test func roundTrips() throws {
        let part = try sample()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sb-part-\(UUID().uuidString).part")
        defer { try? FileManager.default.removeItem(at: url) }
        try part.render().write(to: url, atomically: true, encoding: .utf8)
        #expect(try PartFile.read(path: url.path) == part)
    }

    /// A shard killed while writing (or a file cut short) is refused, naming the file.
    @Test func refusesTruncatedFiles() throws {
        let text = try sample().render()
        let cut = String(text.dropLast(6))  // loses "end 5\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sb-part-\(UUID().uuidString).part")
        defer { try? FileManager.default.removeItem(at: url) }
        try cut.write(to: url, atomically: true, encoding: .utf8)
        #expect {
            _ = try PartFile.read(path: url.path)
        } throws: { error in
            (error as? InputError)?.field == "end" && (error as? InputError)?.file == url.path
        }
    }
}

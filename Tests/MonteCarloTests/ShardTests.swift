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
        let slurm = ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "8"]
        #expect(try ShardSpec.parse("slurm", environment: slurm) == ShardSpec(index: 1, count: 8))
        let oneBased = ["SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "8"]
        #expect(try ShardSpec.parse("slurm", environment: oneBased) == ShardSpec(index: 8, count: 8))
        for bad in ["0/4", "5/4", "2", "a/b", "2/0"] {
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

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
            program: "0.1.0", study: "drift", scenarioPath: "s.json", name: "s", contentHash: "0123456789abcdef", seed: 9,
            trialsPerCell: 5, totalTrials: 10, shard: try ShardSpec(index: 2, count: 2), trials: 5..<10,
            columns: "index", records: ["5", "6", "7", "8", "9"])
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

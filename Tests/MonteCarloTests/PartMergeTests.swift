import Foundation
import Testing

@testable import FileFormats
@testable import MonteCarlo

/// The merge policy on parts written in the test: a complete set streams its records in global index order; a
/// part of another run, a duplicate or a missing shard is refused in one line naming the part and field.
@Suite struct PartMergeTests {
    static let header = PartHeader(
        study: "drift", source: "s.json", name: "s", contentHash: "0123456789abcdef", seed: 7, trialsPerCell: 2, files: [],
        totalTrials: 5)

    /// Shard k of 3 over 5 trials holds ⌊(k−1)·5/3⌋..<⌊k·5/3⌋: 0..<1, 1..<3, 3..<5.
    static func part(_ index: Int, of count: Int = 3, header: PartHeader = header, program: String = "0.1.0") throws -> PartFile {
        let shard = try ShardSpec(index: index, count: count)
        let trials = shard.range(total: header.totalTrials)
        return PartFile(
            program: program, header: header, shard: shard, trials: trials, columns: "index value",
            records: trials.map { "\($0) v\($0)" })
    }

    static func write(_ parts: [PartFile]) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try parts.enumerated().map { k, p in
            let url = folder.appendingPathComponent("\(k)-\(p.fileName)")
            try Data(p.render().utf8).write(to: url)
            return url.path
        }
    }

    @Test func completeSetStreamsInGlobalOrder() throws {
        #expect(try (1...3).map { try ShardSpec(index: $0, count: 3).range(total: 5) } == [0..<1, 1..<3, 3..<5])
        // Named out of order: the merge orders the parts by shard.
        let paths = try Self.write([try Self.part(3), try Self.part(1), try Self.part(2)])
        let merged = try PartMerge.merge(paths, rerun: { _ in "sensorbench run s.json" })
        #expect(merged.partCount == 3 && merged.recordCount == 5 && merged.header == Self.header && merged.path == paths[0])
        var texts: [String] = []
        var origins: [String] = []
        try merged.forEachRecord { r in
            texts.append(r.text)
            origins.append(r.file)
        }
        #expect(texts == ["0 v0", "1 v1", "2 v2", "3 v3", "4 v4"])
        #expect(origins == [paths[1], paths[2], paths[2], paths[0], paths[0]])
        try PartMerge.checkUnchanged(merged, contentHash: "0123456789abcdef", what: "the scenario")
        #expect(
            throws: InputError(
                file: "s.json", field: "content-hash",
                problem: "the scenario changed since the shards ran (ffffffffffffffff, parts 0123456789abcdef)")
        ) { try PartMerge.checkUnchanged(merged, contentHash: "ffffffffffffffff", what: "the scenario") }
    }

    @Test func partsOfAnotherRunAreRefused() throws {
        var otherSeed = Self.header
        otherSeed.seed = 8
        var otherContent = Self.header
        otherContent.contentHash = "fedcba9876543210"
        let cases: [(PartFile, String, String)] = [
            (try Self.part(2, header: otherSeed), "seed", "seed 8 differs from seed 7"),
            (try Self.part(2, header: otherContent), "content-hash", "content fedcba9876543210 differs from content 0123456789abcdef"),
            (try Self.part(2, program: "0.2.0"), "program", "sensorbench 0.2.0 differs from sensorbench 0.1.0"),
        ]
        for (other, field, problem) in cases {
            let paths = try Self.write([try Self.part(1), other, try Self.part(3)])
            do {
                _ = try PartMerge.merge(paths, rerun: { _ in "r" })
                Issue.record("merged parts of different runs (\(field))")
            } catch let error as InputError {
                #expect(error.file == paths[1] && error.field == field, "\(error)")
                #expect(error.problem == "\(problem) in \(paths[0]): parts of different runs cannot merge", "\(error)")
            }
        }
    }

    @Test func duplicateAndMissingShardsAreRefused() throws {
        let duplicate = try Self.write([try Self.part(1), try Self.part(2), try Self.part(2), try Self.part(3)])
        #expect(
            throws: InputError(file: duplicate[2], field: "shard", problem: "duplicate shard 2/3: \(duplicate[1]) holds it too")
        ) { try PartMerge.merge(duplicate, rerun: { _ in "r" }) }
        let missing = try Self.write([try Self.part(1), try Self.part(3)])
        #expect(
            throws: InputError(
                file: missing[0], field: "shard",
                problem: "missing shard 2/3 (trials 1..<3); run it with sensorbench run s.json --seed 7 --shard 2/3 and merge again")
        ) { try PartMerge.merge(missing, rerun: { h in "sensorbench run \(h.source) --seed \(h.seed)" }) }
        #expect(throws: InputError(.usage, file: nil, field: "merge", problem: "merge needs at least one part file")) {
            try PartMerge.merge([], rerun: { _ in "r" })
        }
    }
}

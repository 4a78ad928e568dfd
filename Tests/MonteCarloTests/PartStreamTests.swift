import Foundation
import Testing

@testable import FileFormats
@testable import MonteCarlo

/// Part files written as records arrive and read back line by line (issue 17m): the same bytes and the same checks
/// as the whole-file render and read.
@Suite struct PartStreamTests {
    /// A grading-style part with two `file` lines and three records.
    func sample() throws -> PartFile {
        PartFile(
            program: "0.1.0",
            header: PartHeader(
                study: "grade", source: "r.json", name: "r", contentHash: "fedcba9876543210", seed: 3, trialsPerCell: nil,
                files: ["subs/a.json", "subs/b.json"], totalTrials: 6),
            shard: try ShardSpec(index: 2, count: 2), trials: 3..<6, columns: "index suite trial result",
            records: ["3 0 3 v10", "4 0 4 v01", "5 0 5 v11"])
    }

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sb-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The streamed writer gives `render()`'s bytes exactly (the format did not change), leaves no temporary file,
    /// and counts the records.
    @Test func streamedWriteEqualsRender() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let part = try sample()
        let url = folder.appendingPathComponent(part.fileName)
        let count = try PartFile.write(
            to: url, program: part.program, header: part.header, shard: part.shard, trials: part.trials, columns: part.columns
        ) { sink in for r in part.records { try sink(r) } }
        #expect(count == 3)
        #expect(try Data(contentsOf: url) == Data(part.render().utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [part.fileName])
        #expect(try PartFile.read(path: url.path) == part)
    }

    /// A producer that fails after some records leaves neither the part nor a temporary file, and a previous part
    /// at that path is kept whole.
    @Test func failedWriteLeavesNothing() throws {
        struct Stop: Error {}
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let part = try sample()
        let url = folder.appendingPathComponent(part.fileName)
        #expect(throws: Stop.self) {
            try PartFile.write(to: url, program: "p", header: part.header, shard: part.shard, trials: part.trials, columns: "c") { sink in
                try sink("3 0 3 v10")
                throw Stop()
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        try Data(part.render().utf8).write(to: url)
        #expect(throws: Stop.self) {
            try PartFile.write(to: url, program: "p", header: part.header, shard: part.shard, trials: part.trials, columns: "c") { _ in
                throw Stop()
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [part.fileName])
        #expect(try Data(contentsOf: url) == Data(part.render().utf8))
    }

    /// Lines come out as `split(separator: "\n")` gives them, whatever the read chunk: lines longer than the chunk,
    /// empty lines, and a last piece without a newline (flagged unterminated).
    @Test(arguments: [1, 3, 7, 64, 1 << 20]) func linesSurviveAnyChunkSize(chunk: Int) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = String(repeating: "x", count: 200)
        let text = "a\n\nbc\n\(long)\nd e\nlast"
        let url = folder.appendingPathComponent("lines.txt")
        try Data(text.utf8).write(to: url)
        let fd = open(url.path, O_RDONLY)
        defer { close(fd) }
        var reader = PartLineReader(fd: fd, shown: "lines.txt", limit: 1 << 20, chunkBytes: chunk)
        var lines: [String] = []
        var flags: [Bool] = []
        try reader.forEachLine { line, terminated in
            lines.append(String(decoding: line, as: UTF8.self))
            flags.append(terminated)
        }
        #expect(lines == ["a", "", "bc", long, "d e", "last"])
        #expect(flags == [true, true, true, true, true, false])
        #expect(reader.bytesRead == text.utf8.count)
    }

    /// The scan keeps the header and counts the records; streaming the records gives each with its line number
    /// (13 header lines + 2 `file` lines: the first record is on line 16, counted by hand).
    @Test func scanThenStreamRecordsWithTheirLines() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let part = try sample()
        let url = folder.appendingPathComponent(part.fileName)
        try Data(part.render().utf8).write(to: url)
        let scan = try PartFile.scan(path: url.path)
        var header = part
        header.records = []
        #expect(scan.part == header)
        #expect(scan.recordCount == 3)
        var seen: [(Int, String)] = []
        try PartFile.forEachRecord(scan) { seen.append(($0.line, $0.text)) }
        #expect(seen.map(\.0) == [16, 17, 18])
        #expect(seen.map(\.1) == part.records)
    }

    /// A part edited between the scan and the second pass (same length, one digit changed) is refused with the
    /// checksum error at its checksum line (line 20: 15 header lines, 3 records, `end`, then `sha256`).
    @Test func partChangedAfterTheScanIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let part = try sample()
        let url = folder.appendingPathComponent(part.fileName)
        let text = part.render()
        try Data(text.utf8).write(to: url)
        let scan = try PartFile.scan(path: url.path)
        try Data(text.replacingOccurrences(of: "5 0 5 v11", with: "5 0 5 v10").utf8).write(to: url)
        #expect {
            try PartFile.forEachRecord(scan) { _ in }
        } throws: { error in
            let e = error as? InputError
            return e?.field == "sha256" && e?.line == 20 && e?.file == url.path
        }
    }

    /// Header problems are found by the streaming scan with the line of the bad field (counted by hand), after the
    /// checksum: each variant below is resealed so that only the header is wrong.
    @Test func headerProblemsNameTheirLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try sample().render()
        let body = String(text[..<text.range(of: "sha256 ")!.lowerBound])
        let cases: [(String, String, Int, String)] = [
            ("files 2\n", "files 3\n", 12, "file"),  // a third `file` line expected where total-trials is
            ("files 2\n", "files x\n", 9, "files"),
            ("file subs/b.json\n", "fil subs/b.json\n", 11, "file"),
            ("trials 3 6\n", "trials 2 6\n", 14, "trials"),
            ("end 3\n", "end 2\n", 19, "end"),
            ("5 0 5 v11\nend 3\n", "end 3\n", 18, "end"),  // a record lost: 2 records, the header promises 3
        ]
        for (old, new, line, field) in cases {
            let url = folder.appendingPathComponent("bad.part")
            try Data(PartFile.sealed(Array(body.replacingOccurrences(of: old, with: new).utf8))).write(to: url)
            #expect {
                _ = try PartFile.scan(path: url.path)
            } throws: { error in
                let e = error as? InputError
                return e?.line == line && e?.field == field
            }
        }
    }
}

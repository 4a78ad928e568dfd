import Foundation
import MonteCarlo
import Testing

/// `merge` refuses part files that were edited, damaged or are not files at all, and writes nothing.
@Suite(.serialized) struct PartTamperTests {
    /// Two shards of a small drift scenario in a fresh folder.
    static func shards() throws -> URL {
        let folder = try ReportFaultTests.workspace()
        for k in 1...2 {
            let r = try SensorBench.run(["run", "s.json", "--shard", "\(k)/2", "--out", "parts", "--quiet"], in: folder)
            #expect(r.status == 0, "\(r.stderr)")
        }
        return folder
    }

    /// One edited hex digit in a record, or `skipped` set to -1: the checksum no longer matches (exit 65, the
    /// file and the checksum line named); no report is written.
    @Test(arguments: ["value", "skipped"]) func editedRecordIsRefused(edit: String) throws {
        let folder = try Self.shards()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("parts/s.shard-1-of-2.part")
        var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        // Line 13 is the first record: index,cell,trial,seed,net,total,drift,arrow,skipped.
        var fields = lines[12].split(separator: ",").map(String.init)
        #expect(fields.count == 9)
        if edit == "value" {
            fields[6] = String(fields[6].dropLast()) + (fields[6].hasSuffix("0") ? "1" : "0")
        } else {
            fields[8] = "-1"
        }
        lines[12] = fields.joined(separator: ",")
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        let r = try SensorBench.run(["merge", "parts/s.shard-1-of-2.part", "parts/s.shard-2-of-2.part", "--out", "out"], in: folder)
        #expect(r.status == 65)
        let checksumLine = lines.count - 1  // the last line before the final newline's empty string
        #expect(r.stderr.hasPrefix("Error: parts/s.shard-1-of-2.part:\(checksumLine): sha256: the checksum does not match"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    /// A record that does not decode (`skipped` = -1) in the last record of the last part, with the checksum
    /// recomputed so that only the record is wrong: `merge` streams the first part into the report, then refuses
    /// the record with its file and line (exit 65) and writes no report (as before streaming: the same line, the
    /// same empty `out`).
    @Test func corruptRecordInTheLastPartLeavesNoReport() throws {
        let folder = try Self.shards()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("parts/s.shard-2-of-2.part")
        var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        // The last three lines are the last record, `end` and `sha256`.
        let recordLine = lines.count - 2
        var fields = lines[recordLine - 1].split(separator: ",").map(String.init)
        #expect(fields.count == 9)
        fields[8] = "-1"
        lines[recordLine - 1] = fields.joined(separator: ",")
        let body = lines.dropLast().map { $0 + "\n" }.joined()
        try Data(PartFile.sealed(Array(body.utf8))).write(to: url)
        let r = try SensorBench.run(["merge", "parts/s.shard-1-of-2.part", "parts/s.shard-2-of-2.part", "--out", "out"], in: folder)
        #expect(r.status == 65)
        #expect(r.stderr == "Error: parts/s.shard-2-of-2.part:\(recordLine): records: malformed or inconsistent trial record\n")
        // The report folder was reserved before the records streamed (its parent `out` is left, empty), and no
        // file of the report exists.
        let out = folder.appendingPathComponent("out").path
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).isEmpty)
    }

    /// Parts that merge cleanly give the report; the same parts cut short are refused as truncated.
    @Test func untouchedPartsMergeAndTruncatedOnesDoNot() throws {
        let folder = try Self.shards()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ok = try SensorBench.run(["merge", "parts/s.shard-1-of-2.part", "parts/s.shard-2-of-2.part", "--out", "out"], in: folder)
        #expect(ok.status == 0, "\(ok.stderr)")
        let url = folder.appendingPathComponent("parts/s.shard-2-of-2.part")
        let text = try String(contentsOf: url, encoding: .utf8)
        try String(text.dropLast(20)).write(to: url, atomically: true, encoding: .utf8)
        let cut = try SensorBench.run(["merge", "parts/s.shard-1-of-2.part", "parts/s.shard-2-of-2.part", "--out", "out2"], in: folder)
        #expect(cut.status == 65)
        #expect(cut.stderr.contains("parts/s.shard-2-of-2.part:"))
        #expect(cut.stderr.contains(": end: missing: the file is truncated"))
    }

    /// A FIFO given as a part (or as a scenario) is refused at once, never waited on (exit 66).
    @Test func fifoIsRefusedWithoutBlocking() throws {
        let folder = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("p.part").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let merge = try SensorBench.run(["merge", "p.part"], in: folder)
        #expect(merge.status == 66)
        #expect(merge.stderr == "Error: p.part: is a FIFO (named pipe), not a file\n")
        let validate = try SensorBench.run(["validate", "p.part"], in: folder)
        #expect(validate.status == 66)
        #expect(validate.stderr == "Error: p.part: is a FIFO (named pipe), not a file\n")
    }
}

import FileFormats
import Foundation

/// A shard's partial result: a small, versioned, line-oriented text file, one format for every study and grading.
///
/// ```
/// sensorbench-part 2
/// program 0.1.0
/// study drift
/// source Scenarios/drift-time-vs-turns.json
/// name drift-time-vs-turns
/// content-hash 5f1d3c0a9b2e4d77
/// seed 20261129
/// trials-per-cell 200
/// files 0
/// total-trials 10000
/// shard 2/4
/// trials 2500 5000
/// columns index,cell,trial,seed,net_rotation,total_rotation,drift,arrow_turn,skipped
/// <one record a trial, in global index order>
/// end 2500
/// sha256 <64 hex digits: the SHA-256 of every byte above>
/// ```
/// `study` is a study's name or `grade`; `source` the scenario or rubric as the command named it;
/// `trials-per-cell` the scenario's value after `--trials` (`-` for grading); `files` counts the `file` lines that
/// follow it: the further inputs named on the command line (grading's submission files, folders expanded, bad ones
/// included, so `merge` reports them exactly as an unsharded run does). Records are the trials' outcomes with
/// every `Double` written as the 16 hex digits of its IEEE bit pattern, so a merge reproduces the unsharded numbers
/// bit for bit. The `end` line holds the record count and the closing `sha256` line a checksum (``PartChecksum``): a
/// truncated, damaged or edited file is refused.
package struct PartFile: Equatable, Sendable {
    /// Version 2: one header for scenarios and grading (version 1 had two), closed by a checksum line.
    package static let formatVersion = 2

    /// Largest part file read, bytes (a shard of 10⁶ drift trials is about 120 MB).
    package static let maximumFileBytes = 1 << 30

    package var program: String
    package var header: PartHeader
    package var shard: ShardSpec
    package var trials: Range<Int>
    package var columns: String
    package var records: [String]
    /// Line number (1-based) of the first record: the header's lines and one `file` line each come before it.
    package var firstRecordLine: Int { PartFile.headerKeys.count + header.files.count + 1 }

    package init(program: String, header: PartHeader, shard: ShardSpec, trials: Range<Int>, columns: String, records: [String]) {
        self.program = program
        self.header = header
        self.shard = shard
        self.trials = trials
        self.columns = columns
        self.records = records
    }

    /// The header's keys in order; `file` lines follow `files`.
    static let headerKeys = [
        "sensorbench-part", "program", "study", "source", "name", "content-hash", "seed", "trials-per-cell", "files",
        "total-trials", "shard", "trials", "columns",
    ]

    /// The file name a shard writes: `<name>.shard-<K>-of-<N>.part` (`<name>.grade.shard-…` for grading).
    package var fileName: String {
        let study = header.study == PartHeader.gradeStudy ? ".\(PartHeader.gradeStudy)" : ""
        return "\(header.name)\(study).shard-\(shard.index)-of-\(shard.count).part"
    }

    package func render() -> String {
        var lines = PartFile.headerLines(program: program, header: header, shard: shard, trials: trials, columns: columns)
        lines += records
        lines.append("end \(records.count)")
        return PartChecksum.seal(lines.joined(separator: "\n") + "\n")
    }

    /// Reads a part file, refusing anything malformed with the file and line: ``scan(path:)``, then
    /// ``forEachRecord(_:_:)`` collecting the records (for tools and tests; `merge` streams them instead).
    ///
    /// - Throws: ``InputError`` (missing file, wrong format version, a bad header line, a truncated file).
    package static func read(path: String) throws(InputError) -> PartFile {
        do {
            let scan = try PartFile.scan(path: path)
            var part = scan.part
            part.records.reserveCapacity(scan.recordCount)
            try PartFile.forEachRecord(scan) { part.records.append($0.text) }
            return part
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: path, problem: "cannot be read (\(error))")
        }
    }
}

/// Exact text for doubles in part files: the IEEE bit pattern in hex.
package enum ExactDouble {
    package static func encode(_ x: Double) -> String {
        let digits = String(x.bitPattern, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The double written by ``encode(_:)``, or nil for anything else, including NaN and infinities: no part
    /// record holds a non-finite number (a tampered or damaged record would otherwise carry NaN into a report).
    package static func decode(_ text: Substring) -> Double? {
        guard text.count == 16, text.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }),
            let bits = UInt64(text, radix: 16)
        else { return nil }
        let x = Double(bitPattern: bits)
        return x.isFinite ? x : nil
    }
}

/// Counts in part records: decimal digits only, so `-1`, `+3` or `0x10` are refused.
package enum PartCount {
    package static func decode(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 18, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }
}

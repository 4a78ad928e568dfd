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
        let h = header
        var lines = [
            "sensorbench-part \(PartFile.formatVersion)",
            "program \(program)",
            "study \(h.study)",
            "source \(h.source)",
            "name \(h.name)",
            "content-hash \(h.contentHash)",
            "seed \(h.seed)",
            "trials-per-cell \(h.trialsPerCell.map(String.init) ?? "-")",
            "files \(h.files.count)",
        ]
        lines += h.files.map { "file \($0)" }
        lines += [
            "total-trials \(h.totalTrials)",
            "shard \(shard)",
            "trials \(trials.lowerBound) \(trials.upperBound)",
            "columns \(columns)",
        ]
        lines += records
        lines.append("end \(records.count)")
        return PartChecksum.seal(lines.joined(separator: "\n") + "\n")
    }

    /// Reads a part file, refusing anything malformed with the file and line.
    ///
    /// - Throws: ``InputError`` (missing file, wrong format version, a bad header line, a truncated file).
    package static func read(path: String) throws(InputError) -> PartFile {
        let text = try PartFile.verifiedText(path: path)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var n = 0
        func next(_ key: String) throws(InputError) -> String {
            guard n < lines.count else {
                throw InputError(file: path, line: n + 1, field: key, problem: "missing: the file is truncated")
            }
            let line = lines[n]
            guard line.hasPrefix(key + " ") else {
                throw InputError(file: path, line: n + 1, field: key, problem: "expected the '\(key)' line")
            }
            n += 1
            return String(line.dropFirst(key.count + 1))
        }
        func bad(_ key: String, _ problem: String) -> InputError { InputError(file: path, line: n, field: key, problem: problem) }
        let version = try next("sensorbench-part")
        guard version == String(formatVersion) else { throw bad("sensorbench-part", "format version \(version) is not \(formatVersion)") }
        let program = try next("program")
        let study = try next("study")
        let source = try next("source")
        let name = try next("name")
        let hash = try next("content-hash")
        guard let seed = UInt64(try next("seed")) else { throw bad("seed", "not a whole number") }
        let perCellText = try next("trials-per-cell")
        let perCell = Int(perCellText)
        guard perCellText == "-" || (perCell ?? 0) >= 1 else { throw bad("trials-per-cell", "not a positive whole number or '-'") }
        guard let count = Int(try next("files")), count >= 0, count <= lines.count else { throw bad("files", "not a valid count") }
        var files: [String] = []
        for _ in 0..<count { files.append(try next("file")) }
        guard let total = Int(try next("total-trials")), total >= 0 else { throw bad("total-trials", "not a whole number") }
        let shard: ShardSpec
        do { shard = try ShardSpec.parse(try next("shard"), environment: [:]) } catch { throw bad("shard", error.problem) }
        let bounds = try next("trials").split(separator: " ").compactMap { Int($0) }
        guard bounds.count == 2, bounds[0] <= bounds[1], bounds[1] <= total else { throw bad("trials", "not a valid trial range") }
        let trials = bounds[0]..<bounds[1]
        guard trials == shard.range(total: total) else { throw bad("trials", "does not match shard \(shard) of \(total) trials") }
        let columns = try next("columns")
        let body = Array(lines[n...])
        guard let last = body.last, last.hasPrefix("end "), let end = Int(last.dropFirst(4)) else {
            throw InputError(file: path, line: lines.count, field: "end", problem: "missing: the file is truncated (was the shard killed?)")
        }
        let records = Array(body.dropLast())
        guard end == records.count, end == trials.count else {
            throw InputError(
                file: path, line: lines.count, field: "end",
                problem: "the file holds \(records.count) records, its header promises \(trials.count)")
        }
        let header = PartHeader(
            study: study, source: source, name: name, contentHash: hash, seed: seed, trialsPerCell: perCell, files: files,
            totalTrials: total)
        return PartFile(program: program, header: header, shard: shard, trials: trials, columns: columns, records: records)
    }
}

extension PartFile {
    /// The text of the part file at `path` without its checksum line, after checking the format version (first
    /// line) and the checksum (last line).
    static func verifiedText(path: String) throws(InputError) -> String {
        let bytes = try InputFile.read(path, shown: path, limit: maximumFileBytes, what: "part files")
        let firstLine = String(decoding: bytes.prefix(64).split(separator: 10, maxSplits: 1).first ?? [], as: UTF8.self)
        let versionKey = "sensorbench-part "
        guard firstLine.hasPrefix(versionKey) else {
            throw InputError(file: path, line: 1, field: "sensorbench-part", problem: "expected the 'sensorbench-part' line")
        }
        let version = firstLine.dropFirst(versionKey.count)
        guard version == String(formatVersion) else {
            throw InputError(
                file: path, line: 1, field: "sensorbench-part",
                problem: "format version \(version) is not \(formatVersion); rerun the shards with this sensorbench")
        }
        let body = try PartChecksum.verify(bytes, file: path)
        guard let text = String(validating: body, as: UTF8.self) else { throw InputError(file: path, problem: "is not UTF-8 text") }
        return text
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

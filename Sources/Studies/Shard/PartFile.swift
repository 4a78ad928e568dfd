import Foundation

/// A shard's partial result: a small, versioned, line-oriented text file.
///
/// ```
/// sensorbench-part 1
/// program 0.1.0
/// study drift
/// scenario Scenarios/drift-time-vs-turns.json
/// name drift-time-vs-turns
/// content-hash 5f1d3c0a9b2e4d77
/// seed 20261129
/// trials-per-cell 200
/// total-trials 10000
/// shard 2/4
/// trials 2500 5000
/// columns index,cell,trial,seed,net_rotation,total_rotation,drift,arrow_turn,skipped
/// <one record a trial, in global index order>
/// end 2500
/// sha256 <64 hex digits: the SHA-256 of every byte above>
/// ```
/// Records are the study's per-trial outcomes with every `Double` written as the 16 hex digits of its IEEE bit
/// pattern, so a merge reproduces the unsharded numbers bit for bit. The `end` line holds the record count and
/// the closing `sha256` line a checksum (``PartChecksum``): a truncated, damaged or edited file is refused.
/// Format version 2 added the checksum line; version 1 files are refused (rerun the shards).
public struct PartFile: Equatable, Sendable {
    public static let formatVersion = 2

    /// Largest part file read, bytes (a shard of 10⁶ drift trials is about 120 MB).
    public static let maximumFileBytes = 1 << 30

    public var program: String
    public var study: String
    public var scenarioPath: String
    public var name: String
    public var contentHash: String
    public var seed: UInt64
    public var trialsPerCell: Int
    public var totalTrials: Int
    public var shard: ShardSpec
    public var trials: Range<Int>
    public var columns: String
    public var records: [String]

    /// The file name a shard writes: `<name>.shard-<K>-of-<N>.part`.
    public var fileName: String { "\(name).shard-\(shard.index)-of-\(shard.count).part" }

    public func render() -> String {
        var lines = [
            "sensorbench-part \(PartFile.formatVersion)",
            "program \(program)",
            "study \(study)",
            "scenario \(scenarioPath)",
            "name \(name)",
            "content-hash \(contentHash)",
            "seed \(seed)",
            "trials-per-cell \(trialsPerCell)",
            "total-trials \(totalTrials)",
            "shard \(shard)",
            "trials \(trials.lowerBound) \(trials.upperBound)",
            "columns \(columns)",
        ]
        lines.append(contentsOf: records)
        lines.append("end \(records.count)")
        return PartChecksum.seal(lines.joined(separator: "\n") + "\n")
    }

    /// Reads a part file, refusing anything malformed with the file and line.
    public static func read(path: String) throws(InputError) -> PartFile {
        let text = try PartFile.verifiedText(path: path)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let keys = [
            "sensorbench-part", "program", "study", "scenario", "name", "content-hash", "seed", "trials-per-cell",
            "total-trials", "shard", "trials", "columns",
        ]
        guard lines.count >= keys.count + 1 else { throw InputError(file: path, problem: "is not a complete sensorbench part file") }
        var values: [String] = []
        for (i, key) in keys.enumerated() {
            let line = lines[i]
            guard line.hasPrefix(key + " ") else {
                throw InputError(file: path, line: i + 1, field: key, problem: "expected the '\(key)' line")
            }
            values.append(String(line.dropFirst(key.count + 1)))
        }
        func bad(_ i: Int, _ problem: String) -> InputError { InputError(file: path, line: i + 1, field: keys[i], problem: problem) }
        guard values[0] == String(formatVersion) else { throw bad(0, "format version \(values[0]) is not \(formatVersion)") }
        guard let seed = UInt64(values[6]) else { throw bad(6, "not a whole number") }
        guard let perCell = Int(values[7]), perCell >= 1 else { throw bad(7, "not a positive whole number") }
        guard let total = Int(values[8]), total >= 1 else { throw bad(8, "not a positive whole number") }
        let shard: ShardSpec
        do { shard = try ShardSpec.parse(values[9], environment: [:]) } catch { throw bad(9, error.problem) }
        let bounds = values[10].split(separator: " ").compactMap { Int($0) }
        guard bounds.count == 2, bounds[0] <= bounds[1], bounds[1] <= total else { throw bad(10, "not a valid trial range") }
        let trials = bounds[0]..<bounds[1]
        guard trials == shard.range(total: total) else { throw bad(10, "does not match shard \(shard) of \(total) trials") }
        let body = Array(lines[keys.count...])
        guard let last = body.last, last.hasPrefix("end "), let count = Int(last.dropFirst(4)) else {
            throw InputError(file: path, line: lines.count, field: "end", problem: "missing: the file is truncated (was the shard killed?)")
        }
        let records = Array(body.dropLast())
        guard count == records.count, count == trials.count else {
            throw InputError(
                file: path, line: lines.count, field: "end",
                problem: "the file holds \(records.count) records, its header promises \(trials.count)")
        }
        return PartFile(
            program: values[1], study: values[2], scenarioPath: values[3], name: values[4], contentHash: values[5],
            seed: seed, trialsPerCell: perCell, totalTrials: total, shard: shard, trials: trials,
            columns: values[11], records: records)
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
enum ExactDouble {
    static func encode(_ x: Double) -> String {
        let digits = String(x.bitPattern, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The double written by ``encode(_:)``, or nil for anything else, including NaN and infinities: no part
    /// record holds a non-finite number (a tampered or damaged record would otherwise carry NaN into a report).
    static func decode(_ text: Substring) -> Double? {
        guard text.count == 16, text.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }),
            let bits = UInt64(text, radix: 16)
        else { return nil }
        let x = Double(bitPattern: bits)
        return x.isFinite ? x : nil
    }
}

/// Counts in part records: decimal digits only, so `-1`, `+3` or `0x10` are refused.
enum PartCount {
    static func decode(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 18, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }
}

import FileFormats
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
/// ```
/// Records are the study's per-trial outcomes with every `Double` written as the 16 hex digits of its IEEE bit
/// pattern, so a merge reproduces the unsharded numbers bit for bit. The closing `end` line holds the record
/// count: a truncated file is refused.
public struct PartFile: Equatable, Sendable {
    public static let formatVersion = 1

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

    package init(
        program: String, study: String, scenarioPath: String, name: String, contentHash: String, seed: UInt64, trialsPerCell: Int,
        totalTrials: Int, shard: ShardSpec, trials: Range<Int>, columns: String, records: [String]
    ) {
        self.program = program
        self.study = study
        self.scenarioPath = scenarioPath
        self.name = name
        self.contentHash = contentHash
        self.seed = seed
        self.trialsPerCell = trialsPerCell
        self.totalTrials = totalTrials
        self.shard = shard
        self.trials = trials
        self.columns = columns
        self.records = records
    }

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
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a part file, refusing anything malformed with the file and line.
    public static func read(path: String) throws(InputError) -> PartFile {
        guard FileManager.default.fileExists(atPath: path) else { throw InputError(.missingFile, file: path, problem: "no such file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(.missingFile, file: path, problem: "cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw InputError(file: path, problem: "is not UTF-8 text") }
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

/// Exact text for doubles in part files: the IEEE bit pattern in hex.
package enum ExactDouble {
    package static func encode(_ x: Double) -> String {
        let digits = String(x.bitPattern, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    package static func decode(_ text: Substring) -> Double? {
        guard text.count == 16, let bits = UInt64(text, radix: 16) else { return nil }
        return Double(bitPattern: bits)
    }
}

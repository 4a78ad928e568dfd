import Foundation

/// A grading shard's partial result, in the conventions of ``PartFile`` (versioned text, exact doubles, closing
/// `end` count line).
///
/// ```
/// sensorbench-part 1
/// program 0.1.0
/// study grade
/// rubric Scenarios/rubrics/penn-dining.json
/// name penn-dining
/// content-hash 5f1d3c0a9b2e4d77
/// seed 2026
/// submissions 2
/// file Scenarios/submissions/team-a.json
/// file Scenarios/submissions/team-b.json
/// total-trials 1162
/// shard 2/4
/// trials 290 581
/// columns index suite trial result
/// <one record a unit (a hall visit or a gesture timeline), in global index order>
/// end 291
/// ```
/// The `file` lines list every submission file as `grade` was given them (folders expanded), bad ones included,
/// so `merge` re-reads them and reports bad submissions exactly as an unsharded run does.
public struct GradePartFile: Equatable, Sendable {
    /// The `study` line that marks a grading part.
    public static let study = "grade"

    public var program: String
    public var rubricPath: String
    public var name: String
    public var contentHash: String
    public var seed: UInt64
    public var files: [String]
    public var totalTrials: Int
    public var shard: ShardSpec
    public var trials: Range<Int>
    public var columns: String
    public var records: [String]

    /// The file name a shard writes: `<rubric name>.grade.shard-<K>-of-<N>.part`.
    public var fileName: String { "\(name).grade.shard-\(shard.index)-of-\(shard.count).part" }

    /// Line number (1-based) of the first record.
    public var firstRecordLine: Int { 13 + files.count }

    public func render() -> String {
        var lines = [
            "sensorbench-part \(PartFile.formatVersion)",
            "program \(program)",
            "study \(GradePartFile.study)",
            "rubric \(rubricPath)",
            "name \(name)",
            "content-hash \(contentHash)",
            "seed \(seed)",
            "submissions \(files.count)",
        ]
        lines += files.map { "file \($0)" }
        lines += [
            "total-trials \(totalTrials)",
            "shard \(shard)",
            "trials \(trials.lowerBound) \(trials.upperBound)",
            "columns \(columns)",
        ]
        lines += records
        lines.append("end \(records.count)")
        return PartChecksum.seal(lines.joined(separator: "\n") + "\n")
    }

    /// Whether the file at `path` is a grading part (its third line is `study grade`); false when unreadable or
    /// not a regular file (never blocks on a FIFO).
    public static func isGradePart(path: String) -> Bool {
        guard let fd = try? InputFile.open(path, shown: path) else { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 4096)
        let count = head.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
        head.removeLast(head.count - max(count, 0))
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false)
        return lines.count >= 3 && lines[0].hasPrefix("sensorbench-part ") && lines[2] == "study \(study)"
    }

    /// Reads a grading part, refusing anything malformed with the file and line.
    ///
    /// - Throws: ``InputError`` (missing file, wrong format version, a bad header line, a truncated file).
    public static func read(path: String) throws(InputError) -> GradePartFile {
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
        guard version == String(PartFile.formatVersion) else {
            throw bad("sensorbench-part", "format version \(version) is not \(PartFile.formatVersion)")
        }
        let program = try next("program")
        guard try next("study") == study else { throw bad("study", "is not a grading part") }
        let rubric = try next("rubric")
        let name = try next("name")
        let hash = try next("content-hash")
        guard let seed = UInt64(try next("seed")) else { throw bad("seed", "not a whole number") }
        guard let count = Int(try next("submissions")), count >= 0, count <= lines.count else {
            throw bad("submissions", "not a valid count")
        }
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
        return GradePartFile(
            program: program, rubricPath: rubric, name: name, contentHash: hash, seed: seed, files: files,
            totalTrials: total, shard: shard, trials: trials, columns: columns, records: records)
    }
}

import FileFormats

/// The merge policy, for every study and grading: the parts must be one complete, non-overlapping set from the
/// same program, run (study, name, seed, trials, files) and content, and their records are returned in global
/// index order with the file and line each came from.
package enum PartMerge {
    /// A checked, complete set of parts.
    package struct Merged: Sendable {
        /// The first part named (its header is every part's).
        package let path: String
        package let header: PartHeader
        package let partCount: Int
        /// Every trial's record, in global index order.
        package let records: [PartRecord]
    }

    /// Reads and checks the parts.
    ///
    /// - Parameter rerun: the command that recomputes a shard of the run, named in the "missing shard" error
    ///   (`--shard k/n` is appended).
    /// - Throws: ``InputError`` naming the part and field that differs, a duplicate or missing shard, or the file
    ///   and line of a malformed part.
    package static func merge(_ paths: [String], rerun: (PartHeader) -> String) throws(InputError) -> Merged {
        guard let firstPath = paths.first else {
            throw InputError(.usage, file: nil, field: "merge", problem: "merge needs at least one part file")
        }
        var parts: [(path: String, part: PartFile)] = []
        for path in paths { parts.append((path, try PartFile.read(path: path))) }
        let first = parts[0].part
        let a = first.header
        for (path, p) in parts.dropFirst() {
            func mismatch(_ what: String, _ mine: String, _ theirs: String) -> InputError {
                InputError(
                    file: path, field: what, problem: "\(mine) differs from \(theirs) in \(firstPath): parts of different runs cannot merge"
                )
            }
            let b = p.header
            if p.program != first.program { throw mismatch("program", "sensorbench \(p.program)", "sensorbench \(first.program)") }
            if b.study != a.study { throw mismatch("study", "a \(b.study) part", "a \(a.study) part") }
            if b.name != a.name { throw mismatch("name", "\(b.study) \(b.name)", "\(a.study) \(a.name)") }
            if b.seed != a.seed { throw mismatch("seed", "seed \(b.seed)", "seed \(a.seed)") }
            if b.trialsPerCell != a.trialsPerCell || b.totalTrials != a.totalTrials {
                throw mismatch("total-trials", "\(b.totalTrials) trials", "\(a.totalTrials)")
            }
            if b.files != a.files { throw mismatch("file", "the file list", "the file list") }
            if b.contentHash != a.contentHash { throw mismatch("content-hash", "content \(b.contentHash)", "content \(a.contentHash)") }
            if p.shard.count != first.shard.count {
                throw mismatch("shard", "a split into \(p.shard.count)", "a split into \(first.shard.count)")
            }
        }
        try ShardSpec.checkComplete(parts.map { ($0.path, $0.part.shard) }, total: a.totalTrials, rerun: rerun(a))
        var records: [PartRecord] = []
        records.reserveCapacity(a.totalTrials)
        for (path, p) in parts.sorted(by: { $0.part.shard.index < $1.part.shard.index }) {
            for (i, text) in p.records.enumerated() { records.append(PartRecord(file: path, line: p.firstRecordLine + i, text: text)) }
        }
        return Merged(path: firstPath, header: a, partCount: parts.count, records: records)
    }

    /// Refuses a run rebuilt from the header whose content hash differs from the parts'.
    ///
    /// - Parameter what: what may have changed, for the message ("the scenario (or a profile it uses)").
    package static func checkUnchanged(_ merged: Merged, contentHash: String, what: String) throws(InputError) {
        guard contentHash == merged.header.contentHash else {
            throw InputError(
                file: merged.header.source, field: "content-hash",
                problem: "\(what) changed since the shards ran (\(contentHash), parts \(merged.header.contentHash))")
        }
    }
}

import FileFormats

/// The merge policy, for every study and grading: the parts must be one complete, non-overlapping set from the
/// same program, run (study, name, seed, trials, files) and content; their records are then streamed in global
/// index order with the file and line each came from.
///
/// Memory does not grow with the records: ``merge(_:rerun:)`` checks every part in a first streaming pass
/// (format version, checksum, header, record count: ``PartFile/scan(path:)``) and keeps only the headers;
/// ``Merged/forEachRecord(_:)`` reads the parts a second time, line by line, hashing them again.
package enum PartMerge {
    /// A checked, complete set of parts.
    package struct Merged: Sendable {
        /// The first part named (its header is every part's).
        package let path: String
        package let header: PartHeader
        package let partCount: Int
        /// The parts, in shard order (so their records are in global index order).
        package let parts: [PartFile.Scan]
        /// Records in all (the run's trials).
        package var recordCount: Int { parts.reduce(0) { $0 + $1.recordCount } }

        /// Hands every trial's record to `body`, in global index order, part after part, line by line.
        ///
        /// A part that changed since ``merge(_:rerun:)`` checked it is refused (the checksum error) once its last
        /// record has been read, so nothing may be written before this returns.
        ///
        /// - Throws: ``InputError`` for an unreadable or changed part, or what `body` throws.
        package func forEachRecord(_ body: (PartRecord) throws -> Void) throws {
            for part in parts { try PartFile.forEachRecord(part, body) }
        }
    }

    /// Checks the parts (each in one streaming pass) and returns them as a merged set, records not read yet.
    ///
    /// - Parameter rerun: the command that recomputes a shard of the run, named in the "missing shard" error
    ///   (`--shard k/n` is appended).
    /// - Throws: ``InputError`` naming the part and field that differs, a duplicate or missing shard, or the file
    ///   and line of a malformed part.
    package static func merge(_ paths: [String], rerun: (PartHeader) -> String) throws -> Merged {
        guard let firstPath = paths.first else {
            throw InputError(.usage, file: nil, field: "merge", problem: "merge needs at least one part file")
        }
        var parts: [(path: String, part: PartFile, scan: PartFile.Scan)] = []
        for path in paths {
            let scan = try PartFile.scan(path: path)
            parts.append((path, scan.part, scan))
        }
        let first = parts[0].part
        let a = first.header
        for (path, p, _) in parts.dropFirst() {
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
        let ordered = parts.sorted(by: { $0.part.shard.index < $1.part.shard.index }).map(\.scan)
        return Merged(path: firstPath, header: a, partCount: parts.count, parts: ordered)
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

import FileFormats
import Foundation

/// Which share of a scenario's trials one process computes: shard `index` of `count`, 1-based.
///
/// Trials are split by global trial index into `count` contiguous blocks as equal as integer division allows:
/// shard k (1…N) runs indices `⌊(k−1)·T/N⌋ ..< ⌊k·T/N⌋`. Any shard can be rerun alone and gives the same records.
package struct ShardSpec: Equatable, Sendable, CustomStringConvertible {
    package let index: Int
    package let count: Int

    package static let maximumCount = 100_000

    package init(index: Int, count: Int) throws(InputError) {
        guard count >= 1, count <= ShardSpec.maximumCount else {
            throw InputError(.usage, file: nil, field: "run", problem: "--shard needs 1 to \(ShardSpec.maximumCount) shards, got \(count)")
        }
        guard index >= 1, index <= count else {
            throw InputError(.usage, file: nil, field: "run", problem: "--shard index must be between 1 and \(count), got \(index)")
        }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`, `slurm` or `slurm/N`; the last two read the Slurm job array's task from `environment`
    /// (``SlurmArrayTask``): `slurm` takes the array as the whole run (task `ID` of an array `MIN-MAX:STEP` computes
    /// shard `(ID − MIN)/STEP + 1` of `COUNT`), `slurm/N` makes task `ID` compute shard `ID` of `N`, so that
    /// `sbatch --array=K` reruns shard K.
    ///
    /// - Throws: ``InputError`` (usage) naming the problem and the command that works.
    package static func parse(_ text: String, environment: [String: String]) throws(InputError) -> ShardSpec {
        if text == "slurm" {
            return try SlurmArrayTask(environment: environment, option: "--shard slurm").shardOfWholeArray()
        }
        if text.hasPrefix("slurm/") {
            let digits = text.dropFirst("slurm/".count)
            guard !digits.isEmpty, digits.count <= 18, digits.utf8.allSatisfy({ (48...57).contains($0) }), let n = Int(digits) else {
                throw InputError(
                    .usage, file: nil, field: "run", problem: "--shard slurm/N needs a shard count N (for example slurm/8), got '\(text)'")
            }
            return try SlurmArrayTask(environment: environment, option: "--shard \(text)").shard(count: n)
        }
        guard let (k, n) = fraction(text) else {
            throw InputError(
                .usage, file: nil, field: "run", problem: "--shard needs K/N (for example 2/4), 'slurm' or 'slurm/N', got '\(text)'")
        }
        return try ShardSpec(index: k, count: n)
    }

    /// Parses `K/N` alone, as a part file's `shard` line holds it (never `slurm`: a part records the shard it
    /// computed, and reading one must not depend on the environment).
    ///
    /// - Throws: ``InputError`` for anything but `K/N` with 1 ≤ K ≤ N ≤ ``maximumCount``.
    package static func parsePartLine(_ text: String) throws(InputError) -> ShardSpec {
        guard let (k, n) = fraction(text) else {
            throw InputError(file: nil, field: "shard", problem: "needs K/N (for example 2/4), got '\(text)'")
        }
        return try ShardSpec(index: k, count: n)
    }

    private static func fraction(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        return (k, n)
    }

    /// The global trial indices of this shard out of `total`.
    package func range(total: Int) -> Range<Int> {
        let t = Int64(total)
        let lower = Int((Int64(index - 1) * t) / Int64(count))
        let upper = Int((Int64(index) * t) / Int64(count))
        return lower..<upper
    }

    package var description: String { "\(index)/\(count)" }

    /// Checks that `parts` hold every shard of their split exactly once.
    ///
    /// - Parameters:
    ///   - parts: each part file's path and shard (all of the same count).
    ///   - total: the units the split divides (trials, or grading units).
    ///   - rerun: the command that recomputes a shard, named in the "missing" error (`--shard k/n` is appended).
    /// - Throws: ``InputError`` naming the duplicate shard and both files, or the first missing shard with its
    ///   range and the command to rerun it.
    package static func checkComplete(_ parts: [(path: String, shard: ShardSpec)], total: Int, rerun: String) throws(InputError) {
        guard let first = parts.first else { return }
        var byIndex: [Int: String] = [:]
        for (path, shard) in parts {
            if let other = byIndex[shard.index] {
                throw InputError(file: path, field: "shard", problem: "duplicate shard \(shard): \(other) holds it too")
            }
            byIndex[shard.index] = path
        }
        let count = first.shard.count
        if let missing = (1...count).first(where: { byIndex[$0] == nil }) {
            let spec = try ShardSpec(index: missing, count: count)
            let range = spec.range(total: total)
            throw InputError(
                file: first.path, field: "shard",
                problem: "missing shard \(spec) (trials \(range.lowerBound)..<\(range.upperBound)); "
                    + "run it with \(rerun) --shard \(spec) and merge again")
        }
    }
}

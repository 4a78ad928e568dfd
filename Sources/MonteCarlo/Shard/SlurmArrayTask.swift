import FileFormats

/// The task of a Slurm job array this process runs in, as `sbatch` describes it in the environment, and the two
/// rules that turn it into a ``ShardSpec``.
///
/// `sbatch --array=<first>-<last>[:<step>]` starts one task per id and gives each `SLURM_ARRAY_TASK_ID` (its
/// id), `SLURM_ARRAY_TASK_MIN` and `SLURM_ARRAY_TASK_MAX` (the array's lowest and highest id),
/// `SLURM_ARRAY_TASK_STEP` and `SLURM_ARRAY_TASK_COUNT` (how many tasks it has). A task sees only its own array,
/// never the one it may be rerunning, which is why there are two rules:
///
/// - ``shardOfWholeArray()`` (`--shard slurm`): the array is the whole run. Its ids must form one evenly stepped
///   range, `MIN, MIN+STEP, …, MAX`, `COUNT` of them; task `ID` computes shard `k = (ID − MIN)/STEP + 1` of
///   `n = COUNT`. So `--array=0-6`, `--array=1-7` and `--array=0-12:2` all give shards 1…7 of 7. A one-task
///   array (`--array=3`, the natural rerun of a failed task) cannot say which shard of how many the task was,
///   and is refused.
/// - ``shard(count:)`` (`--shard slurm/N`): the task id is the shard number, `k = ID`, 1 ≤ ID ≤ N, whatever the
///   array. `--array=1-N` runs the whole split and `--array=3` reruns exactly shard 3 of N (`--array=3,5` shards
///   3 and 5).
package struct SlurmArrayTask: Equatable, Sendable {
    package let id: Int
    package let minimum: Int?
    package let maximum: Int?
    package let step: Int?
    package let count: Int?

    package static let idVariable = "SLURM_ARRAY_TASK_ID"
    package static let minimumVariable = "SLURM_ARRAY_TASK_MIN"
    package static let maximumVariable = "SLURM_ARRAY_TASK_MAX"
    package static let stepVariable = "SLURM_ARRAY_TASK_STEP"
    package static let countVariable = "SLURM_ARRAY_TASK_COUNT"

    package init(id: Int, minimum: Int?, maximum: Int?, step: Int?, count: Int?) {
        self.id = id
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.count = count
    }

    /// Reads the task from the environment.
    ///
    /// - Parameter option: the option being parsed (`--shard slurm`, `--shard slurm/8`), for the messages.
    /// - Throws: ``InputError`` (usage) when `SLURM_ARRAY_TASK_ID` is missing (not inside a job array) or any of
    ///   the variables is not a non-negative decimal integer.
    package init(environment: [String: String], option: String) throws(InputError) {
        func value(_ name: String) throws(InputError) -> Int? {
            guard let text = environment[name] else { return nil }
            guard !text.isEmpty, text.count <= 18, text.utf8.allSatisfy({ (48...57).contains($0) }), let n = Int(text) else {
                throw SlurmArrayTask.error("\(option): \(name) is '\(text)', not a non-negative integer")
            }
            return n
        }
        guard let id = try value(Self.idVariable) else {
            throw SlurmArrayTask.error(
                "\(option) needs \(Self.idVariable), which Slurm sets only in a job array (sbatch --array=…); "
                    + "outside one, use --shard K/N")
        }
        self.init(
            id: id, minimum: try value(Self.minimumVariable), maximum: try value(Self.maximumVariable),
            step: try value(Self.stepVariable), count: try value(Self.countVariable))
    }

    /// `--shard slurm`: the array is the whole run; task `ID` computes shard `(ID − MIN)/STEP + 1` of `COUNT`.
    ///
    /// - Throws: ``InputError`` (usage) when a variable is missing, when the array has one task (a rerun cannot
    ///   know its shard: use `--shard slurm/N`), or when its ids are not one evenly stepped range (a list such as
    ///   `--array=1,2,7`).
    package func shardOfWholeArray() throws(InputError) -> ShardSpec {
        let option = "--shard slurm"
        guard let minimum, let maximum, let step, let count else {
            let missing = [
                (Self.minimumVariable, minimum), (Self.maximumVariable, maximum), (Self.stepVariable, step),
                (Self.countVariable, count),
            ].filter { $0.1 == nil }.map(\.0)
            throw Self.error("\(option) needs \(missing.joined(separator: ", ")) as well as \(Self.idVariable) (set by sbatch --array)")
        }
        guard count != 1 else {
            throw Self.error(
                "\(option) in a one-task array (task \(id)) cannot tell which shard of how many it is (a task sees "
                    + "only its own array): rerun that shard with --shard K/N as 'sensorbench merge' names it, or "
                    + "submit with --shard slurm/N, where task K computes shard K of N (sbatch --array=1-N to run "
                    + "all, --array=K to rerun one)")
        }
        let span = maximum - minimum
        guard step >= 1, count >= 2, span >= 0, span % step == 0, span / step + 1 == count, id >= minimum, id <= maximum,
            (id - minimum) % step == 0
        else {
            throw Self.error(
                "\(option): the job array's tasks (ids \(minimum) to \(maximum), step \(step), \(count) tasks, this "
                    + "one \(id)) are not one evenly stepped range, so they do not map to shards K/N: submit "
                    + "--array=1-N with --shard slurm/N, where task K computes shard K of N")
        }
        return try ShardSpec(index: (id - minimum) / step + 1, count: count)
    }

    /// `--shard slurm/N`: task `ID` computes shard `ID` of `N`, in any array, so a rerun (`--array=3`) computes
    /// the shard its id computed in the full array.
    ///
    /// - Throws: ``InputError`` (usage) when the id, or the array's lowest or highest id (when Slurm gives them), is
    ///   outside 1…N: every task of a wrong array (`--array=0-7` with `slurm/8`) is refused, not only one.
    package func shard(count shardCount: Int) throws(InputError) -> ShardSpec {
        let option = "--shard slurm/\(shardCount)"
        _ = try ShardSpec(index: 1, count: shardCount)
        let lowest = Swift.min(id, minimum ?? id)
        let highest = Swift.max(id, maximum ?? id)
        guard lowest >= 1, highest <= shardCount else {
            let ids = lowest == highest ? "id \(id)" : "ids \(lowest) to \(highest)"
            throw Self.error(
                "\(option): task K computes shard K of \(shardCount), so task ids must be 1 to \(shardCount), but this "
                    + "job array has \(ids): submit it with sbatch --array=1-\(shardCount) (or --array=K to rerun shard K)"
            )
        }
        return try ShardSpec(index: id, count: shardCount)
    }

    private static func error(_ problem: String) -> InputError {
        InputError(.usage, file: nil, field: "run", problem: problem)
    }
}

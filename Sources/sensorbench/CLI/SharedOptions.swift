import FileFormats
import MonteCarlo

/// The options that mean the same in every subcommand that has them, declared once (issue 15's one grammar):
/// `--out/-o`, `--quiet/-q`, `--jobs/-j`, `--seed`, `--trials`, `--shard`, `--unit`, `--rate`. A subcommand's table lists the
/// ones that apply to it; any other is an unknown-option usage error naming the subcommand.
enum SharedOption {
    /// `-o, --out <dir>`: where the command writes (a folder, or a file for commands that write one).
    static func out<O>(
        _ key: WritableKeyPath<O, String>, meaning: String, default defaultText: String? = nil, value: String = "<dir>",
        required: Bool = false, check: ((String, ParseContext) throws -> Void)? = nil
    ) -> OptionSpec<O> {
        OptionSpec("--out", short: "-o", value: value, meaning: meaning, default: defaultText, required: required) { o, text, context in
            try check?(text, context)
            o[keyPath: key] = text
        }
    }

    /// `-o, --out <dir>` into an optional (the command picks the default from what it reads).
    static func out<O>(_ key: WritableKeyPath<O, String?>, meaning: String, default defaultText: String?) -> OptionSpec<O> {
        OptionSpec("--out", short: "-o", value: "<dir>", meaning: meaning, default: defaultText) { o, text, _ in o[keyPath: key] = text }
    }

    /// `-q, --quiet`: no progress line and no notes on standard error; results, warnings and errors still print.
    static func quiet<O>(_ key: WritableKeyPath<O, Bool>) -> OptionSpec<O> {
        OptionSpec(
            "--quiet", short: "-q",
            meaning: "No progress line or notes on standard error (progress shows only on a terminal; results, warnings "
                + "and errors still print)."
        ) { o, _, _ in o[keyPath: key] = true }
    }

    /// Most worker threads any command takes.
    static let maximumJobs = 1024

    /// `-j, --jobs <n>`: worker threads; the output is the same for any value.
    static func jobs<O>(_ key: WritableKeyPath<O, Int?>, meaning: String = "Worker threads; the output is byte-identical for any value.")
        -> OptionSpec<O>
    {
        OptionSpec("--jobs", short: "-j", value: "<n>", meaning: meaning + " 1 to \(maximumJobs).", default: "every core") {
            o, text, context in
            o[keyPath: key] = try ValueParser.integer(text, option: "--jobs", in: 1...maximumJobs, context)
        }
    }

    /// `--from <s>`: the first seed of a coverage command's simulated `items` (records, phones), 1 to 10⁶, so that
    /// blocks of seeds can be run apart and added up (`dev allan-coverage`, `dev device-coverage`).
    static func firstSeed<O>(_ key: WritableKeyPath<O, Int>, items: String) -> OptionSpec<O> {
        OptionSpec(
            "--from", value: "<s>",
            meaning: "The first \(items)'s seed, 1 to 1000000, so that blocks of seeds can be run apart and added up.",
            default: "1"
        ) { o, text, context in
            o[keyPath: key] = try ValueParser.integer(text, option: "--from", in: 1...1_000_000, context)
        }
    }

    /// `--seed <s>`: the seed of the simulation (0 to 2⁶⁴−1).
    static func seed<O>(_ key: WritableKeyPath<O, UInt64?>, meaning: String, default defaultText: String) -> OptionSpec<O> {
        OptionSpec("--seed", value: "<s>", meaning: meaning + " 0 to 2^64-1.", default: defaultText) { o, text, context in
            o[keyPath: key] = try ValueParser.seed(text, context)
        }
    }

    static func seed<O>(_ key: WritableKeyPath<O, UInt64>, meaning: String, default defaultText: String) -> OptionSpec<O> {
        OptionSpec("--seed", value: "<s>", meaning: meaning + " 0 to 2^64-1.", default: defaultText) { o, text, context in
            o[keyPath: key] = try ValueParser.seed(text, context)
        }
    }

    /// `--profile <name>|<file>`: a gyro profile by name (profiles/<name>.json here, in $SENSORBENCH_PATH, then
    /// shipped) or by path, read by `ProfileReader` when the command runs.
    static func gyroProfile<O>(_ key: WritableKeyPath<O, String>) -> OptionSpec<O> {
        OptionSpec(
            "--profile", value: "<name>|<file>",
            meaning: "Gyro profile: a name (profiles/<name>.json here, in $SENSORBENCH_PATH, then shipped) or a path.",
            default: "phone-calibrated"
        ) { o, text, context in
            guard !text.isEmpty else { throw context.error("--profile needs a profile name or a path, got ''") }
            o[keyPath: key] = text
        }
    }

    /// `--walk straight|loop`: how a drift-log entry without logged turning is simulated (true: straight).
    static func walkShape<O>(_ key: WritableKeyPath<O, Bool>) -> OptionSpec<O> {
        OptionSpec(
            "--walk", value: "straight|loop",
            meaning: "Simulated walk for entries without logged turning: straight, or a 4-turn loop.", default: "loop"
        ) { o, text, context in
            o[keyPath: key] = try ValueParser.choice(text, option: "--walk", of: ["straight", "loop"], context) == "straight"
        }
    }

    /// `--trials <n>`: how many simulated trials (what one trial is depends on the command).
    static func trials<O>(_ key: WritableKeyPath<O, Int?>, in range: ClosedRange<Int>, meaning: String, default defaultText: String)
        -> OptionSpec<O>
    {
        OptionSpec("--trials", value: "<n>", meaning: meaning + " \(ValueParser.show(range)).", default: defaultText) { o, text, context in
            o[keyPath: key] = try ValueParser.integer(text, option: "--trials", in: range, context)
        }
    }

    static func trials<O>(_ key: WritableKeyPath<O, Int>, in range: ClosedRange<Int>, meaning: String, default defaultText: String)
        -> OptionSpec<O>
    {
        OptionSpec("--trials", value: "<n>", meaning: meaning + " \(ValueParser.show(range)).", default: defaultText) { o, text, context in
            o[keyPath: key] = try ValueParser.integer(text, option: "--trials", in: range, context)
        }
    }

    /// `--shard <k>/<n>|slurm|slurm/<n>`: compute one shard and write a part file instead of the report.
    static func shard<O>(_ key: WritableKeyPath<O, ShardSpec?>, meaning: String) -> OptionSpec<O> {
        OptionSpec(
            "--shard", value: "<k>/<n>|slurm",
            meaning: meaning
                + " 'slurm' takes the Slurm job array as the whole run: task ID of --array=MIN-MAX:STEP computes shard "
                + "(ID-MIN)/STEP+1 of its task count. 'slurm/<n>': task k computes shard k of n, so 'sbatch --array=k' "
                + "reruns shard k.", default: "off"
        ) { o, text, context in
            o[keyPath: key] = try ShardSpec.parse(text, environment: context.environment)
        }
    }

    /// `--unit <unit>`: the recording's unit when its header does not say.
    static func unit<O>(_ key: WritableKeyPath<O, RecordingUnit?>, meaning: String, default defaultText: String?) -> OptionSpec<O> {
        OptionSpec("--unit", value: "<unit>", meaning: meaning, default: defaultText) { o, text, context in
            guard let unit = RecordingUnit(text: text) else {
                throw context.error("--unit needs rad/s, deg/s, g or m/s2, got '\(text)'")
            }
            o[keyPath: key] = unit
        }
    }

    /// The sample rates `--rate` accepts, Hz: from one sample in ten seconds to the detectors' 1000 Hz ceiling.
    static let rateRangeHz = 0.1...1000.0

    /// `--rate <Hz>`: the sample rate of a recording without a time column (MotionSense: 50 Hz).
    static func rate<O>(_ key: WritableKeyPath<O, Double?>) -> OptionSpec<O> {
        OptionSpec(
            "--rate", value: "<Hz>",
            meaning: "The sample rate of a recording without a time column (MotionSense: 50); refused for a file with "
                + "times."
        ) { o, text, context in
            guard let hz = Double(text), hz.isFinite, rateRangeHz.contains(hz) else {
                throw context.error("--rate needs a sample rate in Hz from 0.1 to 1000, got '\(text)'")
            }
            o[keyPath: key] = hz
        }
    }
}

/// Value parsers shared by the tables: each refuses with one line naming the option and the allowed values.
enum ValueParser {
    static func integer(_ text: String, option: String, in range: ClosedRange<Int>, _ context: ParseContext) throws(UsageError) -> Int {
        guard let n = Int(text), range.contains(n) else {
            throw context.error("\(option) needs a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return n
    }

    static func seed(_ text: String, _ context: ParseContext) throws(UsageError) -> UInt64 {
        guard let seed = UInt64(text) else {
            throw context.error("--seed needs a whole number from 0 to 18446744073709551615, got '\(text)'")
        }
        return seed
    }

    static func choice(_ text: String, option: String, of names: [String], _ context: ParseContext) throws(UsageError) -> String {
        guard names.contains(text) else {
            throw context.error("\(option) needs one of \(names.joined(separator: ", ")), got '\(text)'")
        }
        return text
    }

    /// "1 to 1000000000".
    static func show(_ range: ClosedRange<Int>) -> String { "\(range.lowerBound) to \(range.upperBound)" }
}

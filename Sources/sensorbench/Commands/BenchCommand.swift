import FileFormats

/// `sensorbench bench`: the speed and memory figures (the measuring is ``Benchmark``'s).
struct BenchCommand: Subcommand {
    /// Trials of the drift pipeline per measurement.
    var trials = 16
    var jobs: Int?
    var quiet = false
    /// Three repetitions of at least 0.2 s each instead of five of at least 1 s: for iterating, not for the record.
    var quick = false
    /// Source submissions to grade cold and warm (``Benchmark/sourceSubmissionRows``); 0 leaves the rows out.
    var sourceSubmissions = 0
    /// Student project folders to grade cold and warm (``Benchmark/projectRows``); 0 leaves the rows out.
    var projects = 0

    init() {}

    static let name = "bench"
    static let summary = "Measure the pipeline's speed and memory."
    static let details = """
        Every figure is the median and the best of 5 repetitions of at least 1 s; ratios come from
        interleaved repetitions against their reference in the same run (raw GSL Gaussian draws, C loops
        of the same arithmetic, the one-thread run). Rows: the drift pipeline on one core and on all cores,
        the Gaussian draws alone (GSL's and RandomStream's, the same values), a day-long walk, peak memory
        at 10⁴, 10⁵ and 10⁶ trials (child processes: a geofence `run`, its `run --shard` in 2 shards and
        their `merge`, and a drift `run`), allan, grading, the shake and scribble detectors' per-update
        costs against C loops of the same arithmetic, and geofence per-update costs. A Markdown table on
        standard output.
        """

    static var options: [OptionSpec<Self>] {
        [
            SharedOption.trials(\.trials, in: 1...100_000, meaning: "Ten-minute walks per pipeline measurement.", default: "16"),
            SharedOption.jobs(\.jobs, meaning: "Threads for the all-core measurement."),
            OptionSpec(
                "--quick",
                meaning: "3 repetitions of at least 0.2 s instead of 5 of at least 1 s: for iterating, not for the record."
            ) { o, _, _ in o.quick = true },
            OptionSpec(
                "--source-submissions", value: "<n>",
                meaning: "Also grade n source submissions (variants of the good examples, 1 to 1000) with an empty "
                    + "and then a warm compile cache: minutes, so off unless asked.",
                default: "0: left out"
            ) { o, text, context in
                o.sourceSubmissions = try ValueParser.integer(text, option: "--source-submissions", in: 1...1000, context)
            },
            OptionSpec(
                "--projects", value: "<n>",
                meaning: "Also grade n student project folders (variants of Scenarios/projects, 1 to 1000) with an "
                    + "empty and then a warm compile cache: minutes, so off unless asked.",
                default: "0: left out"
            ) { o, text, context in o.projects = try ValueParser.integer(text, option: "--projects", in: 1...1000, context) },
            SharedOption.quiet(\.quiet),
        ]
    }

    func run() throws -> ExitCode { try Benchmark.run(self) }
}

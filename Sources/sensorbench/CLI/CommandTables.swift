import FileFormats
import Foundation
import MonteCarlo
import Studies

/// Every subcommand's table: the one declaration that parsing (``CommandLineParser``) and help (``HelpText``) read.
enum CommandTables {
    /// The program: every subcommand, nested ones in their groups.
    static var root: CommandGroup {
        CommandGroup(
            [],
            summary: """
                SensorBench simulates phone-sensor noise, drives the detection core an app links, and
                reports with honest statistics how the app behaves.
                """,
            children: [
                run, merge, validate, list, bench, allan, calibrate, walks, replay, distance, gpx, grade, help, dev,
            ],
            flags: [("--version", "Show the version.", .version)],
            footer: """
                EXIT CODES:
                  0 success, 1 unexpected failure, 64 usage error, 65 bad input data, 66 missing input file,
                  73 the output location cannot take the report, 74 a disk-level write failure (previous report
                  intact), 75 another sensorbench process is writing the same report folder.
                """,
            whenEmpty: .help(topic: nil))
    }

    /// Every node of the tree, depth first, the program first.
    static var all: [any CommandNode] {
        func walk(_ node: any CommandNode) -> [any CommandNode] { [node] + node.children.flatMap(walk) }
        return walk(root)
    }

    /// The node a help topic names ("gpx export"), or `nil`.
    static func node(_ topic: String?) -> (any CommandNode)? {
        var node: any CommandNode = root
        for word in (topic ?? "").split(separator: " ") {
            guard let child = node.children.first(where: { $0.name == word }) else { return nil }
            node = child
        }
        return node
    }

    // MARK: - Studies

    static var run: CommandTable<RunOptions> {
        CommandTable(
            ["run"], summary: "Run scenarios and write their reports.",
            details: """
                Every file is validated before anything runs; a bad file writes nothing. Each scenario's report goes
                to <dir>/<scenario name>/, each file written atomically. Output is byte-identical for the same
                scenario and seed, whatever --jobs.
                """,
            positional: PositionalSpec(
                valueName: "<file>", noun: "scenario file",
                meaning: "Scenario JSON files (study: \(StudyRegistry.names.joined(separator: ", "))).", count: 1...Int.max
            ) { o, files, _ in o.files = files },
            options: [
                SharedOption.out(\.outputFolder, meaning: "Folder for the reports.", default: "Reports"),
                SharedOption.trials(
                    \.overrides.trialsPerCell, in: 1...1_000_000_000,
                    meaning: "Trials per cell (timelines for shake and scribble), overriding the scenario's.",
                    default: "the scenario's"),
                SharedOption.seed(\.overrides.seed, meaning: "Seed, overriding the scenario's.", default: "the scenario's"),
                SharedOption.jobs(\.jobs),
                SharedOption.shard(
                    \.shard,
                    meaning: "Run only shard k of n (1-based; trials split by global index) and write "
                        + "<dir>/<name>.shard-<k>-of-<n>.part instead of the report."),
                SharedOption.quiet(\.quiet),
            ],
            footer: StudyOutputs.helpSection, initial: RunOptions()
        ) { o, _ in .run(o) }
    }

    static var merge: CommandTable<MergeOptions> {
        CommandTable(
            ["merge"], summary: "Merge a sharded run's part files into its report.",
            details: """
                Writes the report an unsharded run writes, byte for byte. Every part must come from the same
                scenario content, seed, trial count and sensorbench version, and together they must hold every
                shard exactly once; otherwise one line names the missing, duplicate or mismatched part (exit 65)
                and, for a missing one, the command that recomputes it.
                """,
            positional: PositionalSpec(valueName: "<part>", noun: "part file", meaning: "Part files (.part).", count: 1...Int.max) {
                o, parts, _ in o.parts = parts
            },
            options: [
                SharedOption.out(\.outputFolder, meaning: "Folder for the report.", default: "Reports; Reports/grades for grade parts"),
                SharedOption.quiet(\.quiet),
            ],
            initial: MergeOptions()
        ) { o, _ in .merge(o) }
    }

    static var validate: CommandTable<ValidateOptions> {
        CommandTable(
            ["validate"], summary: "Check input files without running them.",
            details: """
                Reads each file as the command that uses it would and prints one line of what it checked, e.g.
                "ok  <file>: rubric "penn-dining", 12 criteria, 5 suites". The kind is detected from the content
                (see KINDS) unless --kind says it. The first problem is reported as
                "<file>:<line>: <field>: <problem>" with exit code 65 (66 for a missing file).
                """,
            positional: PositionalSpec(valueName: "<file>", noun: "file", meaning: "JSON input files.", count: 1...Int.max) {
                o, files, _ in o.files = files
            },
            options: [
                OptionSpec(
                    "--kind", value: "<kind>",
                    meaning: "Read every file as this kind: \(InputKind.allCases.map(\.rawValue).joined(separator: ", ")).",
                    default: "detected from each file"
                ) { o, text, context in
                    o.kind = InputKind(
                        rawValue: try ValueParser.choice(text, option: "--kind", of: InputKind.allCases.map(\.rawValue), context))
                },
                OptionSpec(
                    "--rubric", value: "<file>", meaning: "The rubric submissions are checked against (hall names, manual criteria).",
                    default: "Scenarios/rubrics/penn-dining.json"
                ) { o, text, _ in o.rubric = text },
                SharedOption.quiet(\.quiet),
            ],
            footer: "KINDS (detected from the content, the first that fits):\n"
                + InputKind.allCases.map { HelpText.row($0.rawValue, $0.detection) }.joined(separator: "\n"),
            initial: ValidateOptions()
        ) { o, _ in .validate(o) }
    }

    static var list: CommandTable<Void> {
        CommandTable(
            ["list"], summary: "List the shipped scenarios, profiles, places, rubrics, submissions and samples.",
            details: "Looks in ./Scenarios, or in $SENSORBENCH_SCENARIOS, or beside the executable's checkout.", initial: ()
        ) { _, _ in .list }
    }

    static var bench: CommandTable<BenchOptions> {
        CommandTable(
            ["bench"], summary: "Measure the pipeline's speed and memory.",
            details: """
                Every figure is the median and the best of 5 repetitions of at least 1 s; ratios come from
                interleaved repetitions against their reference in the same run (raw GSL Gaussian draws, C loops
                of the same arithmetic, the one-thread run). Rows: the drift pipeline on one core and on all cores,
                the Gaussian draws alone (GSL's and RandomStream's, the same values), a day-long walk, peak memory at 10⁴, 10⁵ and 10⁶ trials (child processes: a geofence `run`, its
                `run --shard` in 2 shards and their `merge`, and a drift `run`), allan, grading, the shake and
                scribble detectors' per-update costs against C loops of the same arithmetic, and geofence
                per-update costs. A Markdown table on standard output.
                """,
            options: [
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
                SharedOption.quiet(\.quiet),
            ],
            initial: BenchOptions()
        ) { o, _ in .bench(o) }
    }

    // MARK: - Geofence

    static var distance: CommandTable<[String]> {
        CommandTable(
            ["distance"], summary: "Distance and bearing between two points (WGS-84).",
            details: """
                Prints the WGS-84 geodesic distance (metres, Karney's method) between two points and the initial
                bearing from the first to the second (degrees clockwise from north, 0 to 360). A latitude beyond
                ±90° is refused (exit 65); a pair that looks swapped against the other point (see SWAPPED) is
                computed as typed, with a warning on standard error; identical points have no bearing.
                """,
            positional: PositionalSpec(
                valueName: "<lat,lon>", noun: "point", meaning: "Decimal degrees, latitude first, e.g. 39.95248,-75.19938.", count: 2...2
            ) { o, points, context in
                for point in points where CommandLineParser.parseLatLon(point) == nil {
                    throw context.error("'\(point)' is not LAT,LON in decimal degrees (for example 39.95248,-75.19938)")
                }
                o = points
            },
            footer: """
                SWAPPED:
                  A point is taken for typed as LON,LAT when the two points as typed are more than 1000 km apart
                  and that point read the other way round lies within 1000 km of the other one. The distance is
                  still computed as typed; the warning on standard error gives each point's reading for which
                  that holds. Two points both typed the other way round cannot be told from a true pair.
                """,
            initial: []
        ) { o, _ in .distance(from: o[0], to: o[1]) }
    }

    static var gpx: CommandGroup {
        CommandGroup(["gpx"], summary: "Export a geofence scenario's fixes as GPX for Xcode.", children: [gpxExport])
    }

    static var gpxExport: CommandTable<GPXExportOptions> {
        CommandTable(
            ["gpx", "export"], summary: "Export a geofence scenario's fixes as GPX for Xcode.",
            details: """
                Writes the phone's fixes of the scenario's first cell and first trial (with its GPS jitter) as a
                GPX 1.1 file of timed waypoints, which Xcode's Simulate Location replays. Times start at
                2026-01-01T00:00:00Z; the file is the same for the same scenario and seed.
                """,
            positional: PositionalSpec(valueName: "<scenario>", noun: "scenario file", meaning: "A geofence scenario JSON.", count: 1...1) {
                o, files, _ in o.scenario = files[0]
            },
            options: [
                SharedOption.out(\.outputFile, meaning: "The GPX file to write.", value: "<file>", required: true),
                SharedOption.seed(\.seed, meaning: "Seed, overriding the scenario's.", default: "the scenario's"),
                SharedOption.quiet(\.quiet),
            ],
            initial: GPXExportOptions()
        ) { o, _ in .gpxExport(o) }
    }

    // MARK: - Grading

    static var grade: CommandTable<GradeOptions> {
        CommandTable(
            ["grade"], summary: "Grade Penn Dining submissions against a rubric.",
            details: """
                Grades course submissions (gesture detector, proximity check, hall coordinates). Every suite of the
                rubric is simulated once and every submission is evaluated on the same visits and timelines.
                Writes <dir>/<team>.md per submission, summary.csv and summary.md. A submission that cannot be
                read is named in summary.md and on standard error; the others are still graded, and the exit code
                is 65. The output is byte-identical for the same rubric and submissions, whatever --jobs.
                """,
            positional: PositionalSpec(
                valueName: "<submission>", noun: "submission file or folder",
                meaning: "Submission JSON files, or folders of them (see docs/grading.md).", count: 1...Int.max
            ) { o, files, _ in o.submissions = files },
            options: [
                OptionSpec("--rubric", value: "<file>", meaning: "The rubric JSON file.", required: true) { o, text, _ in o.rubric = text },
                SharedOption.out(\.outputFolder, meaning: "Folder for the reports.", default: "Reports/grades"),
                SharedOption.jobs(\.jobs),
                SharedOption.shard(
                    \.shard,
                    meaning: "Grade only shard k of n (every suite's visits and timelines numbered by one global index) "
                        + "and write <dir>/<rubric name>.grade.shard-<k>-of-<n>.part; 'sensorbench merge' then writes "
                        + "the reports byte-identical to a whole run."),
                SharedOption.quiet(\.quiet),
            ],
            initial: GradeOptions()
        ) { o, _ in .grade(o) }
    }

    // MARK: - Recordings

    /// From the dialect registry, so a new file dialect appears in help without an edit here.
    static let formats = SensorCSVDialects.formatsHelp

    static var allan: CommandTable<AllanOptions> {
        CommandTable(
            ["allan"], summary: "Allan deviation and IEEE 952 noise terms of a gyro recording.",
            details: """
                Writes <dir>/allan.csv (every τ with its 95% interval), allan.svg (log-log, one line per axis) and
                summary.md (angle random walk N in °/s/√Hz, bias instability B in °/h, rate random walk K in
                °/s/√s, each with a 95% interval).
                """,
            positional: PositionalSpec(valueName: "<file>", noun: "recording file", meaning: "The gyro recording.", count: 1...1) {
                o, files, _ in o.file = files[0]
            },
            options: [
                OptionSpec("--axis", value: "x|y|z|all", meaning: "The axes to analyse.", default: "all") { o, text, context in
                    o.axis = try ValueParser.choice(text, option: "--axis", of: ["x", "y", "z", "all"], context)
                },
                SharedOption.out(\.outputFolder, meaning: "Folder for the report.", default: "Reports/allan"),
                SharedOption.unit(\.unit, meaning: "Declare the rate unit: rad/s or deg/s.", default: "from the header"),
                SharedOption.quiet(\.quiet),
            ],
            footer: formats, initial: AllanOptions()
        ) { o, _ in .allan(o) }
    }

    static var calibrate: CommandTable<CalibrateOptions> {
        CommandTable(
            ["calibrate"], summary: "Estimate a gyro profile from a static recording.",
            details: """
                Reads the Allan curve of one axis of a static recording (the phone lying still) and writes a
                profile JSON in the format of Scenarios/profiles: noise density from N, bias instability from B
                with the correlation time at the Allan minimum, rate random walk from K, the sample rate from the
                data; 'sources' says it was estimated.
                """,
            positional: PositionalSpec(valueName: "<file>", noun: "recording file", meaning: "The static gyro recording.", count: 1...1) {
                o, files, _ in o.file = files[0]
            },
            options: [
                SharedOption.out(
                    \.output, meaning: "The profile to write; its name is the file name.", value: "<profile>.json", required: true
                ) { out, context in
                    let stem = URL(fileURLWithPath: out).deletingPathExtension().lastPathComponent
                    guard out.hasSuffix(".json"), !stem.isEmpty, stem.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
                    else {
                        throw context.error(
                            "--out must name a .json file whose name (the profile name) has letters, digits, '-' and '_' only, got '\(out)'"
                        )
                    }
                },
                OptionSpec("--axis", value: "x|y|z", meaning: "The axis to calibrate.", default: "z, the axis TurnBack integrates") {
                    o, text, context in o.axis = try ValueParser.choice(text, option: "--axis", of: ["x", "y", "z"], context)
                },
                SharedOption.unit(\.unit, meaning: "Declare the rate unit: rad/s or deg/s.", default: "from the header"),
                SharedOption.quiet(\.quiet),
            ],
            footer: formats, initial: CalibrateOptions()
        ) { o, _ in .calibrate(o) }
    }

    static var walks: CommandTable<WalksOptions> {
        CommandTable(
            ["walks"], summary: "Compare TurnBack's drift log with what a gyro profile predicts.",
            details: """
                Regresses measured |drift| on minutes (and the growth exponent with 3+ durations), simulates
                <n> walks per distinct duration on the profile with the drift study's pipeline, and writes
                walks.csv, profile.csv, regression.csv, walks.svg and summary.md. Entries with a missing or
                extra field still import; the summary lists what was skipped and why.
                """,
            positional: PositionalSpec(valueName: "<log.json>", noun: "drift log", meaning: "TurnBack's drift log (JSON).", count: 1...1) {
                o, files, _ in o.file = files[0]
            },
            options: [
                OptionSpec("--profile", value: "<name>", meaning: "Gyro profile from Scenarios/profiles.", default: "phone-calibrated") {
                    o, name, context in
                    guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                        throw context.error("--profile needs a profile name (letters, digits, '-', '_'), got '\(name)'")
                    }
                    o.profile = name
                },
                SharedOption.out(\.outputFolder, meaning: "Folder for the report.", default: "Reports/walks"),
                SharedOption.trials(\.trials, in: 10...100_000, meaning: "Simulated walks per duration.", default: "200"),
                SharedOption.seed(\.seed, meaning: "Seed of the simulation.", default: "1"),
                OptionSpec("--walk", value: "straight|loop", meaning: "Simulated walk: straight, or a 4-turn loop.", default: "loop") {
                    o, text, context in
                    o.straight = try ValueParser.choice(text, option: "--walk", of: ["straight", "loop"], context) == "straight"
                },
                SharedOption.jobs(\.jobs),
                SharedOption.quiet(\.quiet),
            ],
            initial: WalksOptions()
        ) { o, _ in .walks(o) }
    }

    static var replay: CommandTable<ReplayOptions> {
        CommandTable(
            ["replay"], summary: "Run a recording through the app's detection core and list its events.",
            details: """
                The configuration decides the detector:
                  {"detector": "heading", ...}      a gyro CSV through TurnBack's HeadingTracker: the turn angle
                                                    and the arrow's phrase once a second after the mark, and at
                                                    the end (keys: maximumGapSeconds, markAtSeconds,
                                                    straightAheadToleranceDegrees, reportIntervalSeconds).
                  {"kind": "threshold-count", ...}  an accelerometer CSV through the ShakeDetector (a
                                                    ShakeDetectorConfiguration; also window-fraction, reversal,
                                                    and raw-magnitude, which reads raw readings with gravity).
                  {"kind": "naive", ...}            a GPX track (timed trkpt, rtept or wpt) or a location CSV/zip
                                                    (Sensor Logger's Location.csv, phyphox's Location export)
                                                    through the ProximityMonitor (a ProximityCheckConfiguration;
                                                    also accuracy-gated, consecutive, dwell, hysteresis,
                                                    accuracy-aware).
                Writes <dir>/events.csv and summary.md (and turn-angle.svg for the heading detector).
                """,
            positional: PositionalSpec(
                valueName: "<file>", noun: "recording (CSV or GPX)", meaning: "The recording: a gyro or accelerometer CSV, or a track.",
                count: 1...1
            ) { o, files, _ in o.file = files[0] },
            options: [
                OptionSpec("--detector", short: "-d", value: "<config>.json", meaning: "The detector configuration JSON.", required: true) {
                    o, text, _ in o.configuration = text
                },
                OptionSpec(
                    "--places", value: "<places>",
                    meaning: "Places for a track replay: a places JSON, a GPX file, or a folder of GPX files (each point a "
                        + "place, named by <name> or file name).", default: "Scenarios/places/penn-dining.json"
                ) { o, text, _ in o.places = text },
                SharedOption.unit(
                    \.unit, meaning: "Declare the unit: rad/s, deg/s, g or m/s2.",
                    default: "from the header, or the format's documentation for the file's sensor"),
                SharedOption.out(\.outputFolder, meaning: "Folder for the report.", default: "Reports/replay"),
                SharedOption.quiet(\.quiet),
            ],
            footer: formats, initial: ReplayOptions()
        ) { o, _ in .replay(o) }
    }

    // MARK: - Help and developer commands

    static var help: CommandTable<[String]> {
        CommandTable(
            ["help"], summary: "Show help for sensorbench or one of its subcommands.",
            positional: PositionalSpec(
                valueName: "<subcommand>", noun: "subcommand", meaning: "A subcommand, nested ones as two words (gpx export).",
                count: 0...Int.max
            ) { o, words, _ in o = words },
            initial: []
        ) { words, context in
            let topic = words.isEmpty ? nil : words.joined(separator: " ")
            guard node(topic) != nil else {
                throw context.error("unknown subcommand '\(topic ?? "")' (known: \(root.known))")
            }
            return .help(topic: topic)
        }
    }

    static var dev: CommandGroup {
        CommandGroup(
            ["dev"], summary: "Developer commands (left out of the main help on purpose).",
            children: [writeSamples, allanRecovery, driftCoverage], hidden: true)
    }

    static var writeSamples: CommandTable<String> {
        CommandTable(
            ["dev", "write-samples"], summary: "Regenerate the synthetic sample recordings of Scenarios/recordings.",
            positional: PositionalSpec(valueName: "<dir>", noun: "folder", meaning: "The folder to write them into.", count: 1...1) {
                o, folders, _ in o = folders[0]
            },
            initial: ""
        ) { folder, _ in .writeSamples(folder: folder) }
    }

    struct AllanRecoveryOptions {
        var replications = 20
        var quiet = false
    }

    static var allanRecovery: CommandTable<AllanRecoveryOptions> {
        CommandTable(
            ["dev", "allan-recovery"], summary: "The Allan recovery table and interval coverage (docs/recordings.md).",
            positional: PositionalSpec(
                valueName: "<replications>", noun: "replication count", meaning: "Simulated recordings per row, 2 to 10000 (default: 20).",
                count: 0...1
            ) { o, values, context in
                if let text = values.first {
                    o.replications = try ValueParser.integer(text, option: "<replications>", in: 2...10_000, context)
                }
            },
            options: [SharedOption.quiet(\.quiet)],
            initial: AllanRecoveryOptions()
        ) { o, _ in .allanRecovery(replications: o.replications) }
    }

    struct DriftCoverageOptions {
        var replications = 200
        var trialsPerCell = 20
        var quiet = false
    }

    static var driftCoverage: CommandTable<DriftCoverageOptions> {
        CommandTable(
            ["dev", "drift-coverage"],
            summary: "The coverage of the drift report's intervals by simulated replications (docs/drift.md).",
            positional: PositionalSpec(
                valueName: "<replications> [<trials>]", noun: "count",
                meaning: "Replications, 2 to 10000 (default: 200), then walks per cell, 2 to 1000 (default: 20).",
                count: 0...2
            ) { o, values, context in
                if values.count >= 1 {
                    o.replications = try ValueParser.integer(values[0], option: "<replications>", in: 2...10_000, context)
                }
                if values.count == 2 {
                    o.trialsPerCell = try ValueParser.integer(values[1], option: "<trials>", in: 2...1000, context)
                }
            },
            options: [SharedOption.quiet(\.quiet)],
            initial: DriftCoverageOptions()
        ) { o, _ in .driftCoverage(replications: o.replications, trialsPerCell: o.trialsPerCell) }
    }
}

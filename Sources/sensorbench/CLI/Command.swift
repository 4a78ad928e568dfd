import FileFormats
import MonteCarlo
import Studies

/// A parsed command line.
package enum Command: Equatable, Sendable {
    case run(RunOptions)
    case validate(ValidateOptions)
    case list
    case bench(BenchOptions)
    /// `outputFolder` `nil`: `Reports` for scenario parts (the report goes to `Reports/<name>/`), `Reports/grades` for
    /// grading parts (the team reports go straight into the folder, as with `grade`).
    case merge(MergeOptions)
    /// `distance LAT,LON LAT,LON`: the two points as typed.
    case distance(from: String, to: String)
    /// `gpx export SCENARIO --out FILE [--seed S]`.
    case gpxExport(GPXExportOptions)
    /// `topic` is a subcommand path ("run", "gpx export"), `nil` for the program's own help.
    case help(topic: String?)
    case version
    // Recordings (Sources/Studies/Recordings).
    case allan(AllanOptions)
    case calibrate(CalibrateOptions)
    case walks(WalksOptions)
    /// `replay FILE --detector CONFIG.json [...]`.
    case replay(ReplayOptions)
    /// `dev write-samples DIR` (hidden from help): regenerates Scenarios/recordings' synthetic samples.
    case writeSamples(folder: String)
    /// `dev allan-recovery [R]` (hidden from help): the Allan recovery table and coverage (``AllanBenchmark``).
    case allanRecovery(replications: Int)
    /// `dev drift-coverage [R [TRIALS]]` (hidden from help): the drift report's interval coverage (``DriftCoverage``).
    case driftCoverage(replications: Int, trialsPerCell: Int)
    // Grading (Sources/Studies/Grading).
    case grade(GradeOptions)
}

/// Options of `sensorbench run`.
package struct RunOptions: Equatable, Sendable {
    package var files: [String] = []
    package var outputFolder = "Reports"
    package var overrides = RunOverrides()
    /// Worker threads; `nil` = every core.
    package var jobs: Int?
    package var quiet = false
    /// Compute only this share of the trials and write a part file (see ``PartFile``).
    package var shard: ShardSpec?
    package init() {}
}

/// Options of `sensorbench bench`.
package struct BenchOptions: Equatable, Sendable {
    /// Trials of the drift pipeline per measurement.
    package var trials = 16
    package var jobs: Int?
    package var quiet = false
    /// Three repetitions of at least 0.2 s each instead of five of at least 1 s: for iterating, not for the record.
    package var quick = false
    /// Source submissions to grade cold and warm (``Benchmark/sourceSubmissionRows``); 0 leaves the rows out.
    package var sourceSubmissions = 0
    package init() {}
}

/// Options of `sensorbench merge`.
package struct MergeOptions: Equatable, Sendable {
    package var parts: [String] = []
    /// `nil`: `Reports` for scenario parts (the report goes to `Reports/<name>/`), `Reports/grades` for grading
    /// parts (the team reports go straight into the folder, as with `grade`).
    package var outputFolder: String?
    package var quiet = false
    package init() {}
}

/// Options of `sensorbench validate`.
package struct ValidateOptions: Equatable, Sendable {
    package var files: [String] = []
    /// The kind every file must be; `nil`: detected from each file's content.
    package var kind: InputKind?
    /// The rubric submissions are checked against; `nil`: the shipped `rubrics/penn-dining.json`.
    package var rubric: String?
    package var quiet = false
    package init() {}
}

/// Options of `sensorbench gpx export`.
package struct GPXExportOptions: Equatable, Sendable {
    package var scenario = ""
    package var outputFile = ""
    /// Overrides the scenario's seed (the jitter of the exported visit).
    package var seed: UInt64?
    package var quiet = false
    package init() {}
}

// MARK: - Recordings

/// Options of `sensorbench allan`.
package struct AllanOptions: Equatable, Sendable {
    package var file = ""
    /// "x", "y", "z" or "all".
    package var axis = "all"
    package var outputFolder = "Reports/allan"
    package var unit: RecordingUnit?
    package var quiet = false
    package init() {}
}

/// Options of `sensorbench calibrate`.
package struct CalibrateOptions: Equatable, Sendable {
    package var file = ""
    /// The profile JSON to write; its file name (without .json) is the profile's name.
    package var output = ""
    package var axis = "z"
    package var unit: RecordingUnit?
    package var quiet = false
    package init() {}
}

/// Options of `sensorbench walks`.
package struct WalksOptions: Equatable, Sendable {
    package var file = ""
    package var profile = "phone-calibrated"
    package var outputFolder = "Reports/walks"
    /// Simulated walks per distinct duration.
    package var trials = 200
    package var seed: UInt64 = 1
    /// Straight walks (0 turns) instead of 4-turn loops.
    package var straight = false
    package var jobs: Int?
    package var quiet = false
    package init() {}
}

/// Options of `sensorbench replay`.
package struct ReplayOptions: Equatable, Sendable {
    /// The recording: a CSV (gyro or accelerometer) or a GPX track.
    package var file = ""
    /// The detector configuration JSON.
    package var configuration = ""
    /// Places for a proximity replay; `nil` = Scenarios/places/penn-dining.json.
    package var places: String?
    package var unit: RecordingUnit?
    package var outputFolder = "Reports/replay"
    package var quiet = false
    package init() {}
}

// MARK: - Grading

/// Options of `sensorbench grade`.
package struct GradeOptions: Equatable, Sendable {
    package var rubric = ""
    /// Submission files or folders (a folder stands for its `*.json` files, sorted by name).
    package var submissions: [String] = []
    package var outputFolder = "Reports/grades"
    package var jobs: Int?
    /// Grade only this shard's units and write a part file (``PartFile``) instead of the reports.
    package var shard: ShardSpec?
    package var quiet = false
    package init() {}
}

import FileFormats
import MonteCarlo
import Studies

/// A parsed command line.
public enum Command: Equatable, Sendable {
    case run(RunOptions)
    case validate(files: [String])
    case list
    case bench(BenchOptions)
    /// `outputFolder` `nil`: `Reports` for scenario parts (the report goes to `Reports/<name>/`), `Reports/grades` for
    /// grading parts (the team reports go straight into the folder, as with `grade`).
    case merge(parts: [String], outputFolder: String?)
    /// `distance LAT,LON LAT,LON`: the two points as typed.
    case distance(from: String, to: String)
    /// `gpx export SCENARIO --out FILE`.
    case gpxExport(scenario: String, outputFile: String)
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
    // Grading (Sources/Studies/Grading).
    case grade(GradeOptions)
}

/// Options of `sensorbench run`.
public struct RunOptions: Equatable, Sendable {
    public var files: [String] = []
    public var outputFolder = "Reports"
    public var overrides = RunOverrides()
    /// Worker threads; `nil` = every core.
    public var jobs: Int?
    public var quiet = false
    /// Compute only this share of the trials and write a part file (see ``PartFile``).
    public var shard: ShardSpec?
    public init() {}
}

/// Options of `sensorbench bench`.
public struct BenchOptions: Equatable, Sendable {
    /// Trials of the drift pipeline per measurement.
    public var trials = 16
    public var jobs: Int?
    public init() {}
}

// MARK: - Recordings

/// Options of `sensorbench allan`.
public struct AllanOptions: Equatable, Sendable {
    public var file = ""
    /// "x", "y", "z" or "all".
    public var axis = "all"
    public var outputFolder = "Reports/allan"
    public var unit: RecordingUnit?
    public init() {}
}

/// Options of `sensorbench calibrate`.
public struct CalibrateOptions: Equatable, Sendable {
    public var file = ""
    /// The profile JSON to write; its file name (without .json) is the profile's name.
    public var output = ""
    public var axis = "z"
    public var unit: RecordingUnit?
    public init() {}
}

/// Options of `sensorbench walks`.
public struct WalksOptions: Equatable, Sendable {
    public var file = ""
    public var profile = "phone-calibrated"
    public var outputFolder = "Reports/walks"
    /// Simulated walks per distinct duration.
    public var trials = 200
    public var seed: UInt64 = 1
    /// Straight walks (0 turns) instead of 4-turn loops.
    public var straight = false
    public var jobs: Int?
    public init() {}
}

/// Options of `sensorbench replay`.
public struct ReplayOptions: Equatable, Sendable {
    /// The recording: a CSV (gyro or accelerometer) or a GPX track.
    public var file = ""
    /// The detector configuration JSON.
    public var configuration = ""
    /// Places for a proximity replay; `nil` = Scenarios/places/penn-dining.json.
    public var places: String?
    public var unit: RecordingUnit?
    public var outputFolder = "Reports/replay"
    public init() {}
}

// MARK: - Grading

/// Options of `sensorbench grade`.
public struct GradeOptions: Equatable, Sendable {
    public var rubric = ""
    /// Submission files or folders (a folder stands for its `*.json` files, sorted by name).
    public var submissions: [String] = []
    public var outputFolder = "Reports/grades"
    public var jobs: Int?
    /// Grade only this shard's units and write a part file (``GradePartFile``) instead of the reports.
    public var shard: ShardSpec?
    public var quiet = false
    public init() {}
}

/// A parsed command line.
public enum Command: Equatable, Sendable {
    case run(RunOptions)
    case validate(files: [String])
    case list
    case bench(BenchOptions)
    case merge(parts: [String], outputFolder: String)
    /// `distance LAT,LON LAT,LON`: the two points as typed.
    case distance(from: String, to: String)
    /// `gpx export SCENARIO --out FILE`.
    case gpxExport(scenario: String, outputFile: String)
    case help(topic: String?)
    case version
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

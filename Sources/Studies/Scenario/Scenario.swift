import MonteCarlo
import Reporting

/// A validated scenario of any study. Each study adds one case here and one arm in each switch below, plus one
/// arm in ``ScenarioFile/load(path:overrides:)``.
public enum Scenario: Sendable {
    case drift(DriftScenario)
    case shake(ShakeScenario)
    case scribble(ScribbleScenario)
    case geofence(GeofenceScenario)

    public var name: String {
        switch self {
        case .drift(let s): return s.name
        case .shake(let s): return s.name
        case .scribble(let s): return s.name
        case .geofence(let s): return s.name
        }
    }

    /// Trials the scenario runs in all.
    public var totalTrials: Int {
        switch self {
        case .drift(let s): return s.totalTrials
        case .shake(let s): return s.totalTrials
        case .scribble(let s): return s.totalTrials
        case .geofence(let s): return s.totalTrials
        }
    }

    /// Grid cells (parameter combinations) of the scenario.
    public var cellCount: Int {
        switch self {
        case .drift(let s): return s.cells.count
        case .shake(let s): return s.configurations.count
        case .scribble(let s): return s.configurations.count
        case .geofence(let s): return s.cells.count
        }
    }

    /// Runs the scenario and returns its report files (nothing is written here).
    public func report(runner: MonteCarloRunner) throws -> ReportFiles {
        switch self {
        case .drift(let s): return try DriftStudy.report(s, runner: runner)
        case .shake(let s): return try ShakeStudy.report(s, runner: runner)
        case .scribble(let s): return try ScribbleStudy.report(s, runner: runner)
        case .geofence(let s): return try GeofenceStudy.report(s, runner: runner)
        }
    }

    // MARK: - Shards

    /// The study's name as scenario files write it.
    public var study: String {
        switch self {
        case .drift: return "drift"
        case .shake: return "shake"
        case .scribble: return "scribble"
        case .geofence: return "geofence"
        }
    }

    public var seed: UInt64 {
        switch self {
        case .drift(let s): return s.seed
        case .shake(let s): return s.seed
        case .scribble(let s): return s.seed
        case .geofence(let s): return s.seed
        }
    }

    public var trialsPerCell: Int {
        switch self {
        case .drift(let s): return s.trialsPerCell
        case .shake(let s): return s.timelines
        case .scribble(let s): return s.timelines
        case .geofence(let s): return s.trialsPerCell
        }
    }

    /// Fingerprint of everything that determines the results; parts of different content never merge.
    public var contentHash: String {
        switch self {
        case .drift(let s): return s.contentHash
        case .shake(let s): return FileContentHash.of(file: s.file, seed: s.seed, trials: s.timelines)
        case .scribble(let s): return FileContentHash.of(file: s.file, seed: s.seed, trials: s.timelines)
        case .geofence(let s): return s.contentHash
        }
    }

    /// The record columns and one record line per trial of `range`, for a part file.
    public func shardRecords(range: Range<Int>, runner: MonteCarloRunner) throws -> (columns: String, records: [String]) {
        switch self {
        case .drift(let s): return (DriftStudy.recordColumns, try DriftStudy.shardRecords(s, range: range, runner: runner))
        case .shake(let s):
            return (GestureTrialOutcome.recordColumns, try ShakeStudy.simulate(s, runner: runner, range: range).map(\.record))
        case .scribble(let s):
            return (GestureTrialOutcome.recordColumns, try ScribbleStudy.simulate(s, runner: runner, range: range).map(\.record))
        case .geofence(let s):
            return (GeofenceOutcome.recordColumns, try GeofenceStudy.shardRecords(s, range: range, runner: runner))
        }
    }

    /// The full report from every trial's record, in global index order: identical to an unsharded run's.
    public func report(records: [(file: String, line: Int, text: String)]) throws -> ReportFiles {
        switch self {
        case .drift(let s): return try DriftStudy.report(s, records: records)
        case .shake(let s):
            return try ShakeStudy.report(
                s,
                outcomes: try GestureTrialOutcome.outcomes(
                    records: records, scenarioSeed: s.seed, settings: s.configurations.count))
        case .scribble(let s):
            return try ScribbleStudy.report(
                s,
                outcomes: try GestureTrialOutcome.outcomes(
                    records: records, scenarioSeed: s.seed, settings: s.configurations.count))
        case .geofence(let s): return try GeofenceStudy.report(s, records: records)
        }
    }
}

import Reporting

/// A validated scenario of any study. Each study adds one case here and one arm in each switch below, plus one
/// arm in ``ScenarioFile/load(path:overrides:)``.
public enum Scenario: Sendable {
    case drift(DriftScenario)

    public var name: String {
        switch self {
        case .drift(let s): return s.name
        }
    }

    /// Trials the scenario runs in all.
    public var totalTrials: Int {
        switch self {
        case .drift(let s): return s.totalTrials
        }
    }

    /// Grid cells (parameter combinations) of the scenario.
    public var cellCount: Int {
        switch self {
        case .drift(let s): return s.cells.count
        }
    }

    /// Runs the scenario and returns its report files (nothing is written here).
    public func report(runner: MonteCarloRunner) throws -> ReportFiles {
        switch self {
        case .drift(let s): return try DriftStudy.report(s, runner: runner)
        }
    }
}

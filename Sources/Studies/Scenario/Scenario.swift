import Reporting

/// A validated scenario of any study. Each study adds one case here and one arm in each switch below, plus one
/// arm in ``ScenarioFile/load(path:overrides:)``.
public enum Scenario: Sendable {
    case drift(DriftScenario)
    case shake(ShakeScenario)
    case scribble(ScribbleScenario)

    public var name: String {
        switch self {
        case .drift(let s): return s.name
        case .shake(let s): return s.name
        case .scribble(let s): return s.name
        }
    }

    /// Trials the scenario runs in all.
    public var totalTrials: Int {
        switch self {
        case .drift(let s): return s.totalTrials
        case .shake(let s): return s.totalTrials
        case .scribble(let s): return s.totalTrials
        }
    }

    /// Grid cells (parameter combinations) of the scenario.
    public var cellCount: Int {
        switch self {
        case .drift(let s): return s.cells.count
        case .shake(let s): return s.configurations.count
        case .scribble(let s): return s.configurations.count
        }
    }

    /// Runs the scenario and returns its report files (nothing is written here).
    public func report(runner: MonteCarloRunner) throws -> ReportFiles {
        switch self {
        case .drift(let s): return try DriftStudy.report(s, runner: runner)
        case .shake(let s): return try ShakeStudy.report(s, runner: runner)
        case .scribble(let s): return try ScribbleStudy.report(s, runner: runner)
        }
    }
}

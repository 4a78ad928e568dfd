import Foundation
import Reporting

/// Runs any validated scenario and returns its report files (nothing is written here).
public enum StudyRunner {
    public static func report(_ scenario: Scenario, runner: MonteCarloRunner) throws -> ReportFiles {
        switch scenario {
        case .drift(let s): return try DriftStudy.report(s, runner: runner)
        }
    }
}

import Foundation
import Reporting
import SensorSim

/// Runs a drift scenario end to end: trials on all cores, statistics, report files.
public enum DriftStudy {
    /// Simulates every trial of the scenario, in global trial order.
    public static func simulate(_ s: DriftScenario, runner: MonteCarloRunner) throws -> [DriftOutcome] {
        var shared: [String: GyroDevice] = [:]
        if s.sameDevice {
            for cell in s.cells where shared[cell.profile.name] == nil {
                shared[cell.profile.name] = try DriftTrial.sharedDevice(scenarioSeed: s.seed, profile: cell.profile)
            }
        }
        let devices = shared
        let perCell = s.trialsPerCell
        return try runner.run(count: s.totalTrials) { index in
            let cell = s.cells[index / perCell]
            return try DriftTrial.run(cell: cell, trialInCell: index % perCell, globalIndex: index, scenario: s,
                                      sharedDevice: devices[cell.profile.name])
        }
    }

    /// Simulates, analyses and renders; returns the report's files without writing them.
    public static func report(_ s: DriftScenario, runner: MonteCarloRunner) throws -> ReportFiles {
        let outcomes = try simulate(s, runner: runner)
        let analysis = try DriftAnalysis(scenario: s, outcomes: outcomes)
        return try DriftReport.render(scenario: s, outcomes: outcomes, analysis: analysis)
    }
}

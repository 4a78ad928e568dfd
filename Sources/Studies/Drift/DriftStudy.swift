import Foundation
import MonteCarlo
import Reporting
import SensorSim

/// Runs a drift scenario end to end: trials on all cores, statistics, report files.
package enum DriftStudy {
    /// Simulates the trials with global indices in `range` (default: all), in global trial order.
    package static func simulate(_ s: DriftScenario, runner: MonteCarloRunner, range: Range<Int>? = nil) throws -> [DriftOutcome] {
        let range = range ?? 0..<s.totalTrials
        var shared: [String: GyroDevice] = [:]
        if s.sameDevice {
            for cell in s.cells where shared[cell.profile.name] == nil {
                shared[cell.profile.name] = try DriftTrial.sharedDevice(scenarioSeed: s.seed, profile: cell.profile)
            }
        }
        let devices = shared
        let perCell = s.trialsPerCell
        return try runner.run(count: range.count) { offset in
            let index = range.lowerBound + offset
            let cell = s.cells[index / perCell]
            return try DriftTrial.run(
                cell: cell, trialInCell: index % perCell, globalIndex: index, scenario: s,
                sharedDevice: devices[cell.profile.name])
        }
    }

    /// Simulates, analyses and renders; returns the report's files without writing them.
    package static func report(_ s: DriftScenario, runner: MonteCarloRunner) throws -> ReportFiles {
        let outcomes = try simulate(s, runner: runner)
        let analysis = try DriftAnalysis(scenario: s, outcomes: outcomes)
        return try DriftReport.render(scenario: s, outcomes: outcomes, analysis: analysis)
    }
}

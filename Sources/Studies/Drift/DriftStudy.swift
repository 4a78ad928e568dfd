import Foundation
import MonteCarlo
import Reporting
import SensorSim

/// Runs a drift scenario end to end: trials on all cores, statistics, report files.
package enum DriftStudy {
    /// Simulates the trials with global indices in `range` (default: all), in global trial order.
    package static func simulate(_ s: DriftScenario, runner: MonteCarloRunner, range: Range<Int>? = nil) throws -> [DriftOutcome] {
        let range = range ?? 0..<s.totalTrials
        let trial = try trialFunction(s, range: range)
        return try runner.run(count: range.count, trial)
    }

    /// Simulates the trials with global indices in `range` and hands each outcome to `each` in index order, as the
    /// runner finishes them (``MonteCarloRunner/forEach(count:inFlight:_:consume:)``: at most a few per job held).
    package static func simulate(
        _ s: DriftScenario, runner: MonteCarloRunner, range: Range<Int>, each: (Int, DriftOutcome) throws -> Void
    ) throws {
        let trial = try trialFunction(s, range: range)
        try runner.forEach(count: range.count, trial) { offset, outcome in try each(range.lowerBound + offset, outcome) }
    }

    /// The trial at offset k of `range`, with the scenario's one phone drawn once when it has one.
    private static func trialFunction(_ s: DriftScenario, range: Range<Int>) throws -> @Sendable (Int) throws -> DriftOutcome {
        var shared: [String: GyroDevice] = [:]
        if s.sameDevice {
            for cell in s.cells where shared[cell.profile.name] == nil {
                shared[cell.profile.name] = try DriftTrial.sharedDevice(scenarioSeed: s.seed, profile: cell.profile)
            }
        }
        let devices = shared
        let perCell = s.trialsPerCell
        return { offset in
            let index = range.lowerBound + offset
            let cell = s.cells[index / perCell]
            return try DriftTrial.run(
                cell: cell, trialInCell: index % perCell, globalIndex: index, scenario: s,
                sharedDevice: devices[cell.profile.name])
        }
    }

    /// Simulates, analyses and renders, streaming (``DriftReport/render(scenario:keptWalksPerCell:feed:)``);
    /// returns the report's files without writing them.
    package static func report(_ s: DriftScenario, runner: MonteCarloRunner) throws -> ReportFiles {
        try DriftReport.render(scenario: s) { sink in
            try simulate(s, runner: runner, range: 0..<s.totalTrials) { _, outcome in try sink(outcome) }
        }
    }
}

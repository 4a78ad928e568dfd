import FileFormats
import MonteCarlo
import Reporting

/// The shake study as a ``Study`` (records as every gesture sweep's, ``GestureSweepScenario``).
extension ShakeScenario: GestureSweepScenario {
    package static let kind = "shake"

    package static func parse(_ r: JSONObjectReader, source: ScenarioSource) throws(InputError) -> ShakeScenario {
        try parse(r, file: source.file, overrides: source.overrides)
    }

    package var settingCount: Int { configurations.count }

    package func simulate(_ range: Range<Int>, runner: MonteCarloRunner) throws -> [GestureTrialOutcome] {
        try ShakeStudy.simulate(self, runner: runner, range: range)
    }

    package func simulate(
        _ range: Range<Int>, runner: MonteCarloRunner, each: (Int, GestureTrialOutcome) throws -> Void
    ) throws {
        try ShakeStudy.simulate(self, runner: runner, range: range, each: each)
    }

    package func report(_ outcomes: [GestureTrialOutcome]) throws -> ReportFiles { try ShakeStudy.report(self, outcomes: outcomes) }

    /// Streamed: each timeline is reduced as it arrives (``SweepStream``), whether simulated or merged.
    package func report(feed: ((GestureTrialOutcome) throws -> Void) throws -> Void) throws -> ReportFiles {
        try ShakeStudy.report(self, feed: feed)
    }
}

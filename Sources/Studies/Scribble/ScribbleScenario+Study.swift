import FileFormats
import MonteCarlo
import Reporting

/// The scribble study as a ``Study`` (records as every gesture sweep's, ``GestureSweepScenario``).
extension ScribbleScenario: GestureSweepScenario {
    package static let kind = "scribble"

    package static func parse(_ r: JSONObjectReader, source: ScenarioSource) throws(InputError) -> ScribbleScenario {
        try parse(r, file: source.file, overrides: source.overrides)
    }

    package var settingCount: Int { configurations.count }

    package func simulate(_ range: Range<Int>, runner: MonteCarloRunner) throws -> [GestureTrialOutcome] {
        try ScribbleStudy.simulate(self, runner: runner, range: range)
    }

    package func report(_ outcomes: [GestureTrialOutcome]) throws -> ReportFiles { try ScribbleStudy.report(self, outcomes: outcomes) }
}

import FileFormats
import MonteCarlo
import Reporting

/// The scribble study as a ``Study``: one record a timeline (``GestureTrialOutcome/record``).
extension ScribbleScenario: Study {
    package static let kind = "scribble"
    package static let recordColumns = GestureTrialOutcome.recordColumns

    package static func parse(_ r: JSONObjectReader, source: ScenarioSource) throws(InputError) -> ScribbleScenario {
        try parse(r, file: source.file, overrides: source.overrides)
    }

    /// Every detector setting sees every timeline: the timelines are the trials of each cell.
    package var trialsPerCell: Int { timelines }
    package var cellCount: Int { configurations.count }

    package func simulate(_ range: Range<Int>, runner: MonteCarloRunner) throws -> [GestureTrialOutcome] {
        try ScribbleStudy.simulate(self, runner: runner, range: range)
    }

    package func record(_ outcome: GestureTrialOutcome, index: Int) -> String { outcome.record }

    package func outcome(record: String, index: Int) -> GestureTrialOutcome? {
        GestureTrialOutcome(record: record, index: index, scenarioSeed: seed, settings: configurations.count)
    }

    package func report(_ outcomes: [GestureTrialOutcome]) throws -> ReportFiles { try ScribbleStudy.report(self, outcomes: outcomes) }
}

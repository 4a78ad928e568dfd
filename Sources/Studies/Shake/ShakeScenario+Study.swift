import FileFormats
import MonteCarlo
import Reporting

/// The shake study as a ``Study``: one record a timeline (``GestureTrialOutcome/record``).
extension ShakeScenario: Study {
    package static let kind = "shake"
    package static let recordColumns = GestureTrialOutcome.recordColumns

    package static func parse(_ r: JSONObjectReader, source: ScenarioSource) throws(InputError) -> ShakeScenario {
        try parse(r, file: source.file, overrides: source.overrides)
    }

    /// Every detector setting sees every timeline: the timelines are the trials of each cell.
    package var trialsPerCell: Int { timelines }
    package var cellCount: Int { configurations.count }

    package func simulate(_ range: Range<Int>, runner: MonteCarloRunner) throws -> [GestureTrialOutcome] {
        try ShakeStudy.simulate(self, runner: runner, range: range)
    }

    package func record(_ outcome: GestureTrialOutcome, index: Int) -> String { outcome.record }

    package func outcome(record: String, index: Int) -> GestureTrialOutcome? {
        GestureTrialOutcome(record: record, index: index, scenarioSeed: seed, settings: configurations.count)
    }

    package func report(_ outcomes: [GestureTrialOutcome]) throws -> ReportFiles { try ShakeStudy.report(self, outcomes: outcomes) }
}

import MonteCarlo

/// What the shake and scribble studies share as ``Study``s: the timelines are the trials, every detector
/// setting sees every timeline, and a timeline's outcome is one ``GestureTrialOutcome`` record.
package protocol GestureSweepScenario: Study where Outcome == GestureTrialOutcome {
    var timelines: Int { get }
    var seed: UInt64 { get }
    /// Detector settings of the sweep.
    var settingCount: Int { get }
}

extension GestureSweepScenario {
    package static var recordColumns: String { GestureTrialOutcome.recordColumns }
    /// Every detector setting sees every timeline: the timelines are the trials of each cell.
    package var trialsPerCell: Int { timelines }
    package var cellCount: Int { settingCount }

    package func record(_ outcome: GestureTrialOutcome, index: Int) -> String { outcome.record }

    package func outcome(record: String, index: Int) -> GestureTrialOutcome? {
        GestureTrialOutcome(record: record, index: index, scenarioSeed: seed, settings: settingCount)
    }
}

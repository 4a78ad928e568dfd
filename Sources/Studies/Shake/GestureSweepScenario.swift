import FileFormats
import MonteCarlo
import Reporting

/// What the shake and scribble studies share as ``Study``s: the timelines are the trials, every detector
/// setting sees every timeline, and a timeline's outcome is one ``GestureTrialOutcome`` record.
///
/// A gesture study supplies its reader, its one-timeline trial and its streamed report; the rest of ``Study``
/// (reading from a source, simulating ranges in index order, records, reports from stored outcomes) is this
/// protocol's, written once for both.
package protocol GestureSweepScenario: Study where Outcome == GestureTrialOutcome {
    associatedtype Configuration
    var timelines: Int { get }
    var seed: UInt64 { get }
    /// Detector settings of the sweep, in sweep order.
    var configurations: [Configuration] { get }

    /// Reads and validates a scenario (the reader is past `study`).
    static func parse(_ r: JSONObjectReader, file: String, overrides: RunOverrides) throws(InputError) -> Self
    /// Simulates the timeline with global index `index` and feeds it to every setting.
    func runTimeline(index: Int) throws -> GestureTrialOutcome
}

extension GestureSweepScenario {
    /// Every gesture study writes the same files: the sweep, the events, the summary and four charts.
    package static var outputs: [StudyOutput] {
        [
            .always("sweep.csv"), .always("events.csv"), .always("summary.md"), .always("precision-recall.svg"),
            .always("recall-vs-false-alarms.svg"), .always("false-alarms-by-activity.svg"),
            .always("false-alarm-intervals.svg"),
        ]
    }

    package static var recordColumns: String { GestureTrialOutcome.recordColumns }
    /// Detector settings of the sweep.
    package var settingCount: Int { configurations.count }
    /// Every detector setting sees every timeline: the timelines are the trials of each cell.
    package var trialsPerCell: Int { timelines }
    package var cellCount: Int { settingCount }
    package var totalTrials: Int { timelines }

    package static func parse(_ r: JSONObjectReader, source: ScenarioSource) throws(InputError) -> Self {
        try parse(r, file: source.file, overrides: source.overrides)
    }

    /// Simulates the timelines with global indices in `range`, in index order.
    package func simulate(_ range: Range<Int>, runner: MonteCarloRunner) throws -> [GestureTrialOutcome] {
        try runner.run(count: range.count) { offset in try runTimeline(index: range.lowerBound + offset) }
    }

    /// Simulates the timelines with global indices in `range` and hands each outcome to `each` in index order, as
    /// the runner finishes them (at most a few per job held at once).
    package func simulate(
        _ range: Range<Int>, runner: MonteCarloRunner, each: (Int, GestureTrialOutcome) throws -> Void
    ) throws {
        try runner.forEach(count: range.count) { offset in
            try runTimeline(index: range.lowerBound + offset)
        } consume: { offset, outcome in
            try each(range.lowerBound + offset, outcome)
        }
    }

    /// Analyses and renders stored (simulated or merged) timelines, streamed as ``Study/report(feed:)`` reads them.
    package func report(_ outcomes: [GestureTrialOutcome]) throws -> ReportFiles {
        try report { sink in for o in outcomes { try sink(o) } }
    }

    package func record(_ outcome: GestureTrialOutcome, index: Int) -> String { outcome.record }

    package func outcome(record: String, index: Int) -> GestureTrialOutcome? {
        GestureTrialOutcome(record: record, index: index, scenarioSeed: seed, settings: settingCount)
    }
}

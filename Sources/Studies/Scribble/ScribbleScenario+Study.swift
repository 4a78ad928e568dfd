import MonteCarlo
import Reporting

/// The scribble study as a ``Study`` (everything but its trial and report is every gesture sweep's,
/// ``GestureSweepScenario``).
extension ScribbleScenario: GestureSweepScenario {
    package static let kind = "scribble"

    package func runTimeline(index: Int) throws -> GestureTrialOutcome { try ScribbleStudy.run(self, index: index) }

    /// Streamed: each timeline is reduced as it arrives (``SweepStream``), whether simulated or merged.
    package func report(feed: ((GestureTrialOutcome) throws -> Void) throws -> Void) throws -> ReportFiles {
        try ScribbleStudy.report(self, feed: feed)
    }
}

import MonteCarlo
import Reporting

/// The shake study as a ``Study`` (everything but its trial and report is every gesture sweep's,
/// ``GestureSweepScenario``).
extension ShakeScenario: GestureSweepScenario {
    package static let kind = "shake"

    package func runTimeline(index: Int) throws -> GestureTrialOutcome { try ShakeTrial.run(self, index: index) }

    /// Streamed: each timeline is reduced as it arrives (``SweepStream``), whether simulated or merged.
    package func report(feed: ((GestureTrialOutcome) throws -> Void) throws -> Void) throws -> ReportFiles {
        try ShakeStudy.report(self, feed: feed)
    }
}

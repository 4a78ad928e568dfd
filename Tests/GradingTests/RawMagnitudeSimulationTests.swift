import DetectionCore
import Foundation
import SensorSim
import Stats
import Testing

@testable import Grading
@testable import MonteCarlo
@testable import Studies

/// The raw-magnitude kind in the simulation and the grader: the timeline is user acceleration, so the trial adds
/// gravity (0, 0, −1) g before a detector that reads raw readings.
@Suite struct RawMagnitudeSimulationTests {
    /// A still phone, no noise, 60 s at 60 Hz (3600 samples, user acceleration ≈ 0). With gravity added |a| ≈ 1 g:
    /// a 0.5 g raw threshold hits on every sample, so the detector fires at the 3rd sample (k = 2), then the 1 s
    /// cooldown ends at t = 2/60 + 1 s, k = 62, and the next 3 hits fire at k = 64: every 62 samples,
    /// k = 2 + 62n ≤ 3599 → n ≤ 58: 59 events. A 1.5 g threshold needs 0.5 g of user acceleration: none.
    /// (Without the gravity the 0.5 g threshold would never fire.)
    @Test func gravityIsAddedForRawReadings() throws {
        var p = MotionTimelineParameters(
            durationSeconds: 60, sensor: AccelerometerSensor(sampleRateHz: 60, rangeG: 16, noiseRmsG: 0),
            weights: [.still: 1], shakes: .count(0), minimumGapSeconds: 5)
        p.ranges.shakeDurationSeconds = UniformRange(1, 2)
        let timeline = MotionTimelineGenerator.generate(p, stream: try RandomStream(seed: TrialSeed(scenarioSeed: 5, trialIndex: 0)))
        #expect(timeline.sampleCount == 3600)
        var low = ShakeDetectorConfiguration.rawMagnitudeDefault
        low.thresholdG = 0.5
        let times = try ShakeTrial.detect(timeline, low)
        #expect(times.count == 59)
        #expect(times.first == 2.0 / 60 && times.last == Double(2 + 62 * 58) / 60)
        var high = low
        high.thresholdG = 1.5
        #expect(try ShakeTrial.detect(timeline, high).isEmpty)
    }

    /// The public submission's detector as a submission grades; inputIncludesGravity true is refused for the
    /// other kinds, naming raw-magnitude.
    @Test func publicSubmissionGrades() throws {
        let f = try GradingFixture(submissions: [
            "raw.json": GradingFixture.submission(
                team: "raw",
                detector:
                    #"{"kind": "raw-magnitude", "thresholdG": 2.5, "requiredCount": 3, "windowSeconds": 2.0, "inputIncludesGravity": true}"#
            ),
            "bad.json": GradingFixture.submission(
                team: "bad", detector: #"{"kind": "threshold-count", "inputIncludesGravity": true}"#),
        ])
        defer { f.remove() }
        let rubric = try Rubric.load(path: f.rubricPath)
        let (grades, failures) = try Grader.grade(
            rubric, files: [f.path("raw.json"), f.path("bad.json")], runner: MonteCarloRunner(jobs: 2))
        #expect(grades.map(\.submission.team) == ["raw"])
        #expect(grades.first?.submission.detector == .shake(.rawMagnitudeDefault))
        #expect(failures.count == 1)
        #expect(failures.first?.error.description.contains("raw-magnitude") == true, "\(failures)")
    }
}

import Foundation
import Testing

@testable import FileFormats
@testable import MonteCarlo
@testable import Recordings
@testable import SensorSim
@testable import Studies

/// `walks`' comparison is calibrated for one phone (``WalksAnalysis``): a log's walks share the phone's fixed errors,
/// so the tests that take them as independent reject a log that comes from the profile far more often than 5%.
@Suite struct WalksCalibrationTests {
    /// `phone-calibrated` at 10 Hz instead of 100 (ten times fewer samples a walk; the drift over minutes is the
    /// bias's, the scale factor's and the instability's, which the rate does not change).
    static var classProfile: GyroProfile {
        var p = SampleRecordings.phoneCalibrated
        p.sampleRateHz = 10
        return p
    }

    static func parse(_ text: String) throws -> DriftLog {
        try DriftLog.parse(try JSONParser.parse(Array(text.utf8)), file: "log.json")
    }

    /// The shipped sample log's walks (Scenarios/recordings/drift-log.json: 3, 6, 12, 12 and 20 minutes, 1.2–4°, every
    /// one below the predicted median). Taken as five independent phones they do not fit (Anderson–Darling p 0.0139
    /// in the shipped report); as one phone of the class they do (its calibrated p is 0.28): a phone whose fixed errors
    /// are small puts every walk low. The calibration uses 199 logs even at 20 trials, so its p-value is a multiple of
    /// 1/200.
    @Test func aLowPhoneOfTheClassIsConsistentWithIt() throws {
        let log = try Self.parse(
            """
            [{"minutes": 3, "driftDegrees": 1.2}, {"minutes": 6, "driftDegrees": -2.4}, {"minutes": 12, "driftDegrees": 3.1},
             {"minutes": 12, "driftDegrees": 1.7}, {"minutes": 20, "driftDegrees": -4}]
            """)
        let a = try WalksAnalysis(
            log: log, profile: Self.classProfile, trials: 20, seed: 1, straight: false, runner: MonteCarloRunner(jobs: 2))
        #expect(a.calibrationLogs == 199)
        #expect(a.aboveMedian == 0)
        #expect(a.rejectedTakingWalksAsIndependent)
        #expect(!a.rejected, "calibrated p \(a.calibratedPValue)")
        let units = a.calibratedPValue * 200
        #expect(abs(units - units.rounded()) < 1e-9)
        let summary = try #require(try WalksReport.render(a).contents(of: "summary.md"))
        #expect(summary.contains("Consistent with the profile"))
        #expect(summary.contains("Taken as 5 independent phones the walks would not fit; as one phone they do"))
    }

    /// The level: logs that do come from the profile (one phone of `phone-calibrated` each, five loops of 1–5
    /// minutes), analysed as `walks` does. The calibrated comparison rejects at most 0.05 + 3.29·√(0.05·0.95/40) =
    /// 0.163 of 40 logs (the 99.9% band's upper end: at most 6); the rule before it, either test taking the walks as
    /// independent, rejects beyond that band (`dev walks-level` on this design, 400 logs: 3.2% [1.9–5.5] against
    /// 35.2% [30.7–40.1]; fewer than 7 of 40 when the truth is 35% has probability 0.004, more than 6 at 5% 0.003: binomial).
    @Test func theCalibratedComparisonHoldsItsLevel() throws {
        let log = try Self.parse(
            """
            [{"minutes": 1, "driftDegrees": 1}, {"minutes": 2, "driftDegrees": 1}, {"minutes": 3, "driftDegrees": 1},
             {"minutes": 4, "driftDegrees": 1}, {"minutes": 5, "driftDegrees": 1}]
            """)
        let r = try WalksLevel.run(
            log: log, profile: Self.classProfile, trials: 20, replications: 40, seed: 3, straight: false, errorScale: 1,
            runner: MonteCarloRunner(jobs: 2))
        #expect(r.walks == 5 && r.replications == 40)
        #expect(r.rejected <= 6, "calibrated: \(r.rejected) of 40")
        #expect(r.rejectedTakingWalksAsIndependent >= 7, "independent: \(r.rejectedTakingWalksAsIndependent) of 40")
    }
}

import Foundation
import SensorSim
import Stats
import Testing

@testable import FileFormats
@testable import MonteCarlo
@testable import Recordings
@testable import Studies

/// The walking plan checked with the full simulator, and `walks` simulating each logged walk's own turning (issue 25).
@Suite struct WalkingPlanSimulatorTests {
    /// The plan's turning walks are the ones it advertises: 4 full turns on the spot to the left, so net and total
    /// rotation are both 4·360° = 1440° (8π rad); its straight walks turn not at all.
    @Test func thePlansTurningWalkHasTheAdvertisedNetTurns() throws {
        let walks = WalkingPlan.simulatedWalks
        #expect(walks.map(\.minutes) == [5, 5, 15, 15])
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 1, trialIndex: 0))
        for (k, walk) in walks.enumerated() {
            let plan = try WalkPlan(parameters: walk, sampleRateHz: 10, stream: stream)
            let expected = k % 2 == 1 ? 8 * Double.pi : 0
            #expect(abs(plan.netRotationRadians - expected) < 1e-12)
            #expect(abs(plan.totalRotationRadians - expected) < 1e-12)
        }
        // A logged walk's own turning: 500° in all with net −140° is 180° left and 320° right.
        let logged = try WalkPlan(
            parameters: WalkParameters.turning(minutes: 3, totalDegrees: 500, netDegrees: -140), sampleRateHz: 10, stream: stream)
        #expect(abs(logged.netRotationRadians * 180 / .pi + 140) < 1e-9)
        #expect(abs(logged.totalRotationRadians * 180 / .pi - 500) < 1e-9)
    }

    /// The plan the closed form picks for `phone-calibrated` (at 10 Hz, so the debug build stays fast), simulated
    /// through the drift study's trial (walk, gyro error model, heading tracker), one phone per log, answers at the
    /// power it advertises: the simulator's Wilson 95% interval from 200 logs reaches 95% (the plan does not fall
    /// short), and it overlaps the closed form's own interval from 400 logs (the two models agree).
    @Test func thePlansAdvertisedPowerHoldsInTheFullSimulator() throws {
        let profile = DriftCoverage.phoneCalibratedAt10Hz()
        let plan = try WalkingPlan.make(model: PhoneDriftModel(profile: profile), seed: 1)
        #expect(plan.reachesTarget)
        let check = try WalkingPlan.checkWithSimulator(
            profile: profile, walksPerKind: plan.walksPerKind, replications: 200, seed: 2, runner: MonteCarloRunner(jobs: 2))
        #expect(check.holds, "simulator \(check.answered)/200, plan \(plan.walksPerKind) per kind at \(plan.power)")
        #expect(check.powerInterval.low <= plan.powerInterval.high && plan.powerInterval.low <= check.powerInterval.high)
        // The parts' intervals against the phone's own (docs/recordings.md: 97.5% for the turning part, 93.0% for the
        // time part over 4000 logs at 100 Hz): every log is fitted, and each coverage's Clopper–Pearson interval
        // reaches 0.9 (a check that the truth is the phone's, with its sign: a wrong sign or unit covers near 0).
        #expect(check.fitted == 200)
        for covered in [check.timePartCovered, check.turningPartCovered] {
            #expect(try Proportion(successes: covered, trials: 200).clopperPearson().high >= 0.9, "\(covered) of 200")
        }
        // The same logs on one thread: the count does not depend on the runner.
        let again = try WalkingPlan.checkWithSimulator(
            profile: profile, walksPerKind: plan.walksPerKind, replications: 20, seed: 2, runner: MonteCarloRunner(jobs: 1))
        let parallel = try WalkingPlan.checkWithSimulator(
            profile: profile, walksPerKind: plan.walksPerKind, replications: 20, seed: 2, runner: MonteCarloRunner(jobs: 2))
        #expect(again.answered == parallel.answered)
    }

    /// A log with turning: each walk is simulated with its own duration, total and net rotation. On a phone whose only
    /// error is a 1% scale factor (no noise, no bias, no asymmetry), a walk's drift is exactly s·θ_net (docs/drift.md's
    /// model): 7.2° for 720° net, 0° for 720° turned with net 0, 3.6° for net −360°. A 4-turn loop (360° net)
    /// would give 3.6° for all three.
    @Test func eachLoggedWalkIsSimulatedWithItsOwnTurning() throws {
        var p = GyroProfile(name: "one-percent")
        p.kind = .device
        p.sampleRateHz = 10
        p.measurements = [
            "biasDegPerSec": GyroMeasurement(value: 0, standardError: 0, source: "test"),
            "scaleFactorErrorPercent": GyroMeasurement(value: 1, standardError: 0, source: "test"),
            "scaleFactorAsymmetryPercent": GyroMeasurement(value: 0, standardError: 0, source: "test"),
        ]
        let log = try WalksDriftLogTests.parse(
            #"[{"minutes": 2, "driftDegrees": 7, "turnedDegrees": 720, "netTurnDegrees": 720}, "#
                + #"{"minutes": 2, "driftDegrees": 0.5, "turnedDegrees": 720, "netTurnDegrees": 0}, "#
                + #"{"minutes": 3, "driftDegrees": -3, "turnedDegrees": 1080, "netTurnDegrees": -360}]"#)
        let a = try WalksAnalysis(log: log, profile: p, trials: 10, seed: 1, straight: false, runner: MonteCarloRunner(jobs: 2))
        #expect(a.predictions.count == 3 && a.simulatesLoggedTurning)
        for (entry, expected) in zip(log.entries, [7.2, 0, 3.6]) {
            let prediction = try #require(a.prediction(for: entry))
            #expect(abs(prediction.medianAbsDriftDeg - expected) < 1e-6, "entry \(entry.index): \(prediction.medianAbsDriftDeg)")
            #expect(prediction.bandHighDeg - prediction.bandLowDeg < 1e-6)
        }
        let files = try WalksReport.render(a)
        #expect(files.contents(of: "profile.csv")?.hasPrefix("minutes,turned_deg,net_turn_deg,trials,") == true)
        #expect(files.contents(of: "summary.md")?.contains("for each distinct duration and logged turning") == true)
    }
}

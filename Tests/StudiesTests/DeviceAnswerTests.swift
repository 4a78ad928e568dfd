import DetectionCore
import Foundation
import SensorSim
import Stats
import Testing

@testable import MonteCarlo
@testable import Studies

/// A device study's answer against the closed form for its phone, and the measurement's uncertainty carried into it
/// (issue 25).
@Suite struct DeviceAnswerTests {
    /// The measured phone of ``DeviceProfileStudyTests/device(se:)``: b = 0.03 °/s, s = 0.8%, a = 1.0%, with
    /// `phone-calibrated`'s noise at 10 Hz. For a 4-turn loop (θ_net = θ_total = 360°) turning's part is
    /// (0.008·360 + 0.005·360)² = 4.68² ≈ 21.9 deg², time's (0.03·T)² + v(T), so time overtakes turning near
    /// T = 4.68/0.03 = 156 s = 2.6 min (v(T) adds under 0.1 deg² there).
    @Test func theClosedFormCrossoverOfALoop() throws {
        let p = DeviceProfileStudyTests.device()
        let cell = DriftCell(
            index: 0, profile: p, input: .rotationRate, tiltDegrees: 0, walk: WalkParameters(minutes: 1, turns: 4, shape: .loop))
        guard
            case .crosses(let m, _, _) = DeviceAnswer.crossover(
                cell, phone: DeviceAnswer.measuredPhone(p), minimumSeconds: 60, maximumSeconds: 480)
        else {
            Issue.record("no crossover")
            return
        }
        #expect(abs(m - 2.6) < 0.02, "\(m)")
    }

    /// The device study (one phone, the measured values exactly: SE 0) against the closed form: each cell's time
    /// share and the loops' crossover from the closed form lie in the study's own 95% intervals, which come from its
    /// sample size (100 walks per cell, stratified bootstrap; one phone's crossover has the bootstrap's interval alone,
    /// as the drift report states it).
    @Test func aDeviceStudysSharesAndCrossoverMatchTheClosedForm() throws {
        let p = DeviceProfileStudyTests.device()
        let s = gridScenario(p, minutes: [1, 2, 4, 8], turns: [0, 4], shapes: [.loop, .zigzag], trials: 100, seed: 31, sameDevice: true)
        let outcomes = try DriftStudy.simulate(s, runner: MonteCarloRunner(jobs: 2))
        let device = try DriftTrial.sharedDevice(scenarioSeed: s.seed, profile: p)
        let d = try DriftDecomposition(scenario: s, profileName: p.name, outcomes: outcomes, device: device, replicates: 200)
        let phone = DeviceAnswer.measuredPhone(p)
        var checked = 0
        for share in d.shares where share.cell.walk.turns > 0 {
            let closed = DeviceAnswer.timeShare(share.cell, phone: phone)
            #expect(
                share.timeShareInterval.contains(closed),
                "cell \(share.cell.index): closed form \(closed), study \(share.timeShare) [\(share.timeShareInterval.low), \(share.timeShareInterval.high)]"
            )
            checked += 1
        }
        #expect(checked == 8)
        let loops = try #require(d.crossovers.first { $0.representative.walk.shape == .loop })
        let closed = DeviceAnswer.crossover(
            loops.representative, phone: phone, minimumSeconds: loops.minimumMinutes * 60, maximumSeconds: loops.maximumMinutes * 60)
        guard case .crosses(let study, let low, let high) = loops.status, case .crosses(let expected, _, _) = closed else {
            Issue.record("study \(loops.status), closed form \(closed)")
            return
        }
        #expect(low <= expected && expected <= high, "closed form \(expected) min, study \(study) [\(low), \(high)]")
    }

    /// With measurement uncertainty the answer gets an interval over draws of the phone: it holds the answer at the
    /// measured values and has width; without uncertainty it is that answer exactly. The report states it.
    @Test func theMeasurementsUncertaintyBecomesAnIntervalOnTheAnswer() throws {
        let cells = [1.0, 2, 4, 8].enumerated().map { k, m in
            DriftCell(
                index: k, profile: DeviceProfileStudyTests.device(se: 0.002), input: .rotationRate, tiltDegrees: 0,
                walk: WalkParameters(minutes: m, turns: 4, shape: .loop))
        }
        let s = DriftScenario(
            name: "u", description: "", file: "u.json", seed: 3, trialsPerCell: 2, sameDevice: true, cells: cells,
            tracker: HeadingTracker.Configuration(), straightAheadToleranceDegrees: 5)
        let uncertain = try DeviceAnswer(scenario: s, profile: DeviceProfileStudyTests.device(se: 0.002))
        #expect(uncertain.shares.count == 4 && uncertain.crossovers.count == 1)
        for share in uncertain.shares {
            #expect(share.interval.contains(share.timeShare) && share.interval.width > 0)
        }
        let crossover = try #require(uncertain.crossovers.first)
        guard case .crosses(let m, _, _) = crossover.status else {
            Issue.record("\(crossover.status)")
            return
        }
        #expect(crossover.interval.contains(m) && crossover.interval.width > 0)
        let exact = try DeviceAnswer(scenario: s, profile: DeviceProfileStudyTests.device())
        #expect(exact.shares.allSatisfy { $0.interval.width == 0 })

        let outcomes = try DriftStudy.simulate(s, runner: MonteCarloRunner(jobs: 2))
        let analysis = try DriftAnalysis(scenario: s, outcomes: outcomes)
        let text = try DriftReport.render(scenario: s, outcomes: outcomes, analysis: analysis).contents(of: "summary.md") ?? ""
        #expect(text.contains("The phone's measurement uncertainty, carried into the answer"))
        #expect(text.contains("Loops with 4 turns: time overtakes turning at"))
    }
}

import DetectionCore
import Foundation
import SensorSim
import Stats
import Testing

@testable import MonteCarlo
@testable import Studies

/// A scenario over a grid of durations, turn counts and shapes (every combination), one profile.
func gridScenario(
    _ profile: GyroProfile, minutes: [Double], turns: [Int], shapes: [WalkShape] = [.loop], tilts: [Double] = [0],
    trials: Int, seed: UInt64, sameDevice: Bool = false
) -> DriftScenario {
    var cells: [DriftCell] = []
    for tilt in tilts {
        for shape in shapes {
            for m in minutes {
                for n in turns {
                    cells.append(
                        DriftCell(
                            index: cells.count, profile: profile, input: .rotationRate, tiltDegrees: tilt,
                            walk: WalkParameters(minutes: m, turns: n, shape: shape)))
                }
            }
        }
    }
    return DriftScenario(
        name: "grid", description: "", file: "grid.json", seed: seed, trialsPerCell: trials, sameDevice: sameDevice,
        cells: cells, tracker: HeadingTracker.Configuration(), straightAheadToleranceDegrees: 5)
}

/// `phone-calibrated`'s error budget at 10 Hz (``DriftCoverage/phoneCalibratedAt10Hz()``, the numbers of
/// Scenarios/profiles/phone-calibrated.json, which `RecordingSampleTests` checks), so the debug-build simulation stays
/// fast: every term is specified per √Hz, per second or per device, so the drift's components do not depend on the
/// rate (white noise integrates to N²·T at any rate).
func phoneCalibratedAt10Hz() -> GyroProfile { DriftCoverage.phoneCalibratedAt10Hz() }

@Suite struct DriftDecompositionTests {
    func analyse(_ s: DriftScenario) throws -> (DriftAnalysis, [DriftOutcome]) {
        let outcomes = try DriftStudy.simulate(s, runner: MonteCarloRunner(jobs: 2))
        return (try DriftAnalysis(scenario: s, outcomes: outcomes), outcomes)
    }

    /// Cross-check against the generating profile: a small drift-time-vs-turns-like grid (1, 2, 5 minutes; straight
    /// walks, 16-turn loops and 16-turn zigzags; 120 walks per cell, fixed seed). The turn-on bias and the scale
    /// factor must be identified and every identified component's 95% bootstrap interval must contain the profile's
    /// value, except a term that carries another's part (each interval misses with probability about 5%, so the
    /// seed was not chosen: any seed passes with probability about 1 − 0.05·k).
    @Test func fittedComponentsMatchTheProfile() throws {
        let profile = phoneCalibratedAt10Hz()
        let s = gridScenario(profile, minutes: [1, 2, 5], turns: [0, 16], shapes: [.loop, .zigzag], trials: 120, seed: 20261129)
        let outcomes = try DriftStudy.simulate(s, runner: MonteCarloRunner(jobs: 2))
        let d = try DriftDecomposition(scenario: s, profileName: profile.name, outcomes: outcomes, replicates: 200)
        let ids = Set(d.components.map(\.id))
        #expect(ids.contains("turn_on_bias") && ids.contains("scale_factor"), "identified: \(ids)")
        // A term that carries a non-separable term's part (here white noise carries the bias instability, whose
        // integral is nearly linear in T over 1–5 minutes) is not comparable with its own profile value alone.
        #expect(d.components.filter { !$0.carries.isEmpty }.count <= 1)
        for c in d.components where c.carries.isEmpty {
            #expect(
                c.interval.contains(c.profileValue), "\(c.id): \(c.estimate) [\(c.interval.low), \(c.interval.high)] vs \(c.profileValue)")
        }
    }

    /// The headline flips with the profile. Bias only (0.05 °/s, nothing else): drift = b·T, turning adds nothing,
    /// so time dominates every loop. Scale factor only (1%): drift = s·360°, time adds nothing, so turning dominates
    /// every loop. Both (0.02 °/s and 1%, mean squares (0.02·T)² against (0.01·360)² = 12.96 °², equal at T = 180 s):
    /// turning dominates short loops and time long ones, with the crossover bracketed near 3 minutes.
    @Test func headlineFollowsTheDominantError() throws {
        var bias = GyroProfile(name: "bias-only")
        bias.sampleRateHz = 10
        bias.turnOnBiasDegPerSec = 0.05
        var scale = GyroProfile(name: "scale-only")
        scale.sampleRateHz = 10
        scale.scaleFactorErrorPercent = 1
        var both = scale
        both.name = "bias-and-scale"
        both.turnOnBiasDegPerSec = 0.02

        // With bias only, a small turning term can survive by chance at the 5% level, so the check is that time's
        // verdict is the only one given and that time's share of the longest loop is above ½ with its interval.
        let biasScenario = gridScenario(bias, minutes: [1, 5], turns: [0, 4], trials: 60, seed: 1)
        let (biasAnalysis, _) = try analyse(biasScenario)
        let biasHeadline = try DriftReport.decompositionHeadline(biasScenario, biasAnalysis)
        #expect(biasHeadline.contains("time dominates loops"), "\(biasHeadline)")
        #expect(!biasHeadline.contains("turning dominates loops"), "\(biasHeadline)")
        let longest = try #require(biasAnalysis.decompositions.first?.shares.first { $0.cell.walk.minutes == 5 && $0.cell.walk.turns == 4 })
        #expect(longest.timeShareInterval.low > 0.5)

        let scaleScenario = gridScenario(scale, minutes: [1, 5], turns: [0, 4], trials: 30, seed: 2)
        let (scaleAnalysis, _) = try analyse(scaleScenario)
        let scaleHeadline = try DriftReport.decompositionHeadline(scaleScenario, scaleAnalysis)
        #expect(scaleHeadline.contains("turning dominates loops at every duration here"), "\(scaleHeadline)")
        #expect(!scaleHeadline.contains("time dominates"))

        let bothScenario = gridScenario(both, minutes: [1, 3, 10], turns: [0, 4], trials: 80, seed: 3)
        let (bothAnalysis, _) = try analyse(bothScenario)
        let bothHeadline = try DriftReport.decompositionHeadline(bothScenario, bothAnalysis)
        #expect(bothHeadline.contains("turning dominates loops shorter than about"), "\(bothHeadline)")
        #expect(bothHeadline.contains("minutes, time does"), "\(bothHeadline)")
        let crossover = try #require(bothAnalysis.decompositions.first?.crossovers.first)
        guard case .crosses(_, let low, let high) = crossover.status else {
            Issue.record("no crossover: \(crossover.status)")
            return
        }
        #expect(low < 3 && 3 < high, "crossover interval \(low)–\(high) min should contain 3")
        // The chart's legend gives the table's bounds, rounded outward the same way (it once rounded to the nearest,
        // so the chart of drift-time-vs-turns read 1.3–1.6 beside the table's 1.3 to 1.7; here, 2.97–4.17 min, it read
        // 3–4.2 against 2.9–4.2).
        let chart = try #require(try DriftReport.turningShareChart(bothScenario, bothAnalysis)).chart
        let bounds = "(95% CI \(try DriftReport.minutesLowText(low))–\(try DriftReport.minutesHighText(high)))"
        #expect(chart.svg.contains(bounds), "\(bounds) not in the chart's legend")
        let table = try DriftReport.crossoverTable(bothScenario, try #require(bothAnalysis.decompositions.first)).render()
        #expect(table.contains("(95% CI \(try DriftReport.minutesLowText(low)) to \(try DriftReport.minutesHighText(high)))"))
        // 80 walks per cell is above the 20 from which the crossover's interval was measured to cover
        // (DriftDecomposition.crossoverIntervalMinimumTrials): no caution. Below 20 the headline says the durations
        // are rough, because nothing measured them there.
        #expect(!bothHeadline.contains("rough"), "\(bothHeadline)")
        #expect(try DriftReport.crossoverIntervalCaution(gridScenario(both, minutes: [1], turns: [4], trials: 20, seed: 3)) == nil)
        #expect(
            try DriftReport.crossoverIntervalCaution(gridScenario(both, minutes: [1], turns: [4], trials: 19, seed: 3))
                == "With 19 walks per cell, read these crossover durations as rough: their 95% intervals were measured to "
                + "contain the true crossover at their nominal rate from 20 walks per cell, not below.")
        #expect(!scaleHeadline.contains("rough"))
    }

    /// A gyro without error drifts nowhere: the headline says so instead of inventing a verdict.
    @Test func idealGyroHasNothingToDecompose() throws {
        var ideal = GyroProfile(name: "ideal")
        ideal.sampleRateHz = 10
        let s = gridScenario(ideal, minutes: [1, 2], turns: [0, 4], trials: 5, seed: 4)
        let (a, _) = try analyse(s)
        #expect(a.decompositions.isEmpty)
        #expect(try DriftReport.decompositionHeadline(s, a).hasPrefix("No walk here drifts"))
    }

    /// One phone: with loops only, θ_total = θ_net, so scale factor and asymmetry cannot be told apart, and the
    /// report must say so; adding zigzags (θ_net = 0, θ_total > 0) separates them, and each of the phone's own
    /// errors (the device the scenario drew) must then lie in its 95% interval.
    @Test func onePhoneSeparatesItsErrorsWhenTheDesignAllows() throws {
        var p = phoneCalibratedAt10Hz()
        p.scaleFactorAsymmetryPercent = 1  // large enough that 16-turn zigzags measure it
        let loops = gridScenario(p, minutes: [1, 5], turns: [0, 8], trials: 40, seed: 7003, sameDevice: true)
        let loopOutcomes = try DriftStudy.simulate(loops, runner: MonteCarloRunner(jobs: 2))
        let device = try DriftTrial.sharedDevice(scenarioSeed: 7003, profile: p)
        let onlyLoops = try DriftDecomposition(
            scenario: loops, profileName: p.name, outcomes: loopOutcomes, device: device, replicates: 200)
        #expect(!onlyLoops.components.contains { $0.id == "asymmetry" })
        #expect(onlyLoops.notSeparated.contains { $0.contains("cannot separate the phone's scale factor from its asymmetry") })

        let mixed = gridScenario(p, minutes: [1, 5], turns: [0, 16], shapes: [.loop, .zigzag], trials: 40, seed: 7003, sameDevice: true)
        let mixedOutcomes = try DriftStudy.simulate(mixed, runner: MonteCarloRunner(jobs: 2))
        let separated = try DriftDecomposition(
            scenario: mixed, profileName: p.name, outcomes: mixedOutcomes, device: device, replicates: 200)
        let phone = separated.components.filter(\.isPhoneValue)
        #expect(Set(phone.map(\.id)) == ["turn_on_bias", "scale_factor", "asymmetry"])
        // Within twice the 95% half-width on either side (about a 99.99% normal interval), so a sound estimator
        // fails with negligible probability, while a merged estimate such as s + a/2 (a/2 away) fails.
        for c in phone {
            let half = c.interval.width / 2
            let wide = ConfidenceInterval(low: c.interval.low - half, high: c.interval.high + half)
            #expect(wide.contains(c.profileValue), "\(c.id): [\(c.interval.low), \(c.interval.high)] vs phone's \(c.profileValue)")
        }
        // The walk-to-walk spread: one per duration, each pooling the 4 cells of that duration (a straight walk under
        // each shape, the loop and the zigzag: fixed shapes, so ν = 4·(40 − 1) = 156), against √v(T) of the profile;
        // the findings say it in words.
        #expect(separated.inRunSpreads.map(\.minutes) == [1, 5])
        #expect(separated.inRunSpreads.allSatisfy { $0.cellCount == 4 && $0.degreesOfFreedom == 156 && $0.cellsWithVaryingRotation == 0 })
        #expect(
            separated.inRunSpreads.allSatisfy {
                abs($0.profileDeg - DriftDecomposition.inRunVariance(p, seconds: $0.minutes * 60).squareRoot() * 180 / .pi) < 1e-12
            })
        let text = try #require(try DriftReport.inRunSpreadFinding(separated, scope: ""))
        #expect(text.contains("walk-to-walk spread") && text.contains("at 1 min (95% CI") && text.contains("at 5 min (95% CI"), "\(text)")
        #expect(onlyLoops.inRunSpreads.count == 2)
    }

    /// One phone's bias on straight walks of one duration is a sample mean, so its interval has a closed form: the
    /// weights are all equal (one duration, one variance), b̂₀ = mean(d)/T, and REML's variance is the sample
    /// variance s² = Σ(d − d̄)²/(n − 1) (ML's would divide by n, 3.4% less at n = 30), so the interval is
    /// b̂₀ ± t₀.₉₇₅(n − p)·s/(T·√n) with p = 2 (the bias and the one in-run variance the design can separate;
    /// Satterthwaite's ν is n − 1 here and is capped at n − p). Computed below from the simulated drifts, in °/s.
    @Test func onePhoneBiasIntervalIsTheRestrictedSampleMeanInterval() throws {
        let p = phoneCalibratedAt10Hz()
        let s = gridScenario(p, minutes: [2], turns: [0], trials: 30, seed: 2417, sameDevice: true)
        let outcomes = try DriftStudy.simulate(s, runner: MonteCarloRunner(jobs: 2))
        let device = try DriftTrial.sharedDevice(scenarioSeed: 2417, profile: p)
        let d = try DriftDecomposition(scenario: s, profileName: p.name, outcomes: outcomes, device: device, replicates: 50)
        let bias = try #require(d.components.first { $0.id == "turn_on_bias" })
        let n = Double(outcomes.count)
        let seconds = 120.0
        let degrees = 180 / Double.pi
        let drifts = outcomes.map(\.driftRadians)
        let mean = drifts.reduce(0, +) / n
        let sampleVariance = drifts.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
        let half = try StudentT.quantile(0.975, degreesOfFreedom: n - 2) * (sampleVariance / n).squareRoot() / seconds * degrees
        #expect(n == 30)
        #expect(abs(bias.estimate / (mean / seconds * degrees) - 1) < 1e-9)
        #expect(abs(bias.interval.width / (2 * half) - 1) < 1e-6, "width \(bias.interval.width) against \(2 * half)")
        #expect(abs(bias.interval.low - (bias.estimate - half)) < 1e-6 * half)
    }

    /// The per-cell RMS interval is no longer many times wider than the trials' spread where drift has a large fixed
    /// part: a 45°-tilted loop's drift is (cos 45° − 1)·360° ≈ −105° plus a few degrees of noise, so the RMS is
    /// known to within a few degrees (the χ² interval assuming zero mean was 92.6–122.3 around 105.4). The
    /// interval must contain the cell's RMS and be narrower than 4·SD/√n·(|mean|/RMS)·1.96·2 (twice the delta-method
    /// width of √(mean square)).
    @Test func rmsIntervalOfATiltedLoopIsTight() throws {
        let p = phoneCalibratedAt10Hz()
        let s = gridScenario(p, minutes: [2], turns: [4], tilts: [45], trials: 100, seed: 11)
        let (a, _) = try analyse(s)
        let c = try #require(a.cells.first)
        #expect(c.rmsInterval.contains(c.rmsDriftDeg))
        let deltaWidth = 2 * 1.96 * c.sdDriftDeg / Double(c.count).squareRoot() * abs(c.meanDriftDeg) / c.rmsDriftDeg
        #expect(c.rmsInterval.width < 2 * deltaWidth, "width \(c.rmsInterval.width) against \(deltaWidth)")
    }
}

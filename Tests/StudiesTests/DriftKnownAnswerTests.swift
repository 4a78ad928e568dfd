import DetectionCore
import Foundation
import SensorSim
import Stats
import Testing

@testable import MonteCarlo
@testable import Studies

/// Builds a one-cell scenario around a profile and a walk.
func oneCell(
    _ profile: GyroProfile, minutes: Double, turns: Int, shape: WalkShape = .loop,
    input: HeadingInput = .rotationRate, tilt: Double = 0, trials: Int = 1, seed: UInt64 = 99
) -> DriftScenario {
    let cell = DriftCell(
        index: 0, profile: profile, input: input, tiltDegrees: tilt,
        walk: WalkParameters(minutes: minutes, turns: turns, shape: shape))
    return DriftScenario(
        name: "test", description: "", file: "test.json", seed: seed, trialsPerCell: trials,
        sameDevice: false, cells: [cell], tracker: HeadingTracker.Configuration(),
        straightAheadToleranceDegrees: 5)
}

func runOne(_ s: DriftScenario, device: GyroDevice?, trial: Int = 0) throws -> DriftOutcome {
    try DriftTrial.run(cell: s.cells[0], trialInCell: trial, globalIndex: trial, scenario: s, sharedDevice: device)
}

@Suite struct DriftKnownAnswerTests {
    let quiet = GyroProfile(name: "quiet")  // every error term zero

    // Closed form: a constant bias b integrates to b·T exactly (trapezoid of a constant), whatever the turns.
    @Test(arguments: [(1.0, 0), (2.0, 4), (5.0, 16)])
    func biasOnlyDriftIsBiasTimesDuration(minutes: Double, turns: Int) throws {
        let bias = 0.01  // rad/s
        let s = oneCell(quiet, minutes: minutes, turns: turns)
        let o = try runOne(s, device: GyroDevice(turnOnBiasRadPerSec: bias))
        let duration = s.cells[0].walk.minutes * 60
        #expect(abs(o.driftRadians - bias * duration) < 1e-9)
        #expect(o.skippedSamples == 0)
    }

    // Closed form: scale factor s multiplies every true rate, so drift = s × net rotation (loop: 2π; zigzag: 0).
    @Test(arguments: [(WalkShape.loop, 4, 2 * Double.pi), (.loop, 16, 2 * Double.pi), (.zigzag, 8, 0), (.outAndBack, 2, 0)])
    func scaleOnlyDriftIsScaleTimesNetRotation(shape: WalkShape, turns: Int, net: Double) throws {
        let s = oneCell(quiet, minutes: 2, turns: turns, shape: shape)
        let o = try runOne(s, device: GyroDevice(scaleFactorError: 0.01))
        #expect(abs(o.netRotationRadians - net) < 1e-12)
        #expect(abs(o.driftRadians - 0.01 * net) < 1e-9)
    }

    // Closed form: asymmetry a adds +a/2 to left and −a/2 to right rates, so each zigzag turn of ±θ errs by
    // (a/2)·θ in the same direction: drift = (a/2) × total rotation. Here 8 turns of 90° = 4π total and
    // a = 0.02, so drift = 0.01 · 4π.
    @Test func asymmetryAccumulatesOverCancellingTurns() throws {
        let s = oneCell(quiet, minutes: 2, turns: 8, shape: .zigzag)
        let o = try runOne(s, device: GyroDevice(scaleFactorAsymmetry: 0.02))
        #expect(abs(o.totalRotationRadians - 4 * Double.pi) < 1e-12)
        #expect(abs(o.driftRadians - 0.01 * 4 * Double.pi) < 1e-9)
    }

    // Closed form: a phone pitched by α sees ω·cos α on its z gyro; a loop then under-reads 2π by (1 − cos α).
    // The fused attitude yaw sees the full rate: no drift.
    @Test(arguments: [15.0, 30.0, 45.0])
    func tiltUnderReadsTurnsOnlyWhenIntegratingTheZRate(tilt: Double) throws {
        let rate = oneCell(quiet, minutes: 1, turns: 4, tilt: tilt)
        let o = try runOne(rate, device: nil)
        #expect(abs(o.driftRadians - (cos(tilt * .pi / 180) - 1) * 2 * .pi) < 1e-9)
        let attitude = oneCell(quiet, minutes: 1, turns: 4, input: .attitudeYaw, tilt: tilt)
        #expect(abs(try runOne(attitude, device: nil).driftRadians) < 1e-9)
    }

    // Closed form: white noise of density N (σ = N·√f_s per sample) integrated by the trapezoid over M = T·f_s
    // intervals has variance dt²σ²(M − ½) = N²(T − dt/2), so RMS drift = N·√(T − dt/2) ≈ N·√T.
    // Statistical check: n trials, n·(mean square)/σ_T² ~ χ²ₙ, so the mean square must lie in
    // [σ_T²·χ²₀.₀₀₀₅,ₙ/n, σ_T²·χ²₀.₉₉₉₅,ₙ/n] (99.9%, fixed seed).
    @Test func whiteNoiseRMSMatchesDensityTimesRootTime() throws {
        var profile = quiet
        profile.noiseDensityDegPerSecPerRootHz = 0.005
        let n = 400
        let s = oneCell(profile, minutes: 1, turns: 0, trials: n, seed: 4242)
        let outcomes = try DriftStudy.simulate(s, runner: MonteCarloRunner(jobs: 2))
        let meanSquare = outcomes.map { $0.driftRadians * $0.driftRadians }.reduce(0, +) / Double(n)
        let density = 0.005 * Double.pi / 180
        let expected = density * density * (60 - 0.005)
        let low = expected * (try ChiSquared.quantile(0.0005, degreesOfFreedom: Double(n))) / Double(n)
        let high = expected * (try ChiSquared.quantile(0.9995, degreesOfFreedom: Double(n))) / Double(n)
        #expect(meanSquare > low && meanSquare < high, "mean square \(meanSquare) outside [\(low), \(high)]")
    }

    // Every trial's stream seed is distinct and never 0; one-device scenarios use the same device every trial.
    @Test func trialsHaveDistinctSeeds() throws {
        let s = oneCell(quiet, minutes: 1, turns: 0, trials: 50)
        let outcomes = try DriftStudy.simulate(s, runner: MonteCarloRunner(jobs: 2))
        #expect(Set(outcomes.map(\.seed)).count == 50)
        #expect(outcomes.allSatisfy { $0.seed.value != 0 })
    }
}

@Suite struct GaussMarkovSteadyStateTests {
    // The configured σ is the stationary σ at every rate. Statistical check: start each of n replications in the
    // stationary distribution, run 5τ, and the sample variance of the end states must lie in the χ²ₙ₋₁ 99.9%
    // interval around σ². Also lag-τ autocorrelation: E[x(0)x(τ)]/σ² = e⁻¹, checked within ±4/√n (the
    // standard error of a correlation estimate is at most about 1/√n).
    @Test(arguments: [50.0, 100.0, 200.0])
    func steadyStateSigmaDoesNotDependOnRate(rateHz: Double) throws {
        let sigma = 2.0
        let tau = 1.0
        let model = GaussMarkov(sigma: sigma, correlationTimeSeconds: tau, intervalSeconds: 1 / rateHz)
        let n = 4000
        var ends: [Double] = []
        var products = 0.0
        for i in 0..<n {
            let stream = try RandomStream(seed: TrialSeed(scenarioSeed: UInt64(rateHz), trialIndex: UInt64(i)))
            let start = model.initialState(stream)
            var x = start
            let stepsPerTau = Int(rateHz * tau)
            for step in 1...(5 * stepsPerTau) {
                x = model.step(x, stream)
                if step == stepsPerTau { products += start * x }
            }
            ends.append(x)
        }
        let mean = ends.reduce(0, +) / Double(n)
        let variance = ends.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(n - 1)
        let dof = Double(n - 1)
        let low = sigma * sigma * (try ChiSquared.quantile(0.0005, degreesOfFreedom: dof)) / dof
        let high = sigma * sigma * (try ChiSquared.quantile(0.9995, degreesOfFreedom: dof)) / dof
        #expect(variance > low && variance < high, "variance \(variance) outside [\(low), \(high)] at \(rateHz) Hz")
        let correlation = products / Double(n) / (sigma * sigma)
        #expect(abs(correlation - exp(-1)) < 4 / Double(n).squareRoot())
    }
}

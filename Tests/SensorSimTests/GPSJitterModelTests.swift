import Foundation
import Stats
import Testing

@testable import SensorSim

@Suite struct GPSJitterModelTests {
    /// Samples of the east error at the first fix and `lag` fixes later, from `count` independent models.
    func pairs(_ env: GPSEnvironment, count: Int, lag: Int, seed: UInt64) throws -> [(Double, Double)] {
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: 0))
        var result: [(Double, Double)] = []
        for _ in 0..<count {
            var model = GPSJitterModel(environment: env, stream: stream)
            guard let first = model.next(stream) else { continue }
            var last = first
            for _ in 0..<lag { if let e = model.next(stream) { last = e } }
            result.append((first.eastMeters, last.eastMeters))
        }
        return result
    }

    // Steady state: the error is N(0, σ²) from the first fix (stationary start, exact discretisation), so
    // Σx²/σ² ~ χ²(n) for n independent models (mean known to be 0). 99.9 % interval from GSL's χ² quantiles.
    // The Euler pitfall (driving variance 2σ²Δt/τ) would give variance 2σ² at Δt = τ; the interval excludes it.
    @Test(arguments: [1.0, 5.0])
    func steadyStateSigmaIsTheConfiguredSigma(interval: Double) throws {
        let sigma = 5.0
        let env = GPSEnvironment(name: "t", sigmaMeters: sigma, correlationTimeSeconds: 30, fixIntervalSeconds: interval)
        let n = 4000
        let samples = try pairs(env, count: n, lag: 10, seed: 7)
        #expect(samples.count == n)
        for column in [samples.map(\.0), samples.map(\.1)] {
            let sumSquares = column.reduce(0) { $0 + $1 * $1 }
            let low = sigma * sigma * (try ChiSquared.quantile(0.0005, degreesOfFreedom: Double(n))) / Double(n)
            let high = sigma * sigma * (try ChiSquared.quantile(0.9995, degreesOfFreedom: Double(n))) / Double(n)
            let variance = sumSquares / Double(n)
            #expect(variance > low && variance < high, "variance \(variance) outside [\(low), \(high)]")
            #expect(2 * sigma * sigma > high)
        }
    }

    // Autocorrelation of a first-order Gauss–Markov process at lag τ is exp(−1) (Brown & Hwang §2.9). Fisher's z:
    // atanh(r) ~ N(atanh(ρ), 1/(n − 3)); 99.9 % band ±3.29/√(n − 3).
    @Test func autocorrelationAtOneCorrelationTimeIsOneOverE() throws {
        let env = GPSEnvironment(name: "t", sigmaMeters: 8, correlationTimeSeconds: 20)
        let n = 4000
        let samples = try pairs(env, count: n, lag: 20, seed: 11)
        let sxy = samples.reduce(0) { $0 + $1.0 * $1.1 }
        let sxx = samples.reduce(0) { $0 + $1.0 * $1.0 }
        let syy = samples.reduce(0) { $0 + $1.1 * $1.1 }
        let r = sxy / (sxx * syy).squareRoot()
        let band = 3.29 / Double(n - 3).squareRoot()
        #expect(abs(atanh(r) - atanh(exp(-1))) < band, "r = \(r)")
    }

    // Calibration: with factor 1 and no jitter the reported radius is σ√(−2 ln 0.32), which holds 68 % of the
    // radial errors of a circular Gaussian (Rayleigh CDF 1 − exp(−R²/2σ²)). Wilson 99.9 % interval of the share.
    @Test func reportedAccuracyHolds68PercentOfErrors() throws {
        let env = GPSEnvironment(name: "t", sigmaMeters: 4, correlationTimeSeconds: 10)
        #expect(abs(env.calibratedAccuracyMeters - 4 * (-2 * log(0.32)).squareRoot()) < 1e-12)
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 3, trialIndex: 0))
        var inside = 0
        let n = 4000
        for _ in 0..<n {
            var model = GPSJitterModel(environment: env, stream: stream)
            guard let e = model.next(stream) else { continue }
            if (e.eastMeters * e.eastMeters + e.northMeters * e.northMeters).squareRoot() <= e.horizontalAccuracyMeters {
                inside += 1
            }
        }
        let ci = try Proportion(successes: inside, trials: n).wilson(confidence: 0.999)
        #expect(ci.contains(0.68), "\(inside)/\(n)")
    }

    // Outlier sizes are exponential with the configured mean: for k events, 2·Σsize/mean ~ χ²(2k).
    @Test func outlierMagnitudesHaveTheConfiguredMean() throws {
        let env = GPSEnvironment(
            name: "t", sigmaMeters: 0, correlationTimeSeconds: 10, outlierRatePerHour: 600,
            outlierMeanMagnitudeMeters: 30, outlierMeanDurationSeconds: 2)
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 5, trialIndex: 0))
        var model = GPSJitterModel(environment: env, stream: stream)
        var sizes: [Double] = []
        var previous: Double?
        for _ in 0..<200_000 {
            guard let e = model.next(stream) else { continue }
            let size = (e.eastMeters * e.eastMeters + e.northMeters * e.northMeters).squareRoot()
            if e.isOutlier, size != previous { sizes.append(size) }
            previous = e.isOutlier ? size : nil
        }
        let k = Double(sizes.count)
        // 600 per hour over 200 000 s is about 33 000 events.
        #expect(k > 20_000)
        let statistic = 2 * sizes.reduce(0, +) / 30
        #expect(statistic > (try ChiSquared.quantile(0.0005, degreesOfFreedom: 2 * k)))
        #expect(statistic < (try ChiSquared.quantile(0.9995, degreesOfFreedom: 2 * k)))
    }

    // Dropouts: none without a rate; with one, the share of missing fixes is positive and the error process
    // keeps running (the first fix after a dropout is not the last one before it).
    @Test func dropoutsRemoveFixes() throws {
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 9, trialIndex: 0))
        var none = GPSJitterModel(
            environment: GPSEnvironment(name: "t", sigmaMeters: 3, correlationTimeSeconds: 10),
            stream: stream)
        #expect((0..<5000).allSatisfy { _ in none.next(stream) != nil })
        var some = GPSJitterModel(
            environment: GPSEnvironment(
                name: "t", sigmaMeters: 3, correlationTimeSeconds: 10,
                dropoutRatePerHour: 60, dropoutMeanDurationSeconds: 20),
            stream: stream)
        let missing = (0..<36_000).filter { _ in some.next(stream) == nil }.count
        // Expected about 60/h × 10 h × (20 s + ≤ 1 s rounding) ≈ 12 000 s of 36 000; far from 0 and from all.
        #expect(missing > 6000 && missing < 18_000)
    }

    // R95 = σ·√(−2 ln 0.05): 4.9 m at 95 % is σ = 2.0019 m (open-sky preset).
    @Test func openSkyPresetComesFromTheR95Figure() {
        #expect(abs(GPSEnvironment.openSky.sigmaMeters - 4.9 / 2.447746830680816) < 1e-12)
        #expect(GPSEnvironment.presets.allSatisfy { $0.validationProblems().isEmpty })
        #expect(GPSEnvironment.preset(named: "campus") == .campus)
    }
}

import Foundation
import Testing

@testable import Stats

@Suite struct VarianceComponentsTests {
    /// Closed form: one component with regressor 1 is a normal variance about a known mean: θ̂ = Σd²/n.
    /// The mean coefficient's covariances by hand: d = β·z + e with one constant variance θ, z = 1, 2, 3, d = 1, 3, 2.
    /// β̂ = Σzd/Σz² = 13/14, residuals 1/14, 16/14, −11/14, θ̂ = Σr²/3 = 378/196/3 = 9/14. Model-based
    /// var β̂ = θ̂/Σz² = 9/196; sandwich Σz²r²/(Σz²)² = (1 + 4·256 + 9·121)/196/196 = 2114/38416.
    /// The likelihood ratio by hand: ℓ = −1000 against ℓ₀ = −1001 is 2; ℓ₀ = ℓ − 5e-13 (a last-bit difference of
    /// two fits of the same model, 5e-16 of |ℓ|) and a negative difference are 0; a ratio just above 1e-9·|ℓ| (1e-6
    /// here) is kept.
    @Test func likelihoodRatioIsZeroWithinRounding() {
        #expect(VarianceComponentFit.likelihoodRatio(full: -1000, reduced: -1001) == 2)
        #expect(VarianceComponentFit.likelihoodRatio(full: -1000, reduced: -1000 - 5e-13) == 0)
        #expect(VarianceComponentFit.likelihoodRatio(full: -1000, reduced: -999) == 0)
        #expect(VarianceComponentFit.likelihoodRatio(full: -1000, reduced: -1000 - 1e-6) > 1e-6)
        #expect(VarianceComponentFit.likelihoodRatio(full: 0.5, reduced: 0.5 - 1e-10) == 0)  // |ℓ| < 1: tolerance 1e-9
    }

    @Test func meanCoefficientCovariancesByHand() throws {
        let fit = try VarianceComponents.fit(
            response: [1, 3, 2], meanTerms: [RegressionTerm(name: "z", values: [1, 2, 3])],
            components: [RegressionTerm(name: "one", values: [1, 1, 1])])
        #expect(abs(fit.meanCoefficients[0] - 13.0 / 14) < 1e-10)
        #expect(abs(fit.variances[0] / (9.0 / 14) - 1) < 1e-8)
        #expect(abs(fit.meanCovariance[0][0] / (9.0 / 196) - 1) < 1e-8)
        #expect(abs(fit.meanRobustCovariance[0][0] / (2114.0 / 38416) - 1) < 1e-8)
    }

    @Test func singleComponentIsTheMeanSquare() throws {
        let d = [1.0, -2, 3, 0.5, -1.5]
        let fit = try VarianceComponents.fit(response: d, components: [RegressionTerm(name: "one", values: [1, 1, 1, 1, 1])])
        let expected = d.map { $0 * $0 }.reduce(0, +) / 5  // 16.5 / 5 = 3.3
        #expect(abs(fit.variances[0] - expected) < 1e-10 * expected)
        #expect(fit.converged)
    }

    /// Closed form: components acting on disjoint observations are separate variances: θ̂ₖ is the mean square of
    /// the observations it acts on (here (1 + 4 + 9)/3 = 14/3 and (4 + 16)/2 = 10), whatever the regressor's size
    /// (x = 2 on the second group halves θ̂: 10/2 = 5).
    @Test func disjointComponentsAreSeparateMeanSquares() throws {
        let d = [1.0, -2, 3, 2, -4]
        let a = RegressionTerm(name: "a", values: [1, 1, 1, 0, 0])
        let b = RegressionTerm(name: "b", values: [0, 0, 0, 2, 2])
        let fit = try VarianceComponents.fit(response: d, components: [a, b])
        #expect(abs(fit.variances[0] - 14.0 / 3) < 1e-9)
        #expect(abs(fit.variances[1] - 5) < 1e-9)
    }

    /// Closed form at the boundary: groups with x = (1, 0) and x = (1, 1) and mean squares 2 and 1 would give
    /// θ₂ = −1 unconstrained; under θ ≥ 0 the maximum is θ₂ = 0 and θ₁ = the pooled mean square 1.5.
    @Test func negativeEstimateIsHeldAtZero() throws {
        let r2 = 2.0.squareRoot()
        let d = [r2, -r2, r2, -r2, 1, -1, 1, -1]
        let one = RegressionTerm(name: "one", values: Array(repeating: 1, count: 8))
        let second = RegressionTerm(name: "second", values: [0, 0, 0, 0, 1, 1, 1, 1])
        let fit = try VarianceComponents.fit(response: d, components: [one, second])
        #expect(abs(fit.variances[0] - 1.5) < 1e-9)
        #expect(fit.variances[1] == 0)
    }

    /// Closed form with a mean term: d = β·T + e, Var e = θ·T. Weighted least squares with weights 1/(θT) gives
    /// β̂ = Σd/ΣT, and the likelihood equation for θ gives θ̂ = Σ((d − β̂T)²/T)/n. With T = (1, 2, 4, 8) and
    /// d = (1, 3, 3, 9): β̂ = 16/15, residuals (−1/15, 13/15, −19/15, 7/15), θ̂ = (1/225)(1 + 169/2 + 361/4 + 49/8)/4.
    @Test func meanTermWithProportionalVariance() throws {
        let t = [1.0, 2, 4, 8]
        let d = [1.0, 3, 3, 9]
        let fit = try VarianceComponents.fit(
            response: d, meanTerms: [RegressionTerm(name: "bias", values: t)], components: [RegressionTerm(name: "T", values: t)])
        #expect(abs(fit.meanCoefficients[0] - 16.0 / 15) < 1e-10)
        let theta = (1 + 169.0 / 2 + 361.0 / 4 + 49.0 / 8) / 225 / 4
        #expect(abs(fit.variances[0] - theta) < 1e-10)
    }

    /// Frequency weights are repetitions: weight 2 on an observation equals listing it twice.
    @Test func weightsActAsRepetitions() throws {
        let x = RegressionTerm(name: "x", values: [1, 2, 3])
        let weighted = try VarianceComponents.fit(response: [1, -2, 4], components: [x], weights: [2, 1, 0])
        let listed = try VarianceComponents.fit(response: [1, 1, -2], components: [RegressionTerm(name: "x", values: [1, 1, 2])])
        #expect(abs(weighted.variances[0] - listed.variances[0]) < 1e-12)
    }

    @Test func refusesBadInput() {
        #expect(throws: StatsError.self) {
            try VarianceComponents.fit(response: [1, 2], components: [RegressionTerm(name: "x", values: [1, -1])])
        }
        #expect(throws: StatsError.self) {
            try VarianceComponents.fit(response: [1, .nan], components: [RegressionTerm(name: "x", values: [1, 1])])
        }
        #expect(throws: StatsError.self) { try VarianceComponents.fit(response: [1], components: []) }
    }

    /// Coverage of the drift study's share interval: d ~ N(0, θ₁·T² + θ₂·θ²) on 2 durations × {straight, loop}
    /// walks, 100 each (the shipped scenarios have 100 to 200), with θ₁·60² = θ₂·(2π)² = 1, so turning's true
    /// share of a 60-s loop is exactly 1/2 and the true time σ is √θ₁ = 1/60. 100 replications (fixed seed), each
    /// with a 100-replicate stratified bootstrap refit (the larger version is in the notes); the 95% bias-corrected
    /// intervals of the share and of σ₁ must cover the truth at a rate whose 99.9% Wilson interval contains 0.95.
    @Test func bootstrapShareIntervalCoversAtNominalRate() throws {
        let seconds = [60.0, 300]
        let turns = [0.0, 2 * Double.pi]
        let theta1 = 1.0 / 3600
        let theta2 = 1 / (4 * Double.pi * Double.pi)
        var t: [Double] = []
        var rotation: [Double] = []
        var strata: [[Int]] = []
        for s in seconds {
            for r in turns {
                strata.append(Array(t.count..<(t.count + 100)))
                t += Array(repeating: s, count: 100)
                rotation += Array(repeating: r, count: 100)
            }
        }
        let components = [
            RegressionTerm(name: "time", values: t.map { $0 * $0 }), RegressionTerm(name: "turning", values: rotation.map { $0 * $0 }),
        ]
        func share(_ f: VarianceComponentFit) -> Double {
            let time = f.variances[0] * 3600
            let turning = f.variances[1] * 4 * Double.pi * Double.pi
            return time + turning > 0 ? turning / (time + turning) : 0
        }
        let replications = 100
        var shareHits = 0
        var sigmaHits = 0
        for r in 0..<replications {
            let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 1102, trialIndex: UInt64(r)))
            let d = (0..<t.count).map {
                stream.gaussian(sigma: (theta1 * t[$0] * t[$0] + theta2 * rotation[$0] * rotation[$0]).squareRoot())
            }
            let design = try VarianceComponentDesign(response: d, components: components)
            let full = try design.fit()
            var shares: [Double] = []
            var sigmas: [Double] = []
            for _ in 0..<100 {
                let counts = Bootstrap.stratifiedCounts(strata: strata, observationCount: d.count, stream: stream)
                let f = try design.fit(weights: counts, start: full.variances)
                shares.append(share(f))
                sigmas.append(f.variances[0].squareRoot())
            }
            if try Bootstrap.biasCorrectedInterval(shares, estimate: share(full)).contains(0.5) { shareHits += 1 }
            if try Bootstrap.biasCorrectedInterval(sigmas, estimate: full.variances[0].squareRoot()).contains(1.0 / 60) { sigmaHits += 1 }
        }
        let shareRate = try Proportion(successes: shareHits, trials: replications).wilson(confidence: 0.999)
        #expect(shareRate.contains(0.95), "share coverage \(shareHits)/\(replications)")
        let sigmaRate = try Proportion(successes: sigmaHits, trials: replications).wilson(confidence: 0.999)
        #expect(sigmaRate.contains(0.95), "σ coverage \(sigmaHits)/\(replications)")
    }
}

@Suite struct BootstrapTests {
    /// Closed form: the type-7 quantile of (1, 2, 3, 4) at 0.25 is 1.75 and at 0.5 is 2.5.
    @Test func percentileInterpolates() throws {
        #expect(Bootstrap.quantile([1, 2, 3, 4], 0.25) == 1.75)
        #expect(Bootstrap.quantile([1, 2, 3, 4], 0.5) == 2.5)
        let ci = try Bootstrap.percentileInterval([1, 2, 3, 4, 5], confidence: 0.5)
        #expect(ci.low == 2 && ci.high == 4)
    }

    /// By hand: replicates e⁻², e⁻¹, 1, e, e² have logs −2…2, whose type-7 quartiles are −1 and 1, so the 50%
    /// interval is log θ̂ ± 1 around the estimate, wherever the replicates sit: e^0.5 gives (e^−0.5, e^1.5). A
    /// replicate of 0 (log −∞) at the 2.5% end makes the 95% interval [0, ∞]; bad input is refused.
    @Test func logSymmetricIntervalIsCentredOnTheEstimate() throws {
        let reps = [-2.0, -1, 0, 1, 2].map { exp($0) }
        let ci = try Bootstrap.logSymmetricInterval(reps, estimate: exp(0.5), confidence: 0.5)
        #expect(abs(ci.low - exp(-0.5)) < 1e-12 && abs(ci.high - exp(1.5)) < 1e-12)
        let open = try Bootstrap.logSymmetricInterval([0, 1, 2, 3, 4], estimate: 2)
        #expect(open.low == 0 && open.high == .infinity)
        #expect(throws: StatsError.self) { try Bootstrap.logSymmetricInterval([1, -1], estimate: 1) }
        #expect(throws: StatsError.self) { try Bootstrap.logSymmetricInterval([1, .nan], estimate: 1) }
        #expect(throws: StatsError.self) { try Bootstrap.logSymmetricInterval([1, 2], estimate: 0) }
        #expect(throws: StatsError.self) { try Bootstrap.logSymmetricInterval([], estimate: 1) }
    }

    /// Stratified counts keep every stratum's size and draw only its members.
    @Test func stratifiedCountsKeepTheDesign() throws {
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 5, trialIndex: 0))
        let counts = Bootstrap.stratifiedCounts(strata: [[0, 1, 2], [3, 4]], observationCount: 6, stream: stream)
        #expect(counts[0] + counts[1] + counts[2] == 3)
        #expect(counts[3] + counts[4] == 2)
        #expect(counts[5] == 0)
    }

    /// Coverage of the BCa interval on drift² (the per-cell RMS interval until docs/drift.md part r) where the χ² interval fails: drift with a large
    /// fixed part, d ~ N(3, 1) (a tilted loop: true mean square 3² + 1 = 10), and zero-mean drift, d ~ N(0, 2²)
    /// (mean square 4). 60 trials per cell, 400 bootstrap replicates, 200 replications each (fixed seed): the 95%
    /// interval must cover at a rate whose 99.9% Wilson interval contains 0.95.
    @Test(arguments: [(3.0, 1.0), (0.0, 2.0)])
    func rmsIntervalCoversWhateverTheMean(mean: Double, sigma: Double) throws {
        try Self.expectCoverage(mean: mean, sigma: sigma) { squares, stream in
            try Bootstrap.bcaMeanInterval(squares, replicates: 400, stream: stream)
        }
    }

    /// 200 replications (seed 1103) of 60 squared drifts d ~ N(mean, sigma²): `interval` must hold the true mean
    /// square mean² + sigma² at a rate whose 99.9% Wilson interval contains 0.95.
    static func expectCoverage(
        mean: Double, sigma: Double, _ interval: ([Double], RandomStream) throws -> ConfidenceInterval
    ) throws {
        let truth = mean * mean + sigma * sigma
        var hits = 0
        let replications = 200
        for r in 0..<replications {
            let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 1103, trialIndex: UInt64(r)))
            let squares = (0..<60).map { _ -> Double in
                let d = mean + stream.gaussian(sigma: sigma)
                return d * d
            }
            if try interval(squares, stream).contains(truth) { hits += 1 }
        }
        let rate = try Proportion(successes: hits, trials: replications).wilson(confidence: 0.999)
        #expect(rate.contains(0.95), "coverage \(hits)/\(replications) at mean \(mean)")
    }

    /// The per-cell RMS interval (the log-scale studentized bootstrap on drift²), on the same drifts as
    /// ``rmsIntervalCoversWhateverTheMean(mean:sigma:)``: the same band, 0.95 inside the 99.9% Wilson interval of 200.
    @Test(arguments: [(3.0, 1.0), (0.0, 2.0)])
    func studentizedRMSIntervalCoversWhateverTheMean(mean: Double, sigma: Double) throws {
        try Self.expectCoverage(mean: mean, sigma: sigma) { squares, stream in
            try Bootstrap.studentizedLogMeanInterval(squares, replicates: 400, stream: stream)
        }
    }

    /// The report's choice without the χ²ₙ part (``Bootstrap/meanSquareInterval(_:replicates:stream:zeroMeanGaussian:)``
    /// with `zeroMeanGaussian: false`; the union, MeanSquareUnionTests): from 20 values on the studentized
    /// interval, below it the BCa one, each equal to that function on an identically seeded stream; 3 squared drifts
    /// (the case whose studentized upper end overflowed, CrossMachineDeterminismTests' 3-trial drift run) get finite ends.
    @Test func meanSquareIntervalIsStudentizedFromTwentyValues() throws {
        func stream() throws -> RandomStream { try RandomStream(seed: TrialSeed(scenarioSeed: 1104, trialIndex: 0)) }
        let twenty = (1...20).map { Double($0 * $0) / 7 }
        #expect(
            try Bootstrap.meanSquareInterval(twenty, replicates: 400, stream: try stream(), zeroMeanGaussian: false)
                == (try Bootstrap.studentizedLogMeanInterval(twenty, replicates: 400, stream: try stream())))
        let three = [0.0004, 2.5, 0.09]
        let small = try Bootstrap.meanSquareInterval(three, replicates: 400, stream: try stream(), zeroMeanGaussian: false)
        #expect(small == (try Bootstrap.bcaMeanInterval(three, replicates: 400, stream: try stream())))
        #expect(small.low.isFinite && small.high.isFinite && small.low <= small.high)
    }

    /// The studentized interval's edges by hand: equal values give their mean as a point, all zeros give [0, 0], and
    /// fewer than 2 values, a negative value or fewer than 100 replicates are refused. Its ends are positive and
    /// contain the sample mean (t* is 0 at the sample itself, and the 2.5% and 97.5% quantiles of t* straddle 0 for a
    /// sample with any spread).
    @Test func studentizedIntervalEdges() throws {
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 1104, trialIndex: 1))
        #expect(
            try Bootstrap.studentizedLogMeanInterval([2, 2, 2], replicates: 100, stream: stream) == ConfidenceInterval(low: 2, high: 2))
        #expect(
            try Bootstrap.studentizedLogMeanInterval([0, 0, 0], replicates: 100, stream: stream) == ConfidenceInterval(low: 0, high: 0))
        #expect(throws: StatsError.self) { try Bootstrap.studentizedLogMeanInterval([1], replicates: 100, stream: stream) }
        #expect(throws: StatsError.self) { try Bootstrap.studentizedLogMeanInterval([1, -1], replicates: 100, stream: stream) }
        #expect(throws: StatsError.self) { try Bootstrap.studentizedLogMeanInterval([1, 2], replicates: 99, stream: stream) }
        let values = [0.1, 0.4, 2.5, 0.9, 1.6, 0.05, 3.2, 0.7]
        let ci = try Bootstrap.studentizedLogMeanInterval(values, replicates: 2000, stream: stream)
        let mean = values.reduce(0, +) / Double(values.count)
        #expect(ci.low > 0 && ci.low < mean && mean < ci.high, "\(ci) around \(mean)")
    }
}

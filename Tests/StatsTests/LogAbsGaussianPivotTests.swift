import Foundation
import Testing

@testable import Stats

/// ``LinearModel/logAbsGaussianTQuantiles(terms:replicates:stream:confidenceLevel:)`` and
/// ``LinearModelFit/joiningStudentizedQuantiles(_:)``: the HC3 t statistic's law when every error is log|Z|, the growth
/// models' interval (docs/drift.md part u).
@Suite struct LogAbsGaussianPivotTests {
    /// E[log|Z|] = (ψ(½) + ln 2)/2 with ψ(½) = −γ − 2 ln 2 (Abramowitz and Stegun 6.3.3), so −(γ + ln 2)/2 =
    /// −(0.5772156649015329 + 0.6931471805599453)/2 = −0.6351814227307391; Var(log|Z|) = ψ′(½)/4 = π²/8. The mean of
    /// 200 000 draws lies within 4 standard errors, 4·√(π²/8/200 000) = 0.0099, of the constant.
    @Test func meanOfLogAbsNormal() throws {
        #expect(abs(LinearModel.meanLogAbsStandardNormal - (-(0.5772156649015329 + 0.6931471805599453) / 2)) < 1e-15)
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 24, trialIndex: 1))
        let n = 200_000
        var sum = 0.0
        for _ in 0..<n { sum += log(abs(stream.standardNormal())) }
        #expect(abs(sum / Double(n) - LinearModel.meanLogAbsStandardNormal) < 4 * (Double.pi * Double.pi / 8 / Double(n)).squareRoot())
    }

    /// Five cells at log(1, 2, 5, 10, 20) minutes, 4 walks each, log|drift| = log σ + log|Z| with log σ = 0.3 + 0.8·x:
    /// the truth is intercept 0.3 + E log|Z| and slope 0.8, in closed form. Over 2000 replications (fixed seed) the
    /// interval [b − q₍high₎·SE, b − q₍low₎·SE] from the pivot's quantiles (4000 draws of its own stream) must cover each
    /// in 1868–1932 of 2000: 95% ± 3.29 binomial SDs (√(2000·0.95·0.05) = 9.75), about 99.9%; the quantiles' own
    /// Monte Carlo error moves the coverage by about 0.35%, 7 counts. The joined interval contains both the t
    /// interval and the pivot's, so it covers at least as often. log|Z| is left-skewed, so the intercept's t is skewed
    /// to the right: q₍high₎ > −q₍low₎.
    @Test func pivotCoversAClosedFormTruth() throws {
        let x = [1.0, 2, 5, 10, 20].flatMap { [Double](repeating: log($0), count: 4) }
        let terms = [RegressionTerm(name: "log_minutes", values: x)]
        let q = try LinearModel.logAbsGaussianTQuantiles(
            terms: terms, replicates: 4000, stream: try RandomStream(seed: TrialSeed(scenarioSeed: 24, trialIndex: 2)))
        #expect(q.count == 2)
        #expect(q[0].high > -q[0].low, "\(q[0])")
        let truth = [0.3 + LinearModel.meanLogAbsStandardNormal, 0.8]
        let data = try RandomStream(seed: TrialSeed(scenarioSeed: 24, trialIndex: 3))
        var pivotCovered = [0, 0]
        var joinedCovered = [0, 0]
        var tCovered = [0, 0]
        for _ in 0..<2000 {
            let y = x.map { 0.3 + 0.8 * $0 + log(abs(data.standardNormal())) }
            let fit = try LinearModel.fit(response: y, terms: terms, covariance: .hc3)
            let joined = try fit.joiningStudentizedQuantiles(q)
            for k in 0..<2 {
                let c = fit.coefficients[k]
                let low = c.estimate - q[k].high * c.standardError
                let high = c.estimate - q[k].low * c.standardError
                if low <= truth[k] && truth[k] <= high { pivotCovered[k] += 1 }
                let j = joined.coefficients[k]
                #expect(j.ciLow <= min(low, c.ciLow) && j.ciHigh >= max(high, c.ciHigh))
                #expect(j.estimate == c.estimate && j.standardError == c.standardError)
                if j.ciLow <= truth[k] && truth[k] <= j.ciHigh { joinedCovered[k] += 1 }
                if c.ciLow <= truth[k] && truth[k] <= c.ciHigh { tCovered[k] += 1 }
            }
        }
        for k in 0..<2 {
            #expect((1868...1932).contains(pivotCovered[k]), "coefficient \(k): pivot \(pivotCovered[k]), t \(tCovered[k])")
            #expect(joinedCovered[k] >= pivotCovered[k] && joinedCovered[k] >= tCovered[k])
        }
    }

    /// The quantiles are a function of the design and the stream: the same seed gives the same bits, and the order of
    /// the rows within the design's first appearances is what the draws follow.
    @Test func deterministic() throws {
        let terms = [RegressionTerm(name: "x", values: [0, 0, 0, 1, 1, 1, 2, 2, 2])]
        func run() throws -> [Double] {
            try LinearModel.logAbsGaussianTQuantiles(
                terms: terms, replicates: 500, stream: try RandomStream(seed: TrialSeed(scenarioSeed: 7, trialIndex: 0))
            ).flatMap { [$0.low, $0.high] }
        }
        #expect(try run() == (try run()))
    }
}

import Foundation
import Testing

@testable import Stats

@Suite struct RobustCovarianceTests {
    /// HC3 standard errors against statsmodels 0.15.0 (`sm.OLS(y, sm.add_constant(X)).fit(cov_type="HC3")`, run by
    /// hand on the NIST fixtures in this folder; `bse`, `fvalue` and `f_pvalue` printed with 17 digits). Longley is
    /// ill-conditioned (κ ≈ 10⁸), and statsmodels solves it by pseudo-inverse, so agreement is asked to 1e-6
    /// relative there and 1e-9 on Norris.
    @Test(arguments: [
        (
            "Longley",
            [
                1.7994772207728284e+06, 9.1119386428272961e+01, 5.5623988070489898e-02, 8.2213349751517206e-01,
                2.9878925615597474e-01, 3.2490581986303452e-01, 9.2280783668400397e+02,
            ], 227.57184619242048, 1e-6
        ),
        ("Norris", [0.16856475257516498, 0.00052314478092879], 3669381.84153427, 1e-9),
    ])
    func hc3MatchesStatsmodels(name: String, errors: [Double], f: Double, tolerance: Double) throws {
        let problem = try NISTProblem.load(name)
        let fit = try LinearModel.fit(response: problem.response, terms: problem.terms, covariance: .hc3)
        #expect(fit.covarianceEstimator == .hc3)
        #expect(fit.coefficients.count == errors.count)
        for (c, expected) in zip(fit.coefficients, errors) {
            #expect(abs(c.standardError - expected) <= tolerance * expected, "\(name) \(c.name): \(c.standardError) vs \(expected)")
        }
        let robustF = try #require(fit.fStatistic)
        #expect(abs(robustF - f) <= tolerance * f, "\(name) F \(robustF) vs \(f)")
        // Estimates are the classical fit's.
        let classical = try LinearModel.fit(response: problem.response, terms: problem.terms)
        #expect(zip(fit.coefficients, classical.coefficients).allSatisfy { $0.estimate == $1.estimate })
    }

    /// Hand calculation: y = (0, 0, 3) on x = (0, 1, 2) with an intercept. OLS gives ŷ = −0.5 + 1.5x, residuals
    /// e = (0.5, −1, 0.5), leverages h = (5/6, 1/3, 5/6), so eᵢ/(1 − hᵢ) = (3, −1.5, 3). With X = [1 x],
    /// (XᵀX)⁻¹ = [[5/6, −1/2], [−1/2, 1/2]] and the slope row of (XᵀX)⁻¹Xᵀ is (−1/2, 0, 1/2), so
    /// Var_HC3(slope) = (1/4)·9 + 0 + (1/4)·9 = 4.5; the intercept row is (5/6, 1/3, −1/6): 25/36·9 + 1/9·2.25 +
    /// 1/36·9 = 6.75.
    @Test func hc3ByHand() throws {
        let fit = try LinearModel.fit(
            response: [0, 0, 3], terms: [RegressionTerm(name: "x", values: [0, 1, 2])], covariance: .hc3)
        #expect(abs(fit.covariance[1][1] - 4.5) < 1e-12)
        #expect(abs(fit.covariance[0][0] - 6.75) < 1e-12)
    }

    /// Coverage: y = 1 + 0.5·T + e with sd(e) = 0.2·T (drift-like: spread grows with duration), 5 durations × 20
    /// walks, 400 replications, fixed seed. The 95% HC3 interval of the slope must cover 0.5 at a rate whose
    /// 99.9% Wilson interval contains 0.95; the classical interval is checked to under-cover (so the test can
    /// tell the two apart).
    @Test func hc3SlopeCoversAtNominalRate() throws {
        let durations = [1.0, 2, 5, 10, 20]
        let x = durations.flatMap { Array(repeating: $0, count: 20) }
        var robustHits = 0
        var classicalHits = 0
        let replications = 400
        for r in 0..<replications {
            let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 1101, trialIndex: UInt64(r)))
            let y = x.map { 1 + 0.5 * $0 + stream.gaussian(sigma: 0.2 * $0) }
            let terms = [RegressionTerm(name: "T", values: x)]
            let robust = try LinearModel.fit(response: y, terms: terms, covariance: .hc3)
            let classical = try LinearModel.fit(response: y, terms: terms)
            if let c = robust.coefficient(named: "T"), c.ciLow <= 0.5, 0.5 <= c.ciHigh { robustHits += 1 }
            if let c = classical.coefficient(named: "T"), c.ciLow <= 0.5, 0.5 <= c.ciHigh { classicalHits += 1 }
        }
        let robust = try Proportion(successes: robustHits, trials: replications).wilson(confidence: 0.999)
        #expect(robust.contains(0.95), "HC3 coverage \(robustHits)/\(replications)")
        let classical = try Proportion(successes: classicalHits, trials: replications).wilson(confidence: 0.999)
        #expect(classical.high < 0.95, "classical coverage \(classicalHits)/\(replications)")
    }
}

import Foundation
import Testing

@testable import Stats

@Suite struct StreamingFitTests {
    /// Rows handed to ``LinearModel/fitHC3(termNames:confidenceLevel:rows:)`` from arrays, counting the passes.
    final class Rows {
        let response: [Double]
        let terms: [RegressionTerm]
        var passes = 0
        init(_ response: [Double], _ terms: [RegressionTerm]) {
            self.response = response
            self.terms = terms
        }
        func fit() throws -> LinearModelFit {
            try LinearModel.fitHC3(termNames: terms.map(\.name)) { each in
                passes += 1
                for i in response.indices { try each(response[i], terms.map { $0.values[i] }) }
            }
        }
    }

    /// Hand calculation: y = (1, 3, 2, 5, 4) on x = (1, …, 5). x̄ = ȳ = 3, Sxx = 10, Sxy = 8, so the slope is 0.8 and
    /// the intercept 0.6; residuals (−0.4, 0.8, −1, 1.2, −0.6), leverages 1/5 + (x − 3)²/10 = (0.6, 0.3, 0.2, 0.3,
    /// 0.6), so uᵢ = eᵢ/(1 − hᵢ) = (−1, 8/7, −5/4, 12/7, −3/2) and Var_HC3(slope) = Σ(x − x̄)²uᵢ²/Sxx² =
    /// (4 + 64/49 + 0 + 144/49 + 9)/100 = 845/4900.
    @Test func handCalculation() throws {
        let rows = Rows([1, 3, 2, 5, 4], [RegressionTerm(name: "x", values: [1, 2, 3, 4, 5])])
        let fit = try rows.fit()
        #expect(rows.passes == 5)
        #expect(fit.coefficients.map(\.name) == ["intercept", "x"])
        #expect(abs(fit.coefficients[0].estimate - 0.6) <= 1e-15)
        #expect(abs(fit.coefficients[1].estimate - 0.8) <= 1e-15)
        let expected = (845.0 / 4900).squareRoot()
        #expect(abs(fit.coefficients[1].standardError - expected) <= 1e-14 * expected)
        #expect(fit.observations == 5 && fit.residualDegreesOfFreedom == 3)
        // RSS = 0.16 + 0.64 + 1 + 1.44 + 0.36 = 3.6.
        #expect(abs(fit.residualSumOfSquares - 3.6) <= 1e-14)
    }

    /// Against statsmodels' HC3 errors on NIST Norris (the values of ``RobustCovarianceTests``), and against the
    /// in-memory fit: estimates within 1e-12 relative, errors and F within 1e-9.
    @Test func norrisMatchesStatsmodelsAndTheInMemoryFit() throws {
        let problem = try NISTProblem.load("Norris")
        let fit = try Rows(problem.response, problem.terms).fit()
        for (c, expected) in zip(fit.coefficients, [0.16856475257516498, 0.00052314478092879]) {
            #expect(abs(c.standardError - expected) <= 1e-9 * expected, "\(c.name): \(c.standardError) vs \(expected)")
        }
        let robustF = try #require(fit.fStatistic)
        #expect(abs(robustF - 3669381.84153427) <= 1e-9 * 3669381.84153427)
        let memory = try LinearModel.fit(response: problem.response, terms: problem.terms, covariance: .hc3)
        for (a, b) in zip(fit.coefficients, memory.coefficients) {
            #expect(abs(a.estimate - b.estimate) <= 1e-12 * max(abs(b.estimate), 1e-3), "\(a.name)")
        }
        #expect(abs(fit.rSquared - memory.rSquared) <= 1e-12)
    }

    /// Three correlated terms (a drift study's minutes, net and total rotation, made up): the same fit as in memory.
    @Test func threeTermsAgreeWithTheInMemoryFit() throws {
        var y: [Double] = []
        var a: [Double] = []
        var b: [Double] = []
        var c: [Double] = []
        for i in 0..<600 {
            let minutes = Double(1 + i % 5)
            let net = Double((i * 37) % 360) - 180
            let total = abs(net) + 90 * Double(i % 7)
            a.append(minutes)
            b.append(abs(net))
            c.append(total)
            y.append(0.3 * minutes + 0.01 * total + sin(Double(i)) * minutes)
        }
        let terms = [
            RegressionTerm(name: "minutes", values: a), RegressionTerm(name: "net", values: b),
            RegressionTerm(name: "total", values: c),
        ]
        let fit = try Rows(y, terms).fit()
        let memory = try LinearModel.fit(response: y, terms: terms, covariance: .hc3)
        for (s, m) in zip(fit.coefficients, memory.coefficients) {
            #expect(abs(s.estimate - m.estimate) <= 1e-11 * max(abs(m.estimate), 1e-6), "\(s.name)")
            #expect(abs(s.standardError - m.standardError) <= 1e-10 * m.standardError, "\(s.name)")
        }
        #expect(abs(try #require(fit.fStatistic) - (try #require(memory.fStatistic))) <= 1e-9 * (try #require(memory.fStatistic)))
    }

    /// A constant term and too few rows are refused as in memory.
    @Test func refusals() throws {
        #expect(throws: StatsError.self) { try Rows([1, 2, 3], [RegressionTerm(name: "x", values: [2, 2, 2])]).fit() }
        #expect(throws: StatsError.self) { try Rows([1, 2], [RegressionTerm(name: "x", values: [1, 2])]).fit() }
    }
}

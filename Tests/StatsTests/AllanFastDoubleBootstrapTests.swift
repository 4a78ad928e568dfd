import Foundation
import Testing

@testable import Stats

/// The walk test's fast-double-bootstrap p (issue 24, part m; Davidson and MacKinnon, CSDA 51, 2007) on hand-made
/// first- and second-level statistics, every expected p worked out by hand below.
@Suite struct AllanFastDoubleBootstrapTests {
    /// Hyndman and Fan's definition 6: h = (n + 1)·p on [10, 20, 30] (n = 3). p = 0.5: h = 2, the 2nd value, 20.
    /// p = 0.625: h = 2.5, halfway between 20 and 30, 25. p = 0.1: h = 0.4 < 1, the first, 10. p = 0.9: h = 3.6 > 3,
    /// the last, 30.
    @Test(arguments: [(0.5, 20.0), (0.625, 25.0), (0.1, 10.0), (0.9, 30.0)])
    func weibullQuantile(probability: Double, expected: Double) {
        #expect(AllanNoiseTerms.weibullQuantile([10, 20, 30], probability) == expected)
    }

    /// The cases, each with R = 9 first-level statistics Δ* = 1, 2, …, 9 and Δ = 8.5: one of them (9) is ≥ Δ, so
    /// p* = (1 + 1)/(1 + 9) = 0.2 and Q** is the 0.8 quantile of Δ**.
    /// - Δ** = Δ*: h = 10·0.8 = 8, Q** = 8, #{Δ* > 8} = 1, p** = 2/10 = 0.2 = p* (the second level agrees with the
    ///   first: no correction).
    /// - Δ** = Δ*/2 (0.5, 1, …, 4.5: the second level runs smaller, as a plug-in null that understates Δ makes it):
    ///   h = 8, Q** = 4, #{Δ* > 4} = 5 (5…9), p** = 6/10 = 0.6 > p* (a rejection at 20% withdrawn).
    /// - Δ** = 0, 2, 4, 6, 8.5, 9.5 (n = 6, larger at the top): h = 7·0.8 = 5.6, Q** = 8.5 + 0.6·(9.5 − 8.5) = 9.1,
    ///   #{Δ* > 9.1} = 0, p** = 1/10 = 0.1 < p*. (Definition 7, GSL's and R's default, would give h = 5·0.8 + 1 = 5,
    ///   Q** = 8.5, #{Δ* > 8.5} = 1, p** = 0.2: this case tells the conventions apart.)
    /// - Ties at 0 (a refit whose K comes out 0 has Δ = 0): Δ* = 0, 0, 0, 0, 0, 1, 2, 3, 4, Δ = 2.5, Δ** = eight 0s
    ///   and a 1: #{Δ* ≥ 2.5} = 2, p* = 3/10 = 0.3, h = 10·0.7 = 7, Q** = 0, #{Δ* > 0} = 4, p** = 5/10 = 0.5.
    @Test func fastDoubleBootstrapPByHand() {
        let first = (1...9).map(Double.init)
        let p = { (second: [Double]) in AllanNoiseTerms.fastDoubleBootstrapP(observed: 8.5, first: first, second: second) }
        #expect(abs(p(first) - 0.2) < 1e-12)
        #expect(abs(p(first.map { $0 / 2 }) - 0.6) < 1e-12)
        #expect(abs(p([0, 2, 4, 6, 8.5, 9.5]) - 0.1) < 1e-12)
        let ties = AllanNoiseTerms.fastDoubleBootstrapP(
            observed: 2.5, first: [0, 0, 0, 0, 0, 1, 2, 3, 4], second: [0, 0, 0, 0, 0, 0, 0, 0, 1])
        #expect(abs(ties - 0.5) < 1e-12)
    }
}

import Foundation
import Testing

@testable import Stats

/// The inverse expected Fisher information of variance components and the Satterthwaite interval built on it
/// (``VarianceComponentDesign/componentCovariance(variances:)``, ``VarianceComponentDesign/satterthwaiteInterval(index:variances:confidence:)``).
@Suite struct VarianceComponentsSatterthwaiteTests {
    /// One component, x = 1, d = 1, −1, 2, −2: θ̂ = Σd²/n = 10/4 = 2.5, information n/(2θ²) so Var(θ̂) = 2·2.5²/4 =
    /// 3.125 and ν = 2θ̂²/Var = 4 = n: the exact interval [Σd²/χ²₀.₉₇₅(4), Σd²/χ²₀.₀₂₅(4)] of a normal variance with
    /// known mean. χ²(4) quantiles 0.4844186 and 11.143287 from F(x) = 1 − e^(−x/2)·(1 + x/2), checked here.
    @Test func oneComponentIsTheExactChiSquaredInterval() throws {
        let chiSquared4 = { (x: Double) in 1 - exp(-x / 2) * (1 + x / 2) }
        #expect(abs(chiSquared4(0.4844186) - 0.025) < 1e-8 && abs(chiSquared4(11.143287) - 0.975) < 1e-8)
        let design = try VarianceComponentDesign(response: [1, -1, 2, -2], components: [RegressionTerm(name: "a", values: [1, 1, 1, 1])])
        let fit = try design.fit()
        #expect(abs(fit.variances[0] - 2.5) < 1e-7)
        let covariance = try #require(design.componentCovariance(variances: [2.5]))
        #expect(abs(covariance[0][0] - 3.125) < 1e-12)
        let s = try #require(try design.satterthwaiteInterval(index: 0, variances: [2.5]))
        #expect(abs(s.degreesOfFreedom - 4) < 1e-12)
        #expect(abs(s.interval.low / (10 / 11.143287) - 1) < 1e-6)
        #expect(abs(s.interval.high / (10 / 0.4844186) - 1) < 1e-6)
        // No interval for a component at zero.
        #expect(try design.satterthwaiteInterval(index: 0, variances: [0]) == nil)
    }

    /// Two components on two groups (the design of `VarianceComponentsFixedTests`): x = (1, 0) for 2 observations,
    /// x = (1, 1) for 3, at θ = (5, 5/3) so v = 5 and 20/3. I = ½·(2·[[1,0],[0,0]]/25 + 3·[[1,1],[1,1]]/(400/9)) =
    /// [[59, 27], [27, 27]]/800, whose inverse is (800/864)·[[27, −27], [−27, 59]] = [[25, −25], [−25, 54.6296…]]:
    /// Var(θ̂₁) = 2·5²/2 (θ₁ is the first group's variance alone) and Var(θ̂₂) = 25 + 2·(20/3)²/3 (the difference of
    /// the two groups' variances).
    @Test func twoComponentsByHand() throws {
        let design = try VarianceComponentDesign(
            response: [1, -3, 2, -4, 0],
            components: [
                RegressionTerm(name: "a", values: [1, 1, 1, 1, 1]), RegressionTerm(name: "b", values: [0, 0, 1, 1, 1]),
            ])
        let c = try #require(design.componentCovariance(variances: [5, 5.0 / 3]))
        #expect(abs(c[0][0] - 25) < 1e-9 && abs(c[0][1] + 25) < 1e-9 && abs(c[1][0] + 25) < 1e-9)
        #expect(abs(c[1][1] - (25 + 2 * (400.0 / 9) / 3)) < 1e-9)
        let s = try #require(try design.satterthwaiteInterval(index: 1, variances: [5, 5.0 / 3]))
        #expect(abs(s.degreesOfFreedom - 2 * (25.0 / 9) / (25 + 800.0 / 27)) < 1e-12)
    }
}

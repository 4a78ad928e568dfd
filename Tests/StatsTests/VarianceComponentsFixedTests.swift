import Foundation
import Testing

@testable import Stats

/// A component held at a given θ (``VarianceComponentDesign/fit(weights:start:fixed:)``): the profile likelihood
/// the drift report's profile-likelihood intervals are made of.
@Suite struct VarianceComponentsFixedTests {
    /// Closed form. Two components on two groups: x = (1, 0) for d = 1, −3 (mean square 5) and x = (1, 1) for
    /// d = 2, −4, 0 (mean square 20/3). Free, θ₁ = 5 and θ₁ + θ₂ = 20/3, so θ₂ = 5/3. With θ₁ held at 2 the first
    /// group's variance is fixed at 2 and the second's maximum needs θ₂ = 20/3 − 2 = 14/3; with θ₁ held at 8 (above
    /// 20/3) θ₂ ≥ 0 is at its bound 0. ℓ = −½ Σ (log v + d²/v) over the five observations: held at 2,
    /// −½(2·log 2 + 10/2 + 3·log(20/3) + 3) ; held at 8, −½(2·log 8 + 10/8 + 3·log 8 + 20/8).
    @Test func heldComponentGivesTheProfileMaximum() throws {
        let design = try VarianceComponentDesign(
            response: [1, -3, 2, -4, 0],
            components: [
                RegressionTerm(name: "a", values: [1, 1, 1, 1, 1]), RegressionTerm(name: "b", values: [0, 0, 1, 1, 1]),
            ])
        let free = try design.fit()
        #expect(abs(free.variances[0] - 5) < 1e-7 && abs(free.variances[1] - 5.0 / 3) < 1e-7)
        let held = try design.fit(fixed: [0: 2])
        #expect(held.variances[0] == 2)
        #expect(abs(held.variances[1] - 14.0 / 3) < 1e-7)
        #expect(abs(held.logLikelihood - (-0.5 * (2 * log(2.0) + 5 + 3 * log(20.0 / 3) + 3))) < 1e-9)
        let above = try design.fit(fixed: [0: 8])
        #expect(above.variances == [8, 0])
        #expect(abs(above.logLikelihood - (-0.5 * (2 * log(8.0) + 10.0 / 8 + 3 * log(8.0) + 20.0 / 8))) < 1e-9)
        // The profile never beats the free maximum.
        #expect(held.logLikelihood <= free.logLikelihood + 1e-12 && above.logLikelihood <= free.logLikelihood + 1e-12)
        #expect(throws: StatsError.self) { try design.fit(fixed: [2: 1]) }
        #expect(throws: StatsError.self) { try design.fit(fixed: [0: -1]) }
    }
}

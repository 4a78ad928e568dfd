import Foundation
import Testing

@testable import Stats

/// REML fits (``VarianceComponents/fit(response:offset:meanTerms:components:weights:start:restricted:)`` with
/// `restricted: true`) and Satterthwaite's degrees of freedom of the mean coefficients
/// (``VarianceComponentFit/meanDegreesOfFreedom``), against closed forms worked out by hand below.
@Suite struct VarianceComponentsRestrictedTests {
    /// d = β·z + e with one constant variance θ, z = 1, 2, 3, d = 1, 3, 2 (the ML case is
    /// `VarianceComponentsTests.meanCoefficientCovariancesByHand`): β̂ = Σzd/Σz² = 13/14 either way; RSS = 27/14. ML
    /// divides by n = 3 (θ̂ = 9/14); REML by n − q = 2: θ̂ = 27/28, so var β̂ = θ̂/Σz² = 27/392. The restricted
    /// log-likelihood at θ̂: −½[3·log(27/28) + RSS/θ̂] − ½·log(Σz²/θ̂) with RSS/θ̂ = 2 and Σz²/θ̂ = 392/27.
    /// Satterthwaite's ν with one variance on every observation is n − q = 2 (the t of a regression with known
    /// weights up to one scale), for ML and REML alike.
    @Test func oneVarianceDividesByNMinusQ() throws {
        let z = [RegressionTerm(name: "z", values: [1, 2, 3])]
        let one = [RegressionTerm(name: "one", values: [1, 1, 1])]
        let reml = try VarianceComponents.fit(response: [1, 3, 2], meanTerms: z, components: one, restricted: true)
        #expect(reml.restricted)
        #expect(abs(reml.meanCoefficients[0] - 13.0 / 14) < 1e-10)
        #expect(abs(reml.variances[0] / (27.0 / 28) - 1) < 1e-8)
        #expect(abs(reml.meanCovariance[0][0] / (27.0 / 392) - 1) < 1e-8)
        let expected = -0.5 * (3 * log(27.0 / 28) + 2) - 0.5 * log(392.0 / 27)
        #expect(abs(reml.logLikelihood - expected) < 1e-8)
        #expect(abs(reml.meanDegreesOfFreedom[0] - 2) < 1e-6)
        let ml = try VarianceComponents.fit(response: [1, 3, 2], meanTerms: z, components: one)
        #expect(!ml.restricted)
        #expect(abs(ml.variances[0] / (9.0 / 14) - 1) < 1e-8)
        #expect(abs(ml.meanDegreesOfFreedom[0] - 2) < 1e-6)
    }

    /// Two groups, each with its own mean and its own variance (indicator mean terms and indicator components): REML
    /// gives each group's sample variance with n_g − 1, and each mean's ν is its own group's n_g − 1, not the
    /// pooled n − p. Group 1: d = 1, 2, 6 (mean 3, RSS 4 + 1 + 9 = 14, θ̂₁ = 7, var of the mean 7/3, ν₁ = 2). Group 2:
    /// d = 1, 3, 5, 7, 9, 11 (mean 6, RSS 25 + 9 + 1 + 1 + 9 + 25 = 70, θ̂₂ = 14, var of the mean 14/6, ν₂ = 5). The
    /// pooled n − p would be 9 − 4 = 5 for both. With no mean terms REML is ML: θ̂ = Σd²/n on each group.
    @Test func separateGroupsKeepTheirOwnDegreesOfFreedom() throws {
        let d = [1.0, 2, 6, 1, 3, 5, 7, 9, 11]
        let first = RegressionTerm(name: "first", values: [1, 1, 1, 0, 0, 0, 0, 0, 0])
        let second = RegressionTerm(name: "second", values: [0, 0, 0, 1, 1, 1, 1, 1, 1])
        let fit = try VarianceComponents.fit(
            response: d, meanTerms: [first, second], components: [first, second], restricted: true)
        #expect(abs(fit.meanCoefficients[0] - 3) < 1e-10)
        #expect(abs(fit.meanCoefficients[1] - 6) < 1e-10)
        #expect(abs(fit.variances[0] / 7 - 1) < 1e-7)
        #expect(abs(fit.variances[1] / 14 - 1) < 1e-7)
        #expect(abs(fit.meanCovariance[0][0] / (7.0 / 3) - 1) < 1e-7)
        #expect(abs(fit.meanCovariance[1][1] / (14.0 / 6) - 1) < 1e-7)
        #expect(abs(fit.meanDegreesOfFreedom[0] - 2) < 1e-5)
        #expect(abs(fit.meanDegreesOfFreedom[1] - 5) < 1e-5)
        let noMean = try VarianceComponents.fit(response: d, components: [first, second], restricted: true)
        #expect(!noMean.restricted)
        #expect(abs(noMean.variances[0] - 41.0 / 3) < 1e-8)  // (1 + 4 + 36)/3
        #expect(abs(noMean.variances[1] - 286.0 / 6) < 1e-8)  // (1 + 9 + 25 + 49 + 81 + 121)/6
    }

    /// The restricted log-determinant by hand: for a = [[4, 2], [2, 3]] det = 12 − 4 = 8, and for a matrix needing a
    /// row swap ([[0, 1], [2, 0]], det −2) |det| = 2; a singular matrix has none.
    @Test func logDeterminantByHand() throws {
        #expect(abs(try #require(SmallLinearAlgebra.logAbsoluteDeterminant([[4, 2], [2, 3]])) - log(8.0)) < 1e-12)
        #expect(abs(try #require(SmallLinearAlgebra.logAbsoluteDeterminant([[0, 1], [2, 0]])) - log(2.0)) < 1e-12)
        #expect(SmallLinearAlgebra.logAbsoluteDeterminant([[1, 2], [2, 4]]) == nil)
    }
}

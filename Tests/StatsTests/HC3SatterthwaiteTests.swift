import Testing

@testable import Stats

/// ``LinearModel/hc3SatterthwaiteDegreesOfFreedom(terms:includeIntercept:)``: ν = tr(DM)²/tr((DM)²) with
/// D = diag(cᵢ²/(1 − hᵢᵢ)²), checked by hand on designs whose M is known in closed form.
@Suite struct HC3SatterthwaiteTests {
    /// n equal observations of one mean (a term of ones, no intercept): hᵢᵢ = 1/n, cᵢ = 1/n, so D = 1/(n − 1)²·I and
    /// M = I − J/n. tr(DM) = D·(n − 1); tr((DM)²) = D²·Σᵢⱼ Mᵢⱼ² = D²·tr(M) = D²·(n − 1); ν = n − 1, the one-sample t.
    @Test func aMeanOfEqualObservationsHasNMinusOne() throws {
        for n in [3, 5, 12] {
            let nu = try LinearModel.hc3SatterthwaiteDegreesOfFreedom(
                terms: [RegressionTerm(name: "one", values: [Double](repeating: 1, count: n))], includeIntercept: false)
            #expect(abs(nu[0] - Double(n - 1)) < 1e-12, "n = \(n): \(nu[0])")
        }
    }

    /// Two groups of two (intercept, x = 0, 0, 1, 1). The slope is the difference of the group means: cᵢ = ∓½,
    /// hᵢᵢ = ½, so D = I and M is block-diagonal with blocks [[½, −½], [−½, ½]]: tr(DM) = 4·½ = 2,
    /// Σᵢⱼ Mᵢⱼ² = 8·¼ = 2, ν = 2 (= n − 2). The intercept is the first group's mean: cᵢ = ½ on that group, so D is
    /// 1 there and 0 elsewhere; tr(DM) = 1, tr((DM)²) = 4·¼ = 1, ν = 1 (a mean of two).
    @Test func twoGroupsOfTwo() throws {
        let nu = try LinearModel.hc3SatterthwaiteDegreesOfFreedom(
            terms: [RegressionTerm(name: "x", values: [0, 0, 1, 1])], includeIntercept: true)
        #expect(abs(nu[0] - 1) < 1e-12 && abs(nu[1] - 2) < 1e-12, "\(nu)")
    }

    /// The walking plan of `walks` with 3 walks of each kind (5 and 15 minutes, 0 or 1440° turned; no intercept):
    /// ν = 3.932447918650983 for minutes and 6.284967170800164 for degrees turned, from the same formula written
    /// independently in numpy (`np.trace(D @ M)**2 / np.trace(D @ M @ D @ M)`), both below n − 2 = 10.
    @Test func theWalkingPlanHasFewerThanNMinusTwo() throws {
        let kinds: [(Double, Double)] = [(5, 0), (5, 1440), (15, 0), (15, 1440)]
        let walks = (0..<3).flatMap { _ in kinds }
        let nu = try LinearModel.hc3SatterthwaiteDegreesOfFreedom(
            terms: [
                RegressionTerm(name: "minutes", values: walks.map(\.0)),
                RegressionTerm(name: "turned_deg", values: walks.map(\.1)),
            ], includeIntercept: false)
        #expect(abs(nu[0] - 3.932447918650983) < 1e-9 && abs(nu[1] - 6.284967170800164) < 1e-9, "\(nu)")
    }

    /// A term that is the intercept again has no inverse; an observation alone on its column has leverage 1.
    @Test func aSingularDesignOrLeverageOneIsRefused() {
        #expect(throws: StatsError.self) {
            try LinearModel.hc3SatterthwaiteDegreesOfFreedom(
                terms: [RegressionTerm(name: "x", values: [1, 1, 1])], includeIntercept: true)
        }
        #expect(throws: StatsError.self) {
            try LinearModel.hc3SatterthwaiteDegreesOfFreedom(
                terms: [RegressionTerm(name: "x", values: [0, 0, 1])], includeIntercept: true)
        }
    }
}

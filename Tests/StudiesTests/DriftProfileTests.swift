import Foundation
import SensorSim
import Stats
import Testing

@testable import MonteCarlo
@testable import Studies

/// The drift report's profile-likelihood intervals (``DriftDecomposition/profileInterval(design:fit:index:scale:criterion:)``)
/// and the shipped design's coverage (``DriftCoverage/shipped(profile:minutes:turns:trialsPerCell:replications:seed:bootstrapReplicates:runner:)``).
@Suite struct DriftProfileTests {
    /// Closed form. One variance component with regressor 1 and n = 5 drifts 1, −2, 3, 0.5, −1.5 (Σd² = 16.5):
    /// ℓ(θ) = −½(n·log θ + Σd²/θ), θ̂ = 3.3, and 2·(ℓ̂ − ℓ(θ)) = n·(r − 1 − log r) with r = θ̂/θ. Both ends of the
    /// interval must put that ratio at χ²₁'s 0.95 point, 3.841459, one below θ̂ and one above it.
    @Test func profileIntervalEndsSitAtTheChiSquaredPoint() throws {
        let design = try VarianceComponentDesign(
            response: [1, -2, 3, 0.5, -1.5], components: [RegressionTerm(name: "one", values: [1, 1, 1, 1, 1])])
        let fit = try design.fit()
        #expect(abs(fit.variances[0] - 3.3) < 1e-8)
        let ends = try DriftDecomposition.profileInterval(design: design, fit: fit, index: 0, scale: 1)
        func ratio(_ theta: Double) -> Double {
            let r = 3.3 / theta
            return 5 * (r - 1 - log(r))
        }
        #expect(ends.low > 0 && ends.low < 3.3 && ends.high > 3.3)
        #expect(abs(ratio(ends.low) - 3.841459) < 1e-4, "low \(ends.low): \(ratio(ends.low))")
        #expect(abs(ratio(ends.high) - 3.841459) < 1e-4, "high \(ends.high): \(ratio(ends.high))")
    }

    /// A dropped term's bound allows for its having been dropped: for a fit on the boundary (likelihood ratio 0, z = 0)
    /// the cut-off is μ_U² with Φ(−μ_U)/Φ(√2.71 − μ_U) = 0.025; by tabulated Φ (`TruncatedNormalTests`: at c = 1.645
    /// the ratio is 0.0255 at μ = 2.65 and 0.0248 at 2.67, and c = √2.71 = 1.6462 moves μ_U by about 0.001), μ_U²
    /// lies in (7.02, 7.13), nearly twice χ²₁,₀.₉₅ = 3.84. A ratio of 1 (z = 1) must give a larger cut-off. And the
    /// profile interval honours the cut-off it is given: in the closed-form example above, its upper end puts
    /// 5·(r − 1 − log r) at that cut-off.
    @Test func droppedTermCutoffAllowsForTheSelection() throws {
        let atBoundary = try #require(try DriftDecomposition.selectiveProfileCriterion(likelihoodRatio: 0))
        #expect(atBoundary > 7.02 && atBoundary < 7.13, "cut-off \(atBoundary)")
        let inside = try #require(try DriftDecomposition.selectiveProfileCriterion(likelihoodRatio: 1))
        #expect(inside > atBoundary, "cut-off \(inside) at LR 1")
        // At the elimination's cut-off (z = c) the selection leaves μ unbounded: no finite cut-off.
        #expect(try DriftDecomposition.selectiveProfileCriterion(likelihoodRatio: DriftDecomposition.eliminationCriterion) == nil)
        let design = try VarianceComponentDesign(
            response: [1, -2, 3, 0.5, -1.5], components: [RegressionTerm(name: "one", values: [1, 1, 1, 1, 1])])
        let fit = try design.fit()
        let ends = try DriftDecomposition.profileInterval(design: design, fit: fit, index: 0, scale: 1, criterion: atBoundary)
        let r = 3.3 / ends.high
        #expect(abs(5 * (r - 1 - log(r)) - atBoundary) < 1e-4, "high \(ends.high)")
    }

    /// The crossover's profile-likelihood interval, closed form. A turn-on bias (regressor T²) and a scale factor
    /// (regressor θ_net²) fitted to 5 straight walks (drifts 1, −2, 3, 0.5, −1.5 rad: n₁ = 5, m₁ = Σd²/n = 3.3) and
    /// 6 loops, all of T₁ = 60 s, θ_net = 2π. The fit matches each cell's mean square: θ_b·T₁² = m₁,
    /// θ_b·T₁² + θ_s·θ_net² = m₂, so the loops cross at T̂ = T₁·√((m₂ − m₁)/m₁). Holding time(T) = turning(T),
    /// θ_s·θ_net² = θ_b·T², leaves one parameter: the loops' variance is θ_b·(T₁² + T²), and
    /// ℓ_c(T) = −½ Σ nᵢ(log vᵢ + mᵢ/vᵢ) is maximised at θ_b = (n₁m₁ + n₂m₂/(1 + ρ))/(T₁²(n₁ + n₂)), ρ = T²/T₁².
    /// - Loops 8, −6, 10, −4, 12, −8 (m₂ = 424/6, T̂ = 271 s): both ends must put 2·(ℓ̂ − ℓ_c(T)) at χ²₁'s 0.95
    ///   point, 3.841459, one below T̂ and one above it.
    /// - Loops 4, −3, 5, −2, 6, −4 (m₂ = 106/6, T̂ = 125 s): at T → 0 (no turning part) the ratio is only 3.31, so
    ///   the lower end is 0; the upper end is at 3.841459.
    /// A tilt offset on the loops, or mean terms (one phone), have no such form: no interval.
    @Test func crossoverProfileEndsSitAtTheChiSquaredPoint() throws {
        let net = 2 * Double.pi
        let identity: @Sendable (Double) -> Double = { $0 }
        let terms = [
            DriftDecomposition.Term(
                id: "turn_on_bias", label: "turn-on bias", unit: "", source: .time, regressor: { $0.seconds * $0.seconds },
                toUnit: identity, profileValue: 0),
            DriftDecomposition.Term(
                id: "scale_factor", label: "scale factor", unit: "", source: .turning, regressor: { $0.net * $0.net },
                toUnit: identity, profileValue: 0),
        ]
        func check(loops: [Double], lowAtZero: Bool) throws {
            let rows =
                [1, -2, 3, 0.5, -1.5].map { DriftDecomposition.Row(cellIndex: 0, drift: $0, seconds: 60, tiltFactor: 1, net: 0, total: 0) }
                + loops.map { DriftDecomposition.Row(cellIndex: 1, drift: $0, seconds: 60, tiltFactor: 1, net: net, total: net) }
            let columns = terms.map { t in RegressionTerm(name: t.id, values: rows.map { t.regressor($0) }) }
            let response = rows.map(\.drift)
            let offset = rows.map(\.offset)
            let fit = try VarianceComponents.fit(response: response, components: columns)
            let (n1, m1, n2) = (5.0, 3.3, Double(loops.count))
            let m2 = loops.reduce(0) { $0 + $1 * $1 } / n2
            #expect(abs(fit.variances[0] * 3600 - m1) < 1e-6 && abs(fit.variances[0] * 3600 + fit.variances[1] * net * net - m2) < 1e-6)
            let estimate = 60 * ((m2 - m1) / m1).squareRoot()
            let best = -0.5 * (n1 * (log(m1) + 1) + n2 * (log(m2) + 1))
            func ratio(_ seconds: Double) -> Double {
                let rho = seconds * seconds / 3600
                let theta = (n1 * m1 + n2 * m2 / (1 + rho)) / (3600 * (n1 + n2))
                let v1 = theta * 3600
                let v2 = theta * 3600 * (1 + rho)
                return 2 * (best + 0.5 * (n1 * (log(v1) + m1 / v1) + n2 * (log(v2) + m2 / v2)))
            }
            #expect(abs(ratio(estimate)) < 1e-6)
            let loopRows = rows.filter { $0.cellIndex == 1 }.map { (row: $0, weight: 1.0) }
            let ends = try #require(
                try DriftDecomposition.crossoverProfileInterval(
                    design: (response, offset, columns, false), terms: terms, hasMeanTerms: false, fit: fit, groupRows: loopRows,
                    estimate: estimate))
            #expect(ends.high > estimate && ends.high.isFinite, "\(ends)")
            #expect(abs(ratio(ends.high) - 3.841459) < 1e-4, "high \(ends.high): \(ratio(ends.high))")
            if lowAtZero {
                #expect(ratio(0) < 3.841459 && ends.low == 0, "\(ends), ratio at 0: \(ratio(0))")
            } else {
                #expect(ends.low > 0 && ends.low < estimate, "\(ends)")
                #expect(abs(ratio(ends.low) - 3.841459) < 1e-4, "low \(ends.low): \(ratio(ends.low))")
            }
            // Tilted loops put a constant (the under-reading's square) in the constraint; one phone's mean terms put (b₀T)².
            let tilted = loopRows.map { p in
                (
                    row: DriftDecomposition.Row(cellIndex: 1, drift: p.row.drift, seconds: 60, tiltFactor: 0.9, net: net, total: net),
                    weight: 1.0
                )
            }
            #expect(
                try DriftDecomposition.crossoverProfileInterval(
                    design: (response, offset, columns, false), terms: terms, hasMeanTerms: false, fit: fit, groupRows: tilted,
                    estimate: estimate) == nil)
            #expect(
                try DriftDecomposition.crossoverProfileInterval(
                    design: (response, offset, columns, false), terms: terms, hasMeanTerms: true, fit: fit, groupRows: loopRows,
                    estimate: estimate) == nil)
        }
        try check(loops: [8, -6, 10, -4, 12, -8], lowAtZero: false)
        try check(loops: [4, -3, 5, -2, 6, -4], lowAtZero: true)
    }

    /// A spread's reported interval keeps the bootstrap's lower end and takes the larger upper end (by hand):
    /// bootstrap [1, 2] with profile [0.5, 3] gives [1, 3]; with profile [0.5, 1.5], [1, 2]; an unbounded profile end
    /// or none leaves the bootstrap's; a bound [0, 2] (not reliably detected) with profile [0.4, 2.5] gives [0, 2.5].
    @Test func spreadUpperEndIsTheLargerOfBootstrapAndProfile() {
        let bootstrap = ConfidenceInterval(low: 1, high: 2)
        let wider = ConfidenceInterval(low: 0.5, high: 3)
        #expect(DriftDecomposition.widenedUpward(bootstrap, by: wider) == ConfidenceInterval(low: 1, high: 3))
        #expect(DriftDecomposition.widenedUpward(bootstrap, by: ConfidenceInterval(low: 0.5, high: 1.5)) == bootstrap)
        #expect(DriftDecomposition.widenedUpward(bootstrap, by: ConfidenceInterval(low: 0.5, high: .infinity)) == bootstrap)
        #expect(DriftDecomposition.widenedUpward(bootstrap, by: nil) == bootstrap)
        #expect(
            DriftDecomposition.widenedUpward(ConfidenceInterval(low: 0, high: 2), by: ConfidenceInterval(low: 0.4, high: 2.5))
                == ConfidenceInterval(low: 0, high: 2.5))
    }

    /// The zigzag share the fit cannot identify gets an upper bound: `phone-calibrated`'s numbers at 10 Hz
    /// (asymmetry 0.1%, which 60 walks per cell do not identify beside a 0.02 °/s turn-on bias), loops and
    /// zigzags of 1 and 3 minutes. The text reads "not identified (…), at most x% (95% profile-likelihood bound, allowing
    /// for the selection)",
    /// and the asymmetry's row gives its σ bound.
    @Test func unidentifiedZigzagShareHasABound() throws {
        let p = DriftCoverage.phoneCalibratedAt10Hz()
        let s = DriftCoverage.scenario(
            p, minutes: [1, 3], turns: [0, 16], shapes: [.loop, .zigzag], trialsPerCell: 60, seed: 24_004, sameDevice: false)
        let outcomes = try DriftStudy.simulate(s, runner: MonteCarloRunner(jobs: 2))
        let d = try DriftDecomposition(scenario: s, profileName: p.name, outcomes: outcomes, replicates: 50)
        let asymmetry = try #require(d.unidentified.first { $0.label == "scale-factor asymmetry" }, "\(d.unidentified.map(\.label))")
        let bound = try #require(asymmetry.upperBound)
        #expect(bound > 0)
        let zigzag = try #require(d.shares.first { $0.cell.walk.shape == .zigzag && $0.cell.walk.turns == 16 })
        let share = try #require(zigzag.turningShareUpperBound)
        #expect(share > 0 && share < 1)
        let text = try DriftReport.shareText(zigzag, d)
        #expect(text.hasPrefix("not identified (the scale-factor asymmetry"), "\(text)")
        let boundName = "95% profile-likelihood bound, allowing for the selection"
        #expect(text.hasSuffix(", at most \(try DriftReport.shareBoundText(share)) (\(boundName))"), "\(text)")
        // A loop's turning is identified: no bound there.
        let loop = try #require(d.shares.first { $0.cell.walk.shape == .loop && $0.cell.walk.turns == 16 })
        #expect(loop.turningShareUpperBound == nil)
    }

    /// Rounding a bound up with enough decimals: 0.00362 → "0.4%" (at 0 decimals 0.362% would print 0%),
    /// 0.0000362 → "0.01%" (two decimals at most, rounded up), 0.2 → "20%", 0.123 → "13%" (12.3% up), 0.99962 →
    /// "99.97%" (at 0 and 1 decimals it would print 100%).
    @Test func shareBoundRoundsUp() throws {
        #expect(try DriftReport.shareBoundText(0.00362) == "0.4%")
        #expect(try DriftReport.shareBoundText(0.000_036_2) == "0.01%")
        #expect(try DriftReport.shareBoundText(0.2) == "20%")
        #expect(try DriftReport.shareBoundText(0.123) == "13%")
        #expect(try DriftReport.shareBoundText(0.99962) == "99.97%")
    }

    /// A fast version of `sensorbench dev drift-coverage`'s shipped-design rows: 12 replications of loops and zigzags
    /// (4 and 16 turns, 1, 5 and 20 minutes) at 20 walks per cell, fixed seeds. Each interval's count must be one a
    /// 95% interval gives with reasonable probability: 0.95 inside the 99% Clopper–Pearson interval of the count
    /// (`DriftCoverageTests`). The headline's false zigzag claims (time dominates every zigzag here by the closed
    /// form): at most 3 of 12, since with a false-claim rate of 5% P(X ≥ 4) = 0.0022 for X ~ Binomial(12, 0.05).
    /// The turning shares are not checked here: the cells of one replication share one fit, so their counts are not
    /// independent and a binomial band over them does not apply (on this reduced grid with 50 bootstrap replicates
    /// the loops' share intervals held the closed-form share in 52 of 72 cells; the full design's figure, 4752 of
    /// 5000 cells over 250 replications with 400 replicates, is in docs/drift.md).
    @Test func shippedDesignCoversAtFewReplications() throws {
        let replications = 12
        let result = try DriftCoverage.shipped(
            profile: DriftCoverage.phoneCalibratedAt10Hz(), minutes: [1, 5, 20], turns: [4, 16], trialsPerCell: 20,
            replications: replications, seed: 9_150_000, bootstrapReplicates: 50, runner: MonteCarloRunner(jobs: 2))
        for key in ["turn_on_bias σ", "turn_on_bias σ [profile]"] {
            let c = try #require(result.counts[key], "\(key) never reported: \(result.counts.keys.sorted())")
            #expect(c.reported == replications, "\(key) reported \(c.reported)")
            #expect(try DriftCoverageTests.consistentWithNominal(c.covered, of: c.reported), "\(key) covered \(c.covered) of \(c.reported)")
        }
        for (key, c) in result.counts where key.hasSuffix("not identified (bound)") {
            #expect(try DriftCoverageTests.consistentWithNominal(c.covered, of: c.reported), "\(key) covered \(c.covered) of \(c.reported)")
        }
        #expect(result.zigzagFalseClaims <= 3, "\(result.zigzagFalseClaims) of \(replications) headlines claim a zigzag crossover")
    }
}

import Testing

@testable import Stats

/// The selective upper bound of a normal mean seen only below a cut-off
/// (``TruncatedNormal/upperBound(observed:cutoff:alpha:)``).
@Suite struct TruncatedNormalTests {
    /// Hand calculation with tabulated Φ (Abramowitz and Stegun, Table 26.1): z = 0, c = 1.645, α = 0.025.
    /// At μ = 2.65: Φ(−2.65) = 0.00402 and Φ(1.645 − 2.65) = Φ(−1.005) = 0.15745 (halfway between Φ(−1.00) = 0.15866
    /// and Φ(−1.01) = 0.15625), ratio 0.0255 > 0.025. At μ = 2.67: Φ(−2.67) = 0.00379 and Φ(−1.025) = 0.15268
    /// (between Φ(−1.02) = 0.15386 and Φ(−1.03) = 0.15151), ratio 0.0248 < 0.025. The ratio falls with μ, so μ_U
    /// lies in (2.65, 2.67), and the profile cut-off μ_U² in (7.02, 7.13), against 1.96² = 3.84 without the selection.
    @Test func boundaryObservationGivesAboutTwoPointSixSix() throws {
        let mu = try TruncatedNormal.upperBound(observed: 0, cutoff: 1.645, alpha: 0.025)
        #expect(mu > 2.65 && mu < 2.67, "μ_U = \(mu)")
        #expect(mu * mu > 7.02 && mu * mu < 7.13, "μ_U² = \(mu * mu)")
        // The defining equation Φ(−μ_U)/Φ(c − μ_U) = 0.025, with Φ(−x) = P(Z > x) from GSL's upper tail.
        let ratio = try Normal.upperTail(mu) / Normal.upperTail(mu - 1.645)
        #expect(abs(ratio - 0.025) < 1e-9, "ratio \(ratio)")
    }

    /// Without a selection (a cut-off far above z) the bound is the ordinary one-sided one, z + Φ⁻¹(1 − α):
    /// 0.5 + 1.959964 = 2.459964 (Φ⁻¹(0.975) = 1.959964, tabulated).
    @Test func farCutoffGivesTheUnselectedBound() throws {
        let mu = try TruncatedNormal.upperBound(observed: 0.5, cutoff: 30, alpha: 0.025)
        #expect(abs(mu - 2.459964) < 1e-5, "μ_U = \(mu)")
    }

    /// A z closer to the cut-off says less about μ, so the bound moves out: z = 0.5 and z = 1 with c = 1.645 each
    /// satisfy the defining equation Φ(z − μ_U)/Φ(c − μ_U) = 0.025, and the bound grows with z (above z = 0's 2.66).
    @Test func boundGrowsTowardTheCutoff() throws {
        let lower = try TruncatedNormal.upperBound(observed: 0.5, cutoff: 1.645, alpha: 0.025)
        let higher = try TruncatedNormal.upperBound(observed: 1, cutoff: 1.645, alpha: 0.025)
        #expect(lower > 2.67 && higher > lower, "\(lower), \(higher)")
        for (z, mu) in [(0.5, lower), (1.0, higher)] {
            let ratio = try Normal.upperTail(mu - z) / Normal.upperTail(mu - 1.645)
            #expect(abs(ratio - 0.025) < 1e-9, "ratio \(ratio) at z = \(z), μ_U = \(mu)")
        }
    }

    /// An observation at or above its cut-off contradicts the selection, and α must lie in (0, 0.5).
    @Test func inconsistentArgumentsAreRefused() {
        #expect(throws: StatsError.self) { try TruncatedNormal.upperBound(observed: 2, cutoff: 1.645, alpha: 0.025) }
        #expect(throws: StatsError.self) { try TruncatedNormal.upperBound(observed: 0, cutoff: 1.645, alpha: 0.7) }
    }
}

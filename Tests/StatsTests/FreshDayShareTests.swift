import Foundation
import Testing

@testable import Stats

/// ``FreshDayShare``: the share of independent fresh days is exactly binomial, so an interval's coverage at a true
/// share p is the closed-form sum Σₖ C(n,k)pᵏ(1 − p)ⁿ⁻ᵏ over the counts k whose interval holds p.
@Suite struct FreshDayShareTests {
    static func coverage(days n: Int, share p: Double, _ interval: (Int) throws -> ConfidenceInterval) throws -> Double {
        var total = 0.0
        for k in 0...n {
            let ci = try interval(k)
            guard ci.low <= p, p <= ci.high else { continue }
            let logChoose = lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
            total += exp(logChoose + Double(k) * log(p) + Double(n - k) * log1p(-p))
        }
        return total
    }

    /// At the confirmations' 20 days and the re-checks' 40 and 100, on a grid of 999 true shares (0.001 … 0.999), the
    /// interval covers at least 95% everywhere (Clopper–Pearson's guarantee). Wilson's, which the confirmations used
    /// before, falls below 95% between 0.2 and 0.8 at 20 days (lowest 92.9% there, from the same sum in scipy), so the
    /// test tells them apart.
    @Test func coversAtEveryShare() throws {
        for n in [20, 40, 100] {
            var lowest = 1.0
            var wilsonLowestInMiddle = 1.0
            for i in 1...999 {
                let p = Double(i) / 1000
                lowest = min(lowest, try Self.coverage(days: n, share: p) { try FreshDayShare.interval(held: $0, days: n) })
                if p >= 0.2, p <= 0.8 {
                    let w = try Self.coverage(days: n, share: p) { try Proportion(successes: $0, trials: n).wilson() }
                    wilsonLowestInMiddle = min(wilsonLowestInMiddle, w)
                }
            }
            #expect(lowest >= 0.95, "\(n) days: lowest coverage \(lowest)")
            if n == 20 { #expect(wilsonLowestInMiddle < 0.94, "Wilson at 20 days: \(wilsonLowestInMiddle)") }
        }
    }

    /// The ends by hand: n of n has low end 0.025^(1/n) (the beta quantile B⁻¹(0.025; n, 1)) and high end 1; 0 of n
    /// has low 0 and high 1 − 0.025^(1/n). The fewest days, all held, to show 80%: 0.025^(1/n) ≥ 0.8, n ≥ 16.5: 17.
    @Test func endsAndFewestDaysByHand() throws {
        for n in [10, 17, 20] {
            let all = try FreshDayShare.interval(held: n, days: n)
            #expect(abs(all.low - pow(0.025, 1 / Double(n))) < 1e-10 && all.high == 1)
            let none = try FreshDayShare.interval(held: 0, days: n)
            #expect(none.low == 0 && abs(none.high - (1 - pow(0.025, 1 / Double(n)))) < 1e-10)
        }
        #expect(FreshDayShare.fewestDaysToShow(0.8) == 17)
        #expect(throws: StatsError.self) { try FreshDayShare.interval(held: 1, days: 0) }
    }
}

/// The share of fresh days on which a claim held (a recommendation met its targets, a check held, a ladder rung
/// earned more points): the shake, scribble, geofence and grading confirmations and their `dev … recheck`s.
///
/// Fresh days are independent draws of the same scenario, so the count of days that held is exactly binomial, and
/// the interval is Clopper–Pearson's, whose coverage is at least 95% at every true share. Wilson's, used before
/// (session s, 2026-12-05), covers 95.3% on average over the share at 20 days but as little as 92.9% between 0.2 and
/// 0.8 and 83.8% near 0 or 1 (exact binomial sums; `FreshDayShareTests`).
package enum FreshDayShare {
    /// The 95% interval of the share of `days` fresh days on which the claim held `held` times.
    /// - Throws: ``StatsError/invalidInput(_:)`` when `days` < 1 or `held` is outside 0…days.
    package static func interval(held: Int, days: Int) throws(StatsError) -> ConfidenceInterval {
        try Proportion(successes: held, trials: days).clopperPearson(confidence: 0.95)
    }

    /// The fewest fresh days, all of them held, whose interval's lower end reaches `share`: the smallest n with
    /// 0.025^(1/n) ≥ share (Clopper–Pearson's lower end at n of n).
    package static func fewestDaysToShow(_ share: Double) -> Int {
        (1...100_000).first { n in ((try? interval(held: n, days: n).low) ?? 0) >= share } ?? 100_000
    }
}

/// The quantile of a continuous distribution from its tail functions, for when GSL's own inverse is wrong.
///
/// GSL's inverse distribution functions fail inside their domain for some arguments: `gsl_cdf_chisq_Pinv` returns
/// NaN in the upper tail for many degrees of freedom, `gsl_cdf_beta_Pinv(0.025, 941, 60)` (the lower Clopper–Pearson
/// bound of 941 successes in 1000) and 599 other beta quantiles of counts up to 2000 return NaN, and
/// `gsl_cdf_fdist_Pinv` returns NaN for thousands of (ν₁, ν₂) pairs, while the forward tails (`gsl_cdf_*_P`, `_Q`)
/// are sound. So GSL's answer is accepted only when the tail at it reproduces the target to relative 1e-12;
/// otherwise the quantile is found by bisection on that tail (monotone, bracketed, halved down to adjacent doubles).
/// Where GSL is right the answer is GSL's, bit for bit.
enum TailInversion {
    /// The x at which `tail(x)` equals `target`.
    ///
    /// - Parameters:
    ///   - target: the tail probability, in (0, 1).
    ///   - upper: `tail` is the upper tail Q (decreasing in x); otherwise the lower tail P (increasing).
    ///   - guess: GSL's inverse at the same probability (may be NaN or wrong).
    ///   - low: the support's lower end.
    ///   - high: the support's upper end when it is finite; `nil` for an unbounded support, bracketed by doubling from
    ///     `start`.
    ///   - start: the first upper bracket of an unbounded support (a point near the distribution's bulk).
    ///   - tail: P or Q of the distribution.
    ///   - operation: named in the error when no bracket is found.
    /// - Returns: the quantile.
    /// - Throws: ``StatsError/gsl(operation:status:reason:)`` when an unbounded support cannot be bracketed.
    static func quantile(
        target: Double, upper: Bool, guess: Double, low lowEnd: Double, high highEnd: Double?, start: Double,
        tail: (Double) -> Double, operation: String
    ) throws(StatsError) -> Double {
        // Whether x lies below the quantile: the lower tail is still too small, or the upper tail too large.
        func isBelow(_ x: Double) -> Bool { upper ? tail(x) > target : tail(x) < target }
        func accepted(_ x: Double) -> Bool {
            guard x.isFinite, x >= lowEnd, x <= (highEnd ?? .infinity) else { return false }
            return abs(tail(x) - target) <= 1e-12 * target
        }
        if accepted(guess) { return guess }

        // Bracket [low, high] around the quantile, then bisect down to adjacent doubles.
        var low = lowEnd
        var high = highEnd ?? start
        if highEnd == nil {
            var doublings = 0
            while isBelow(high) {
                low = high
                high *= 2
                doublings += 1
                guard doublings < 1100, high.isFinite else {
                    throw .gsl(operation: operation, status: 0, reason: "could not bracket the quantile")
                }
            }
        }
        for _ in 0..<1100 {
            let middle = low + (high - low) / 2
            guard middle > low, middle < high else { break }
            if isBelow(middle) { low = middle } else { high = middle }
        }
        let x = low + (high - low) / 2
        return try DistributionArguments.result(x, "\(operation) (bisection)")
    }
}

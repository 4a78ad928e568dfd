internal import CGSL

/// Descriptive statistics over GSL (`gsl_stats_*`, `gsl_sort`).
///
/// Every function rejects empty input and non-finite values with ``StatsError/invalidInput(_:)``, so no NaN
/// ever leaves this type.
package enum Descriptive {
    // MARK: - Summary

    /// Count, mean, sample standard deviation, RMS, median, 95th percentile, minimum and maximum of `values`.
    ///
    /// Sorts one copy of the values (`gsl_sort`, O(n log n)); every other statistic is a single O(n) pass.
    /// Mean and standard deviation come from `gsl_stats_mean` / `gsl_stats_sd_m` (GSL's running-update
    /// formulas); the RMS is √(Σx²/n), computed as GSL's variance about the fixed mean 0.
    /// - Parameter values: the sample; at least one value, all finite.
    /// - Returns: the summary.
    /// - Throws: ``StatsError/invalidInput(_:)`` on empty or non-finite input, or when a statistic overflows.
    package static func summary(_ values: [Double]) throws(StatsError) -> Summary {
        GSLRuntime.ensureReady()
        try validate(values, "Descriptive.summary")
        var sorted = values
        let n = sorted.count
        let stats = sorted.withUnsafeMutableBufferPointer { buffer -> (Double, Double, Double, Double, Double) in
            // The buffer of a non-empty array always has a base address.
            guard let base = buffer.baseAddress else { return (.nan, .nan, .nan, .nan, .nan) }
            gsl_sort(base, 1, n)
            let mean = gsl_stats_mean(base, 1, n)
            let sd = n > 1 ? gsl_stats_sd_m(base, 1, n, mean) : 0
            let meanSquare = gsl_stats_variance_with_fixed_mean(base, 1, n, 0)
            let median = gsl_stats_quantile_from_sorted_data(base, 1, n, 0.5)
            let p95 = gsl_stats_quantile_from_sorted_data(base, 1, n, 0.95)
            return (mean, sd, meanSquare.squareRoot(), median, p95)
        }
        let summary = Summary(
            count: n, mean: stats.0, standardDeviation: stats.1, rms: stats.2,
            median: stats.3, p95: stats.4, minimum: sorted[0], maximum: sorted[n - 1]
        )
        guard summary.mean.isFinite, summary.standardDeviation.isFinite, summary.rms.isFinite,
            summary.median.isFinite, summary.p95.isFinite
        else {
            throw .invalidInput("Descriptive.summary: a statistic overflowed (values too large in magnitude)")
        }
        return summary
    }

    // MARK: - Single statistics

    /// The arithmetic mean Σx/n (`gsl_stats_mean`).
    ///
    /// - Parameter values: at least one value, all finite.
    /// - Returns: the mean.
    /// - Throws: ``StatsError/invalidInput(_:)`` on empty or non-finite input.
    package static func mean(_ values: [Double]) throws(StatsError) -> Double {
        GSLRuntime.ensureReady()
        try validate(values, "Descriptive.mean")
        let mean = values.withUnsafeBufferPointer { buffer -> Double in
            guard let base = buffer.baseAddress else { return .nan }
            return gsl_stats_mean(base, 1, buffer.count)
        }
        guard mean.isFinite else { throw .invalidInput("Descriptive.mean: the mean overflowed") }
        return mean
    }

    /// The `probability` quantile of ascending `sorted` data, by GSL's definition.
    ///
    /// `gsl_stats_quantile_from_sorted_data`: with n values x₀ ≤ … ≤ xₙ₋₁, the index is h = (n − 1)·p and the
    /// quantile interpolates linearly, x_⌊h⌋ + (h − ⌊h⌋)(x_⌊h⌋₊₁ − x_⌊h⌋). This is Hyndman and Fan's type 7
    /// (R's and NumPy's default); p = 0 gives the minimum, p = 1 the maximum, p = 0.5 the usual median.
    /// - Parameters:
    ///   - sorted: the data in ascending order (checked, O(n)); at least one value, all finite.
    ///   - probability: p in [0, 1].
    /// - Returns: the quantile.
    /// - Throws: ``StatsError/invalidInput(_:)`` on empty, non-finite or unsorted data, or p outside [0, 1].
    package static func quantile(sorted: [Double], probability: Double) throws(StatsError) -> Double {
        GSLRuntime.ensureReady()
        try validate(sorted, "Descriptive.quantile")
        guard probability >= 0, probability <= 1 else {
            throw .invalidInput("Descriptive.quantile: probability \(probability) is outside [0, 1]")
        }
        for i in 1..<max(sorted.count, 1) where sorted[i] < sorted[i - 1] {
            throw .invalidInput("Descriptive.quantile: data are not sorted ascending (index \(i))")
        }
        return sorted.withUnsafeBufferPointer { buffer -> Double in
            guard let base = buffer.baseAddress else { return .nan }
            return gsl_stats_quantile_from_sorted_data(base, 1, buffer.count, probability)
        }
    }

    // MARK: - Validation

    /// Throws unless `values` is non-empty and every value is finite.
    static func validate(_ values: [Double], _ operation: String) throws(StatsError) {
        guard !values.isEmpty else { throw .invalidInput("\(operation): no values") }
        if let index = values.firstIndex(where: { !$0.isFinite }) {
            throw .invalidInput("\(operation): value at index \(index) is \(values[index]), not finite")
        }
    }
}

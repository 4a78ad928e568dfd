/// Descriptive statistics of one sample, as ``Descriptive/summary(_:)`` computes them.
///
/// All values are in the unit of the sample itself.
package struct Summary: Sendable, Equatable {
    /// The number of values, at least 1.
    package let count: Int
    /// The arithmetic mean, Σx/n.
    package let mean: Double
    /// The sample standard deviation, √(Σ(x − mean)²/(n − 1)); 0 when `count == 1`.
    package let standardDeviation: Double
    /// The root mean square, √(Σx²/n) (about zero, not about the mean).
    package let rms: Double
    /// The median: the 0.5 quantile (GSL's definition, see ``Descriptive/quantile(sorted:probability:)``).
    package let median: Double
    /// The 0.95 quantile (GSL's definition, see ``Descriptive/quantile(sorted:probability:)``).
    package let p95: Double
    /// The smallest value.
    package let minimum: Double
    /// The largest value.
    package let maximum: Double

    /// Creates a summary from already computed values (for reports that rebuild one from stored numbers).
    package init(
        count: Int, mean: Double, standardDeviation: Double, rms: Double,
        median: Double, p95: Double, minimum: Double, maximum: Double
    ) {
        self.count = count
        self.mean = mean
        self.standardDeviation = standardDeviation
        self.rms = rms
        self.median = median
        self.p95 = p95
        self.minimum = minimum
        self.maximum = maximum
    }
}

/// A two-sided confidence interval [low, high], in the unit of the estimated quantity.
package struct ConfidenceInterval: Sendable, Equatable {
    /// The lower bound.
    package let low: Double
    /// The upper bound, ≥ `low`.
    package let high: Double

    package init(low: Double, high: Double) {
        self.low = low
        self.high = high
    }

    /// `high − low`.
    package var width: Double { high - low }

    /// Whether `value` lies in the closed interval.
    package func contains(_ value: Double) -> Bool { value >= low && value <= high }
}

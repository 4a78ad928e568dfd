/// A two-sided confidence interval [low, high], in the unit of the estimated quantity.
public struct ConfidenceInterval: Sendable, Equatable {
    /// The lower bound.
    public let low: Double
    /// The upper bound, ≥ `low`.
    public let high: Double

    public init(low: Double, high: Double) {
        self.low = low
        self.high = high
    }

    /// `high − low`.
    public var width: Double { high - low }

    /// Whether `value` lies in the closed interval.
    public func contains(_ value: Double) -> Bool { value >= low && value <= high }
}

import Stats

/// A closed range [min, max] from which a parameter is drawn uniformly.
///
/// `min == max` is allowed and always yields that value exactly (a fixed parameter).
package struct UniformRange: Sendable, Equatable {
    /// The smallest value drawn.
    package var min: Double
    /// The largest value drawn (≥ `min`).
    package var max: Double

    package init(_ min: Double, _ max: Double) {
        self.min = min
        self.max = max
    }

    /// A uniform draw in [min, max) (exactly `min` when the range is a single value).
    ///
    /// - Parameter stream: the trial's random stream (one uniform variate is consumed, even for a fixed value,
    ///   so streams stay aligned when a range is narrowed to a point).
    /// - Returns: the drawn value.
    package func draw(_ stream: RandomStream) -> Double {
        let u = stream.uniform()
        return min == max ? min : min + (max - min) * u
    }

    /// Whether `value` lies in the closed range.
    package func contains(_ value: Double) -> Bool { value >= min && value <= max }
}

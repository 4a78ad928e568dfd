/// One averaging time of an Allan-deviation curve: the estimate, how many terms it averages, and its interval.
package struct AllanPoint: Sendable, Equatable {
    /// The averaging factor m: τ = m·τ₀.
    package let averagingFactor: Int
    /// The averaging time τ = m·τ₀, seconds.
    package let tauSeconds: Double
    /// The overlapping Allan deviation σ_y(τ), in the unit of the rate samples.
    package let deviation: Double
    /// The number of second differences averaged, N − 2m with N phase points (n + 1 for n rate samples).
    package let terms: Int
    /// The equivalent degrees of freedom used for ``interval`` (see ``AllanDeviation``).
    package let equivalentDegreesOfFreedom: Double
    /// The confidence interval of σ_y(τ) at ``AllanDeviation/Curve/confidenceLevel``, in the unit of the rates.
    package let interval: ConfidenceInterval

    package init(
        averagingFactor: Int, tauSeconds: Double, deviation: Double, terms: Int,
        equivalentDegreesOfFreedom: Double, interval: ConfidenceInterval
    ) {
        self.averagingFactor = averagingFactor
        self.tauSeconds = tauSeconds
        self.deviation = deviation
        self.terms = terms
        self.equivalentDegreesOfFreedom = equivalentDegreesOfFreedom
        self.interval = interval
    }
}

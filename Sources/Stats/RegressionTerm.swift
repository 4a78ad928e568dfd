/// One explanatory variable of a linear model: a name and one value per observation.
public struct RegressionTerm: Sendable, Equatable {
    /// The name reported in ``LinearModelFit/Coefficient/name`` and in error messages.
    public let name: String
    /// One value per observation, in the same order as the response.
    public let values: [Double]

    public init(name: String, values: [Double]) {
        self.name = name
        self.values = values
    }
}

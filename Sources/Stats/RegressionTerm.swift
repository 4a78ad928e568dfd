/// One explanatory variable of a linear model: a name and one value per observation.
package struct RegressionTerm: Sendable, Equatable {
    /// The name reported in ``LinearModelFit/Coefficient/name`` and in error messages.
    package let name: String
    /// One value per observation, in the same order as the response.
    package let values: [Double]

    package init(name: String, values: [Double]) {
        self.name = name
        self.values = values
    }
}

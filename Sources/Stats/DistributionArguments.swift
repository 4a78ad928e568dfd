/// Argument checks shared by the distribution families, so that GSL is only ever called inside its domain.
enum DistributionArguments {
    /// Throws unless `p` is a probability strictly inside (0, 1), where every quantile is finite.
    static func openProbability(_ p: Double, _ operation: String) throws(StatsError) {
        guard p > 0, p < 1 else {
            throw .invalidInput("\(operation): probability \(p) must lie strictly between 0 and 1")
        }
    }

    /// Throws unless `dof` is a finite, positive number of degrees of freedom.
    static func degreesOfFreedom(_ dof: Double, _ name: String, _ operation: String) throws(StatsError) {
        guard dof.isFinite, dof > 0 else {
            throw .invalidInput("\(operation): \(name) \(dof) must be finite and positive")
        }
    }

    /// Throws unless `x` is a number (infinities are allowed: their tails are 0 or 1).
    static func notNaN(_ x: Double, _ name: String, _ operation: String) throws(StatsError) {
        guard !x.isNaN else { throw .invalidInput("\(operation): \(name) is NaN") }
    }

    /// Returns `value`, or throws when GSL produced something non-finite or NaN inside the checked domain.
    static func result(_ value: Double, _ operation: String, allowInfinite: Bool = false) throws(StatsError) -> Double {
        guard !value.isNaN, allowInfinite || value.isFinite else {
            throw .gsl(operation: operation, status: 0, reason: "returned \(value) for arguments inside its domain")
        }
        return value
    }
}

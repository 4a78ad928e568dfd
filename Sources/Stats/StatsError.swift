/// What can go wrong in a statistical computation.
package enum StatsError: Error, Equatable, CustomStringConvertible {
    /// GSL returned a non-success status.
    case gsl(operation: String, status: Int, reason: String)
    /// The input cannot give an answer (too few observations, a singular design, a non-finite value).
    case invalidInput(String)

    package var description: String {
        switch self {
        case .gsl(let operation, let status, let reason):
            return "\(operation) failed in GSL (status \(status)): \(reason)"
        case .invalidInput(let reason):
            return reason
        }
    }
}

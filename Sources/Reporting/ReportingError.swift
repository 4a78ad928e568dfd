/// What can go wrong while rendering or writing a report.
public enum ReportingError: Error, Equatable, CustomStringConvertible {
    /// A file or folder could not be written.
    case write(path: String, reason: String)
    /// A value cannot be rendered honestly (NaN or infinity where a number is expected).
    case nonFiniteValue(context: String)

    public var description: String {
        switch self {
        case .write(let path, let reason): return "\(path): cannot write: \(reason)"
        case .nonFiniteValue(let context): return "\(context): value is not a finite number"
        }
    }
}

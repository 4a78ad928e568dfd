/// What can go wrong while rendering or writing a report.
///
/// Every case carries enough context (a file path, a column and row, a series name) for the message alone to
/// locate the problem.
public enum ReportingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file or folder could not be written.
    case write(path: String, reason: String)
    /// A value cannot be rendered honestly (NaN or infinity where a number is expected).
    case nonFiniteValue(context: String)
    /// A row (CSV, Markdown table, bar-chart series) has a different number of cells than the table has columns.
    case cellCount(context: String, expected: Int, actual: Int)
    /// A value outside the domain a renderer accepts (a p-value above 1, a chart too small to draw, ...).
    case invalidValue(context: String, reason: String)
    /// A zero or negative value met a logarithmic chart axis; `series` names the offending series, `axis` is
    /// "x" or "y".
    case nonPositiveOnLogAxis(series: String, axis: String)

    /// A one-line message naming where the problem is and what it is.
    public var description: String {
        switch self {
        case .write(let path, let reason):
            return "\(path): cannot write: \(reason)"
        case .nonFiniteValue(let context):
            return "\(context): value is not a finite number"
        case .cellCount(let context, let expected, let actual):
            return "\(context): expected \(expected) cells, got \(actual)"
        case .invalidValue(let context, let reason):
            return "\(context): \(reason)"
        case .nonPositiveOnLogAxis(let series, let axis):
            return "series \"\(series)\": \(axis) values must be positive on a logarithmic axis"
        }
    }
}

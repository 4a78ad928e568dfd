/// What can go wrong while rendering or writing a report.
///
/// Every case carries enough context (a file path, a column and row, a series name) for the message alone to
/// locate the problem.
package enum ReportingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file or folder could not be written for a disk-level reason (no space, quota, I/O error, file too
    /// large), or a report path is unsafe.
    case write(path: String, reason: String)
    /// The output location cannot take the file or report: a file where a folder should be, a device, a
    /// folder of other files, no permission, a name too long, a read-only file system.
    case output(path: String, reason: String)
    /// Another process is writing the same report folder (it holds the folder's lock).
    case locked(path: String)
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
    package var description: String {
        switch self {
        case .write(let path, let reason):
            return "\(path): cannot write: \(reason)"
        case .output(let path, let reason):
            return "\(path): \(reason)"
        case .locked(let path):
            return "\(path): another sensorbench process is writing this report folder; wait for it to finish"
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

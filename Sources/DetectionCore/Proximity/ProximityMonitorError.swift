/// Why a `ProximityMonitor` could not be created.
public enum ProximityMonitorError: Error, Sendable, Equatable {
    /// The configuration has out-of-range values; each entry is "field: problem".
    case invalidConfiguration(problems: [String])
}

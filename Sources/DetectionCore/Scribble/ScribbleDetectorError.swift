// MARK: - Errors

/// Why a `ScribbleDetector` could not be built.
public enum ScribbleDetectorError: Error, Sendable, Equatable {
    /// The configuration failed validation; each entry reads "field: problem" (see `validationProblems()`).
    case invalidConfiguration(problems: [String])
    /// The maximum touch rate used to size the window storage is not finite or not in (0, 1000] Hz.
    case invalidMaximumTouchRate(hertz: Double)
}

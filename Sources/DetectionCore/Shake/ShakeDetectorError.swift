// MARK: - Errors

/// Why a `ShakeDetector` could not be built.
public enum ShakeDetectorError: Error, Sendable, Equatable {
    /// The configuration failed validation; each entry reads "field: problem" (see `validationProblems()`).
    case invalidConfiguration(problems: [String])
    /// The maximum sample rate used to size the ring buffers is not finite or not in (0, 1000] Hz.
    case invalidMaximumSampleRate(hertz: Double)
}

/// One number of a device profile as it was measured: its value with a standard error, or "not measured".
///
/// A device profile (``GyroProfile/Kind/device``) describes one phone by its own signed values; each comes from a
/// recording (`"still recording Gyroscope.csv"`, `"spin recording spin.csv"`) or was not measured. The simulator
/// uses the value; the standard error is how far the phone's true value may be from it (1σ), which a study
/// carries into its answer by drawing the fixed errors from N(value, SE²).
package struct GyroMeasurement: Sendable, Equatable {
    /// The measured value in the unit its field names, or nil when not measured.
    package var value: Double?
    /// The 1σ uncertainty of `value` (0 when not measured).
    package var standardError: Double
    /// Where the value came from: "still recording FILE", "spin recording FILE" or "not measured".
    package var source: String
    /// How it was computed (the interval, the Allan reading), for a reader of the profile.
    package var note: String?

    package init(value: Double?, standardError: Double = 0, source: String, note: String? = nil) {
        self.value = value
        self.standardError = standardError
        self.source = source
        self.note = note
    }

    /// A term that no recording measured.
    package static func notMeasured(_ note: String? = nil) -> GyroMeasurement {
        GyroMeasurement(value: nil, source: "not measured", note: note)
    }

    package var isMeasured: Bool { value != nil }
}

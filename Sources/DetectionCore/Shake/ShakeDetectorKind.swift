// MARK: - Detector kinds

/// The shake-detection algorithms `ShakeDetector` implements, with their stable JSON names.
public enum ShakeDetectorKind: String, Codable, CaseIterable, Sendable {
    /// Magnitude excursions above a threshold, at least k of them within a window (the usual student version).
    case thresholdCount = "threshold-count"
    /// Fraction of samples above a threshold within a sliding window (after Square's seismic ShakeDetector).
    case windowFraction = "window-fraction"
    /// Direction reversals along the shake's own axis, N of them within a time limit.
    case reversal = "reversal"
    /// Raw magnitude, gravity included, at or above a threshold on k samples within a window (seismic's and
    /// most Android examples' test, without gravity removal); its configuration has `inputIncludesGravity` true.
    case rawMagnitude = "raw-magnitude"
}

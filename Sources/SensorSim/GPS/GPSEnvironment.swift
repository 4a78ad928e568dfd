import Foundation

/// The error budget of phone GPS fixes in one kind of surroundings: the parameters of ``GPSJitterModel``.
///
/// Position error per axis (east, north) is a first-order Gauss–Markov process with steady-state standard
/// deviation `sigmaMeters` and correlation time `correlationTimeSeconds`; on top come multipath outliers
/// (a constant offset for a while), dropouts (no fix at all for a while), and a reported horizontal accuracy.
package struct GPSEnvironment: Sendable, Hashable {
    // MARK: - Fields

    /// Preset or user-given name, used in reports.
    package var name: String
    /// Steady-state standard deviation of the error on each horizontal axis, metres.
    package var sigmaMeters: Double
    /// Correlation time τ of the error process, seconds.
    package var correlationTimeSeconds: Double
    /// Time between fixes, seconds (Core Location delivers about one fix a second while moving).
    package var fixIntervalSeconds: Double
    /// Reported accuracy ÷ the calibrated 68 % radius: 1 is honest, above 1 pessimistic, below 1 overconfident.
    package var accuracyConfidenceFactor: Double
    /// Standard deviation of the natural log of the reported accuracy's multiplicative jitter (0 = none).
    package var accuracyJitterLog: Double
    /// Mean number of multipath outliers starting per hour.
    package var outlierRatePerHour: Double
    /// Mean size of an outlier's offset, metres (exponentially distributed, uniform direction).
    package var outlierMeanMagnitudeMeters: Double
    /// Mean duration of an outlier, seconds (exponentially distributed, at least one fix).
    package var outlierMeanDurationSeconds: Double
    /// Share of an outlier's offset the receiver notices and adds to its reported accuracy, 0…1.
    package var outlierAccuracyAwareness: Double
    /// Mean number of dropouts (no fix delivered) starting per hour.
    package var dropoutRatePerHour: Double
    /// Mean duration of a dropout, seconds (exponentially distributed, at least one fix).
    package var dropoutMeanDurationSeconds: Double

    // MARK: - Initialiser

    /// Creates an environment; unspecified effects are off (no outliers, no dropouts, honest accuracy).
    ///
    /// - Parameters:
    ///   - name: name for reports.
    ///   - sigmaMeters: per-axis steady-state σ, metres.
    ///   - correlationTimeSeconds: τ, seconds.
    ///   - fixIntervalSeconds: fix interval, seconds (default 1).
    ///   - accuracyConfidenceFactor: reported ÷ calibrated accuracy (default 1).
    ///   - accuracyJitterLog: log-σ of the accuracy jitter (default 0).
    ///   - outlierRatePerHour: outliers per hour (default 0).
    ///   - outlierMeanMagnitudeMeters: mean outlier offset, metres (default 0).
    ///   - outlierMeanDurationSeconds: mean outlier duration, seconds (default 10).
    ///   - outlierAccuracyAwareness: share of the outlier in the reported accuracy (default 0).
    ///   - dropoutRatePerHour: dropouts per hour (default 0).
    ///   - dropoutMeanDurationSeconds: mean dropout duration, seconds (default 10).
    package init(
        name: String, sigmaMeters: Double, correlationTimeSeconds: Double, fixIntervalSeconds: Double = 1,
        accuracyConfidenceFactor: Double = 1, accuracyJitterLog: Double = 0, outlierRatePerHour: Double = 0,
        outlierMeanMagnitudeMeters: Double = 0, outlierMeanDurationSeconds: Double = 10,
        outlierAccuracyAwareness: Double = 0, dropoutRatePerHour: Double = 0, dropoutMeanDurationSeconds: Double = 10
    ) {
        self.name = name
        self.sigmaMeters = sigmaMeters
        self.correlationTimeSeconds = correlationTimeSeconds
        self.fixIntervalSeconds = fixIntervalSeconds
        self.accuracyConfidenceFactor = accuracyConfidenceFactor
        self.accuracyJitterLog = accuracyJitterLog
        self.outlierRatePerHour = outlierRatePerHour
        self.outlierMeanMagnitudeMeters = outlierMeanMagnitudeMeters
        self.outlierMeanDurationSeconds = outlierMeanDurationSeconds
        self.outlierAccuracyAwareness = outlierAccuracyAwareness
        self.dropoutRatePerHour = dropoutRatePerHour
        self.dropoutMeanDurationSeconds = dropoutMeanDurationSeconds
    }

    // MARK: - Conversions

    /// √(−2 ln 0.05) ≈ 2.4477: R95 ÷ σ for a circular 2-D Gaussian (the radius r with P(|e| ≤ r) = 1 − e^(−r²/2σ²)
    /// equal to 0.95; Rayleigh distribution of the radial error).
    package static let r95PerSigma = (-2 * log(0.05)).squareRoot()
    /// √(−2 ln 0.32) ≈ 1.5096: R68 ÷ σ, the radius holding 68 % of fixes, which is what Core Location's
    /// `horizontalAccuracy` describes.
    package static let r68PerSigma = (-2 * log(0.32)).squareRoot()

    /// The per-axis σ of a circular 2-D Gaussian whose 95 % radius is `r95Meters`.
    ///
    /// - Parameter r95Meters: 95 % horizontal radius, metres.
    /// - Returns: σ = R95 / √(−2 ln 0.05), metres.
    package static func sigma(fromR95Meters r95Meters: Double) -> Double { r95Meters / r95PerSigma }

    /// The calibrated 68 % radius of this environment's steady-state error, metres (R68 = 1.5096 σ).
    package var calibratedAccuracyMeters: Double { GPSEnvironment.r68PerSigma * sigmaMeters }

    // MARK: - Validation

    /// Out-of-range fields as `(field, problem)` pairs; empty when the environment is usable.
    ///
    /// - Returns: the problems, one per field.
    package func validationProblems() -> [(field: String, problem: String)] {
        var p: [(field: String, problem: String)] = []
        func check(_ ok: Bool, _ field: String, _ text: String) { if !ok { p.append((field, text)) } }
        check(sigmaMeters.isFinite && sigmaMeters >= 0 && sigmaMeters <= 1000, "sigmaMeters", "must be between 0 and 1000")
        check(
            correlationTimeSeconds.isFinite && correlationTimeSeconds > 0 && correlationTimeSeconds <= 86_400,
            "correlationTimeSeconds", "must be greater than 0 and at most 86400")
        check(
            fixIntervalSeconds.isFinite && fixIntervalSeconds >= 0.05 && fixIntervalSeconds <= 600,
            "fixIntervalSeconds", "must be between 0.05 and 600")
        check(
            accuracyConfidenceFactor.isFinite && accuracyConfidenceFactor > 0 && accuracyConfidenceFactor <= 100,
            "accuracyConfidenceFactor", "must be greater than 0 and at most 100")
        check(
            accuracyJitterLog.isFinite && accuracyJitterLog >= 0 && accuracyJitterLog <= 3, "accuracyJitterLog",
            "must be between 0 and 3")
        check(
            outlierRatePerHour.isFinite && outlierRatePerHour >= 0 && outlierRatePerHour <= 3600,
            "outlierRatePerHour", "must be between 0 and 3600")
        check(
            outlierMeanMagnitudeMeters.isFinite && outlierMeanMagnitudeMeters >= 0 && outlierMeanMagnitudeMeters <= 10_000,
            "outlierMeanMagnitudeMeters", "must be between 0 and 10000")
        check(
            outlierMeanDurationSeconds.isFinite && outlierMeanDurationSeconds > 0 && outlierMeanDurationSeconds <= 86_400,
            "outlierMeanDurationSeconds", "must be greater than 0 and at most 86400")
        check(
            outlierAccuracyAwareness.isFinite && outlierAccuracyAwareness >= 0 && outlierAccuracyAwareness <= 1,
            "outlierAccuracyAwareness", "must be between 0 and 1")
        check(
            dropoutRatePerHour.isFinite && dropoutRatePerHour >= 0 && dropoutRatePerHour <= 3600,
            "dropoutRatePerHour", "must be between 0 and 3600")
        check(
            dropoutMeanDurationSeconds.isFinite && dropoutMeanDurationSeconds > 0 && dropoutMeanDurationSeconds <= 86_400,
            "dropoutMeanDurationSeconds", "must be greater than 0 and at most 86400")
        return p
    }
}

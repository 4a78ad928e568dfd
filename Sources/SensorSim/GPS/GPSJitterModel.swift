import Foundation
import Stats

/// What the phone reports for one fix: the position error and the reported accuracy, or nothing (a dropout).
package struct GPSError: Sendable, Equatable {
    /// Error towards east, metres (reported minus true).
    package var eastMeters: Double
    /// Error towards north, metres.
    package var northMeters: Double
    /// Reported `horizontalAccuracy`, metres (the radius of ~68 % confidence, as Core Location documents it).
    package var horizontalAccuracyMeters: Double
    /// Whether an outlier was active for this fix.
    package var isOutlier: Bool
}

/// A streaming generator of phone GPS errors, one call per fix interval; O(1) memory, no allocation per fix.
///
/// Per fix, in this order of random draws:
/// 1. each axis' Gauss–Markov error advances (``GaussMarkov``'s exact discretisation, so the steady-state σ is
///    the configured σ at any fix interval; the Euler form σ_w² = 2σ²Δt/τ with Δt = τ would give √2·σ);
/// 2. a dropout starts with probability 1 − exp(−rate·Δt) unless one is running; during a dropout no fix is
///    delivered (`nil`), while the error process keeps evolving;
/// 3. an outlier starts with probability 1 − exp(−rate·Δt) unless one is running: a constant offset of
///    exponentially distributed size (given mean) in a uniform direction, for an exponentially distributed time;
/// 4. the reported accuracy = factor × (1.5096 σ + awareness × |outlier|) × exp(jitter·z), z ~ N(0, 1). With
///    factor 1, no outlier and no jitter it is exactly the radius that holds 68 % of the steady-state errors
///    (radial error of a circular Gaussian: P(r ≤ R) = 1 − exp(−R²/2σ²) = 0.68 at R = σ√(−2 ln 0.32)).
package struct GPSJitterModel: Sendable {
    // MARK: - State

    /// The environment.
    package let environment: GPSEnvironment
    let process: GaussMarkov
    let dropoutStartProbability: Double
    let outlierStartProbability: Double
    var east: Double
    var north: Double
    var dropoutRemainingSeconds = 0.0
    var outlierRemainingSeconds = 0.0
    var outlierEast = 0.0
    var outlierNorth = 0.0
    var outlierMagnitude = 0.0

    // MARK: - Initialiser

    /// Creates the model with its errors drawn from the stationary distribution.
    ///
    /// - Parameters:
    ///   - environment: a validated environment (see ``GPSEnvironment/validationProblems()``).
    ///   - stream: the trial's random stream (two normals are drawn here).
    package init(environment: GPSEnvironment, stream: RandomStream) {
        self.environment = environment
        process = GaussMarkov(
            sigma: environment.sigmaMeters, correlationTimeSeconds: environment.correlationTimeSeconds,
            intervalSeconds: environment.fixIntervalSeconds)
        let hours = environment.fixIntervalSeconds / 3600
        dropoutStartProbability = -expm1(-environment.dropoutRatePerHour * hours)
        outlierStartProbability = -expm1(-environment.outlierRatePerHour * hours)
        east = process.initialState(stream)
        north = process.initialState(stream)
    }

    // MARK: - Stepping

    /// The error of the next fix (the first call gives the first fix), or `nil` when the fix is dropped.
    ///
    /// - Parameter stream: the trial's random stream.
    /// - Returns: error and reported accuracy, or `nil` during a dropout.
    package mutating func next(_ stream: RandomStream) -> GPSError? {
        let dt = environment.fixIntervalSeconds
        east = process.step(east, stream)
        north = process.step(north, stream)
        if dropoutRemainingSeconds > 0 {
            dropoutRemainingSeconds -= dt
            return nil
        }
        if dropoutStartProbability > 0, stream.bernoulli(dropoutStartProbability) {
            dropoutRemainingSeconds = stream.exponential(mean: environment.dropoutMeanDurationSeconds) - dt
            return nil
        }
        if outlierRemainingSeconds > 0 {
            outlierRemainingSeconds -= dt
        } else if outlierStartProbability > 0, stream.bernoulli(outlierStartProbability) {
            outlierMagnitude = stream.exponential(mean: environment.outlierMeanMagnitudeMeters)
            let angle = stream.uniform(0, 2 * Double.pi)
            outlierEast = outlierMagnitude * cos(angle)
            outlierNorth = outlierMagnitude * sin(angle)
            // This fix is the first of the outlier: it lasts at least one fix.
            outlierRemainingSeconds = stream.exponential(mean: environment.outlierMeanDurationSeconds)
        } else {
            outlierMagnitude = 0
            outlierEast = 0
            outlierNorth = 0
        }
        let jitter = environment.accuracyJitterLog == 0 ? 1 : exp(environment.accuracyJitterLog * stream.standardNormal())
        let accuracy =
            environment.accuracyConfidenceFactor * jitter
            * (environment.calibratedAccuracyMeters + environment.outlierAccuracyAwareness * outlierMagnitude)
        return GPSError(
            eastMeters: east + outlierEast, northMeters: north + outlierNorth,
            horizontalAccuracyMeters: accuracy, isOutlier: outlierMagnitude > 0)
    }
}

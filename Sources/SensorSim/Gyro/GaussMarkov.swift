import Foundation
import Stats

/// A first-order Gauss–Markov process sampled at a fixed interval, with an exact discretisation.
///
/// `x[k+1] = φ·x[k] + w[k]`, `φ = exp(−Δt/τ)`, `w ~ N(0, σ²·(1 − φ²))`. With that driving-noise variance the
/// stationary variance is exactly σ² at every sample interval, so the configured steady-state σ does not depend
/// on the sample rate — unlike the common Euler form `w ~ N(0, 2σ²Δt/τ)`, which is only right as Δt → 0.
/// (Brown and Hwang, *Introduction to Random Signals and Applied Kalman Filtering*, 4th ed., §2.9 and §3.9.)
/// `public`, its members `package`: Swift 6.3.1 does not inline or specialise an `@inlinable` member of a `package`
/// type in another module, and the drift sample loop (issue 17) then ran at 18 M samples/s instead of 47 M
/// (docs/performance.md).
public struct GaussMarkov: Sendable {
    /// Steady-state standard deviation, in the caller's unit.
    package let sigma: Double
    /// Correlation time τ, in seconds.
    package let correlationTimeSeconds: Double
    /// Sample interval Δt, in seconds.
    package let intervalSeconds: Double
    /// φ = exp(−Δt/τ).
    @usableFromInline package let phi: Double
    /// Standard deviation of the driving noise, σ·√(1 − φ²).
    @usableFromInline package let drivingSigma: Double

    /// - Parameters:
    ///   - sigma: steady-state standard deviation (≥ 0).
    ///   - correlationTimeSeconds: τ > 0; `.infinity` gives a constant (random bias drawn once).
    ///   - intervalSeconds: Δt > 0.
    package init(sigma: Double, correlationTimeSeconds: Double, intervalSeconds: Double) {
        self.sigma = sigma
        self.correlationTimeSeconds = correlationTimeSeconds
        self.intervalSeconds = intervalSeconds
        let phi = correlationTimeSeconds.isInfinite ? 1.0 : exp(-intervalSeconds / correlationTimeSeconds)
        self.phi = phi
        // 1 − φ² = −expm1(−2Δt/τ), computed without cancellation for τ ≫ Δt.
        let oneMinusPhiSquared = correlationTimeSeconds.isInfinite ? 0.0 : -expm1(-2 * intervalSeconds / correlationTimeSeconds)
        drivingSigma = sigma * oneMinusPhiSquared.squareRoot()
    }

    /// A draw from the stationary distribution, N(0, σ²): start a process here so it is stationary from the start.
    @inline(__always)
    package func initialState(_ stream: RandomStream) -> Double {
        sigma == 0 ? 0 : stream.gaussian(sigma: sigma)
    }

    /// The next state after one interval.
    @inlinable @inline(__always)
    package func step(_ state: Double, _ stream: RandomStream) -> Double {
        drivingSigma == 0 ? phi * state : phi * state + stream.gaussian(sigma: drivingSigma)
    }
}

import Stats

/// Turns the true rotation rate about the sensor axis into what the gyroscope reports, one sample at a time.
///
/// `ω_meas = sat(quant((1 + s ± a/2)·ω + b₀ + b_GM(t) + b_RW(t) + n))`, with
/// - `s`, `a`, `b₀` the device's scale factor, asymmetry and turn-on bias (``GyroDevice``);
/// - `b_GM` a first-order Gauss–Markov bias instability (``GaussMarkov``, exact discretisation);
/// - `b_RW` a rate random walk, increments N(0, K²·Δt);
/// - `n` white noise with σ = N·√f_s (N the noise density);
/// - `quant` rounding to the nearest step and `sat` clamping to ±range.
/// O(1) state: three numbers. Not thread-safe; one per trial.
/// `public`, its members `package`: Swift 6.3.1 does not inline or specialise an `@inlinable` member of a `package`
/// type in another module, and the drift sample loop (issue 17) then ran at 18 M samples/s instead of 47 M
/// (docs/performance.md).
public struct GyroErrorModel: Sendable {
    @usableFromInline package let device: GyroDevice
    // Internal rather than private so that `measure` can be `@inlinable`: the per-sample call then inlines into
    // the study's loop in another module.
    @usableFromInline let whiteSigma: Double
    @usableFromInline let biasInstability: GaussMarkov
    @usableFromInline let randomWalkStepSigma: Double
    @usableFromInline let quantizationStep: Double
    @usableFromInline let range: Double
    /// `1 + s ± a/2` for positive and for negative rates, computed once as `measure` would compute it per sample.
    @usableFromInline let scalePositive: Double
    @usableFromInline let scaleNegative: Double
    @usableFromInline var instabilityState: Double = 0
    @usableFromInline var randomWalkState: Double = 0

    /// - Parameters:
    ///   - profile: the error budget (datasheet units).
    ///   - device: this trial's fixed errors.
    ///   - stream: draws the stationary starting value of the bias instability (one normal variate when its σ > 0).
    package init(profile: GyroProfile, device: GyroDevice, stream: RandomStream) {
        let toRad = Double.pi / 180
        let interval = 1 / profile.sampleRateHz
        self.device = device
        whiteSigma = profile.whiteNoiseSigmaRadPerSec
        biasInstability = GaussMarkov(
            sigma: profile.biasInstabilityDegPerHour / 3600 * toRad,
            correlationTimeSeconds: profile.biasCorrelationTimeSeconds,
            intervalSeconds: interval)
        randomWalkStepSigma = profile.rateRandomWalkDegPerSecPerRootSec * toRad * interval.squareRoot()
        quantizationStep = profile.quantizationStepDegPerSec * toRad
        range = profile.rangeDegPerSec * toRad
        scalePositive = 1 + device.scaleFactorError + 0.5 * device.scaleFactorAsymmetry
        scaleNegative = 1 + device.scaleFactorError + -0.5 * device.scaleFactorAsymmetry
        instabilityState = biasInstability.initialState(stream)
    }

    /// The slowly varying part of the bias right now (turn-on + instability + random walk), rad/s.
    @inlinable
    package var currentBiasRadPerSec: Double {
        device.turnOnBiasRadPerSec + instabilityState + randomWalkState
    }

    /// Advances the bias processes by one sample interval and returns the reading for true rate `omega` (rad/s).
    @inlinable @inline(__always)
    package mutating func measure(_ omega: Double, stream: RandomStream) -> Double {
        measure(omega, stream: stream, terms: ProfileNoiseTerms.self)
    }

    /// `measure(_:stream:)` for a loop that knows which noise terms are on: a term `Terms` fixes is not tested
    /// at each sample (a loop specialised for `Terms` holds no test of it). Only valid when ``has(_:)`` is true
    /// for `Terms`; the readings are then the same, bit for bit.
    @inlinable @inline(__always)
    package mutating func measure<Terms: GyroNoiseTerms>(_ omega: Double, stream: RandomStream, terms: Terms.Type) -> Double {
        let scale = omega >= 0 ? scalePositive : scaleNegative
        var reading = scale * omega + currentBiasRadPerSec
        if Terms.whiteNoise ?? (whiteSigma > 0) { reading += stream.gaussian(sigma: whiteSigma) }
        let phi = biasInstability.phi
        let driving = biasInstability.drivingSigma
        instabilityState =
            Terms.drivenInstability ?? (driving != 0)
            ? phi * instabilityState + stream.gaussian(sigma: driving) : phi * instabilityState
        if Terms.randomWalk ?? (randomWalkStepSigma > 0) { randomWalkState += stream.gaussian(sigma: randomWalkStepSigma) }
        if Terms.quantisation ?? (quantizationStep > 0) {
            reading = (reading / quantizationStep).rounded() * quantizationStep
        }
        return min(max(reading, -range), range)
    }

    /// Whether `Terms` describes this model: every term it fixes is on or off as it says.
    package func has<Terms: GyroNoiseTerms>(_ terms: Terms.Type) -> Bool {
        func agrees(_ fixed: Bool?, _ actual: Bool) -> Bool { fixed.map { $0 == actual } ?? true }
        return agrees(Terms.whiteNoise, whiteSigma > 0) && agrees(Terms.drivenInstability, biasInstability.drivingSigma != 0)
            && agrees(Terms.randomWalk, randomWalkStepSigma > 0) && agrees(Terms.quantisation, quantizationStep > 0)
    }
}

/// Which of a gyro model's optional noise terms a sample loop knows to be on (`true`) or off (`false`); `nil`:
/// tested at each sample. A loop generic over it and specialised for a conforming type carries no test of the
/// terms that type fixes.
/// `public`, its members `package`: Swift 6.3.1 does not inline or specialise an `@inlinable` member of a `package`
/// type in another module, and the drift sample loop (issue 17) then ran at 18 M samples/s instead of 47 M
/// (docs/performance.md).
public protocol GyroNoiseTerms {
    /// White noise (σ > 0).
    static var whiteNoise: Bool? { get }
    /// A Gauss–Markov bias instability that is driven (driving σ ≠ 0), not constant.
    static var drivenInstability: Bool? { get }
    /// A rate random walk (step σ > 0).
    static var randomWalk: Bool? { get }
    /// Quantisation (step > 0).
    static var quantisation: Bool? { get }
}

/// Every term tested at each sample: right for any profile.
public enum ProfileNoiseTerms: GyroNoiseTerms {
    public static var whiteNoise: Bool? { nil }
    public static var drivenInstability: Bool? { nil }
    public static var randomWalk: Bool? { nil }
    public static var quantisation: Bool? { nil }
}

/// White noise and a driven bias instability, no random walk, no quantisation: `phone-calibrated` and
/// `scale-factor-heavy`, the profiles of most shipped drift cells.
public enum WhiteNoiseAndInstability: GyroNoiseTerms {
    public static var whiteNoise: Bool? { true }
    public static var drivenInstability: Bool? { true }
    public static var randomWalk: Bool? { false }
    public static var quantisation: Bool? { false }
}

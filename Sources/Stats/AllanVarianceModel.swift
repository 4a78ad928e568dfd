import Foundation

/// The Allan variance of the gyro noise processes, in closed form: the model ``AllanModelFit`` fits to a curve.
///
/// For a rate y(t) (unit u), σ²(τ) = ½·E[(ȳ_{k+1} − ȳ_k)²] with ȳ_k the mean over the k-th interval of length τ.
/// IEEE Std 952-1997 Annex C (C.1) and El-Sheimy, Hou and Niu, "Analysis and modeling of inertial sensors using
/// Allan variance", IEEE Trans. Instrum. Meas. 57(1), 2008, Table 1:
/// - white rate noise (angle random walk N, u·√s): σ²(τ) = N²/τ;
/// - flicker rate noise (bias instability B, u): σ²(τ) = (2 ln 2/π)·B² for τ well above the flicker cut-off;
/// - rate random walk (K, u/√s): σ²(τ) = K²·τ/3;
/// - first-order Gauss–Markov (exponentially correlated) rate with stationary σ and correlation time T, i.e.
///   autocovariance R(t) = σ²·e^{−|t|/T} (driving white-noise density q_c² = 2σ²/T):
///
///       σ²(τ) = (2σ²T/τ)·[1 − (T/(2τ))·(3 − 4e^{−τ/T} + e^{−2τ/T})].
///
///   Derivation check: Var(ȳ) = (2σ²T/τ)(1 − (T/τ)(1 − e^{−τ/T})) and Cov(ȳ_k, ȳ_{k+1}) = σ²(T/τ)²(1 − e^{−τ/T})²
///   from the double integral of R; σ² = Var − Cov gives the form above. Limits: τ ≪ T gives 2σ²τ/(3T) (a rate
///   random walk with K² = q_c²), τ ≫ T gives 2σ²T/τ (white). The deviation peaks at τ ≈ 1.89 T with
///   σ(τ) ≈ 0.617 σ.
package enum AllanVarianceModel {
    /// 2 ln 2/π ≈ 0.4413: the flicker floor σ²_min divided by B² (IEEE Std 952, C.1.3).
    package static let flickerFactor = 2 * log(2.0) / Double.pi

    /// The Gauss–Markov Allan variance per unit stationary variance, g(τ/T) = σ²(τ)/σ².
    ///
    /// With x = τ/T: g = (2/x)·[1 − (3 − 4e^{−x} + e^{−2x})/(2x)]. Below x = 10⁻² the bracket cancels, so the
    /// Taylor series g = 2(x/3 − x²/4 + 7x³/60 − x⁴/24) is used (next term O(x⁵), relative error < 10⁻⁹).
    package static func gaussMarkovShape(tauSeconds tau: Double, correlationTimeSeconds t: Double) -> Double {
        let x = tau / t
        if x < 1e-2 {
            return 2 * (x / 3 - x * x / 4 + 7 * x * x * x / 60 - x * x * x * x / 24)
        }
        let bracket = 1 - (-4 * expm1(-x) + expm1(-2 * x)) / (2 * x)
        return 2 / x * bracket
    }

    /// σ²(τ) of a Gauss–Markov rate with stationary standard deviation `sigma` and correlation time `t` seconds.
    package static func gaussMarkov(tauSeconds tau: Double, sigma: Double, correlationTimeSeconds t: Double) -> Double {
        sigma * sigma * gaussMarkovShape(tauSeconds: tau, correlationTimeSeconds: t)
    }

    /// The variance of the mean of a Gauss–Markov rate over a record of length L, per unit stationary variance:
    /// Var(ȳ_L)/σ² = (2T/L)·[1 − (T/L)(1 − e^{−L/T})] (the double integral of e^{−|t−s|/T} over [0, L]², ÷ L²).
    package static func gaussMarkovMeanShape(recordSeconds l: Double, correlationTimeSeconds t: Double) -> Double {
        let x = l / t
        if x < 1e-3 { return 1 - x / 3 + x * x / 12 }
        return 2 / x * (1 + expm1(-x) / x)
    }

    /// τ/T at which the Gauss–Markov Allan deviation peaks (≈ 1.89), found by golden-section search on g.
    package static let gaussMarkovPeakRatio: Double = {
        var low = 0.5
        var high = 5.0
        let r = (5.0.squareRoot() - 1) / 2
        for _ in 0..<80 {
            let a = high - r * (high - low)
            let b = low + r * (high - low)
            if gaussMarkovShape(tauSeconds: a, correlationTimeSeconds: 1) > gaussMarkovShape(tauSeconds: b, correlationTimeSeconds: 1) {
                high = b
            } else {
                low = a
            }
        }
        return (low + high) / 2
    }()
}

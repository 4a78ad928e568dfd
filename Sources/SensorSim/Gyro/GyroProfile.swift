/// A gyroscope's error budget in datasheet units, as a named profile file holds it.
///
/// The simulator converts to radians inside. Each number is a 1σ spread of a population of devices (turn-on
/// bias, scale factor, asymmetry) or a property of every device (noise density, bias instability, quantisation,
/// range). See `Scenarios/profiles/*.json` for the numbers and their sources.
package struct GyroProfile: Sendable, Equatable {
    package var name: String
    /// Output data rate, Hz. Default 100 Hz, Core Motion's usual device-motion rate.
    package var sampleRateHz: Double = 100
    /// White rate noise density, °/s/√Hz. Per-sample σ = density·√f_s (IEEE Std 952 angle random walk).
    package var noiseDensityDegPerSecPerRootHz: Double = 0
    /// Turn-on (run-to-run) bias, 1σ over devices, °/s. Constant during a trial.
    package var turnOnBiasDegPerSec: Double = 0
    /// In-run bias instability modelled as a first-order Gauss–Markov process: its steady-state σ, °/h.
    package var biasInstabilityDegPerHour: Double = 0
    /// Correlation time of that Gauss–Markov process, s.
    package var biasCorrelationTimeSeconds: Double = 100
    /// Rate random walk, (°/s)/√s: the bias wanders as a Wiener process with this spectral amplitude.
    package var rateRandomWalkDegPerSecPerRootSec: Double = 0
    /// Scale-factor error, 1σ over devices, percent.
    package var scaleFactorErrorPercent: Double = 0
    /// Left/right scale-factor asymmetry, 1σ over devices, percent: positive rates get +a/2, negative −a/2.
    package var scaleFactorAsymmetryPercent: Double = 0
    /// Output quantisation step, °/s (0 = none).
    package var quantizationStepDegPerSec: Double = 0
    /// Measurement range (full scale), ±°/s; readings saturate there.
    package var rangeDegPerSec: Double = 2000
    /// Where each number comes from, by field name.
    package var sources: [String: String] = [:]

    package init(name: String) {
        self.name = name
    }

    /// Per-sample white-noise σ in rad/s: density·√f_s.
    package var whiteNoiseSigmaRadPerSec: Double {
        noiseDensityDegPerSecPerRootHz * sampleRateHz.squareRoot() * .pi / 180
    }
}

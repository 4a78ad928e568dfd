/// A gyroscope's error budget in datasheet units, as a named profile file holds it.
///
/// The simulator converts to radians inside. In a class profile (``Kind/phoneClass``, every shipped profile) each
/// number is a 1σ spread of a population of devices (turn-on bias, scale factor, asymmetry) or a property of every
/// device (noise density, bias instability, quantisation, range). A device profile (``Kind/device``) describes one
/// phone: its signed fixed errors are in ``measurements`` (value ± standard error), the spreads are 0, and the
/// noise terms hold the measured values (0 when not measured). See `Scenarios/profiles/*.json` and docs/drift.md.
package struct GyroProfile: Sendable, Equatable {
    /// What a profile describes.
    package enum Kind: String, Sendable, Equatable {
        /// Spreads over a class of phones: each simulated phone is a draw.
        case phoneClass = "class"
        /// One phone, by its own measured values.
        case device
    }

    /// The fields of a device profile that are measured values, in file order: the fixed errors (signed) first,
    /// then the noise terms.
    package static let deviceFixedFields = ["biasDegPerSec", "scaleFactorErrorPercent", "scaleFactorAsymmetryPercent"]
    package static let deviceNoiseFields = [
        "noiseDensityDegPerSecPerRootHz", "biasInstabilityDegPerHour", "biasCorrelationTimeSeconds",
        "rateRandomWalkDegPerSecPerRootSec",
    ]

    package var name: String
    package var kind: Kind = .phoneClass
    /// A device profile's measured values by field name (``deviceFixedFields`` and ``deviceNoiseFields``).
    package var measurements: [String: GyroMeasurement] = [:]
    /// A device profile's class profile: the spreads used to say what an unmeasured term could change.
    package var classProfileName: String?
    /// The class profile's numbers for a device profile's fields (a 1σ spread for the fixed errors, the value for the
    /// noise terms), by device field name; empty when the class profile was not read.
    package var classValues: [String: Double] = [:]
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

    /// The class numbers of this (class) profile by device field name, for a device profile's ``classValues``.
    package var valuesByDeviceField: [String: Double] {
        [
            "biasDegPerSec": turnOnBiasDegPerSec, "scaleFactorErrorPercent": scaleFactorErrorPercent,
            "scaleFactorAsymmetryPercent": scaleFactorAsymmetryPercent,
            "noiseDensityDegPerSecPerRootHz": noiseDensityDegPerSecPerRootHz,
            "biasInstabilityDegPerHour": biasInstabilityDegPerHour, "biasCorrelationTimeSeconds": biasCorrelationTimeSeconds,
            "rateRandomWalkDegPerSecPerRootSec": rateRandomWalkDegPerSecPerRootSec,
        ]
    }

    /// A device profile's measured value of `field`, or nil (a class profile, or not measured).
    package func measured(_ field: String) -> Double? { measurements[field]?.value }

    /// Per-sample white-noise σ in rad/s: density·√f_s.
    package var whiteNoiseSigmaRadPerSec: Double {
        noiseDensityDegPerSecPerRootHz * sampleRateHz.squareRoot() * .pi / 180
    }
}

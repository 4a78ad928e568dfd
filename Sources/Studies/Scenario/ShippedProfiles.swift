import SensorSim

// MARK: - The shipped profiles' numbers, for code that needs them without reading Scenarios/

/// The numbers of shipped gyro profiles, for generators and benchmarks that must not depend on finding the
/// `Scenarios/` folder (`RecordingSampleTests` checks they match the shipped JSON).
package enum ShippedProfiles {
    /// `Scenarios/profiles/phone-calibrated.json`.
    package static var phoneCalibrated: GyroProfile {
        var p = GyroProfile(name: "phone-calibrated")
        p.sampleRateHz = 100
        p.noiseDensityDegPerSecPerRootHz = 0.005
        p.turnOnBiasDegPerSec = 0.02
        p.biasInstabilityDegPerHour = 10
        p.biasCorrelationTimeSeconds = 100
        p.scaleFactorErrorPercent = 0.5
        p.scaleFactorAsymmetryPercent = 0.1
        return p
    }
}

import Stats

/// The fixed errors of one physical gyroscope, drawn from a ``GyroProfile``'s population spreads.
package struct GyroDevice: Sendable, Equatable {
    /// Turn-on bias, rad/s.
    package var turnOnBiasRadPerSec: Double
    /// Scale-factor error as a fraction (0.005 = 0.5 %).
    package var scaleFactorError: Double
    /// Scale-factor asymmetry as a fraction: positive rates see +a/2, negative −a/2.
    package var scaleFactorAsymmetry: Double

    package init(turnOnBiasRadPerSec: Double = 0, scaleFactorError: Double = 0, scaleFactorAsymmetry: Double = 0) {
        self.turnOnBiasRadPerSec = turnOnBiasRadPerSec
        self.scaleFactorError = scaleFactorError
        self.scaleFactorAsymmetry = scaleFactorAsymmetry
    }

    /// Draws a device. Always takes exactly three normal variates from the stream, whatever the profile, so
    /// the rest of the stream lines up across profiles (common random numbers).
    package static func draw(from profile: GyroProfile, stream: RandomStream) -> GyroDevice {
        let bias = stream.standardNormal() * profile.turnOnBiasDegPerSec * .pi / 180
        let scale = stream.standardNormal() * profile.scaleFactorErrorPercent / 100
        let asymmetry = stream.standardNormal() * profile.scaleFactorAsymmetryPercent / 100
        return GyroDevice(turnOnBiasRadPerSec: bias, scaleFactorError: scale, scaleFactorAsymmetry: asymmetry)
    }
}

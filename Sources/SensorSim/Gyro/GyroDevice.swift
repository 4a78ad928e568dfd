import Stats

/// The fixed errors of one physical gyroscope, drawn from a ``GyroProfile``'s population spreads.
/// `public`, its members `package`: Swift 6.3.1 does not inline or specialise an `@inlinable` member of a `package`
/// type in another module, and the drift sample loop (issue 17) then ran at 18 M samples/s instead of 47 M
/// (docs/performance.md).
public struct GyroDevice: Sendable, Equatable {
    /// Turn-on bias, rad/s.
    @usableFromInline package var turnOnBiasRadPerSec: Double
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
    ///
    /// A class profile gives N(0, spread²) per term. A device profile gives this phone's measured value plus its
    /// uncertainty, N(value, SE²) (an unmeasured term: 0), so a study that draws once per replication carries the
    /// measurement's uncertainty into its answer.
    package static func draw(from profile: GyroProfile, stream: RandomStream) -> GyroDevice {
        if profile.kind == .device {
            func draw(_ field: String) -> Double {
                let z = stream.standardNormal()
                guard let m = profile.measurements[field], let value = m.value else { return 0 }
                return value + z * m.standardError
            }
            let bias = draw("biasDegPerSec") * .pi / 180
            let scale = draw("scaleFactorErrorPercent") / 100
            let asymmetry = draw("scaleFactorAsymmetryPercent") / 100
            return GyroDevice(turnOnBiasRadPerSec: bias, scaleFactorError: scale, scaleFactorAsymmetry: asymmetry)
        }
        let bias = stream.standardNormal() * profile.turnOnBiasDegPerSec * .pi / 180
        let scale = stream.standardNormal() * profile.scaleFactorErrorPercent / 100
        let asymmetry = stream.standardNormal() * profile.scaleFactorAsymmetryPercent / 100
        return GyroDevice(turnOnBiasRadPerSec: bias, scaleFactorError: scale, scaleFactorAsymmetry: asymmetry)
    }
}

import FileFormats
import Foundation
import Reporting
import SensorSim
import Stats

/// Turns the noise terms of one gyro axis into a ``GyroProfile`` and the profile JSON ``ProfileReader`` reads.
///
/// Mapping (profile fields are documented in README "Gyro profiles"):
/// - `noiseDensityDegPerSecPerRootHz` = N (IEEE 952 angle random walk; per-sample σ = N·√f_s).
/// - `biasInstabilityDegPerHour` = B = σ_min/0.664 and `biasCorrelationTimeSeconds` = τ of the Allan minimum.
///   The simulator models the bias instability as a first-order Gauss–Markov process, not flicker noise; its
///   Allan curve is not flat, so this mapping is approximate (the round-trip test states the factor it holds to).
/// - `rateRandomWalkDegPerSecPerRootSec` = K when a +½ region is visible, else 0.
/// - `sampleRateHz` = 1/τ₀ of the record. Turn-on bias, scale factor, quantisation and range cannot be seen in a
///   static record and keep their defaults (0 and ±2000 °/s).
package enum GyroCalibration {
    /// The profile estimated from one axis of an analysis.
    package static func profile(name: String, axis: AllanAnalysis.Axis, analysis: AllanAnalysis) -> GyroProfile {
        var p = GyroProfile(name: name)
        let t = axis.terms
        let file = URL(fileURLWithPath: analysis.info.file).lastPathComponent
        p.sampleRateHz = 1 / analysis.sampleIntervalSeconds
        p.noiseDensityDegPerSecPerRootHz = AllanAnalysis.noiseDensityDegPerSecPerRootHz(t.angleRandomWalk.value)
        p.biasInstabilityDegPerHour = AllanAnalysis.biasInstabilityDegPerHour(t.biasInstability.value)
        p.biasCorrelationTimeSeconds = t.minimumTauSeconds
        p.rateRandomWalkDegPerSecPerRootSec =
            t.rateRandomWalk.map {
                AllanAnalysis.rateRandomWalkDegPerSecPerRootSec($0.value)
            } ?? 0
        func ci(_ term: AllanNoiseTerms.Term, _ f: (Double) -> Double) -> String {
            let low = (try? Format.number(f(term.interval.low), significantDigits: 3)) ?? "?"
            let high = (try? Format.number(f(term.interval.high), significantDigits: 3)) ?? "?"
            return "95% interval \(low) to \(high)"
        }
        let base = "Estimated by sensorbench calibrate from \(file), \(axis.name) axis (\(analysis.info.sampleCount) samples)"
        p.sources = [
            "sampleRateHz": "\(base): 1/mean sample interval.",
            "noiseDensityDegPerSecPerRootHz": "\(base): Allan slope −1/2 line at τ = 1 s, read at τ = "
                + "\(Format.exact(t.angleRandomWalk.tauSeconds)) s; \(ci(t.angleRandomWalk, AllanAnalysis.noiseDensityDegPerSecPerRootHz)).",
            "biasInstabilityDegPerHour":
                "\(base): Allan minimum / 0.664; \(ci(t.biasInstability, AllanAnalysis.biasInstabilityDegPerHour)). "
                + "Approximate: the simulator's Gauss–Markov bias is not flicker noise.",
            "biasCorrelationTimeSeconds": "\(base): τ of the Allan minimum (a heuristic for the correlation time).",
            "rateRandomWalkDegPerSecPerRootSec": t.rateRandomWalk.map {
                "\(base): Allan slope +1/2 line at τ = 3 s; \(ci($0, AllanAnalysis.rateRandomWalkDegPerSecPerRootSec))."
            } ?? "\(base): no slope +1/2 region in the record, so 0 (a longer record may show one).",
        ]
        return p
    }

    /// The profile as JSON in ``ProfileReader``'s format, keys in a fixed order, numbers to 6 significant digits.
    package static func json(_ p: GyroProfile, description: String) throws -> String {
        func number(_ x: Double) throws -> String { try Format.number(x, significantDigits: 6) }
        func quoted(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                default:
                    if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
                }
            }
            return out + "\""
        }
        let fields: [(String, Double)] = [
            ("sampleRateHz", p.sampleRateHz), ("noiseDensityDegPerSecPerRootHz", p.noiseDensityDegPerSecPerRootHz),
            ("turnOnBiasDegPerSec", p.turnOnBiasDegPerSec), ("biasInstabilityDegPerHour", p.biasInstabilityDegPerHour),
            ("biasCorrelationTimeSeconds", p.biasCorrelationTimeSeconds),
            ("rateRandomWalkDegPerSecPerRootSec", p.rateRandomWalkDegPerSecPerRootSec),
            ("scaleFactorErrorPercent", p.scaleFactorErrorPercent),
            ("scaleFactorAsymmetryPercent", p.scaleFactorAsymmetryPercent),
            ("quantizationStepDegPerSec", p.quantizationStepDegPerSec), ("rangeDegPerSec", p.rangeDegPerSec),
        ]
        var lines = ["  \"name\": \(quoted(p.name))", "  \"description\": \(quoted(description))"]
        for (key, value) in fields { lines.append("  \"\(key)\": \(try number(value))") }
        let sources = p.sources.keys.sorted().map { "    \(quoted($0)): \(quoted(p.sources[$0] ?? ""))" }
        lines.append("  \"sources\": {\n" + sources.joined(separator: ",\n") + "\n  }")
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }
}

import Foundation
import Reporting
import SensorSim
import Stats

/// Turns the noise terms of one gyro axis into a ``GyroProfile`` and the profile JSON ``ProfileReader`` reads.
///
/// Mapping (profile fields are documented in README "Gyro profiles"):
/// - `noiseDensityDegPerSecPerRootHz` = N (IEEE 952 angle random walk; per-sample σ = N·√f_s).
/// - `turnOnBiasDegPerSec` = |mean rate| of the record: this phone's turn-on bias on that axis. The profile field
///   is a 1σ spread over a class of phones; one phone is one draw of it, so the class spread needs several.
/// - `biasInstabilityDegPerHour`, `biasCorrelationTimeSeconds`: the simulator's bias instability is a first-order
///   Gauss–Markov process. A Gauss–Markov bias identified on the curve is written as fitted (σ_GM, T). A flicker
///   floor B at τ_min is written as the Gauss–Markov process whose Allan curve peaks there at the same height:
///   0.617·σ_GM = 0.664·B and 1.89·T = τ_min (an approximation: flicker noise is not Gauss–Markov). Not identified:
///   0, and the source says why.
/// - `rateRandomWalkDegPerSecPerRootSec` = K when identified, else 0.
/// - `sampleRateHz` = 1/τ₀ of the record. Scale factor, asymmetry, quantisation and range cannot be seen in a
///   static record and keep their defaults (0 and ±2000 °/s).
package enum GyroCalibration {
    /// The profile estimated from one axis of an analysis.
    package static func profile(name: String, axis: AllanAnalysis.Axis, analysis: AllanAnalysis) -> GyroProfile {
        var p = GyroProfile(name: name)
        let t = axis.terms
        let file = URL(fileURLWithPath: analysis.info.file).lastPathComponent
        func n3(_ x: Double) -> String { (try? Format.number(x, significantDigits: 3)) ?? "?" }
        func ci(_ term: AllanNoiseTerms.Term, _ f: (Double) -> Double) -> String {
            "95% interval \(n3(f(term.interval.low))) to \(n3(f(term.interval.high)))"
        }
        let base = "Estimated by sensorbench calibrate from \(file), \(axis.name) axis (\(analysis.info.sampleCount) samples)"
        var sources: [String: String] = ["sampleRateHz": "\(base): 1/mean sample interval."]
        p.sampleRateHz = 1 / analysis.sampleIntervalSeconds
        if let arw = t.angleRandomWalk {
            p.noiseDensityDegPerSecPerRootHz = AllanAnalysis.noiseDensityDegPerSecPerRootHz(arw.value)
            sources["noiseDensityDegPerSecPerRootHz"] =
                "\(base): Allan slope −1/2 line at τ = 1 s, read at τ = "
                + "\(Format.exact(arw.tauSeconds)) s; \(ci(arw, AllanAnalysis.noiseDensityDegPerSecPerRootHz))."
        } else {
            sources["noiseDensityDegPerSecPerRootHz"] = "\(base): \(t.angleRandomWalkReason ?? "not identified"); 0."
        }
        let degrees = 180 / Double.pi
        let mean = axis.meanRadPerSec * degrees
        p.turnOnBiasDegPerSec = abs(mean)
        sources["turnOnBiasDegPerSec"] =
            "\(base): the record's mean rate, \(n3(mean)) ± \(n3((axis.meanInterval.high - axis.meanInterval.low) / 2 * degrees)) °/s "
            + "(95%), is this phone's turn-on bias on the \(axis.name) axis; written as its "
            + "size. The field is a 1σ spread over a class of phones, of which one phone is a single draw: a class "
            + "spread needs recordings of several phones."
        switch t.biasInstability {
        case .gaussMarkov(let gm):
            p.biasInstabilityDegPerHour = AllanAnalysis.biasInstabilityDegPerHour(gm.sigma.value)
            p.biasCorrelationTimeSeconds = gm.correlationTime.value
            sources["biasInstabilityDegPerHour"] =
                "\(base): σ of the Gauss–Markov bias fitted to the Allan variance; \(ci(gm.sigma, AllanAnalysis.biasInstabilityDegPerHour))."
            sources["biasCorrelationTimeSeconds"] =
                "\(base): correlation time of the Gauss–Markov bias fitted to the Allan variance; \(ci(gm.correlationTime, { $0 }))."
        case .flickerFloor(let b):
            let bDegPerHour = AllanAnalysis.biasInstabilityDegPerHour(b.value)
            p.biasInstabilityDegPerHour = bDegPerHour * AllanNoiseTerms.flickerFloorFactor / Self.gaussMarkovPeakFactor
            p.biasCorrelationTimeSeconds = b.tauSeconds / AllanVarianceModel.gaussMarkovPeakRatio
            sources["biasInstabilityDegPerHour"] =
                "\(base): flicker floor B = √(σ_min² − N²/τ_min)/0.664 = \(n3(bDegPerHour)) °/h (\(ci(b, AllanAnalysis.biasInstabilityDegPerHour))) "
                + "at τ = \(n3(b.tauSeconds)) s, written as the Gauss–Markov σ whose Allan peak has that height (0.664·B/0.617); "
                + "approximate: flicker noise is not Gauss–Markov."
            sources["biasCorrelationTimeSeconds"] =
                "\(base): τ of the flicker floor / 1.89, so the Gauss–Markov peak sits at the floor (approximate)."
        case .notIdentified(let why):
            p.biasInstabilityDegPerHour = 0
            sources["biasInstabilityDegPerHour"] = "\(base): bias instability \(why); 0."
            sources["biasCorrelationTimeSeconds"] = "\(base): no bias instability identified; the default, unused."
        }
        if let k = t.rateRandomWalk {
            p.rateRandomWalkDegPerSecPerRootSec = AllanAnalysis.rateRandomWalkDegPerSecPerRootSec(k.value)
            sources["rateRandomWalkDegPerSecPerRootSec"] =
                "\(base): Allan slope +1/2 line at τ = 3 s; \(ci(k, AllanAnalysis.rateRandomWalkDegPerSecPerRootSec))."
        } else {
            sources["rateRandomWalkDegPerSecPerRootSec"] =
                "\(base): rate random walk \(t.rateRandomWalkReason ?? "not identified"); 0 (a longer record may show one)."
        }
        p.sources = sources
        return p
    }

    /// The peak Allan deviation of a Gauss–Markov process per unit σ, √g(1.89) ≈ 0.617 (``AllanVarianceModel``).
    static var gaussMarkovPeakFactor: Double {
        AllanVarianceModel.gaussMarkovShape(tauSeconds: AllanVarianceModel.gaussMarkovPeakRatio, correlationTimeSeconds: 1)
            .squareRoot()
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

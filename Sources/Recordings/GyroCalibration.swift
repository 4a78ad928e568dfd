import Foundation
import Reporting
import SensorSim
import Stats

/// Turns a still recording (and optionally a spin recording) of one phone into a device profile: the phone's own
/// signed values, each with its standard error and source (`"kind": "device"`, docs/drift.md "Device profiles").
///
/// From the still recording, on the calibrated axis:
/// - `biasDegPerSec` = the record's mean rate, signed; SE = half its 95% interval / 1.96 (the interval comes from
///   the identified noise model, ``AllanAnalysis/Axis/meanInterval``).
/// - `noiseDensityDegPerSecPerRootHz` = N (IEEE 952 angle random walk; per-sample σ = N·√f_s).
/// - `biasInstabilityDegPerHour`, `biasCorrelationTimeSeconds`: the simulator's bias instability is a first-order
///   Gauss–Markov process. A Gauss–Markov bias identified on the curve is written as fitted (σ_GM, T). A flicker
///   floor B at τ_min is written as the Gauss–Markov process whose Allan curve peaks there at the same height:
///   0.617·σ_GM = 0.664·B and 1.89·T = τ_min (an approximation: flicker noise is not Gauss–Markov). Not identified:
///   "not measured", with the reason in the note.
/// - `rateRandomWalkDegPerSecPerRootSec` = K when identified, else not measured.
/// For the Allan terms SE = (high − low)/(2·1.96) of their 95% interval (their χ² intervals are not symmetric, so
/// this is an approximation, said in the note). From a spin recording (``SpinCalibration``): the scale factor and
/// the asymmetry with their standard errors; without one, both are "not measured".
package enum GyroCalibration {
    /// z₀.₉₇₅, to turn a 95% interval into a standard error.
    static let z975 = 1.959963984540054

    /// The device profile of one phone.
    package static func profile(
        name: String, axis: AllanAnalysis.Axis, analysis: AllanAnalysis, spin: SpinCalibration? = nil
    ) -> GyroProfile {
        var p = GyroProfile(name: name)
        p.kind = .device
        p.classProfileName = "phone-calibrated"
        let t = axis.terms
        let file = URL(fileURLWithPath: analysis.info.file).lastPathComponent
        let still = "still recording \(file)"
        func n3(_ x: Double) -> String { (try? Format.number(x, significantDigits: 3)) ?? "?" }
        func se(_ interval: ConfidenceInterval, _ f: (Double) -> Double) -> Double {
            abs(f(interval.high) - f(interval.low)) / (2 * z975)
        }
        /// `source`: how the interval was made ("χ²" for a point's interval, "bootstrap" for a fitted term's).
        func ci(_ term: AllanNoiseTerms.Term, _ f: (Double) -> Double, _ source: String = "χ²") -> String {
            "95% interval \(n3(f(term.interval.low))) to \(n3(f(term.interval.high))); SE = its half-width/1.96 (approximate: "
                + "the \(source) interval is not symmetric)"
        }
        let base = "\(axis.name) axis, \(analysis.info.sampleCount) samples"
        p.sampleRateHz = 1 / analysis.sampleIntervalSeconds
        var m: [String: GyroMeasurement] = [:]

        let degrees = 180 / Double.pi
        let mean = axis.meanRadPerSec * degrees
        m["biasDegPerSec"] = GyroMeasurement(
            value: mean, standardError: se(axis.meanInterval, { $0 * degrees }), source: still,
            note: "\(base): the record's mean rate, \(n3(mean)) °/s, 95% interval \(n3(axis.meanInterval.low * degrees)) to "
                + "\(n3(axis.meanInterval.high * degrees)) from the identified noise model: this phone's bias, signed.")
        if let arw = t.angleRandomWalk {
            m["noiseDensityDegPerSecPerRootHz"] = GyroMeasurement(
                value: AllanAnalysis.noiseDensityDegPerSecPerRootHz(arw.value),
                standardError: se(arw.interval, AllanAnalysis.noiseDensityDegPerSecPerRootHz), source: still,
                note: "\(base): Allan slope −1/2 line at τ = 1 s, read at τ = \(Format.exact(arw.tauSeconds)) s; "
                    + "\(ci(arw, AllanAnalysis.noiseDensityDegPerSecPerRootHz)).")
        } else {
            m["noiseDensityDegPerSecPerRootHz"] = .notMeasured("\(base): \(t.angleRandomWalkReason ?? "not identified").")
        }
        switch t.biasInstability {
        case .gaussMarkov(let gm):
            m["biasInstabilityDegPerHour"] = GyroMeasurement(
                value: AllanAnalysis.biasInstabilityDegPerHour(gm.sigma.value),
                standardError: se(gm.sigma.interval, AllanAnalysis.biasInstabilityDegPerHour), source: still,
                note: "\(base): σ of the Gauss–Markov bias fitted to the Allan variance; "
                    + "\(ci(gm.sigma, AllanAnalysis.biasInstabilityDegPerHour, "bootstrap")).")
            m["biasCorrelationTimeSeconds"] = GyroMeasurement(
                value: gm.correlationTime.value, standardError: se(gm.correlationTime.interval, { $0 }), source: still,
                note: "\(base): correlation time of the Gauss–Markov bias fitted to the Allan variance; "
                    + "\(ci(gm.correlationTime, { $0 }, "bootstrap")).")
        case .flickerFloor(let b):
            let bDegPerHour = AllanAnalysis.biasInstabilityDegPerHour(b.value)
            let factor = AllanNoiseTerms.flickerFloorFactor / Self.gaussMarkovPeakFactor
            m["biasInstabilityDegPerHour"] = GyroMeasurement(
                value: bDegPerHour * factor,
                standardError: se(b.interval, { AllanAnalysis.biasInstabilityDegPerHour($0) * factor }), source: still,
                note: "\(base): flicker floor B = √(σ_min² − N²/τ_min)/0.664 = \(n3(bDegPerHour)) °/h "
                    + "(\(ci(b, AllanAnalysis.biasInstabilityDegPerHour))) at τ = \(n3(b.tauSeconds)) s, written as the "
                    + "Gauss–Markov σ whose Allan peak has that height (0.664·B/0.617); approximate: flicker noise is not "
                    + "Gauss–Markov.")
            m["biasCorrelationTimeSeconds"] = GyroMeasurement(
                value: b.tauSeconds / AllanVarianceModel.gaussMarkovPeakRatio, standardError: 0, source: still,
                note: "\(base): τ of the flicker floor / 1.89, so the Gauss–Markov peak sits at the floor (approximate; "
                    + "no interval).")
        case .notIdentified(let why):
            m["biasInstabilityDegPerHour"] = .notMeasured("\(base): bias instability \(why).")
            m["biasCorrelationTimeSeconds"] = .notMeasured("\(base): no bias instability identified.")
        }
        if let k = t.rateRandomWalk {
            // Beside a Gauss–Markov bias K comes from the fit, with a bootstrap interval; otherwise from the +½ line.
            var besideBias = false
            if case .gaussMarkov = t.biasInstability { besideBias = true }
            let how =
                besideBias
                ? "fitted beside the Gauss–Markov bias; \(ci(k, AllanAnalysis.rateRandomWalkDegPerSecPerRootSec, "bootstrap"))"
                : "Allan slope +1/2 line at τ = 3 s, read at τ = \(Format.exact(k.tauSeconds)) s; "
                    + ci(k, AllanAnalysis.rateRandomWalkDegPerSecPerRootSec)
            m["rateRandomWalkDegPerSecPerRootSec"] = GyroMeasurement(
                value: AllanAnalysis.rateRandomWalkDegPerSecPerRootSec(k.value),
                standardError: se(k.interval, AllanAnalysis.rateRandomWalkDegPerSecPerRootSec), source: still,
                note: "\(base): \(how).")
        } else {
            m["rateRandomWalkDegPerSecPerRootSec"] = .notMeasured(
                "\(base): rate random walk \(t.rateRandomWalkReason ?? "not identified") (a longer record may show one).")
        }
        if let spin {
            let source = "spin recording \(URL(fileURLWithPath: spin.file).lastPathComponent)"
            m["scaleFactorErrorPercent"] = GyroMeasurement(
                value: spin.scaleFactorPercent, standardError: spin.scaleFactorStandardErrorPercent, source: source,
                note: spin.note)
            m["scaleFactorAsymmetryPercent"] = GyroMeasurement(
                value: spin.asymmetryPercent, standardError: spin.asymmetryStandardErrorPercent, source: source,
                note: spin.note)
        } else {
            let why = "a still recording cannot see it: record a spin (calibrate --spin FILE --turns N, docs/recordings.md)."
            m["scaleFactorErrorPercent"] = .notMeasured(why)
            m["scaleFactorAsymmetryPercent"] = .notMeasured(why)
        }
        p.measurements = m
        p.noiseDensityDegPerSecPerRootHz = p.measured("noiseDensityDegPerSecPerRootHz") ?? 0
        p.biasInstabilityDegPerHour = p.measured("biasInstabilityDegPerHour") ?? 0
        p.biasCorrelationTimeSeconds = p.measured("biasCorrelationTimeSeconds") ?? 100
        p.rateRandomWalkDegPerSecPerRootSec = p.measured("rateRandomWalkDegPerSecPerRootSec") ?? 0
        return p
    }

    /// The peak Allan deviation of a Gauss–Markov process per unit σ, √g(1.89) ≈ 0.617 (``AllanVarianceModel``).
    static var gaussMarkovPeakFactor: Double {
        AllanVarianceModel.gaussMarkovShape(tauSeconds: AllanVarianceModel.gaussMarkovPeakRatio, correlationTimeSeconds: 1)
            .squareRoot()
    }

    /// A device profile as JSON in ``ProfileReader``'s device format, keys in a fixed order, numbers to 6 significant
    /// digits.
    package static func json(_ p: GyroProfile, axis: String = "z", description: String) throws -> String {
        func number(_ x: Double) throws -> String { try Format.number(x, significantDigits: 6) }
        var lines = [
            "  \"name\": \(quoted(p.name))", "  \"kind\": \"device\"", "  \"description\": \(quoted(description))",
            "  \"axis\": \(quoted(axis))", "  \"classProfile\": \(quoted(p.classProfileName ?? "phone-calibrated"))",
            "  \"sampleRateHz\": \(try number(p.sampleRateHz))",
        ]
        for key in GyroProfile.deviceFixedFields + GyroProfile.deviceNoiseFields {
            let m = p.measurements[key] ?? .notMeasured()
            var parts: [String] = []
            if let value = m.value {
                parts.append("\"value\": \(try number(value))")
                parts.append("\"standardError\": \(try number(m.standardError))")
            }
            parts.append("\"source\": \(quoted(m.source))")
            if let note = m.note { parts.append("\"note\": \(quoted(note))") }
            lines.append("  \"\(key)\": {\n    " + parts.joined(separator: ",\n    ") + "\n  }")
        }
        lines.append("  \"quantizationStepDegPerSec\": \(try number(p.quantizationStepDegPerSec))")
        lines.append("  \"rangeDegPerSec\": \(try number(p.rangeDegPerSec))")
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// `s` as a JSON string.
    static func quoted(_ s: String) -> String {
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
}

import FileFormats
import Foundation
import SensorSim

/// Reads gyro profiles: a name resolved to `profiles/<name>.json` beside the scenario, then through
/// ``ReferenceSearchPath`` (`$SENSORBENCH_PATH`, the shipped `Scenarios/`), or an inline object.
package enum ProfileReader {
    /// Largest sample rate accepted, Hz (phone gyros report at most a few hundred Hz; 10 kHz leaves headroom).
    static let maximumSampleRateHz = 10_000.0

    /// The numeric fields a profile may set, which `sources` may cite.
    package static let fieldNames: Set<String> = [
        "sampleRateHz", "noiseDensityDegPerSecPerRootHz", "turnOnBiasDegPerSec", "biasInstabilityDegPerHour",
        "biasCorrelationTimeSeconds", "rateRandomWalkDegPerSecPerRootSec", "scaleFactorErrorPercent",
        "scaleFactorAsymmetryPercent", "quantizationStepDegPerSec", "rangeDegPerSec",
    ]

    /// Reads the profile a field names or holds.
    package static func read(_ field: JSONField, scenarioFolder: URL) throws(InputError) -> GyroProfile {
        if field.isObject {
            return try parse(try field.object(), fallbackName: "inline")
        }
        let name = try field.nonEmptyString()
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw field.error("a profile name may hold letters, digits, '-' and '_' only, got \"\(name)\"")
        }
        let lookup = ReferenceSearchPath.resolve("profiles/\(name).json", beside: scenarioFolder)
        guard let url = lookup.found else {
            // A name, not a path: an unknown name is bad data (65), like an unknown check kind.
            throw InputError(
                file: field.file, line: field.node.line, field: field.path,
                problem: "no profile named \"\(name)\" (looked for \(lookup.lookedIn))")
        }
        return try ReferenceSearchPath.reading(referredToBy: field, as: "profile") { () throws(InputError) -> GyroProfile in
            let node = try ScenarioFile.parseJSON(at: url)
            let reader = try JSONObjectReader(node, file: url.path, path: "")
            let profile = try parse(reader, fallbackName: name)
            guard profile.name == name else {
                throw InputError(
                    file: url.path, line: reader.line, field: "name",
                    problem: "is \"\(profile.name)\" but the file is named \(name).json")
            }
            return profile
        }
    }

    /// Parses a profile object; every field but `name` has the default documented on ``GyroProfile``.
    package static func parse(_ r: JSONObjectReader, fallbackName: String) throws(InputError) -> GyroProfile {
        var p = GyroProfile(name: try r.optional("name")?.nonEmptyString(maximumLength: 80) ?? fallbackName)
        _ = try r.optional("description")?.string()
        if let f = r.optional("sampleRateHz") { p.sampleRateHz = try f.positive(atMost: maximumSampleRateHz) }
        if let f = r.optional("noiseDensityDegPerSecPerRootHz") { p.noiseDensityDegPerSecPerRootHz = try f.nonNegative(atMost: 10) }
        if let f = r.optional("turnOnBiasDegPerSec") { p.turnOnBiasDegPerSec = try f.nonNegative(atMost: 100) }
        if let f = r.optional("biasInstabilityDegPerHour") { p.biasInstabilityDegPerHour = try f.nonNegative(atMost: 100_000) }
        if let f = r.optional("biasCorrelationTimeSeconds") { p.biasCorrelationTimeSeconds = try f.positive(atMost: 1e7) }
        if let f = r.optional("rateRandomWalkDegPerSecPerRootSec") { p.rateRandomWalkDegPerSecPerRootSec = try f.nonNegative(atMost: 10) }
        if let f = r.optional("scaleFactorErrorPercent") { p.scaleFactorErrorPercent = try f.nonNegative(atMost: 50) }
        if let f = r.optional("scaleFactorAsymmetryPercent") { p.scaleFactorAsymmetryPercent = try f.nonNegative(atMost: 50) }
        if let f = r.optional("quantizationStepDegPerSec") { p.quantizationStepDegPerSec = try f.nonNegative(atMost: 10) }
        if let f = r.optional("rangeDegPerSec") { p.rangeDegPerSec = try f.positive(atMost: 100_000) }
        if let f = r.optional("sources") {
            let sources = try f.object()
            for key in sources.keys {
                guard fieldNames.contains(key) else {
                    throw sources.optional(key).map { $0.error("names no field of this profile") }
                        ?? InputError(file: r.file, problem: "bad sources")
                }
                p.sources[key] = try sources.required(key).string()
            }
        }
        try r.finish()
        return p
    }
}

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
    ///
    /// A string is a profile **name** (letters, digits, '-', '_'), resolved as `profiles/<name>.json` through
    /// ``ReferenceSearchPath`` (beside the referring file, then `$SENSORBENCH_PATH`, then the shipped `Scenarios/`),
    /// or a **path** to a profile file (it ends in `.json` or holds a `/`, as `calibrate` writes one), resolved
    /// through the same search path as a places file is. A named profile's `name` must match its file name.
    package static func read(_ field: JSONField, scenarioFolder: URL) throws(InputError) -> GyroProfile {
        if field.isObject {
            return try parse(try field.object(), fallbackName: "inline")
        }
        let text = try field.nonEmptyString(maximumLength: 4096)
        let (url, name) = try locate(text, beside: scenarioFolder) { (kind, problem) throws(InputError) -> Never in
            throw InputError(kind, file: field.file, line: field.node.line, field: field.path, problem: problem)
        }
        return try ReferenceSearchPath.reading(referredToBy: field, as: "profile") { () throws(InputError) -> GyroProfile in
            try load(url, name: name)
        }
    }

    /// Reads the profile a command-line option names: a name or a path, resolved as in a scenario (``read(_:scenarioFolder:)``)
    /// with the current folder as the referring file's.
    ///
    /// - Throws: ``InputError``: an unknown name (65) or a missing file (66) names the option and every place looked;
    ///   a bad profile names its file, line and field.
    package static func read(option: String, value: String, folder: URL) throws(InputError) -> GyroProfile {
        guard !value.isEmpty else { throw InputError(.usage, file: nil, field: option, problem: "needs a profile name or path") }
        let (url, name) = try locate(value, beside: folder) { (kind, problem) throws(InputError) -> Never in
            throw InputError(kind, file: nil, field: option, problem: problem)
        }
        return try load(url, name: name)
    }

    /// Whether `text` is a path to a profile file rather than a profile name.
    package static func isPath(_ text: String) -> Bool { text.contains("/") || text.hasSuffix(".json") }

    /// The file `text` refers to, and the name it must hold (nil for a path, which may hold any name).
    private static func locate(
        _ text: String, beside folder: URL, fail: (InputError.Kind, String) throws(InputError) -> Never
    ) throws(InputError) -> (URL, String?) {
        try ReferenceSearchPath.locate(text, what: "profile", namedFolder: "profiles", beside: folder, fail: fail)
    }

    /// Parses the profile file at `url`; a named profile's `name` must be `name`.
    private static func load(_ url: URL, name: String?) throws(InputError) -> GyroProfile {
        let node = try ScenarioFile.parseJSON(at: url)
        let reader = try JSONObjectReader(node, file: url.path, path: "")
        let stem = url.deletingPathExtension().lastPathComponent
        var profile = try parse(reader, fallbackName: name ?? stem)
        if let name, profile.name != name {
            throw InputError(
                file: url.path, line: reader.line, field: "name",
                problem: "is \"\(profile.name)\" but the file is named \(name).json")
        }
        if profile.kind == .device, let className = profile.classProfileName {
            // The class profile resolves as any profile name does, from the folder holding the device profile (or,
            // for a device profile inside a `profiles/` folder, from that folder's parent: its siblings first).
            let field = JSONField(
                node: JSONNode(value: .string(className), line: reader.line), file: url.path, path: "classProfile")
            var folder = url.deletingLastPathComponent()
            if folder.lastPathComponent == "profiles" { folder = folder.deletingLastPathComponent() }
            let classProfile = try read(field, scenarioFolder: folder)
            guard classProfile.kind == .phoneClass else {
                throw field.error("names \"\(className)\", a device profile: it must name a class profile")
            }
            profile.classValues = classProfile.valuesByDeviceField
        }
        return profile
    }

    /// Parses a profile object; every field but `name` has the default documented on ``GyroProfile``.
    package static func parse(_ r: JSONObjectReader, fallbackName: String) throws(InputError) -> GyroProfile {
        var p = GyroProfile(name: try r.optional("name")?.nonEmptyString(maximumLength: 80) ?? fallbackName)
        _ = try r.optional("description")?.string()
        if let f = r.optional("kind"), try f.choice(["class", "device"]) == "device" {
            return try parseDevice(r, profile: p)
        }
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

    // MARK: - Device profiles

    /// Limits of a device profile's measured values: the class profile's limits, signed for the fixed errors.
    static let deviceLimits: [String: ClosedRange<Double>] = [
        "biasDegPerSec": -100...100, "scaleFactorErrorPercent": -50...50, "scaleFactorAsymmetryPercent": -50...50,
        "noiseDensityDegPerSecPerRootHz": 0...10, "biasInstabilityDegPerHour": 0...100_000,
        "biasCorrelationTimeSeconds": 1e-6...1e7, "rateRandomWalkDegPerSecPerRootSec": 0...10,
    ]

    /// Parses the rest of a `"kind": "device"` profile (`name`, `description` and `kind` already read).
    ///
    /// Each measured field is `{"value": x, "standardError": se, "source": "…", "note": "…"}`; a field without
    /// `value` is not measured (its `source` says so, `standardError` must be absent). `sampleRateHz`,
    /// `quantizationStepDegPerSec` and `rangeDegPerSec` are plain numbers; `axis` (`x`, `y`, `z`; default `z`) and
    /// `classProfile` (a profile name; default `phone-calibrated`) are text. An unmeasured noise term is simulated
    /// as 0; an unmeasured fixed error as 0 too, and reports say what the class profile's spread for it could change.
    static func parseDevice(_ r: JSONObjectReader, profile: GyroProfile) throws(InputError) -> GyroProfile {
        var p = profile
        p.kind = .device
        _ = try r.optional("axis")?.choice(["x", "y", "z"])
        p.classProfileName = "phone-calibrated"
        if let f = r.optional("classProfile") {
            let name = try f.nonEmptyString(maximumLength: 80)
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw f.error("a profile name may hold letters, digits, '-' and '_' only, got \"\(name)\"")
            }
            p.classProfileName = name
        }
        if let f = r.optional("sampleRateHz") { p.sampleRateHz = try f.positive(atMost: maximumSampleRateHz) }
        if let f = r.optional("quantizationStepDegPerSec") { p.quantizationStepDegPerSec = try f.nonNegative(atMost: 10) }
        if let f = r.optional("rangeDegPerSec") { p.rangeDegPerSec = try f.positive(atMost: 100_000) }
        for field in GyroProfile.deviceFixedFields + GyroProfile.deviceNoiseFields {
            guard let f = r.optional(field) else {
                p.measurements[field] = .notMeasured()
                continue
            }
            let o = try f.object()
            let source = try o.required("source").nonEmptyString(maximumLength: 400)
            let note = try o.optional("note")?.string()
            var m = GyroMeasurement(value: nil, source: source, note: note)
            if let v = o.optional("value") {
                let limits = deviceLimits[field] ?? 0...0
                m.value = try v.double(in: limits)
                m.standardError = try o.required("standardError").nonNegative(atMost: limits.upperBound - limits.lowerBound)
            } else if let se = o.optional("standardError") {
                throw se.error("is given without a value (a term without \"value\" is not measured)")
            }
            try o.finish()
            p.measurements[field] = m
        }
        // The simulator's own fields: no spread over phones; the measured noise terms (0 when not measured).
        p.noiseDensityDegPerSecPerRootHz = p.measured("noiseDensityDegPerSecPerRootHz") ?? 0
        p.biasInstabilityDegPerHour = p.measured("biasInstabilityDegPerHour") ?? 0
        p.biasCorrelationTimeSeconds = p.measured("biasCorrelationTimeSeconds") ?? 100
        p.rateRandomWalkDegPerSecPerRootSec = p.measured("rateRandomWalkDegPerSecPerRootSec") ?? 0
        try r.finish()
        return p
    }
}

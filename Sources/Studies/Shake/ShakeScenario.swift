import DetectionCore
import FileFormats
import Foundation
import MonteCarlo
import Reporting
import SensorSim

/// A validated shake study: timelines of everyday motion with shakes, and a sweep of detector settings.
package struct ShakeScenario: Sendable {
    package let name: String
    package let description: String
    package let file: String
    package let seed: UInt64
    /// Timelines simulated (one trial each).
    package let timelines: Int
    package let timeline: MotionTimelineParameters
    package let toleranceBeforeSeconds: Double
    package let toleranceAfterSeconds: Double
    /// The detector settings, in sweep order.
    package let configurations: [ShakeDetectorConfiguration]
    /// The sweep keys each `sweep` entry varies (more than one value), per setting, for short labels.
    package let variedKeys: [[String]]
    package let rule: RecommendationRule
    /// The scenarios named by `compareWith` (read with this run's `--trials`, their own seeds; their own
    /// `compareWith` is not followed).
    package let related: [ShakeScenario]
    /// The fresh timelines and days the choice is confirmed on (`confirm`).
    package let confirmation: ConfirmationPlan
    /// The real-motion reference the report compares its false-alarm rates with (`motionReference`, a path relative
    /// to the scenario's folder); nil when the scenario names none.
    package var realMotion: RealMotionComparison? = nil

    // MARK: - Limits

    package static let maximumTimelines = 1_000_000
    package static let maximumSettings = 5000
    /// Detector updates in one scenario (samples × settings): 10¹¹ is hours of computing.
    package static let maximumDetectorSamples = 1e11

    /// The sweep keys each kind reads, in the core's encoding order: its declaration's (`ShakeDetectorKind.sweepKeys`).
    static func sweepKeys(_ kind: ShakeDetectorKind) -> [String] { kind.sweepKeys.map(\.key) }

    // MARK: - Parsing

    package static func parse(_ r: JSONObjectReader, file: String, overrides: RunOverrides) throws(InputError) -> ShakeScenario {
        try parse(r, file: file, overrides: overrides, followRelated: true)
    }

    /// Reads a scenario; `followRelated` false leaves its `compareWith` scenarios unread.
    static func parse(
        _ r: JSONObjectReader, file: String, overrides: RunOverrides, followRelated: Bool
    ) throws(InputError) -> ShakeScenario {
        let name = try GestureScenarioReader.name(r)
        let description = try r.optional("description")?.string() ?? ""
        let fileSeed = try r.required("seed").unsigned64()
        let seed = overrides.seed ?? fileSeed
        let timelinesField = try r.required("timelines")
        let fileTimelines = try timelinesField.integer(in: 1...maximumTimelines)
        let timelines = overrides.trialsPerCell ?? fileTimelines

        var p = MotionTimelineParameters()
        var shakeCountField: JSONField?
        if let t = try r.optional("timeline")?.object() {
            if let f = t.optional("minutes") { p.durationSeconds = try f.positive(atMost: 24 * 60) * 60 }
            if let f = t.optional("sampleRateHz") { p.sensor.sampleRateHz = try f.double(in: 10...1000) }
            if let f = t.optional("rangeG") {
                p.sensor.rangeG = try f.double()
                guard AccelerometerSensor.supportedRangesG.contains(p.sensor.rangeG) else {
                    throw f.error("must be one of 2, 4, 8, 16, got \(Format.exact(p.sensor.rangeG))")
                }
            }
            if let f = t.optional("noiseRmsG") { p.sensor.noiseRmsG = try f.nonNegative(atMost: 1) }
            let countField = t.optional("shakesPerTimeline")
            let rateField = t.optional("shakesPerMinute")
            if let f = countField, rateField != nil {
                throw f.error("give shakesPerTimeline or shakesPerMinute, not both")
            }
            if let f = countField {
                p.shakes = .count(try f.integer(in: 0...100_000))
                shakeCountField = f
            }
            if let f = rateField { p.shakes = .perMinute(try f.nonNegative(atMost: 60)) }
            if let f = t.optional("minimumGapSeconds") { p.minimumGapSeconds = try f.nonNegative(atMost: 86_400) }
            if let f = t.optional("weights") {
                p.weights = try GestureScenarioReader.motionWeights(f)
            }
            try t.finish()
        }
        if let m = try r.optional("motion")?.object() {
            p.ranges = try GestureScenarioReader.ranges(m)
        }
        let duration = p.ranges.shakeDurationSeconds
        if p.ranges.shakeRampSeconds.max > duration.min / 2 {
            throw InputError(
                file: file, line: r.line, field: "motion.shake.rampSeconds",
                problem: "the onset and offset ramps (up to \(Format.exact(p.ranges.shakeRampSeconds.max)) s each) "
                    + "must fit in the shortest shake (\(Format.exact(duration.min)) s)")
        }
        if case .count(let c) = p.shakes, c > p.maximumShakesThatFit {
            let f = shakeCountField
            throw InputError(
                file: file, line: f?.node.line ?? r.line, field: f?.path ?? "timeline.shakesPerTimeline",
                problem: "\(c) shakes of up to \(Format.exact(duration.max)) s with "
                    + "\(Format.exact(p.minimumGapSeconds)) s gaps do not fit in "
                    + "\(Format.exact(p.durationSeconds / 60)) minutes (at most \(p.maximumShakesThatFit))")
        }

        let (before, after) = try GestureScenarioReader.matching(r)
        let rule = try GestureScenarioReader.rule(r)
        let confirmation = try ConfirmationPlan.read(r, selectionTimelines: timelines)
        var related: [ShakeScenario] = []
        if let f = r.optional("compareWith") {
            let entries = try f.array(count: 1...5)
            if followRelated {
                var trialsOnly = RunOverrides()
                trialsOnly.trialsPerCell = overrides.trialsPerCell
                for entry in entries { related.append(try relatedScenario(entry, file: file, overrides: trialsOnly)) }
            }
        }

        var realMotion: RealMotionComparison?
        if let f = r.optional("motionReference") {
            let path = try f.nonEmptyString(maximumLength: 1000)
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
            let shown = path.hasPrefix("/") ? path : folder.appendingPathComponent(path).relativePath
            do throws(InputError) {
                realMotion = RealMotionComparison(reference: try MotionReference.read(url, shown: shown), file: path)
            } catch {
                throw InputError(
                    error.kind, file: f.file, line: f.node.line, field: f.path,
                    problem: "the motion reference cannot be used: \(error.description)")
            }
        }

        let (configurations, varied) = try sweep(try r.required("sweep"))
        try r.finish()

        let samples = p.durationSeconds * p.sensor.sampleRateHz * Double(timelines)
        guard samples * Double(configurations.count) <= maximumDetectorSamples else {
            throw InputError(
                file: file, line: timelinesField.node.line, field: "timelines",
                problem: "\(timelines) timelines × \(configurations.count) settings would feed "
                    + "\(String(format: "%.2g", samples * Double(configurations.count))) samples to detectors, "
                    + "at most 1e11 allowed")
        }
        var scenario = ShakeScenario(
            name: name, description: description, file: file, seed: seed, timelines: timelines,
            timeline: p, toleranceBeforeSeconds: before, toleranceAfterSeconds: after,
            configurations: configurations, variedKeys: varied, rule: rule, related: related,
            confirmation: confirmation)
        scenario.realMotion = realMotion
        return scenario
    }

    /// The `sweep` entries: each `{"kind": …, key: value or [values], …}` with the keys its kind sweeps, expanded to
    /// every combination in order; also the keys each setting's entry varies (for short labels).
    ///
    /// - Throws: ``InputError`` naming the entry and key.
    package static func sweep(
        _ sweepField: JSONField
    ) throws(InputError) -> (configurations: [ShakeDetectorConfiguration], varied: [[String]]) {
        var configurations: [ShakeDetectorConfiguration] = []
        var varied: [[String]] = []
        for entry in try sweepField.array(count: 1...100) {
            let e = try entry.object()
            let kindField = try e.required("kind")
            let kindRaw = try kindField.choice(ShakeDetectorKind.allCases.map(\.rawValue))
            let kind = ShakeDetectorKind(rawValue: kindRaw) ?? .thresholdCount
            let allowed = sweepKeys(kind)
            var axes: [(key: String, values: [(Double, JSONField)])] = []
            for key in e.keys where key != "kind" {
                guard let field = e.optional(key) else { continue }
                guard allowed.contains(key) else {
                    throw field.error("is not read by \(kindRaw) (it reads: \(allowed.joined(separator: ", ")))")
                }
                axes.append((key, try GestureScenarioReader.values(field, integer: kind.parameter(key)?.isCount ?? false)))
            }
            try e.finish()
            let product = axes.reduce(1) { $0 * $1.values.count }
            guard configurations.count + product <= maximumSettings else {
                throw entry.error("the sweep has more than \(maximumSettings) settings")
            }
            let variedHere = axes.filter { $0.values.count > 1 }.map(\.key)
            for combination in GestureScenarioReader.combinations(axes.map(\.values.count)) {
                let c = try GestureScenarioReader.setting(
                    preset: ShakeDetectorConfiguration(kind: kind), axes: axes, combination: combination, entry: entry,
                    defaultNote: " (the \(kindRaw) default)")
                configurations.append(c)
                varied.append(variedHere)
            }
        }
        return (configurations, varied)
    }

    /// A `compareWith` entry: a shake scenario file relative to this one's folder.
    static func relatedScenario(_ entry: JSONField, file: String, overrides: RunOverrides) throws(InputError) -> ShakeScenario {
        let path = try entry.string()
        guard !path.isEmpty else { throw entry.error("must not be empty") }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
        let shown = path.hasPrefix("/") ? path : folder.appendingPathComponent(path).relativePath
        do throws(InputError) {
            let node = try ScenarioFile.parseJSON(at: url, displayPath: shown)
            let o = try JSONObjectReader(node, file: shown, path: "")
            let studyField = try o.required("study")
            guard try studyField.string() == "shake" else { throw studyField.error("must be \"shake\" to be compared with") }
            return try parse(o, file: shown, overrides: overrides, followRelated: false)
        } catch {
            throw InputError(
                error.kind, file: entry.file, line: entry.node.line, field: entry.path,
                problem: "the scenario cannot be used: \(error.description)")
        }
    }
}

import DetectionCore
import Foundation
import MonteCarlo
import Reporting
import SensorSim

/// Runs a shake scenario end to end: timelines on all cores, the sweep's statistics, the report files.
package enum ShakeStudy {
    /// The sweep's settings described for reports.
    package static func settings(_ s: ShakeScenario) -> [SweepSetting] {
        s.configurations.enumerated().map { index, c in setting(c, index: index) }
    }

    /// One configuration described for reports, at position `index` of its sweep.
    package static func setting(_ c: ShakeDetectorConfiguration, index: Int) -> SweepSetting {
        let keys = ShakeScenario.sweepKeys(c.kind)
        let parameters = keys.map { "\($0)=\(value(c, $0))" }
        return SweepSetting(
            index: index, family: c.kind.rawValue, parameters: parameters, shortLabel: shortLabel(c),
            configurationJSON: json(c),
            submissionJSON: SweepSetting.submission(
                gesture: "shake", kind: c.kind.rawValue, keys: keys.map { ($0, value(c, $0)) }),
            plainWords: plainWords(c))
    }

    /// The setting's plain-words sentence and where docs/detectors.md words every kind; empty for an unworded kind.
    static func plainWords(_ c: ShakeDetectorConfiguration) -> String {
        let words = SettingPlainWords.shake(c)
        guard !words.isEmpty else { return "" }
        return "In plain words, \(c.kind.rawValue) \(shortLabel(c)) \(words) (every kind in a paragraph with a picture: "
            + "docs/detectors.md, \"The kinds\")."
    }

    /// Simulates, analyses and renders, streaming; returns the report's files without writing them.
    package static func report(_ s: ShakeScenario, runner: MonteCarloRunner) throws -> ReportFiles {
        try report(s, runner: runner) { sink in
            try s.simulate(0..<s.timelines, runner: runner) { _, outcome in try sink(outcome) }
        }
    }

    /// An empty reduction of the scenario's sweep.
    static func accumulator(_ s: ShakeScenario) -> SweepAnalysis.Accumulator {
        SweepAnalysis.Accumulator(
            settings: settings(s), activityCount: ShakeTrial.activities.count,
            toleranceBeforeSeconds: s.toleranceBeforeSeconds,
            toleranceAfterSeconds: s.toleranceAfterSeconds, rule: s.rule)
    }

    /// The sweep's statistics over simulated timelines.
    package static func analysis(_ s: ShakeScenario, outcomes: [GestureTrialOutcome]) throws -> SweepAnalysis {
        var a = accumulator(s)
        for o in outcomes { try a.add(o) }
        return try a.finish()
    }

    /// Analyses and renders simulated (or merged) timelines; the `compareWith` scenarios are simulated with
    /// `runner` (their results do not depend on it).
    static func report(
        _ s: ShakeScenario, outcomes: [GestureTrialOutcome],
        runner: MonteCarloRunner = MonteCarloRunner(jobs: MonteCarloRunner.defaultJobs)
    ) throws -> ReportFiles {
        try report(s, runner: runner) { sink in for o in outcomes { try sink(o) } }
    }

    /// Analyses and renders the timelines `feed` hands to its sink (every one, in trial order), reducing each as
    /// it arrives (``SweepStream``); the `compareWith` scenarios are simulated with `runner` and streamed too.
    static func report(
        _ s: ShakeScenario, runner: MonteCarloRunner = MonteCarloRunner(jobs: MonteCarloRunner.defaultJobs),
        feed: ((GestureTrialOutcome) throws -> Void) throws -> Void
    ) throws -> ReportFiles {
        var stream = try SweepStream(accumulator: accumulator(s), scenarioSeed: s.seed)
        try feed { try stream.add($0) }
        let result = try stream.accumulator.finish()
        var c = context(s)
        c.confirmation = try SweepConfirmation.run(
            selection: result, plan: s.confirmation, dayTimelines: s.timelines,
            activityCount: ShakeTrial.activities.count, runner: runner
        ) { index, settings in try ShakeTrial.run(s, index: index, settings: settings) }
        // A compared scenario is simulated only when the answer points to it: the targets are not met, and it
        // gives no weight to the activity that limits the settings reaching the recall target.
        let limiting = result.ruleMet ? nil : SweepReport.limitingActivityOfRecallSettings(c, result)
        c.related = try s.related.compactMap { r in
            let zero = Set(MotionActivity.everyday.filter { (r.timeline.weights[$0] ?? 0) == 0 }.map(\.rawValue))
            guard let i = limiting, zero.contains(c.activityNames[i]) else { return nil }
            var reduction = accumulator(r)
            try r.simulate(0..<r.timelines, runner: runner) { _, outcome in try reduction.add(outcome) }
            let a = try reduction.finish()
            return RelatedScenario(
                name: r.name, file: r.file, zeroWeightActivities: zero,
                answer: try SweepReport.oneLineAnswer(context(r), a, timelines: r.timelines))
        }
        let records = stream
        return try SweepReport.render(c, analysis: result) { body in try records.replay(body) }
    }

    /// The words and method paragraph of a shake report.
    static func context(_ s: ShakeScenario) -> SweepReportContext {
        let t = s.timeline
        let shakes: String
        switch t.shakes {
        case .count(let c): shakes = "\(c) deliberate shake\(c == 1 ? "" : "s") each"
        case .perMinute(let r): shakes = "deliberate shakes at \(Format.exact(r)) a minute (Poisson)"
        }
        let method =
            "\(s.timelines) simulated timelines of \(Format.exact(t.durationSeconds / 60)) minutes "
            + "(seed \(s.seed)), \(shakes), at least \(Format.exact(t.minimumGapSeconds)) s apart, between "
            + "everyday motions chosen at random by weight. The accelerometer reports userAcceleration at "
            + "\(Format.exact(t.sensor.sampleRateHz)) Hz, ±\(Format.exact(t.sensor.rangeG)) g, with "
            + "\(Format.exact(t.sensor.noiseRmsG)) g white noise per axis. Each timeline is generated once and "
            + "fed to all \(s.configurations.count) detector settings. A detection matches a shake from "
            + "\(Format.exact(s.toleranceBeforeSeconds)) s before its onset to "
            + "\(Format.exact(s.toleranceAfterSeconds)) s after its end, one to one; further detections inside "
            + "a matched shake are fragments. Reproduce with `sensorbench run \(s.file) --seed \(s.seed) "
            + "--trials \(s.timelines)`."
        let context = SweepReportContext(
            title: "Shake detection: \(s.name)", description: s.description, gesture: "shake",
            exposure: "non-shake motion",
            activityNames: ShakeTrial.activities.map(\.rawValue),
            activityCauses: ShakeTrial.activities.map(\.causePhrase),
            truthActivity: ShakeTrial.activities.firstIndex(of: .shake) ?? 0,
            method: method, weights: MotionActivity.everyday.map { ($0.rawValue, t.weights[$0] ?? 0) },
            configurationType: "ShakeDetectorConfiguration")
        var c = context
        c.realMotion = s.realMotion
        c.realMotionLabels = s.configurations.map(MotionCheck.label)
        return c
    }

    // MARK: - Text

    /// A setting's label after its kind's name, from the kind's declaration: its label key with its unit ("at 0.9 g"),
    /// then every other sweep key that differs from the kind's preset, so single-value entries stay distinct
    /// ("at 0.9 g, requiredFraction 0.4").
    package static func shortLabel(_ c: ShakeDetectorConfiguration) -> String {
        var label = leadLabel(c)
        let preset = ShakeDetectorConfiguration(kind: c.kind)
        let lead = c.kind.labelParameter?.key
        for key in ShakeScenario.sweepKeys(c.kind) where key != lead && value(c, key) != value(preset, key) {
            label += ", \(key) \(value(c, key))"
        }
        return label
    }

    /// The kind's label key with its value and unit: "at 0.9 g".
    package static func leadLabel(_ c: ShakeDetectorConfiguration) -> String {
        guard let lead = c.kind.labelParameter else { return "" }
        return "at \(value(c, lead.key))\(lead.unit.isEmpty ? "" : " " + lead.unit)"
    }

    /// The value of `key` as reports write it; "" for a key the configuration does not hold or a flag.
    package static func value(_ c: ShakeDetectorConfiguration, _ key: String) -> String {
        switch c[key] {
        case .real(let x): return Format.label(x)
        case .count(let n): return String(n)
        default: return ""
        }
    }

    /// The configuration in the core's JSON vocabulary, keys sorted, pretty-printed.
    static func json(_ c: ShakeDetectorConfiguration) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(c) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}

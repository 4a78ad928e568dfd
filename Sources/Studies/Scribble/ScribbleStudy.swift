import DetectionCore
import FileFormats
import Foundation
import MonteCarlo
import Reporting
import SensorSim
import Stats

/// Runs a scribble scenario: touch timelines on all cores, each fed to every setting, then the sweep report.
package enum ScribbleStudy {
    /// The gesture kinds, as the outcome's labels index them.
    package static let activities = TouchGestureKind.allCases

    /// Trial `index`: one touch timeline (seeded by `TrialSeed(scenarioSeed:trialIndex:)`), generated once,
    /// fed gesture by gesture (with `touchEnded()` after each) to a fresh detector per setting.
    /// `settings`: the sweep indices of the settings to run, in order (nil: every setting).
    package static func run(_ s: ScribbleScenario, index: Int, settings: [Int]? = nil) throws -> GestureTrialOutcome {
        let seed = TrialSeed(scenarioSeed: s.seed, trialIndex: UInt64(index))
        let stream = try RandomStream(seed: seed)
        let timeline = TouchTimelineGenerator.generate(s.timeline, stream: stream)
        var detections: [[Double]] = []
        for c in settings.map({ $0.map { s.configurations[$0] } }) ?? s.configurations {
            detections.append(try detect(timeline, c, rateHz: s.timeline.touchRateHz))
        }
        let truth = timeline.gestures.filter { $0.kind == .scribble }
            .map { TruthEvent(startSeconds: $0.startSeconds, endSeconds: $0.endSeconds) }
        // Each gesture's label runs until the next gesture starts (the finger-up pause belongs to it).
        let g = timeline.gestures
        let labels = g.indices.map { i in
            ActivitySpan(
                activity: activities.firstIndex(of: g[i].kind) ?? 0, startSeconds: g[i].startSeconds,
                endSeconds: i + 1 < g.count ? g[i + 1].startSeconds : timeline.durationSeconds)
        }
        return GestureTrialOutcome(
            trialIndex: index, seed: seed, durationSeconds: timeline.durationSeconds,
            truth: truth, labels: labels, detections: detections)
    }

    /// The firing times of one setting over a timeline.
    package static func detect(
        _ timeline: TouchTimeline, _ c: ScribbleDetectorConfiguration,
        rateHz: Double
    ) throws(ScribbleDetectorError) -> [Double] {
        var detector = try ScribbleDetector(configuration: c, maximumTouchRateHz: min(1000, rateHz))
        return firingTimes(timeline, &detector)
    }

    /// Feeds every gesture's points to `detector` through the core's protocol, then `touchEnded()`, and returns
    /// the firing times: the one feed of the scribble study and of grading, whatever type implements the detector.
    package static func firingTimes<D: ScribbleDetecting>(_ timeline: TouchTimeline, _ detector: inout D) -> [Double] {
        var times: [Double] = []
        for gesture in timeline.gestures {
            for k in gesture.firstPoint..<(gesture.firstPoint + gesture.pointCount) {
                if detector.consume(TouchPoint(x: timeline.x[k], y: timeline.y[k], timestampSeconds: timeline.t[k])) {
                    times.append(timeline.t[k])
                }
            }
            detector.touchEnded()
        }
        return times
    }

    /// The configuration's keys in the core's encoding order (its kind's vocabulary) with their values as reports
    /// write them: numbers with 4 significant digits, counts and flags as they are.
    static func labelled(_ c: ScribbleDetectorConfiguration) -> [(String, String)] {
        c.kind.vocabulary.map { p in
            switch c[p.key] {
            case .real(let x)?: return (p.key, Format.label(x))
            case .count(let n)?: return (p.key, String(n))
            case .flag(let b)?: return (p.key, String(b))
            case nil: return (p.key, "")
            }
        }
    }

    /// A value exactly as the core encodes it (a Double's description round-trips), for comparing with the preset.
    static func exact(_ v: DetectorParameter.Value?) -> String {
        switch v {
        case .real(let x)?: return "\(x)"
        case .count(let n)?: return "\(n)"
        case .flag(let b)?: return "\(b)"
        case nil: return ""
        }
    }

    /// The setting's plain-words sentence; empty for an unworded kind.
    static func plainWords(_ c: ScribbleDetectorConfiguration, label: String) -> String {
        let words = SettingPlainWords.scribble(c)
        return words.isEmpty ? "" : "In plain words, \(c.kind.rawValue) \(label) \(words)."
    }

    package static func settings(_ s: ScribbleScenario) -> [SweepSetting] {
        s.configurations.enumerated().map { index, c in
            let preset = ScribbleDetectorConfiguration(kind: c.kind)
            let all = labelled(c)
            let changed = all.indices
                .filter { exact(c[all[$0].0]) != exact(preset[all[$0].0]) }.map { all[$0] }
            let label = changed.isEmpty ? "at the defaults" : "with " + changed.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let json = (try? encoder.encode(c)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return SweepSetting(
                index: index, family: c.kind.rawValue, parameters: all.map { "\($0.0)=\($0.1)" },
                shortLabel: label, configurationJSON: json,
                submissionJSON: SweepSetting.submission(gesture: "scribble", kind: c.kind.rawValue, keys: all),
                plainWords: plainWords(c, label: label))
        }
    }

    /// An empty reduction of the scenario's sweep.
    static func accumulator(_ s: ScribbleScenario) -> SweepAnalysis.Accumulator {
        SweepAnalysis.Accumulator(
            settings: settings(s), activityCount: activities.count, toleranceBeforeSeconds: s.toleranceBeforeSeconds,
            toleranceAfterSeconds: s.toleranceAfterSeconds, rule: s.rule)
    }

    /// Simulates, analyses and renders, streaming; returns the report's files without writing them.
    package static func report(_ s: ScribbleScenario, runner: MonteCarloRunner) throws -> ReportFiles {
        try report(s, runner: runner) { sink in
            try s.simulate(0..<s.timelines, runner: runner) { _, outcome in try sink(outcome) }
        }
    }

    /// Analyses and renders simulated (or merged) timelines.
    static func report(_ s: ScribbleScenario, outcomes: [GestureTrialOutcome]) throws -> ReportFiles {
        try report(s) { sink in for o in outcomes { try sink(o) } }
    }

    /// Analyses and renders the timelines `feed` hands to its sink (every one, in trial order), reducing each as
    /// it arrives (``SweepStream``).
    static func report(
        _ s: ScribbleScenario, runner: MonteCarloRunner = MonteCarloRunner(jobs: MonteCarloRunner.defaultJobs),
        feed: ((GestureTrialOutcome) throws -> Void) throws -> Void
    ) throws -> ReportFiles {
        var stream = try SweepStream(accumulator: accumulator(s), scenarioSeed: s.seed)
        try feed { try stream.add($0) }
        let analysis = try stream.accumulator.finish()
        let confirmation = try SweepConfirmation.run(
            selection: analysis, plan: .defaults(selectionTimelines: s.timelines), dayTimelines: s.timelines,
            activityCount: activities.count, runner: runner
        ) { index, settings in try run(s, index: index, settings: settings) }
        let t = s.timeline
        let method =
            "\(s.timelines) simulated touch timelines of \(Format.exact(t.durationSeconds / 60)) minutes "
            + "(seed \(s.seed)): gestures chosen at random by weight, finger-up pauses of "
            + "\(Format.exact(t.idleSeconds.min))–\(Format.exact(t.idleSeconds.max)) s, touch points at "
            + "\(Format.exact(t.touchRateHz)) Hz"
            + (t.ranges == TouchRanges() ? "" : ", gesture shapes drawn from the scenario's `gestures` ranges")
            + ". Each timeline is generated once and fed, gesture by gesture "
            + "(`touchEnded()` after each), to all \(s.configurations.count) settings. A detection matches a scribble "
            + "from \(Format.exact(s.toleranceBeforeSeconds)) s before it starts to "
            + "\(Format.exact(s.toleranceAfterSeconds)) s after it ends. Reproduce with `sensorbench run \(s.file) "
            + "--seed \(s.seed) --trials \(s.timelines)`."
        let context = SweepReportContext(
            title: "Scribble detection: \(s.name)", description: s.description, gesture: "scribble",
            exposure: "non-scribble touch time", activityNames: activities.map(\.rawValue),
            activityCauses: activities.map(\.causePhrase), truthActivity: 0, method: method,
            weights: activities.filter { $0 != .scribble }.map { ($0.rawValue, t.weights[$0] ?? 0) },
            configurationType: "ScribbleDetectorConfiguration", confirmation: confirmation)
        let records = stream
        return try SweepReport.render(context, analysis: analysis) { body in try records.replay(body) }
    }
}

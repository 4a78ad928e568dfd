import DetectionCore
import FileFormats
import Foundation
import MonteCarlo
import Reporting
import Studies

/// A shake detector sweep over labelled recordings: the shake study's sweep, statistics and report, with the
/// recordings as timelines, chosen on some recordings and confirmed on others.
///
/// JSON vocabulary (every other key is refused):
/// `{"name": "my-shakes", "description": "…", "choose": [recording, …], "confirm": [recording, …],
/// "sweep": [ … ], "matching": { … }, "recommend": { … }}`. `sweep`, `matching` and `recommend` are the shake
/// scenario's own keys, read by its own code (``ShakeScenario/sweep(_:)``, ``GestureScenarioReader``). A recording
/// is a path relative to the sweep file's folder, or `{"recording": path, "labels": path, "unit": "g"}`; without
/// `labels` its labels are those beside it (``RecordingLabels/beside(recording:)``), without `unit` its unit is
/// the header's or the format's (a generic `t_s,x,y,z` file needs one). Every recording must have labels.
///
/// The fresh-data rule (issue 24, ``SweepConfirmation``): the settings are ranked on the `choose` recordings only;
/// the choice and its runners-up are then measured on the `confirm` recordings, which the choice never saw, and each
/// confirmation recording is also judged alone as a fresh day of one timeline, so the report says on how many of
/// them the choice met its targets.
package struct RecordingSweep: Sendable {
    /// One recording of the sweep and where its labels come from.
    package struct Entry: Sendable, Equatable {
        /// The recording's path as shown (relative to the working folder).
        package let path: String
        /// The labels file's path as shown; nil: the labels beside the recording.
        package let labels: String?
        /// The recording's unit (`"unit"`, as `--unit` takes it: g or m/s2); nil: the header's or the format's.
        package let unit: RecordingUnit?
        /// Where the entry is in the sweep file, for messages: `choose[2]`.
        package let field: String
        package let line: Int
    }

    package let name: String
    package let description: String
    package let file: String
    package let choose: [Entry]
    package let confirm: [Entry]
    package let configurations: [ShakeDetectorConfiguration]
    package let toleranceBeforeSeconds: Double
    package let toleranceAfterSeconds: Double
    package let rule: RecommendationRule

    package static let maximumRecordings = 1000

    // MARK: - Reading

    /// Reads and validates a sweep file (the recordings are read by ``run(runner:)``).
    ///
    /// - Throws: ``InputError``: 66 for a missing file; 65 naming the line and field of the first problem.
    package static func load(path: String) throws(InputError) -> RecordingSweep {
        let node = try ScenarioFile.parseJSON(at: URL(fileURLWithPath: path), displayPath: path)
        let r = try JSONObjectReader(node, file: path, path: "")
        let name = try GestureScenarioReader.name(r)
        let description = try r.optional("description")?.string() ?? ""
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        func entries(_ key: String) throws(InputError) -> [Entry] {
            var list: [Entry] = []
            for item in try r.required(key).array(count: 1...maximumRecordings) {
                var recording: String
                var labels: String?
                var unit: RecordingUnit?
                if case .object = item.node.value {
                    let o = try item.object()
                    recording = try o.required("recording").nonEmptyString(maximumLength: 4096)
                    labels = try o.optional("labels")?.nonEmptyString(maximumLength: 4096)
                    if let f = o.optional("unit") {
                        let text = try f.string()
                        guard let u = RecordingUnit(text: text), u.quantity == .acceleration else {
                            throw f.error("must be an acceleration unit, g or m/s2, got \"\(text)\"")
                        }
                        unit = u
                    }
                    try o.finish()
                } else {
                    recording = try item.nonEmptyString(maximumLength: 4096)
                }
                func shown(_ p: String) -> String {
                    p.hasPrefix("/") ? p : folder.appendingPathComponent(p).relativePath
                }
                recording = shown(recording)
                labels = labels.map(shown)
                list.append(Entry(path: recording, labels: labels, unit: unit, field: item.path, line: item.node.line))
            }
            return list
        }
        let choose = try entries("choose")
        let confirm = try entries("confirm")
        for c in confirm {
            if let twin = choose.first(where: { $0.path == c.path }) {
                throw InputError(
                    file: path, line: c.line, field: c.field,
                    problem: "\(c.path) is also chosen on (\(twin.field)): a recording the choice saw cannot confirm it")
            }
        }
        let (before, after) = try GestureScenarioReader.matching(r)
        let rule = try GestureScenarioReader.rule(r)
        let (configurations, _) = try ShakeScenario.sweep(try r.required("sweep"))
        try r.finish()
        return RecordingSweep(
            name: name, description: description, file: path, choose: choose, confirm: confirm,
            configurations: configurations, toleranceBeforeSeconds: before, toleranceAfterSeconds: after, rule: rule)
    }

    // MARK: - Recordings

    /// A recording read for every gravity input the sweep's settings need, with its labels.
    package struct Loaded: Sendable {
        package let entry: Entry
        package let labels: RecordingLabels
        /// By `inputIncludesGravity`.
        package let traces: [Bool: AccelerationTrace]
        /// The recording as the first setting reads it (its span is the timeline's).
        package let primary: AccelerationTrace
    }

    /// Reads one recording and its labels.
    ///
    /// - Throws: ``InputError`` for a bad recording, bad labels, or a recording without labels.
    func load(_ e: Entry) throws(InputError) -> Loaded {
        let labels: RecordingLabels
        if let path = e.labels {
            labels = try RecordingLabels.read(path: path)
        } else if let beside = try RecordingLabels.beside(recording: e.path) {
            labels = beside
        } else {
            throw InputError(
                file: file, line: e.line, field: e.field,
                problem: "\(e.path) has no labels: put NAME.labels.csv (start,end,label) beside it, Sensor Logger's "
                    + "Annotation.csv in its folder, or give {\"recording\": …, \"labels\": …}")
        }
        var traces: [Bool: AccelerationTrace] = [:]
        for c in configurations where traces[c.inputIncludesGravity] == nil {
            traces[c.inputIncludesGravity] = try AccelerationTrace.load(path: e.path, unit: e.unit, configuration: c)
        }
        let primary = traces[configurations[0].inputIncludesGravity] ?? traces.values.first!
        return Loaded(entry: e, labels: labels, traces: traces, primary: primary)
    }

    /// The detection times of the settings `settings` (sweep indices, in that order) on a recording.
    static func detections(
        _ l: Loaded, _ configurations: [ShakeDetectorConfiguration], _ settings: [Int]
    ) throws(InputError) -> [[Double]] {
        var all: [[Double]] = []
        for s in settings {
            let c = configurations[s]
            guard let trace = l.traces[c.inputIncludesGravity] else { continue }
            all.append(try ShakeReplay.detections(trace, configuration: c))
        }
        return all
    }

    // MARK: - Running

    /// What a run produced: the report's files, and the numbers its tests and the command's line need.
    package struct Result: Sendable {
        package let files: ReportFiles
        package let analysis: SweepAnalysis
        package let confirmation: SweepConfirmation
        package let activities: [String]
    }

    /// Reads every recording, sweeps the settings over the `choose` recordings, confirms the choice on the
    /// `confirm` recordings, and renders the shake study's report with a signal chart per recording.
    ///
    /// - Throws: ``InputError`` for a bad recording or labels; statistics errors from the study's code.
    package func run(runner: MonteCarloRunner = MonteCarloRunner(jobs: 1)) throws -> Result {
        var chosen: [Loaded] = []
        for e in choose { chosen.append(try load(e)) }
        var confirming: [Loaded] = []
        for e in confirm { confirming.append(try load(e)) }
        let activities = LabelledTimeline.activityNames((chosen + confirming).map(\.labels))
        let settings = configurations.enumerated().map { ShakeStudy.setting($1, index: $0) }
        let all = Array(configurations.indices)
        var outcomes: [GestureTrialOutcome] = []
        for (i, l) in chosen.enumerated() {
            outcomes.append(
                try LabelledTimeline.outcome(
                    labels: l.labels, info: l.primary.info, detections: try Self.detections(l, configurations, all),
                    index: i, activities: activities))
        }
        var accumulator = SweepAnalysis.Accumulator(
            settings: settings, activityCount: activities.count, toleranceBeforeSeconds: toleranceBeforeSeconds,
            toleranceAfterSeconds: toleranceAfterSeconds, rule: rule)
        for o in outcomes { try accumulator.add(o) }
        let analysis = try accumulator.finish()

        // The confirmation recordings are both the M fresh timelines and, one each, the fresh days.
        let plan = ConfirmationPlan(timelines: confirming.count, days: confirming.count)
        let configurations = self.configurations
        let fresh = confirming
        let chooseCount = chosen.count
        let confirmation = try SweepConfirmation.run(
            selection: analysis, plan: plan, dayTimelines: 1, activityCount: activities.count, runner: runner
        ) { index, candidates in
            let j = (index - Int(ConfirmationPlan.streamBase)) % fresh.count
            let l = fresh[j]
            return try LabelledTimeline.outcome(
                labels: l.labels, info: l.primary.info, detections: try Self.detections(l, configurations, candidates),
                index: chooseCount + j, activities: activities)
        }
        var c = context(activities: activities, chosen: chosen.count, confirming: confirming.count)
        c.confirmation = confirmation
        var files = try SweepReport.render(c, analysis: analysis, outcomes: outcomes)
        try addSignals(&files, analysis: analysis, chosen: chosen, confirming: confirming, activities: activities)
        return Result(files: files, analysis: analysis, confirmation: confirmation, activities: activities)
    }

    /// The words of the report: recordings instead of simulated timelines.
    func context(activities: [String], chosen: Int, confirming: Int) -> SweepReportContext {
        let method =
            "\(chosen) labelled recording\(chosen == 1 ? "" : "s") to choose on and \(confirming) to confirm on, "
            + "each a timeline in its own time base (Sensor Logger's seconds_elapsed, else the file's time column). "
            + "A label \"\(LabelledTimeline.gestureLabel)\" is a deliberate shake; every other label is an activity "
            + "false alarms are counted in, and time under no label is \"\(LabelledTimeline.unlabelled)\". Each "
            + "recording is read once and fed to all \(configurations.count) detector settings. A detection matches "
            + "a shake from \(Format.exact(toleranceBeforeSeconds)) s before its label's start to "
            + "\(Format.exact(toleranceAfterSeconds)) s after its end, one to one; further detections inside a "
            + "matched shake are fragments. The settings are ranked on the recordings to choose on only; the "
            + "confirmation recordings are the fresh timelines, and each of them is also judged alone, as a fresh day of one "
            + "timeline. Reproduce with `sensorbench sweep-recordings \(file)`."
        var c = SweepReportContext(
            title: "Shake detection on recordings: \(name)", description: description, gesture: "shake",
            exposure: "unlabelled or non-shake time", activityNames: activities,
            activityCauses: activities.map { $0 == LabelledTimeline.unlabelled ? "unlabelled time" : "\"\($0)\"" },
            truthActivity: 0, method: method, weights: [], configurationType: "ShakeDetectorConfiguration")
        c.freshSource =
            "the recordings set aside to confirm on, never seen by the choice"
        c.showsWeights = false
        c.hoursWord = "recorded"
        c.freshDayNoun = "confirmation recording"
        return c
    }

    /// A `signal-N.svg` per recording (the recommended setting's firings, by status, over |a| with its threshold
    /// and the labels), and a table of the recordings appended to the summary.
    func addSignals(
        _ files: inout ReportFiles, analysis: SweepAnalysis, chosen: [Loaded], confirming: [Loaded], activities: [String]
    ) throws {
        let r = analysis.recommended
        let c = configurations[r]
        var table = MarkdownTable(columns: [
            ("#", .right), ("recording", .left), ("used to", .left), ("seconds", .right), ("shakes", .right),
            ("detected", .right), ("false alarms", .right), ("fragments", .right), ("chart", .left),
        ])
        for (k, l) in (chosen + confirming).enumerated() {
            guard let trace = l.traces[c.inputIncludesGravity] else { continue }
            let times = try ShakeReplay.detections(trace, configuration: c)
            let outcome = try LabelledTimeline.outcome(
                labels: l.labels, info: l.primary.info, detections: [times], index: k, activities: activities)
            let match = GestureMatcher.match(
                truth: outcome.truth, detections: times, toleranceBeforeSeconds: analysis.toleranceBeforeSeconds,
                toleranceAfterSeconds: analysis.toleranceAfterSeconds)
            let firings = times.enumerated().map { j, t in
                SignalChart.Firing(
                    timeSeconds: t, magnitudeG: trace.magnitude(at: t), status: match.detectionStatus[j])
            }
            let chart = "signal-\(k + 1).svg"
            let shown = URL(fileURLWithPath: l.entry.path).lastPathComponent
            files.add(
                chart,
                try SignalChart.render(
                    title: "Recording \(k + 1) (\(shown)): \(c.kind.rawValue) \(ShakeStudy.shortLabel(c))",
                    envelope: trace.envelope, firings: firings, configuration: c, labels: l.labels.labels))
            try table.append([
                "\(k + 1)", "`\(l.entry.path)`", k < chosen.count ? "choose" : "confirm",
                try Format.fixed(outcome.durationSeconds, decimals: 1), "\(outcome.truth.count)",
                "\(match.truePositives)", "\(match.falseAlarms)", "\(match.fragments)", "[\(chart)](\(chart))",
            ])
        }
        var doc = MarkdownDocument()
        doc.heading("Recordings", level: 2)
        doc.paragraph(
            "The recommended setting (\(c.kind.rawValue) \(ShakeStudy.shortLabel(c))) on each recording; each chart "
                + "shows |a| against its threshold, its firings by status, and the labels.")
        doc.table(table)
        files.add("summary.md", (files.contents(of: "summary.md") ?? "") + "\n" + doc.render())
    }
}

extension AccelerationTrace {
    /// |a| of the last sample at or before `t` (the sample a detector fired on), g.
    func magnitude(at t: Double) -> Double {
        var low = 0
        var high = self.t.count
        while low < high {
            let mid = (low + high) / 2
            if self.t[mid] <= t { low = mid + 1 } else { high = mid }
        }
        let k = max(0, low - 1)
        guard self.t.indices.contains(k) else { return 0 }
        return (x[k] * x[k] + y[k] * y[k] + z[k] * z[k]).squareRoot()
    }
}

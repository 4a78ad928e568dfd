import DetectionCore
import FileFormats
import Foundation
import Reporting
import Studies

/// The outcome of one `sensorbench replay`.
package enum ReplayResult: Sendable {
    case heading(HeadingReplay)
    case shake(ShakeReplay)
    case proximity(ProximityReplay)

    /// How many events (heading: reported rows) the replay produced, for the command's one-line summary.
    package var eventCount: Int {
        switch self {
        case .heading(let h): return h.rows.count
        case .shake(let s): return s.events.count
        case .proximity(let p): return p.events.count
        }
    }
}

/// Renders a replay in memory: `events.csv` and `summary.md` always, `turn-angle.svg` for the heading detector.
///
/// No timestamps, no absolute paths beyond what the user typed: the same inputs give the same bytes.
package enum ReplayReport {
    package static func render(_ result: ReplayResult, configurationFile: String) throws -> ReportFiles {
        var files = ReportFiles()
        switch result {
        case .heading(let h):
            files.add("events.csv", try headingCSV(h))
            files.add("turn-angle.svg", try headingChart(h))
            files.add("summary.md", try headingSummary(h, configurationFile: configurationFile))
        case .shake(let s):
            files.add("events.csv", try shakeCSV(s))
            if s.score != nil { files.add("signal.svg", try shakeChart(s)) }
            files.add("summary.md", try shakeSummary(s, configurationFile: configurationFile))
        case .proximity(let p):
            files.add("events.csv", try proximityCSV(p))
            files.add("summary.md", try proximitySummary(p, configurationFile: configurationFile))
        }
        return files
    }

    static func n(_ x: Double, _ digits: Int = 4) throws -> String { try Format.number(x, significantDigits: digits) }
    static func fixed(_ x: Double, _ decimals: Int) throws -> String { try Format.fixed(x, decimals: decimals) }
    static func name(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }

    static func recordingLine(_ info: RecordingInfo) throws -> String {
        "\(info.sampleCount) samples (\(info.format.rawValue) format, unit \(info.unit.rawValue) from "
            + "\(info.unitSource)) over \(try fixed(info.lastTimeSeconds - info.firstTimeSeconds, 2)) s; "
            + "largest step between samples \(try n(info.largestStepSeconds)) s."
    }

    // MARK: - Heading

    static func headingCSV(_ h: HeadingReplay) throws -> String {
        var table = CSVTable(header: ["time_s", "yaw_deg", "turn_angle_deg", "arrow_says", "skipped_samples"])
        for r in h.rows {
            try table.append([
                .number(r.timeSeconds), .number(r.yawDegrees), .number(r.turnAngleDegrees),
                .text(r.phrase), .integer(r.skippedSamples),
            ])
        }
        return table.render()
    }

    static func headingChart(_ h: HeadingReplay) throws -> String {
        let points = h.rows.map { ChartPoint(x: $0.timeSeconds, y: $0.turnAngleDegrees) }
        let chart = LineChart(
            title: "Turn back to the mark, as the arrow shows it", xLabel: "time (s)",
            yLabel: "turn angle (°, + = to the left)",
            series: [ChartSeries(name: "turn angle", points: points, style: .line)])
        return try chart.renderSVG()
    }

    static func headingSummary(_ h: HeadingReplay, configurationFile: String) throws -> String {
        var doc = MarkdownDocument()
        doc.heading("Heading replay: \(name(h.info.file))", level: 1)
        if let last = h.final {
            doc.paragraph(
                "At the end (\(try fixed(last.timeSeconds, 2)) s) the arrow says **\(last.phrase)**: "
                    + "turn \(try n(last.turnAngleDegrees)) ° (positive = to the left) to face the heading "
                    + "marked at \(try fixed(h.markedAtSeconds, 2)) s. "
                    + "\(h.counters.skipped) sample\(h.counters.skipped == 1 ? "" : "s") skipped.")
        }
        doc.paragraph(try recordingLine(h.info))
        doc.paragraph(
            "Configuration `\(name(configurationFile))`: HeadingTracker with maximumGapSeconds = "
                + "\(try n(h.settings.maximumGapSeconds)) s, mark at \(try n(h.settings.markAtSeconds)) s, "
                + "straight ahead within ±\(try n(h.settings.straightAheadToleranceDegrees)) °, one row per "
                + "\(try n(h.settings.reportIntervalSeconds)) s. The z column (rotation about the screen "
                + "normal) is integrated with the trapezoidal rule, exactly as TurnBack does.")
        var table = MarkdownTable(columns: [("skipped because", .left), ("samples", .right)])
        try table.append(["not a finite number", "\(h.counters.nonFinite)"])
        try table.append(["time not increasing", "\(h.counters.timeNotIncreasing)"])
        try table.append(["gap longer than maximumGapSeconds", "\(h.counters.gaps)"])
        try table.append(["accepted (integrated)", "\(h.counters.accepted)"])
        doc.table(table)
        doc.heading("Turn angle over time", level: 2)
        doc.image(alt: "Turn angle against time", path: "turn-angle.svg")
        doc.paragraph(
            "`events.csv`: time_s, yaw_deg, turn_angle_deg, arrow_says, skipped_samples; one row per "
                + "reporting interval after the mark, and the last sample.")
        return doc.render()
    }

    // MARK: - Shake

    static func shakeCSV(_ s: ShakeReplay) throws -> String {
        guard let score = s.score else {
            var table = CSVTable(header: ["event", "time_s", "magnitude_g"])
            for (i, e) in s.events.enumerated() {
                try table.append([.integer(i + 1), .number(e.timeSeconds), .number(e.magnitudeG)])
            }
            return table.render()
        }
        let match = scoreMatch(score)
        var table = CSVTable(header: ["event", "time_s", "magnitude_g", "status", "label", "shake", "latency_s"])
        let o = score.outcome
        for (i, e) in s.events.enumerated() {
            let status = match.detectionStatus[i]
            let shake = match.detectionEvent[i]
            try table.append([
                .integer(i + 1), .number(e.timeSeconds), .number(e.magnitudeG), .text(status.rawValue),
                .text(o.label(at: e.timeSeconds).map { score.activities[$0.activity] } ?? ""),
                shake.map { .integer($0 + 1) } ?? .missing,
                status == .truePositive ? shake.map { .number(e.timeSeconds - o.truth[$0].startSeconds) } ?? .missing : .missing,
            ])
        }
        return table.render()
    }

    /// The one setting's matching of a scored replay, as the study matches it.
    static func scoreMatch(_ score: ShakeReplay.Score) -> MatchResult {
        GestureMatcher.match(
            truth: score.outcome.truth, detections: score.outcome.detections[0],
            toleranceBeforeSeconds: score.analysis.toleranceBeforeSeconds,
            toleranceAfterSeconds: score.analysis.toleranceAfterSeconds)
    }

    static func shakeChart(_ s: ShakeReplay) throws -> String {
        let match = s.score.map(scoreMatch)
        let firings = s.events.enumerated().map { i, e in
            SignalChart.Firing(timeSeconds: e.timeSeconds, magnitudeG: e.magnitudeG, status: match?.detectionStatus[i])
        }
        return try SignalChart.render(
            title: "\(name(s.info.file)): |a| against the \(s.configuration.kind.rawValue) threshold",
            envelope: s.envelope, firings: firings, configuration: s.configuration, labels: s.labels?.labels ?? [])
    }

    /// The score section of a labelled replay: recall, false alarms per hour overall and by label, latency and
    /// fragments, with the shake study's intervals.
    static func scoreSection(_ s: ShakeReplay, _ score: ShakeReplay.Score, _ doc: inout MarkdownDocument) throws {
        let m = score.metrics
        let a = score.analysis
        doc.heading("Scored against the labels", level: 2)
        let labels = s.labels
        doc.paragraph(
            "Labels: `\(name(labels?.file ?? ""))` (\(labels?.layout.rawValue ?? "")), \(a.truthCount) labelled "
                + "shake\(a.truthCount == 1 ? "" : "s"). A firing matches a shake from its label's start to "
                + "\(try n(a.toleranceAfterSeconds)) s after its end, one to one (the shake study's matching); a "
                + "further firing inside a matched shake is a fragment, any other a false alarm. Intervals are the "
                + "shake study's: Wilson for recall, Garwood (quasi-Poisson over recordings) for false alarms per hour.")
        doc.paragraph(
            "Recall **\(try SweepReport.percentWithInterval(m.recall, m.recallInterval))** "
                + "(\(m.truePositives) of \(a.truthCount)); **\(try SweepReport.rateText(m))** "
                + "(\(m.falseAlarms) in \(try fixed(a.exposureHours * 3600, 1)) s outside shakes); latency from the "
                + "label's start median \(try SweepReport.seconds(m.latencyMedianSeconds)) (95th percentile "
                + "\(try SweepReport.seconds(m.latencyP95Seconds))); \(m.fragments) fragment\(m.fragments == 1 ? "" : "s") "
                + "in \(m.gesturesWithFragments) shake\(m.gesturesWithFragments == 1 ? "" : "s").")
        var table = MarkdownTable(columns: [
            ("label", .left), ("seconds", .right), ("false alarms", .right), ("false alarms / h", .right),
        ])
        for (i, activity) in score.activities.enumerated() where i != 0 && a.activityHours[i] > 0 {
            let count = a.falseAlarmsByActivity[0][i]
            try table.append([
                activity, try fixed(a.activityHours[i] * 3600, 1), "\(count)",
                try a.falseAlarmsPerActivityHour(setting: 0, activity: i).map { try n($0) } ?? "",
            ])
        }
        doc.table(table)
        doc.image(alt: "The signal against the threshold, with the firings and the labels", path: "signal.svg")
    }

    static func shakeSummary(_ s: ShakeReplay, configurationFile: String) throws -> String {
        var doc = MarkdownDocument()
        doc.heading("Shake replay: \(name(s.info.file))", level: 1)
        let times = try s.events.map { try fixed($0.timeSeconds, 2) + " s" }
        doc.paragraph(
            "The \(s.configuration.kind.rawValue) detector fired **\(s.events.count) "
                + "time\(s.events.count == 1 ? "" : "s")**" + (times.isEmpty ? "." : ": at " + times.joined(separator: ", ") + ".")
                + " \(s.samplesSkipped) sample\(s.samplesSkipped == 1 ? "" : "s") skipped (non-finite or time going backwards).")
        if let mismatch = s.gravityMismatch { doc.paragraph("**Warning:** " + mismatch + ".") }
        doc.paragraph(try recordingLine(s.info))
        let c = s.configuration
        // Every key of the kind's vocabulary, in encoding order, from its declaration.
        let values = try c.kind.vocabulary.map { p -> String in
            switch c[p.key] {
            case .real(let x): return "\(p.key) \(try n(x))"
            case .count(let k): return "\(p.key) \(k)"
            case .flag(let b): return "\(p.key) \(b)"
            case nil: return p.key
            }
        }
        doc.paragraph(
            "Configuration `\(name(configurationFile))` (the core's ShakeDetectorConfiguration): kind "
                + "\(c.kind.rawValue), " + values.joined(separator: ", ") + ".")
        if let score = s.score { try scoreSection(s, score, &doc) }
        doc.paragraph(
            "`events.csv`: event, time_s (the recording's own clock: Sensor Logger's seconds_elapsed, else the "
                + "file's time column), magnitude_g of the sample that fired"
                + (s.score == nil
                    ? "."
                    : ", status (true-positive, fragment, false-alarm), label (in force at the firing), shake (the "
                        + "labelled shake it matched or fell in, counted from 1), latency_s (from the shake's start)."))
        return doc.render()
    }

    // MARK: - Proximity

    static func proximityCSV(_ p: ProximityReplay) throws -> String {
        var table = CSVTable(header: [
            "time_s", "time_utc", "gpx_line", "event", "place", "distance_m", "accuracy_m",
            "inside_after",
        ])
        for e in p.events {
            try table.append([
                .number(e.timeSeconds), .text(e.timeText), .integer(e.line), .text(e.kind.rawValue),
                .text(e.placeName), .number(e.distanceMeters), .number(e.accuracyMeters),
                .text(e.insideAfter),
            ])
        }
        return table.render()
    }

    static func proximitySummary(_ p: ProximityReplay, configurationFile: String) throws -> String {
        var doc = MarkdownDocument()
        doc.heading("Proximity replay: \(name(p.file))", level: 1)
        let entered = p.places.filter { $0.enters > 0 }
        doc.paragraph(
            "\(p.fixCount) fixes over \(try fixed(p.durationSeconds, 1)) s; the \(p.configuration.kind.rawValue) "
                + "check (radius \(try n(p.configuration.radiusMeters)) m) entered "
                + (entered.isEmpty ? "**no place**." : "**" + entered.map(\.name).joined(separator: ", ") + "**.")
                + (p.overlaps.isEmpty
                    ? ""
                    : " Two or more places were inside at once during "
                        + "\(p.overlaps.count) stretch\(p.overlaps.count == 1 ? "" : "es")."))
        let c = p.counters
        doc.paragraph(
            "Places from `\(p.placesSource)`; configuration `\(name(configurationFile))`. Fixes accepted: "
                + "\(c.fixesAccepted) of \(c.fixesConsumed) (ignored: \(c.ignoredNonFinite) non-finite, "
                + "\(c.ignoredTimeWentBackwards) going back in time, \(c.ignoredInvalidAccuracy) with negative "
                + "accuracy, \(c.ignoredInaccurate) less accurate than the gate). Distances are WGS-84 geodesics.")
        doc.heading("Events", level: 2)
        if p.events.isEmpty {
            doc.paragraph("None.")
        } else {
            var table = MarkdownTable(columns: [
                ("time (s)", .right), ("event", .left), ("place", .left),
                ("distance (m)", .right), ("accuracy (m)", .right),
                ("inside after", .left),
            ])
            for e in p.events {
                try table.append([
                    try fixed(e.timeSeconds, 1), e.kind.rawValue, e.placeName,
                    try fixed(e.distanceMeters, 1), try fixed(e.accuracyMeters, 1), e.insideAfter,
                ])
            }
            doc.table(table)
        }
        doc.heading("Places", level: 2)
        var places = MarkdownTable(columns: [
            ("place", .left), ("closest (m)", .right), ("enters", .right),
            ("exits", .right), ("first enter (s)", .right),
        ])
        for s in p.places.sorted(by: { $0.closestMeters < $1.closestMeters }) {
            let closest = s.closestMeters.isFinite ? try fixed(s.closestMeters, 1) : ""
            try places.append([
                s.name, closest, "\(s.enters)", "\(s.exits)",
                try s.firstEnterSeconds.map { try fixed($0, 1) } ?? "",
            ])
        }
        doc.table(places)
        if !p.overlaps.isEmpty {
            doc.heading("Overlaps", level: 2)
            var table = MarkdownTable(columns: [
                ("from (s)", .right), ("to (s)", .right), ("fixes", .right),
                ("places inside together", .left),
            ])
            for o in p.overlaps {
                try table.append([
                    try fixed(o.startSeconds, 1), try fixed(o.endSeconds, 1), "\(o.fixes)",
                    o.placeNames.joined(separator: ", "),
                ])
            }
            doc.table(table)
        }
        doc.paragraph(
            "`events.csv`: time_s (after the first point), time_utc (as in the file), gpx_line, event, "
                + "place, distance_m, accuracy_m, inside_after.")
        return doc.render()
    }
}

import Foundation
import Reporting

/// Renders a detector sweep into `sweep.csv`, `events.csv`, `summary.md` and three SVG charts.
///
/// `events.csv` lists the recommended setting's detections and every true gesture (one setting keeps the file
/// readable; `sweep.csv` has every setting's totals). `events.csv` is streamed to a temporary file; the rest is
/// rendered in memory.
package enum SweepReport {
    /// Renders every file of the report.
    package static func render(
        _ c: SweepReportContext, analysis a: SweepAnalysis,
        outcomes: [GestureTrialOutcome]
    ) throws -> ReportFiles {
        try render(c, analysis: a) { body in for o in outcomes { try body(o) } }
    }

    /// Renders every file of the report, `events.csv` from the timelines `replay` hands to its body (every one,
    /// in trial order) and written to a temporary file as it goes (``CSVStream``).
    package static func render(
        _ c: SweepReportContext, analysis a: SweepAnalysis,
        replay: ((GestureTrialOutcome) throws -> Void) throws -> Void
    ) throws -> ReportFiles {
        var files = ReportFiles()
        files.add("sweep.csv", try sweepCSV(c, a))
        files.add("events.csv", spooled: try eventsCSV(c, a, replay))
        let charts = try renderCharts(c, a)
        for chart in charts { files.add(chart.path, chart.svg) }
        files.add("summary.md", try summary(c, a, charts: charts))
        return files
    }

    // MARK: - CSV

    /// An optional number as a CSV cell (empty when undefined).
    static func cell(_ x: Double?) -> CSVCell { x.map(CSVCell.number) ?? .missing }

    /// The activities false alarms can come from (all but the gesture itself).
    static func causeIndices(_ c: SweepReportContext) -> [Int] {
        c.activityNames.indices.filter { $0 != c.truthActivity }
    }

    static func sweepCSV(_ c: SweepReportContext, _ a: SweepAnalysis) throws -> String {
        let causes = causeIndices(c)
        var table = CSVTable(
            header: [
                "setting", "detector", "parameters", "true_positives", "false_alarms", "misses", "fragments",
                "precision", "precision_ci_low", "precision_ci_high", "recall", "recall_ci_low", "recall_ci_high", "f1",
                "false_alarms_per_hour", "false_alarms_per_hour_ci_low", "false_alarms_per_hour_ci_high",
                "false_alarm_dispersion", "gestures_with_fragments", "single_event_share", "single_event_share_ci_low",
                "single_event_share_ci_high", "latency_median_s", "latency_p95_s", "meets_rule",
            ] + causes.map { "false_alarms_\(c.activityNames[$0])" })
        for (s, m) in zip(a.settings, a.metrics) {
            try table.append(
                [
                    .integer(s.index), .text(s.family), .text(s.parameterText), .integer(m.truePositives),
                    .integer(m.falseAlarms), .integer(m.misses), .integer(m.fragments), cell(m.precision),
                    cell(m.precisionInterval?.low), cell(m.precisionInterval?.high), cell(m.recall),
                    cell(m.recallInterval?.low), cell(m.recallInterval?.high), cell(m.f1), cell(m.falseAlarmsPerHour),
                    cell(m.falseAlarmsPerHourInterval?.low), cell(m.falseAlarmsPerHourInterval?.high),
                    cell(m.falseAlarmDispersion),
                    .integer(m.gesturesWithFragments), cell(m.singleEventShare), cell(m.singleEventShareInterval?.low),
                    cell(m.singleEventShareInterval?.high), cell(m.latencyMedianSeconds), cell(m.latencyP95Seconds),
                    .text(SweepAnalysis.satisfies(m, a.rule) ? "yes" : "no"),
                ] + causes.map { .integer(a.falseAlarmsByActivity[s.index][$0]) })
        }
        return table.render()
    }

    static func eventsCSV(
        _ c: SweepReportContext, _ a: SweepAnalysis, _ replay: ((GestureTrialOutcome) throws -> Void) throws -> Void
    ) throws -> SpoolFile {
        var table = try CSVStream(header: [
            "timeline", "seed", "record", "time_s", "end_s", "activity", "status", "event", "latency_s",
        ])
        let s = a.recommended
        let name = { (i: Int) -> String in i < c.activityNames.count ? c.activityNames[i] : "" }
        try replay { o in
            let detections = s < o.detections.count ? o.detections[s] : []
            let match = GestureMatcher.match(
                truth: o.truth, detections: detections,
                toleranceBeforeSeconds: a.toleranceBeforeSeconds,
                toleranceAfterSeconds: a.toleranceAfterSeconds)
            // Rows in time order: a true gesture at its start, a detection at its time (gesture first on ties).
            var rows: [(Double, Int, [CSVCell])] = []
            for (i, e) in o.truth.enumerated() {
                let j = match.eventDetection[i]
                rows.append(
                    (
                        e.startSeconds, 0,
                        [
                            .integer(o.trialIndex), .integer(Int(o.seed.value)), .text("true-\(c.gesture)"),
                            .number(e.startSeconds), .number(e.endSeconds), .text(c.gesture),
                            .text(j == nil ? "missed" : "detected"), .integer(i),
                            j.map { .number(detections[$0] - e.startSeconds) } ?? .missing,
                        ]
                    ))
            }
            for (j, t) in detections.enumerated() {
                let event = match.detectionEvent[j]
                let status = match.detectionStatus[j]
                rows.append(
                    (
                        t, 1,
                        [
                            .integer(o.trialIndex), .integer(Int(o.seed.value)), .text("detection"), .number(t), .missing,
                            .text(o.label(at: t).map { name($0.activity) } ?? ""), .text(status.rawValue),
                            event.map(CSVCell.integer) ?? .missing,
                            status == .truePositive ? event.map { .number(t - o.truth[$0].startSeconds) } ?? .missing : .missing,
                        ]
                    ))
            }
            for row in rows.sorted(by: { ($0.0, $0.1) < ($1.0, $1.1) }) { try table.append(row.2) }
        }
        return table.spool
    }
}

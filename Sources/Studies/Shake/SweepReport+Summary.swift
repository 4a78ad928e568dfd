import Foundation
import Reporting
import Stats

extension SweepReport {
    // MARK: - Number words

    /// "97% [95–98]" or "undefined".
    package static func percentWithInterval(_ x: Double?, _ ci: ConfidenceInterval?) throws -> String {
        guard let x else { return "undefined" }
        guard let ci else { return try Format.percent(x, decimals: 0) }
        let low = try Format.fixed(ci.low * 100, decimals: 0)
        return "\(try Format.percent(x, decimals: 0)) [\(low)–\(try Format.fixed(ci.high * 100, decimals: 0))]"
    }

    /// Two significant digits ("0.42", "12").
    static func num(_ x: Double) throws -> String { try Format.number(x, significantDigits: 2) }

    /// An interval's lower bound: two significant digits, or "0" below 0.001 (a floored interval on one or two
    /// events has a lower bound like 2e-32, which is 0 for every purpose of the report; `sweep.csv` keeps it).
    static func low(_ x: Double) throws -> String { x < 0.001 ? "0" : try num(x) }

    /// A latency in seconds ("0.45 s").
    package static func seconds(_ x: Double?) throws -> String {
        guard let x else { return "–" }
        return "\(try Format.number(x, significantDigits: 2)) s"
    }

    /// "0.4 false alarms an hour [0.1–1.2]".
    package static func rateText(_ m: DetectionMetrics) throws -> String {
        guard let rate = m.falseAlarmsPerHour, let ci = m.falseAlarmsPerHourInterval else {
            return "no false-alarm rate (no time outside gestures)"
        }
        if m.falseAlarms == 0 {
            let few =
                m.falseAlarmRate.clusters < ClusteredRate.fewClusters && m.dispersionFloor <= 1
                ? "; with \(m.falseAlarmRate.clusters) timeline\(m.falseAlarmRate.clusters == 1 ? "" : "s") the bound "
                    + "assumes false alarms do not cluster" : ""
            return "no false alarms in \(try num(m.exposureHours)) hours (at most \(try num(ci.high)) an hour, "
                + "95% bound\(few))"
        }
        let shown = try num(rate)
        return "\(shown) false alarm\(shown == "1" ? "" : "s") an hour [\(try low(ci.low))–\(try num(ci.high))]"
    }

    /// ", mostly from table drops" or ", most often from running (3 of 7)"; empty with no false alarms.
    static func causeText(_ c: SweepReportContext, _ a: SweepAnalysis, _ s: Int) -> String {
        let counts = a.falseAlarmsByActivity[s]
        let total = counts.reduce(0, +)
        guard total > 0, let top = causeIndices(c).max(by: { (counts[$0], -$0) < (counts[$1], -$1) }) else { return "" }
        let phrase = c.activityCauses[top]
        if 2 * counts[top] > total { return ", mostly from \(phrase)" }
        return ", most often from \(phrase) (\(counts[top]) of \(total))"
    }

    /// "window-fraction at 1.8 g: recall 97% [95–98], 0.4 false alarms an hour [0.1–1.2], mostly from …".
    static func settingSentence(_ c: SweepReportContext, _ a: SweepAnalysis, _ s: Int) throws -> String {
        let setting = a.settings[s]
        let m = a.metrics[s]
        return "\(setting.family) \(setting.shortLabel): recall \(try percentWithInterval(m.recall, m.recallInterval)), "
            + "\(try rateText(m))\(causeText(c, a, s))"
    }

    // MARK: - The summary

    static func summary(_ c: SweepReportContext, _ a: SweepAnalysis, charts: [RenderedChart]) throws -> String {
        var doc = MarkdownDocument()
        doc.heading(c.title, level: 1)
        if !c.description.isEmpty { doc.paragraph(c.description) }

        doc.heading("Recommendation", level: 2)
        let r = a.recommended
        let m = a.metrics[r]
        if targets(a) != nil {
            try targetsAnswer(c, a, &doc)
        } else if case .maxRecall(let limit, let upper) = a.rule {
            let limitText =
                "at most \(Format.exact(limit)) false alarm\(limit == 1 ? "" : "s") an hour on "
                + (upper ? "the upper end of its 95% interval" : "its estimate")
            let fresh = try freshDaysPhrase(c, a)
            if !a.ruleMet {
                doc.paragraph(
                    "**No setting of the \(a.settings.count) meets the limit (\(limitText)), so none is recommended; "
                        + "the least bad is \(try settingSentence(c, a, r)).**")
            } else if try choiceIsReliable(c) {
                doc.paragraph(
                    "**Recommended: \(try settingSentence(c, a, r)); the highest recall within the limit (\(limitText)), "
                        + "and \(fresh ?? "") (reliable).**")
            } else {
                doc.paragraph(
                    "**Not reliable enough to recommend: \(try settingSentence(c, a, r)) has the highest recall within "
                        + "the limit (\(limitText)) on the \(a.timelineCount) timelines it was chosen from, "
                        + (fresh.map {
                            "and \($0), short of a 95% lower bound of "
                                + RecommendationRule.percent(ConfirmationPlan.reliableShare)
                        } ?? "but it was not checked on fresh days") + ".**")
            }
            doc.paragraph(
                "To grade it, paste into a submission file (the `grade` format; the rest of the file is the team's):")
            doc.code(a.settings[r].submissionJSON, language: "json")
        } else {
            doc.paragraph("**\(try settingSentence(c, a, r)).**")
            doc.paragraph(
                "To grade it, paste into a submission file (the `grade` format; the rest of the file is the team's):")
            doc.code(a.settings[r].submissionJSON, language: "json")
        }
        if !a.settings[r].plainWords.isEmpty { doc.paragraph(a.settings[r].plainWords) }
        var words = "Chosen as \(a.rule.text)."
        if !a.ruleMet, targets(a) != nil {
            // The ranking `SweepAnalysis.rank` falls back to when no setting meets the targets.
            words =
                "No setting meets all three targets on its 95% bounds, so this is the best trade-off: settings that "
                + "meet the false-alarm and single-event targets come first, then those that meet the false-alarm "
                + "target alone, each by the highest recall; the rest by the fewest false alarms an hour, then the "
                + "highest recall."
        } else if !a.ruleMet {
            words +=
                " No setting met that limit, so this is the setting with the fewest false alarms an hour: "
                + "the least bad, not good enough. Widen the sweep towards stricter settings."
        }
        words +=
            " Precision \(try percentWithInterval(m.precision, m.precisionInterval)), "
            + "F1 \(try m.f1.map { try Format.fixed($0, decimals: 2) } ?? "undefined"), "
            + "latency from \(c.gesture) onset median \(try seconds(m.latencyMedianSeconds)) "
            + "(95th percentile \(try seconds(m.latencyP95Seconds))); "
            + "\(m.truePositives) of \(a.truthCount) \(c.gesture)s detected, \(m.falseAlarms) false alarm"
            + "\(m.falseAlarms == 1 ? "" : "s") in \(try num(a.exposureHours)) hours of \(c.exposure), "
            + "\(m.fragments) fragment\(m.fragments == 1 ? "" : "s") (a further event inside one \(c.gesture)) in "
            + "\(m.gesturesWithFragments) \(c.gesture)\(m.gesturesWithFragments == 1 ? "" : "s")."
        doc.paragraph(words)
        let realVerdicts = realMotionVerdicts(c, a)
        if let real = c.realMotion, let sentence = real.recommendationSentence(realVerdicts, setting: r) {
            doc.paragraph(sentence)
        }
        doc.paragraph(
            "The configuration, in the detection core's JSON vocabulary (decode it with "
                + "`JSONDecoder().decode(\(c.configurationType).self, from: data)`):")
        doc.code(a.settings[r].configurationJSON, language: "json")
        if !a.runnersUp.isEmpty {
            doc.paragraph("Runners-up by the same rule:")
            doc.table(try settingsTable(a, a.runnersUp))
        }

        try confirmationSection(c, a, &doc)

        if a.familyBest.count > 1 {
            doc.heading("Detector families at their best", level: 2)
            doc.bullets(try a.familyBest.map { "\(try settingSentence(c, a, $0))." })
            doc.table(try settingsTable(a, a.familyBest))
        }

        if let real = c.realMotion {
            doc.heading("Simulated against real motion", level: 2)
            for p in real.section(realVerdicts, settingName: { "\(a.settings[$0].family) \(a.settings[$0].shortLabel)" }) {
                doc.paragraph(p)
            }
        }

        doc.heading("How it was measured", level: 2)
        doc.paragraph(c.method)
        doc.paragraph(
            "Recall = TP/(TP + misses); precision = TP/(TP + FA); "
                + "F1 = 2·TP/(2·TP + FA + misses); fragments count neither as true positives nor as false alarms. "
                + "False alarms come in bursts (a stretch of running or a bus ride fires a sensitive detector again "
                + "and again), so each timeline is a cluster: false alarms an hour have the quasi-Poisson 95% "
                + "interval (Garwood's exact interval on the effective count Y/φ, φ = max(1, Pearson dispersion over "
                + "timelines × (t/z)², φ₀)), where the floor φ₀ = \(try num(a.dispersionFloor)) is "
                + (a.dispersionFloor > 1
                    ? "the median dispersion of the settings with at least \(ClusteredRate.eventsToShowDispersion) "
                        + "false alarms: a setting's few false alarms cannot show their own bursts, so with none the "
                        + "bound is φ₀·3.69/hours, not Garwood's 3.69/hours"
                    : "1 because no setting fired \(ClusteredRate.eventsToShowDispersion) times with bursts to show: "
                        + "with no false alarm the bound is Garwood's 3.69/hours, which assumes they do not cluster")
                + ". Recall, precision and the share of detected \(c.gesture)s that fire exactly once have 95% Wilson "
                + "intervals on the effective sample size (÷ the design effect over timelines: a timeline's "
                + "\(c.gesture)s share its motion; for precision at least (1 − p)+p·φ, the false alarms' dispersion), "
                + "where 1 to 3 effective successes or failures give an end Brown, Cai and DasGupta's one-sided Poisson "
                + "bound if wider (Wilson's under-covers there).")
        if c.showsWeights {
            var weights = MarkdownTable(columns: [("activity", .left), ("weight", .right), ("hours simulated", .right)])
            for (name, w) in c.weights {
                let hours = c.activityNames.firstIndex(of: name).map { a.activityHours[$0] } ?? 0
                try weights.append([name, try Format.number(w, significantDigits: 4), try num(hours)])
            }
            let gestureHours = a.activityHours.indices.contains(c.truthActivity) ? a.activityHours[c.truthActivity] : 0
            try weights.append(["\(c.gesture) (inserted)", "–", try num(gestureHours)])
            doc.table(weights)
        }

        doc.heading("False alarms by activity", level: 2)
        let limit =
            targets(a)?.limit
            ?? {
                if case .maxRecall(let l, _) = a.rule { return l }
                return 1
            }()
        let needed = try ClusteredRate.minimumExposure(toShowAtMost: limit).map { $0 * a.dispersionFloor }
        doc.paragraph(
            "Each cell: the false alarms during the activity over all timelines, the hours \(c.hoursWord) of it, and "
                + "in brackets the false alarms per hour of the activity with its 95% interval (clustered by "
                + "timeline; the chart shows these rates). "
                + (needed.map {
                    "An activity \(c.hoursWord) for less than \((try? num($0)) ?? "") h cannot show a rate of at most "
                        + "\(Format.exact(limit)) an hour even with no false alarm (the floored bound φ₀·3.69/hours): with "
                        + "none, its cell says *too little exposure to bound* instead of giving a bound."
                } ?? ""))
        let shown = ([r] + a.familyBest.filter { $0 != r })
        var causes = MarkdownTable(
            columns: [("setting", .left)]
                + causeIndices(c).map { (c.activityNames[$0], MarkdownTable.Alignment.right) })
        for s in shown {
            try causes.append(
                [
                    "\(a.settings[s].family) \(a.settings[s].shortLabel)"
                        + (s == r ? " (recommended)" : "")
                ]
                    + causeIndices(c).map { i throws in
                        let n = a.falseAlarmsByActivity[s][i]
                        let hours = a.activityHours[i]
                        guard hours > 0 else { return "\(n) (not \(c.hoursWord))" }
                        let rate = a.activityRates[s][i]
                        let exposure = "\(n) in \(try num(hours)) h"
                        if n == 0 {
                            if let needed, hours < needed { return "\(exposure) (too little exposure to bound)" }
                            guard let ci = try a.activityRateInterval(setting: s, activity: i) else { return exposure }
                            return "\(exposure) (≤ \(try num(ci.high))/h)"
                        }
                        guard let value = rate.rate, let ci = try a.activityRateInterval(setting: s, activity: i) else {
                            return exposure
                        }
                        return "\(exposure) (\(try num(value))/h [\(try low(ci.low))–\(try num(ci.high))])"
                    })
        }
        doc.table(causes)

        doc.heading("Every setting", level: 2)
        doc.paragraph(
            "All \(a.settings.count) settings in sweep order (also in `sweep.csv`, with intervals and the "
                + "false alarms by activity).")
        doc.table(try settingsTable(a, Array(a.settings.indices)))

        doc.heading("Charts", level: 2)
        for chart in charts { doc.image(alt: chart.alt, path: chart.path) }
        return doc.render()
    }

    /// The report's verdicts against its real-motion reference (empty without one).
    static func realMotionVerdicts(_ c: SweepReportContext, _ a: SweepAnalysis) -> [RealMotionComparison.Verdict] {
        guard let real = c.realMotion, c.realMotionLabels.count == a.settings.count else { return [] }
        return real.verdicts(labels: c.realMotionLabels, activityNames: c.activityNames) { s, i in
            (a.activityRates[s][i].rate ?? 0, a.activityHours[i])
        }
    }

    /// One row per setting: family, parameters, recall, precision, F1, false alarms an hour with its clustered
    /// interval, fragments, the share firing once with its interval, latency.
    static func settingsTable(_ a: SweepAnalysis, _ indices: [Int]) throws -> MarkdownTable {
        var table = MarkdownTable(columns: [
            ("#", .right), ("detector", .left), ("parameters", .left), ("recall", .right), ("precision", .right),
            ("F1", .right), ("false alarms / h [95%]", .right), ("fragments", .right), ("fires once", .right),
            ("median latency", .right),
        ])
        for s in indices {
            let m = a.metrics[s]
            try table.append([
                String(s), a.settings[s].family, a.settings[s].parameterText,
                try percentWithInterval(m.recall, m.recallInterval),
                try percentWithInterval(m.precision, m.precisionInterval),
                try m.f1.map { try Format.fixed($0, decimals: 2) } ?? "–",
                try m.falseAlarmsPerHour.map { rate in
                    try m.falseAlarmsPerHourInterval.map { "\(try num(rate)) [\(try low($0.low))–\(try num($0.high))]" }
                        ?? num(rate)
                } ?? "–", String(m.fragments), try percentWithInterval(m.singleEventShare, m.singleEventShareInterval),
                try seconds(m.latencyMedianSeconds),
            ])
        }
        return table
    }
}

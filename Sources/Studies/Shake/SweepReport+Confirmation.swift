import Foundation
import Reporting
import Stats

extension SweepReport {
    // MARK: - The choice on fresh timelines

    /// The targets a rule judges a day on, as (name, whether a check meets it): a `targets` rule's three, a
    /// `max-recall` rule's false-alarm limit; none for best-F1.
    static func judgedTargets(_ rule: RecommendationRule) -> [(name: String, met: (SweepConfirmation.DayCount) -> Int)] {
        switch rule {
        case .targets:
            return [("recall", \.recall), ("false-alarm", \.falseAlarms), ("single-event", \.singleEvent)]
        case .maxRecall:
            return [("false-alarm", \.falseAlarms)]
        case .bestF1:
            return []
        }
    }

    /// "11 of 20 (55%, 95% CI 32–77%)": a count of days with the 95% interval of its share (``FreshDayShare``);
    /// every confirmation and re-check (shake, scribble, geofence, grading) prints its days with it.
    package static func daysText(_ count: Int, _ days: Int) throws -> String {
        let ci = try FreshDayShare.interval(held: count, days: days)
        return "\(count) of \(days) (\(try Format.percent(Double(count) / Double(days), decimals: 0)), 95% CI "
            + "\(try Format.fixed(ci.low * 100, decimals: 0))–\(try Format.fixed(ci.high * 100, decimals: 0))%)"
    }

    /// Whether the selection's choice is reliable on fresh days (false without a confirmation or days).
    static func choiceIsReliable(_ c: SweepReportContext) throws -> Bool {
        guard let k = c.confirmation, !k.dayCounts.isEmpty else { return false }
        return try k.isReliable(0)
    }

    /// "met all three targets on 2 of 30 fresh days of 36 timelines (7%, 95% CI 2–21%)", for the headline.
    static func freshDaysPhrase(_ c: SweepReportContext, _ a: SweepAnalysis) throws -> String? {
        guard let k = c.confirmation, let first = k.dayCounts.first, first.days > 0 else { return nil }
        let what = judgedTargets(a.rule).count == 1 ? "the limit" : "all three targets"
        if let noun = c.freshDayNoun {
            return "a \(noun) alone meets \(what) on \(try daysText(first.all, first.days)) of the \(noun)s"
        }
        return "a fresh day of \(k.dayTimelines) timeline\(k.dayTimelines == 1 ? "" : "s") meets \(what) on "
            + "\(try daysText(first.all, first.days)) of the fresh days tried"
    }

    /// The confirmation paragraphs and table: what the choice does on M fresh timelines, and how often a fresh day
    /// of the scenario's size meets each target with it (and with its runners-up), with the verdict on reliability.
    static func confirmationSection(_ c: SweepReportContext, _ a: SweepAnalysis, _ doc: inout MarkdownDocument) throws {
        guard let k = c.confirmation, let chosen = k.candidates.first else { return }
        doc.heading("Confirmed on fresh timelines", level: 2)
        let f = k.fresh
        let m = f.metrics[0]
        let name = "\(a.settings[chosen].family) \(a.settings[chosen].shortLabel)"
        var first =
            "Chosen on \(a.timelineCount) timeline\(a.timelineCount == 1 ? "" : "s"); confirmed on "
            + "\(f.timelineCount) fresh one\(f.timelineCount == 1 ? "" : "s") ("
            + (c.freshSource
                ?? "their own seed stream, global trials from \(ConfirmationPlan.streamBase) on, drawn from the "
                + "scenario's seed and never seen by the choice") + "): "
            + "\(name) catches \(try percentWithInterval(m.recall, m.recallInterval)) of \(c.gesture)s, fires "
            + "\(try rateText(m)), and \(try onceText(c, m))"
        switch a.rule {
        case .targets:
            first += "; on them " + (try metText(SweepConfirmation.targetCheck(m, a.rule))) + "."
        case .maxRecall(let limit, _):
            if SweepAnalysis.satisfies(m, a.rule) {
                first += "; on them it stays within the false-alarm limit."
            } else if (m.falseAlarmsPerHour ?? .infinity) <= limit {
                first += "; on them its bound does not show it within the false-alarm limit."
            } else {
                first += "; on them it does not stay within the false-alarm limit."
            }
        case .bestF1:
            first += "."
        }
        doc.paragraph(first)
        let targetsJudged = judgedTargets(a.rule)
        guard !k.dayCounts.isEmpty, !targetsJudged.isEmpty else { return }
        let days = k.dayCounts[0].days
        let counts0 = k.dayCounts[0]
        let dayNoun = c.freshDayNoun.map { _ in "recordings" } ?? "days"
        var second =
            c.freshDayNoun.map { "On the \(days) \($0)s, each judged alone as the report judges its own timelines, \(name) met " }
            ?? "On \(days) fresh days of \(k.dayTimelines) timeline\(k.dayTimelines == 1 ? "" : "s") each (the "
            + "scenario's size, judged as the report judges its own timelines), \(name) met "
        if targetsJudged.count == 1 {
            second += "the \(targetsJudged[0].name) limit on \(try daysText(counts0.all, days))."
        } else {
            second +=
                targetsJudged.map { "the \($0.name) target on \($0.met(counts0))" }.joined(separator: ", ")
                + ", and all three on \(try daysText(counts0.all, days))."
        }
        let reliableText = "a 95% lower bound of at least \(RecommendationRule.percent(ConfirmationPlan.reliableShare))"
        if try k.isReliable(0) {
            second +=
                " It is reliable: the share of fresh days meeting \(targetsJudged.count == 1 ? "the limit" : "every target") has \(reliableText)."
        } else if let j = try k.reliableCandidate() {
            let other = k.candidates[j]
            second +=
                " It is not reliable (\(reliableText) is needed); of its runners-up, \(a.settings[other].family) "
                + "\(a.settings[other].shortLabel) is, on \(try daysText(k.dayCounts[j].all, days))."
        } else if let j = k.closestCandidate() {
            let other = k.candidates[j]
            let counts = k.dayCounts[j]
            let fewest = targetsJudged.map { $0.met(counts) }.min() ?? 0
            let stops = targetsJudged.filter { $0.met(counts) == fewest }.map(\.name)
            let noun = targetsJudged.count == 1 ? "limit" : "target"
            let stopText: String
            if fewest == days {
                // Every day met every target: only more days could show the share reaches the bar.
                stopText =
                    "what stops it is the number of \(dayNoun): even \(days) of \(days) cannot show "
                    + "\(RecommendationRule.percent(ConfirmationPlan.reliableShare)) (at least "
                    + "\(ConfirmationPlan.fewestDaysToShowReliable) are needed)"
            } else if stops.count == 1 {
                stopText = "what stops it is the \(stops[0]) \(noun), met on \(fewest) of \(days) \(dayNoun)"
            } else {
                stopText =
                    "what stops it is the \(stops.dropLast().joined(separator: ", ")) and \(stops.last ?? "") \(noun)s, "
                    + "each met on \(fewest) of \(days) \(dayNoun)"
            }
            second +=
                " No setting tried (the choice and its \(k.candidates.count - 1) runner\(k.candidates.count == 2 ? "" : "s")-up) "
                + "meets \(targetsJudged.count == 1 ? "the limit" : "all three targets") reliably "
                + "(\(reliableText)). The closest is \(j == 0 ? "the choice itself" : "\(a.settings[other].family) \(a.settings[other].shortLabel)"), "
                + "on \(try daysText(counts.all, days)); \(stopText)."
        }
        doc.paragraph(second)
        var table = MarkdownTable(
            columns: [
                ("#", .right), ("setting", .left), ("fresh recall", .right), ("fresh false alarms / h", .right),
                ("fresh fires once", .right),
            ]
                + targetsJudged.map { ("days: \($0.name)", MarkdownTable.Alignment.right) }
                + (targetsJudged.count > 1 ? [("days: all", .right)] : []) + [("reliable", .left)])
        for (i, s) in k.candidates.enumerated() {
            let fm = f.metrics[i]
            let counts = k.dayCounts[i]
            try table.append(
                [
                    String(s), "\(a.settings[s].family) \(a.settings[s].shortLabel)",
                    try percentWithInterval(fm.recall, fm.recallInterval),
                    try fm.falseAlarmsPerHour.map { rate in
                        try fm.falseAlarmsPerHourInterval.map { "\(try num(rate)) [\(try low($0.low))–\(try num($0.high))]" }
                            ?? num(rate)
                    } ?? "–",
                    try percentWithInterval(fm.singleEventShare, fm.singleEventShareInterval),
                ] + targetsJudged.map { "\($0.met(counts)) of \(counts.days)" }
                    + (targetsJudged.count > 1 ? ["\(counts.all) of \(counts.days)"] : [])
                    + [try k.isReliable(i) ? "yes" : "no"])
        }
        doc.table(table)
    }
}

import Foundation
import Reporting
import Stats

extension SweepReport {
    // MARK: - The answer of a targets rule

    /// The targets of the analysis's rule, when it is a `targets` rule.
    static func targets(_ a: SweepAnalysis) -> (recall: Double, limit: Double, share: Double)? {
        if case .targets(let r, let l, let s) = a.rule { return (r, l, s) }
        return nil
    }

    /// Which targets setting `s` meets.
    static func check(_ a: SweepAnalysis, _ s: Int) -> SweepAnalysis.TargetCheck? {
        guard let t = targets(a) else { return nil }
        return SweepAnalysis.check(
            a.metrics[s], minRecall: t.recall, maxFalseAlarmsPerHour: t.limit, minSingleEventShare: t.share)
    }

    /// "97% [95–99] of detected shakes fire exactly once (6 of 207 fired twice or more)".
    static func onceText(_ c: SweepReportContext, _ m: DetectionMetrics) throws -> String {
        guard m.truePositives > 0 else { return "no \(c.gesture) was detected, so none fired once" }
        return "\(try percentWithInterval(m.singleEventShare, m.singleEventShareInterval)) of detected "
            + "\(c.gesture)s fire exactly once (\(m.gesturesWithFragments) of \(m.truePositives) fired twice or more)"
    }

    /// "catches 97% [95–98] of shakes (209 of 216; misses 7)".
    static func catchText(_ c: SweepReportContext, _ a: SweepAnalysis, _ m: DetectionMetrics) throws -> String {
        "catches \(try percentWithInterval(m.recall, m.recallInterval)) of \(c.gesture)s "
            + "(\(m.truePositives) of \(a.truthCount); it misses \(m.misses)\(m.misses > m.truePositives ? ", more than half" : ""))"
    }

    /// The activity that gave setting `s` the most false alarms, with its count, and its rate over its own
    /// exposure; nil without false alarms.
    static func limitingActivity(_ c: SweepReportContext, _ a: SweepAnalysis, _ s: Int) -> Int? {
        let counts = a.falseAlarmsByActivity[s]
        guard counts.reduce(0, +) > 0 else { return nil }
        return causeIndices(c).max(by: { (counts[$0], -$0) < (counts[$1], -$1) })
    }

    /// "running: 14 of the 15 false alarms, in 0.25 h of running (56 an hour of it [20–130])".
    static func activityText(_ c: SweepReportContext, _ a: SweepAnalysis, _ s: Int, _ i: Int) throws -> String {
        let count = a.falseAlarmsByActivity[s][i]
        let total = a.falseAlarmsByActivity[s].reduce(0, +)
        var text =
            "\(c.activityCauses[i]) (\(count) of its \(total) false alarm\(total == 1 ? "" : "s"), in "
            + "\(try num(a.activityHours[i])) h of \(c.activityNames[i]) \(c.hoursWord)"
        if let rate = a.activityRates[s][i].rate, let ci = try a.activityRateInterval(setting: s, activity: i) {
            text += ": \(try num(rate)) an hour of it [\(try low(ci.low))–\(try num(ci.high))]"
        }
        return text + ")"
    }

    /// The targets answer's first paragraphs, the configuration and what the setting catches and misses.
    static func targetsAnswer(_ c: SweepReportContext, _ a: SweepAnalysis, _ doc: inout MarkdownDocument) throws {
        guard let t = targets(a) else { return }
        let r = a.recommended
        let m = a.metrics[r]
        let setting = a.settings[r]
        let targetsText =
            "recall ≥ \(RecommendationRule.percent(t.recall)), ≤ \(Format.exact(t.limit)) false alarm"
            + "\(t.limit == 1 ? "" : "s") an hour, ≥ \(RecommendationRule.percent(t.share)) of detected "
            + "\(c.gesture)s firing once, each judged on its 95% bound as the course rubric grades it"
        if a.ruleMet {
            let fresh = try freshDaysPhrase(c, a)
            let headline =
                try choiceIsReliable(c)
                ? "**Ship \(setting.family) \(setting.shortLabel): it meets all three targets (\(targetsText)) on the "
                    + "\(a.timelineCount) timelines it was chosen from, and \(fresh ?? "")"
                    + " (reliable: a 95% lower bound of at least \(RecommendationRule.percent(ConfirmationPlan.reliableShare))).**"
                : "**Not reliable enough to ship: \(setting.family) \(setting.shortLabel) meets all three targets "
                    + "(\(targetsText)) on the \(a.timelineCount) timelines it was chosen from, but "
                    + (fresh.map { "\($0), short of a 95% lower bound of \(RecommendationRule.percent(ConfirmationPlan.reliableShare))" }
                        ?? "it was not checked on fresh days") + ".**"
            doc.paragraph(
                headline + " On its own timelines it \(try catchText(c, a, m)), fires \(try rateText(m)), and "
                    + "\(try onceText(c, m)).")
            if let i = limitingActivity(c, a, r) {
                doc.paragraph(
                    "What limits it: most of its false alarms come from \(try activityText(c, a, r, i)). "
                        + "The \(c.gesture)s it misses are the weakest or shortest (see `events.csv`).")
            } else {
                doc.paragraph("No activity gave it a false alarm.")
            }
        } else {
            // The activity that keeps the settings reaching the recall target over the limit, named in the headline.
            let limiting = limitingActivityOfRecallSettings(c, a).map { " with \(c.activityCauses[$0]) in these timelines" }
            doc.paragraph(
                "**No setting of the \(a.settings.count) meets all three targets\(limiting ?? "") (\(targetsText)).** "
                    + (try whyNot(c, a)))
            if let p = try relatedPointer(c, a) { doc.paragraph(p) }
            doc.paragraph(
                "**Best trade-off: \(setting.family) \(setting.shortLabel)**, which \(try catchText(c, a, m)), "
                    + "fires \(try rateText(m))\(causeText(c, a, r)), and \(try onceText(c, m)); "
                    + (try metText(check(a, r))) + ".")
            if let alternative = try withoutLimitingActivity(c, a) { doc.paragraph(alternative) }
        }
        doc.paragraph("To grade it, paste into a submission file (the `grade` format; the rest of the file is the team's):")
        doc.code(setting.submissionJSON, language: "json")
    }

    /// The activity that limits the settings reaching the recall target (the top false-alarm cause of the
    /// quietest of them), when there is one.
    static func limitingActivityOfRecallSettings(_ c: SweepReportContext, _ a: SweepAnalysis) -> Int? {
        let recallOK = a.settings.indices.filter { check(a, $0)?.recall ?? false }
        guard
            let quietest = recallOK.min(by: {
                (a.metrics[$0].falseAlarmsPerHour ?? .infinity, $0) < (a.metrics[$1].falseAlarmsPerHour ?? .infinity, $1)
            })
        else { return nil }
        return limitingActivity(c, a, quietest)
    }

    /// "`shake-campus-walk` simulates a day without running: there …", for a `compareWith` scenario that gives
    /// the limiting activity no weight.
    static func relatedPointer(_ c: SweepReportContext, _ a: SweepAnalysis) throws -> String? {
        guard let i = limitingActivityOfRecallSettings(c, a),
            let r = c.related.first(where: { $0.zeroWeightActivities.contains(c.activityNames[i]) })
        else { return nil }
        return "**Without \(c.activityCauses[i]):** `\(r.name)` simulates a day with no \(c.activityNames[i]) "
            + "(`sensorbench run \(r.file)`). \(r.answer)"
    }

    /// One sentence on a sweep's answer, for another report that points to it.
    static func oneLineAnswer(_ c: SweepReportContext, _ a: SweepAnalysis, timelines: Int) throws -> String {
        let r = a.recommended
        let m = a.metrics[r]
        let setting = "\(a.settings[r].family) \(a.settings[r].shortLabel)"
        let measured =
            "recall \(try percentWithInterval(m.recall, m.recallInterval)), \(try rateText(m)), "
            + "\(try onceText(c, m))"
        if a.ruleMet, targets(a) != nil {
            return "On its \(timelines) timelines \(setting) meets all three targets: \(measured)."
        }
        if a.ruleMet { return "On its \(timelines) timelines it recommends \(setting): \(measured)." }
        return "On its \(timelines) timelines no setting meets the targets either; its best trade-off is \(setting): "
            + "\(measured)."
    }

    /// "it meets the false-alarm and single-event targets but not recall".
    static func metText(_ check: SweepAnalysis.TargetCheck?) throws -> String {
        guard let check else { return "" }
        let names = [("recall", check.recall), ("false-alarm", check.falseAlarms), ("single-event", check.singleEvent)]
        let met = names.filter(\.1).map(\.0)
        let unmet = names.filter { !$0.1 }.map(\.0)
        func list(_ xs: [String]) -> String {
            xs.count <= 1 ? xs.joined() : xs.dropLast().joined(separator: ", ") + " and " + (xs.last ?? "")
        }
        if met.isEmpty { return "it meets none of the targets (\(list(unmet)))" }
        return "it meets the \(list(met)) target\(met.count == 1 ? "" : "s") but not the \(list(unmet)) target"
            + (unmet.count == 1 ? "" : "s")
    }

    /// Why no setting meets all three: which constraint cannot be met together with the others, and the activity
    /// behind it (from the settings that meet the recall target).
    static func whyNot(_ c: SweepReportContext, _ a: SweepAnalysis) throws -> String {
        let checks = a.settings.indices.compactMap { check(a, $0) }
        guard checks.count == a.settings.count else { return "" }
        let recallOK = a.settings.indices.filter { checks[$0].recall }
        let faOK = a.settings.indices.filter { checks[$0].falseAlarms }
        let onceOK = a.settings.indices.filter { checks[$0].singleEvent }
        func best(_ xs: [Int], by key: (DetectionMetrics) -> Double) -> Int? {
            xs.min { (key(a.metrics[$0]), $0) < (key(a.metrics[$1]), $1) }
        }
        if recallOK.isEmpty {
            guard let top = best(Array(a.settings.indices), by: { -($0.recall ?? 0) }) else { return "" }
            let m = a.metrics[top]
            return "No setting reaches the recall target: the highest is \(a.settings[top].family) "
                + "\(a.settings[top].shortLabel) at \(try percentWithInterval(m.recall, m.recallInterval)). "
                + "Widen the sweep towards more sensitive settings."
        }
        let recallAndFA = recallOK.filter { checks[$0].falseAlarms }
        if recallAndFA.isEmpty {
            // Every setting that catches enough fires too often: the quietest of them, and what fires it.
            guard let quietest = best(recallOK, by: { $0.falseAlarmsPerHour ?? .infinity }) else { return "" }
            let m = a.metrics[quietest]
            let tooOften = (m.falseAlarmsPerHour ?? .infinity) > (targets(a)?.limit ?? 0)
            var text =
                "The \(recallOK.count) setting\(recallOK.count == 1 ? "" : "s") that reach\(recallOK.count == 1 ? "es" : "") "
                + "the recall target "
                + (tooOften
                    ? "fire\(recallOK.count == 1 ? "s" : "") too often"
                    : "cannot show \(recallOK.count == 1 ? "it fires" : "they fire") at most "
                        + "\(Format.exact(targets(a)?.limit ?? 0)) false alarm\(targets(a)?.limit == 1 ? "" : "s") an hour "
                        + "on these timelines: the 95% bound, which allows for false alarms in bursts, stays above the "
                        + "limit (simulate more timelines to tell)")
                + ": the quietest, \(a.settings[quietest].family) \(a.settings[quietest].shortLabel), "
                + "fires \(try rateText(m))"
            if let i = limitingActivity(c, a, quietest) {
                text += ", mostly from \(try activityText(c, a, quietest, i))"
            }
            text += "."
            if faOK.isEmpty { text += " No setting at all meets the false-alarm target." }
            return text
        }
        let all3 = recallAndFA.filter { checks[$0].singleEvent }
        if all3.isEmpty {
            guard let top = best(recallAndFA, by: { -($0.singleEventShare ?? 0) }) else { return "" }
            return "The \(recallAndFA.count) setting\(recallAndFA.count == 1 ? "" : "s") that meet the recall and "
                + "false-alarm targets fire twice on too many \(c.gesture)s: the best, \(a.settings[top].family) "
                + "\(a.settings[top].shortLabel), has \(try onceText(c, a.metrics[top]))"
                + (onceOK.isEmpty ? "; no setting meets the single-event target" : "")
                + ". A longer cooldownSeconds gives one event per \(c.gesture): add it to the sweep."
        }
        return ""
    }

    /// When one activity causes the false alarms that keep every recall-meeting setting over the limit: the
    /// settings that would meet all three targets with that activity's false alarms and hours left out of every
    /// timeline (a day without it), best first; nil when there is no such activity or no such setting.
    static func withoutLimitingActivity(_ c: SweepReportContext, _ a: SweepAnalysis) throws -> String? {
        guard let t = targets(a) else { return nil }
        let recallOK = a.settings.indices.filter { check(a, $0)?.recall ?? false }
        guard
            let quietest = recallOK.min(by: {
                (a.metrics[$0].falseAlarmsPerHour ?? .infinity, $0) < (a.metrics[$1].falseAlarmsPerHour ?? .infinity, $1)
            }), let i = limitingActivity(c, a, quietest)
        else { return nil }
        var pick: (Int, Double, ConfidenceInterval)?
        for s in recallOK where check(a, s)?.singleEvent ?? false {
            let rate = a.falseAlarmsWithoutActivity[s][i]
            guard let value = rate.rate, let ci = try a.withoutActivityRateInterval(setting: s, activity: i), ci.high <= t.limit
            else {
                continue
            }
            let recall = a.metrics[s].recall ?? 0
            if let p = pick, (a.metrics[p.0].recall ?? 0, -p.1) >= (recall, -value) { continue }
            pick = (s, value, ci)
        }
        guard let (s, value, ci) = pick else {
            // Which setting comes closest without the activity, and what still fires it.
            guard
                let closest = recallOK.min(by: {
                    (a.falseAlarmsWithoutActivity[$0][i].rate ?? .infinity, $0)
                        < (a.falseAlarmsWithoutActivity[$1][i].rate ?? .infinity, $1)
                }), let rate = a.falseAlarmsWithoutActivity[closest][i].rate,
                let ci = try a.withoutActivityRateInterval(setting: closest, activity: i)
            else { return nil }
            if rate == 0 {
                let hours = a.falseAlarmsWithoutActivity[closest][i].exposure
                return "Leaving \(c.activityCauses[i]) out of these timelines (its false alarms and hours), "
                    + "\(a.settings[closest].family) \(a.settings[closest].shortLabel) reaches the recall target with no "
                    + "false alarm in the remaining \(try num(hours)) h, but that is too little time to show at most "
                    + "\(Format.exact(t.limit)) an hour (95% bound \(try num(ci.high))): simulate more "
                    + "timelines to tell."
            }
            var rest = a.falseAlarmsByActivity[closest]
            rest[i] = 0
            let others = causeIndices(c).filter { rest[$0] > 0 }
            let top = others.max(by: { (rest[$0], -$0) < (rest[$1], -$1) })
            return "Leaving \(c.activityCauses[i]) out of these timelines (its false alarms and hours) is not "
                + "enough here: the closest setting that reaches the recall target, \(a.settings[closest].family) "
                + "\(a.settings[closest].shortLabel), would still fire \(try num(rate)) false alarms an hour "
                + "[\(try low(ci.low))–\(try num(ci.high))]"
                + (top.map { ", mostly from \(c.activityCauses[$0]) (\(rest[$0]) of \(rest.reduce(0, +)))" } ?? "") + "."
        }
        let m = a.metrics[s]
        let hours = a.activityHours[i]
        return "**On a day without \(c.activityCauses[i])**, leaving its \(a.falseAlarmsByActivity[s][i]) false "
            + "alarm\(a.falseAlarmsByActivity[s][i] == 1 ? "" : "s") and \(try num(hours)) h out of every timeline, "
            + "\(a.settings[s].family) \(a.settings[s].shortLabel) meets all three targets: recall "
            + "\(try percentWithInterval(m.recall, m.recallInterval)), \(try num(value)) false alarms an hour "
            + "[\(try low(ci.low))–\(try num(ci.high))], \(try onceText(c, m))."

    }
}

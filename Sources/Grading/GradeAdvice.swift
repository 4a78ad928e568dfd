import DetectionCore
import Foundation
import Reporting
import SensorSim
import Stats
import Studies

/// Advice sentences generated from a team's numbers (no canned text without a number in it).
enum GradeAdvice {
    /// The advice for one team, most important first.
    static func advice(_ g: TeamGrade, rubric: Rubric) throws -> [String] {
        var out: [String] = []
        let s = g.submission
        let names = rubric.places.map(\.name)

        // Coordinates: every hall off by more than the coordinate criterion's threshold (10 m if none).
        let coordinateLimit =
            rubric.criteria.compactMap { c -> Double? in
                if case .simulated(let sc) = c.kind, sc.metric == .worstCoordinateErrorMeters { return sc.rule.threshold }
                return nil
            }.first ?? 10
        for (i, c) in s.halls.enumerated() {
            guard let c else {
                out.append("\(names[i]) is missing from the submitted halls: it can never be collected.")
                continue
            }
            let error = Geodesic.distanceMeters(c, rubric.places[i].coordinate)
            if error > coordinateLimit {
                out.append(
                    "\(names[i]) is \(try meters(error)) from where it should be (submitted "
                        + "\(try degrees(c.latitudeDegrees)), \(try degrees(c.longitudeDegrees)); reference "
                        + "\(try degrees(rubric.places[i].coordinate.latitudeDegrees)), "
                        + "\(try degrees(rubric.places[i].coordinate.longitudeDegrees))).")
            }
        }

        for r in g.results {
            let c = rubric.criteria[r.criterionIndex]
            guard case .simulated(let sc) = c.kind,
                r.verdict == .fail || r.verdict == .borderline
                    || r.verdict == .notMeasurable
            else { continue }
            let word = r.verdict == .borderline ? "is borderline" : "fails"
            let outcome = g.outcomes[sc.suiteIndex]
            let suite = rubric.suites[sc.suiteIndex]
            switch (outcome, suite.body) {
            case (.visits(let collected, let n), .hallVisits(let h)):
                let d = Format.exact(h.distanceMeters)
                if sc.rule.direction == .atLeast {
                    var low = collected.indices.filter { Double(collected[$0]) / Double(n) < sc.rule.threshold }
                    let below = !low.isEmpty
                    // Borderline: no hall is below the threshold, so name the weakest.
                    if low.isEmpty, let worst = collected.min() { low = collected.indices.filter { collected[$0] == worst } }
                    // Weakest first, so the halls named are the ones that matter most.
                    low.sort { collected[$0] != collected[$1] ? collected[$0] < collected[$1] : $0 < $1 }
                    let list = low.prefix(4).map { "\(names[$0]) \(collected[$0]) of \(n)" }.joined(separator: ", ")
                    let more = low.count > 4 ? ", …" : ""
                    let halls = "\(low.count) hall\(low.count == 1 ? "" : "s")"
                    out.append(
                        "\(c.id) \(word): standing \(d) m from the hall for \(Format.exact(h.minutes)) min "
                            + "while performing the gesture, "
                            + (below
                                ? "the app collected in fewer than \(try Format.percent(sc.rule.threshold, decimals: 0)) of visits at \(halls)"
                                : "the weakest \(halls == "1 hall" ? "hall was" : "halls were")")
                            + " (\(list)\(more)). "
                            + (try insideHint(s, rubric: rubric, distance: h.distanceMeters)))
                } else {
                    let total = collected.reduce(0, +)
                    out.append(
                        "\(c.id) \(word): from \(d) m away the app still collected in \(total) of "
                            + "\(n * collected.count) visits (\(try percent(Double(total) / Double(n * collected.count)))); "
                            + (try farHint(s, distance: h.distanceMeters)))
                }
            case (.gestures(let t), _):
                out.append(try gestureAdvice(c, sc, t, s, word: word, result: r))
            case (.coordinates, _):
                break  // listed hall by hall above
            default:
                break
            }
        }
        if let ladder = try ladderAdvice(g, rubric: rubric) { out.append(ladder) }
        if let failure = g.source?.failure {
            out.append(
                "The team's code did not run (\(failure.outcome)): fix that first; the report above shows the "
                    + "compiler's or runtime's words.")
        } else if g.source != nil && !out.isEmpty {
            out.append(
                "No setting to try is suggested: the grader checks suggestions by rerunning SensorBench's own "
                    + "detectors with one parameter moved, and this team's detector is its own code.")
        }
        if out.isEmpty { out.append("Every simulated criterion passes; nothing to fix.") }
        return out
    }

    // MARK: - Alternative settings

    /// The nearest ladder setting that passes every recall and false-alarm criterion of the team's gesture, with
    /// its numbers from the same timelines, or the one that comes closest when none does; nil unless one of those
    /// criteria fails, is borderline or is not measurable for the team.
    ///
    /// "Nearest" is the smallest relative change |ln(rung ÷ team value)| (``DetectorLadder/distance(_:from:)``),
    /// ties to the ladder's order; "closest" scores most (2 a criterion passed, 1 a borderline one), then is
    /// nearest, and is named only when it scores more than the submitted setting.
    static func ladderAdvice(_ g: TeamGrade, rubric: Rubric) throws -> String? {
        let s = g.submission
        guard let first = g.alternatives.first else { return nil }
        let judged = first.results.map(\.criterionIndex)
        let troubled = g.results.contains {
            judged.contains($0.criterionIndex)
                && [.fail, .borderline, .notMeasurable].contains($0.verdict)
        }
        guard troubled else { return nil }
        let order = g.alternatives.indices.sorted {
            let a = DetectorLadder.distance(g.alternatives[$0].rung, from: s.detector)
            let b = DetectorLadder.distance(g.alternatives[$1].rung, from: s.detector)
            return a != b ? a < b : $0 < $1
        }
        let rules = judged.map { rubric.criteria[$0].id }.joined(separator: " and ")
        let searched = try ladderText(g.alternatives.map(\.rung))
        var text: String
        if let best = order.first(where: { g.alternatives[$0].meetsAll }) {
            let a = g.alternatives[best]
            text =
                "Searched \(searched) on the same timelines: the nearest setting that meets \(rules) is "
                + "\(a.rung.parameter) \(Format.label(a.rung.value))\(a.rung.unit) (the rest as submitted): "
                + (try measured(a, rubric: rubric)) + "."
        } else {
            // None meets every rule. The trade-off the team faces: the best recall among the rungs that meet the
            // other rules (false alarms); when none does, the nearest rung passing the most criteria.
            func isRecall(_ ci: Int) -> Bool {
                if case .simulated(let sc) = rubric.criteria[ci].kind { return sc.metric == .recall }
                return false
            }
            func recall(_ i: Int) -> Double {
                g.alternatives[i].results.first { isRecall($0.criterionIndex) }?.value ?? -1
            }
            func othersPass(_ i: Int) -> Bool {
                g.alternatives[i].results.allSatisfy { isRecall($0.criterionIndex) || $0.verdict == .pass }
            }
            let others = judged.filter { !isRecall($0) }
            let within = order.filter(othersPass)
            // `order` is nearest first, so a strict improvement keeps the nearest of the best.
            var pick = within.first
            for i in within.dropFirst() where recall(i) > recall(pick ?? i) { pick = i }
            var lead = "the best that meets \(others.map { rubric.criteria[$0].id }.joined(separator: " and ")) is"
            if pick == nil || others.isEmpty || judged.count == others.count {
                // Closest: 2 for each judged criterion passed and 1 for each borderline, the most first, then nearest.
                func score(_ results: [CriterionResult]) -> Int {
                    results.reduce(0) { $0 + ($1.verdict == .pass ? 2 : $1.verdict == .borderline ? 1 : 0) }
                }
                let passes = { (i: Int) in score(g.alternatives[i].results) }
                var closest = order[0]
                for i in order.dropFirst() where passes(i) > passes(closest) { closest = i }
                // A rung that does no better on the judged criteria than the submitted setting is no advice.
                let ownResults = g.results.filter { judged.contains($0.criterionIndex) }
                let own = ownResults.filter { $0.verdict == .pass }.count
                if passes(closest) <= score(ownResults) {
                    return "Searched \(searched) on the same timelines: no setting meets \(rules), and none does better "
                        + "on them than the submitted \(settingText(s.detector)) (\(own) of \(judged.count) passed); "
                        + "change another parameter (or the kind)."
                }
                pick = closest
                lead = "the closest is"
            }
            guard let pick else { return nil }
            let a = g.alternatives[pick]
            // The submitted setting may already be the best trade-off on the ladder: say so rather than suggest
            // a worse one.
            let own = g.results.first { judged.contains($0.criterionIndex) && isRecall($0.criterionIndex) }
            let ownWithin = g.results.allSatisfy {
                !judged.contains($0.criterionIndex) || isRecall($0.criterionIndex)
                    || $0.verdict == .pass
            }
            if lead != "the closest is", ownWithin, let v = own?.value, v >= recall(pick) {
                return "Searched \(searched) on the same timelines: no setting meets \(rules), and none that meets "
                    + "\(others.map { rubric.criteria[$0].id }.joined(separator: " and ")) beats the submitted "
                    + "\(settingText(s.detector)) (recall \(try percent(v))); change another parameter (or the kind)."
            }
            text =
                "Searched \(searched) on the same timelines: no setting meets \(rules); \(lead) "
                + "\(a.rung.parameter) \(Format.label(a.rung.value))\(a.rung.unit): " + (try measured(a, rubric: rubric))
                + ". Change another parameter (or the kind) as well."
        }
        // The activity behind most false alarms at the team's own setting.
        for r in g.results where judged.contains(r.criterionIndex) {
            guard case .simulated(let sc) = rubric.criteria[r.criterionIndex].kind, sc.metric == .falseAlarmsPerHour,
                case .gestures(let t) = g.outcomes[sc.suiteIndex],
                let top = t.falseAlarmsByActivity.indices.max(by: {
                    (t.falseAlarmsByActivity[$0], -$0) < (t.falseAlarmsByActivity[$1], -$1)
                }),
                t.falseAlarmsByActivity[top] > 0
            else { continue }
            let phrase: String
            switch s.detector.gesture {
            case .shake: phrase = MotionActivity.allCases[top].causePhrase
            case .scribble: phrase = TouchGestureKind.allCases[top].causePhrase
            }
            text +=
                " At the submitted \(settingText(s.detector)), \(phrase) cause \(t.falseAlarmsByActivity[top]) of its "
                + "\(t.falseAlarms) false alarms."
            break
        }
        return text
    }

    /// "thresholdG 0.75–4 g" or "requiredReversals 2–8 and minimumTravelPoints 10–80 pt".
    static func ladderText(_ rungs: [LadderRung]) throws -> String {
        var parameters: [String] = []
        for r in rungs where !parameters.contains(r.parameter) { parameters.append(r.parameter) }
        return parameters.map { p in
            let values = rungs.filter { $0.parameter == p }.map(\.value)
            let unit = rungs.first { $0.parameter == p }?.unit ?? ""
            return "\(p) \(Format.label(values.min() ?? 0))–\(Format.label(values.max() ?? 0))\(unit)"
        }.joined(separator: " and ")
    }

    /// "recall 96% [93–98%] (207 of 216), 0.38 false alarms an hour [0.1–1.1/h] (3 in 8 h), 100% [98–100%] fire
    /// once (0 of 207 fired twice or more)": the rerun's figures on the same timelines.
    static func measured(_ a: AlternativeSetting, rubric: Rubric) throws -> String {
        try a.results.map { r in
            guard case .simulated(let sc) = rubric.criteria[r.criterionIndex].kind else { return "" }
            guard let v = r.value else { return "\(rubric.criteria[r.criterionIndex].id) not measurable (\(r.note))" }
            let bounds = try r.interval.map { " [\(try intervalText($0, sc.metric))]" } ?? ""
            switch sc.metric {
            case .recall: return "recall \(try percent(v))\(bounds) (\(r.note))"
            case .singleEventShare: return "\(try percent(v))\(bounds) fire once (\(r.note))"
            default: return "\(try num(v)) false alarms an hour\(bounds) (\(r.note))"
            }
        }.joined(separator: ", ")
    }

    /// Why a check may fail to enter at distance d.
    static func insideHint(_ s: Submission, rubric: Rubric, distance: Double) throws -> String {
        if let own = s.source?.types.proximityCheck {
            return "The team's own check `\(own)` and its gesture detector must agree for a hall to be collected; "
                + "either may be the one refusing."
        }
        let c = s.check
        if c.radiusMeters <= distance + 10 {
            return "The \(c.kind.rawValue) check's \(try meters(c.radiusMeters)) radius leaves little room for GPS "
                + "error at \(try meters(distance)); a radius near 50 m collects reliably."
        }
        switch c.kind {
        case .accuracyGated where c.maximumAccuracyMeters < 10:
            return "The accuracy gate of \(try meters(c.maximumAccuracyMeters)) refuses most campus fixes (they report "
                + "about 7–10 m); 20 m keeps GPS-quality fixes."
        case .accuracyAware:
            return "accuracy-aware needs the whole uncertainty circle inside the radius, which vague fixes never are."
        case .dwell where c.dwellSeconds > 30:
            return "A dwell of \(Format.exact(c.dwellSeconds)) s is long against a short visit."
        default:
            return "Check the gesture detector as well: a hall is collected only when both agree."
        }
    }

    static func farHint(_ s: Submission, distance: Double) throws -> String {
        if let own = s.source?.types.proximityCheck {
            return "the team's own check `\(own)` said \"in range\" on fixes from \(try meters(distance)) away "
                + "(GPS errors of 25 m and more happen)."
        }
        let c = s.check
        if c.kind == .naive {
            return "a single \(c.kind.rawValue) fix inside \(try meters(c.radiusMeters)) is enough, and GPS errors "
                + "of 25 m and more happen; an accuracy-gated, consecutive or dwell check refuses most of them."
        }
        return "the \(c.kind.rawValue) check with radius \(try meters(c.radiusMeters)) lets wandering fixes in; "
            + "a smaller radius or a stricter rule refuses them."
    }

    /// What failed, in the team's numbers. Changes to try come from ``ladderAdvice(_:rubric:)`` alone, each
    /// rerun on the same timelines with its figures, so no suggestion here goes unchecked.
    static func gestureAdvice(
        _ c: GradingCriterion, _ sc: SimulatedCriterion, _ t: GestureTally, _ s: Submission,
        word: String, result r: CriterionResult
    ) throws -> String {
        let setting = settingText(s.detector)
        let gesture = s.detector.gesture == .shake ? "shake" : "scribble"
        func plural(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let bounds = try r.interval.map { " [95% interval \(try intervalText($0, sc.metric))]" } ?? ""
        switch sc.metric {
        case .falseAlarmsPerHour:
            let hours = t.exposureSeconds / 3600
            let rate = hours > 0 ? Double(t.falseAlarms) / hours : 0
            var cause = ""
            if let top = t.falseAlarmsByActivity.indices.max(by: {
                (t.falseAlarmsByActivity[$0], -$0) < (t.falseAlarmsByActivity[$1], -$1)
            }), t.falseAlarmsByActivity[top] > 0 {
                let phrase: String
                switch s.detector.gesture {
                case .shake: phrase = MotionActivity.allCases[top].causePhrase
                case .scribble: phrase = TouchGestureKind.allCases[top].causePhrase
                }
                cause = " fires on \(phrase) (\(t.falseAlarmsByActivity[top]) of \(t.falseAlarms))"
            }
            return "\(c.id) \(word): \(setting)\(cause): \(try num(rate)) false alarms an hour\(bounds) "
                + "(\(t.falseAlarms) in \(try num(hours)) h)."
        case .recall:
            return "\(c.id) \(word): \(setting) detects \(t.truePositives) of \(plural(t.truth, "deliberate \(gesture)")) "
                + "(\(try percent(Double(t.truePositives) / Double(max(1, t.truth))))\(bounds))."
        default:
            if t.truePositives == 0 {
                return "\(c.id) \(word): \(setting) detected no \(gesture) at all, so none fired once."
            }
            let target = try percent(sc.rule.threshold)
            if t.gesturesWithFragments == 0 {
                return "\(c.id) \(word): none of the \(plural(t.truePositives, "detected \(gesture)")) fired twice with "
                    + "\(setting), but \(t.truePositives) \(t.truePositives == 1 ? "is" : "are") too few to show that at "
                    + "least \(target) fire once\(bounds)."
            }
            return "\(c.id) \(word): \(t.gesturesWithFragments) of \(plural(t.truePositives, "detected \(gesture)")) "
                + "fired twice or more with \(setting) "
                + "(\(try percent(Double(t.truePositives - t.gesturesWithFragments) / Double(t.truePositives))) fired "
                + "once\(bounds))."
        }
    }

    /// "[0.12–0.9/h]" or "[90–97%]".
    static func intervalText(_ ci: ConfidenceInterval, _ m: GradingMetric) throws -> String {
        if m.isProportion { return "\(try percent(ci.low))–\(try percent(ci.high))" }
        return "\(try num(ci.low))–\(try num(ci.high))\(m.unit)"
    }

    static func settingText(_ d: Submission.Detector) -> String {
        switch d {
        case .shake(let c):
            return "\(c.kind.rawValue) \(ShakeStudy.leadLabel(c)), cooldown \(Format.label(c.cooldownSeconds)) s"
        case .scribble(let c): return "\(c.kind.rawValue) \(c.kind.label(c, number: { Format.label($0) }))"
        case .source(let g, _, let type): return "the team's own \(g.rawValue) detector `\(type)`"
        }
    }

    // MARK: - Numbers

    static func meters(_ x: Double) throws -> String { "\(try Format.number(x, significantDigits: 3)) m" }
    static func degrees(_ x: Double) throws -> String { try Format.fixed(x, decimals: 5) }
    static func percent(_ x: Double) throws -> String { "\(try Format.fixed(x * 100, decimals: 0))%" }
    static func num(_ x: Double) throws -> String { try Format.number(x, significantDigits: 2) }
}

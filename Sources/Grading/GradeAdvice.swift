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
        // All on one line, however many halls are off.
        var off: [String] = []
        var missing: [String] = []
        for (i, c) in s.halls.enumerated() {
            guard let c else {
                missing.append(names[i])
                continue
            }
            let error = Geodesic.distanceMeters(c, rubric.places[i].coordinate)
            if error > coordinateLimit {
                off.append(
                    "\(names[i]) \(try meters(error)) off (submitted \(try degrees(c.latitudeDegrees)), "
                        + "\(try degrees(c.longitudeDegrees)); reference "
                        + "\(try degrees(rubric.places[i].coordinate.latitudeDegrees)), "
                        + "\(try degrees(rubric.places[i].coordinate.longitudeDegrees)))")
            }
        }
        if !off.isEmpty || !missing.isEmpty {
            out.append(
                "Coordinates: "
                    + (off.isEmpty ? "" : off.joined(separator: "; "))
                    + (off.isEmpty || missing.isEmpty ? "" : "; ")
                    + (missing.isEmpty
                        ? "" : "missing \(missing.joined(separator: ", ")) (never collected)")
                    + ".")
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
            case (.visits(let v), .hallVisits(let h)):
                let d = Format.exact(h.distanceMeters)
                let (successes, trials) = v.counts(sc.metric, sc.visits)
                let standing =
                    (h.approachFromMeters.map { "walking up from \(Format.exact($0)) m and then " } ?? "")
                    + "standing \(d) m from the hall for \(Format.exact(h.minutes)) min" + h.locationConditionsText
                if sc.metric == .collectRate && sc.rule.direction == .atLeast {
                    func rate(_ i: Int) -> Double { trials[i] > 0 ? Double(successes[i]) / Double(trials[i]) : 0 }
                    var low = trials.indices.filter { rate($0) < sc.rule.threshold }
                    let below = !low.isEmpty
                    // Borderline: no hall is below the threshold, so name the weakest.
                    if low.isEmpty, let worst = trials.indices.map(rate).min() { low = trials.indices.filter { rate($0) == worst } }
                    // Weakest first, so the halls named are the ones that matter most.
                    low.sort { rate($0) != rate($1) ? rate($0) < rate($1) : $0 < $1 }
                    let list = low.prefix(4).map { "\(names[$0]) \(successes[$0]) of \(trials[$0])" }.joined(separator: ", ")
                    let more = low.count > 4 ? ", …" : ""
                    let halls = "\(low.count) hall\(low.count == 1 ? "" : "s")"
                    out.append(
                        "\(c.id) \(word): \(standing) while performing the gesture, "
                            + (below
                                ? "the app collected in fewer than \(try Format.percent(sc.rule.threshold, decimals: 0)) of visits at \(halls)"
                                : "the weakest \(halls == "1 hall" ? "hall was" : "halls were")")
                            + " (\(list)\(more)). " + (try missedVisitCauses(v, s, rubric: rubric, distance: h.distanceMeters)))
                } else {
                    let total = successes.reduce(0, +)
                    let n = trials.reduce(0, +)
                    let share = n > 0 ? try percent(Double(total) / Double(n)) : "–"
                    switch sc.metric {
                    case .falseCollectionRate:
                        out.append(
                            "\(c.id) \(word): \(standing), the app collected the hall with no deliberate gesture in "
                                + "\(total) of \(n) visits (\(share)): its detector fired on everyday motion while the check "
                                + "said in range, before the student's first gesture.")
                    case _ where total == 0 && sc.visits == .gestureDetected:
                        out.append(
                            "\(c.id) \(word): \(standing), the app collected in none of the \(n) visits in which its "
                                + "detector caught a gesture, but \(n) \(n == 1 ? "is" : "are") too few to show a rate of at "
                                + "most \(try percent(sc.rule.threshold)): the detector, which caught so few gestures, is what "
                                + "to fix.")
                    case _ where h.locationDenied:
                        out.append(
                            "\(c.id) \(word): \(standing), the app collected the hall in \(total) of \(n) visits"
                                + (sc.visits == .gestureDetected ? " in which it caught a gesture" : "")
                                + " (\(share)) without knowing where the student was: with no location a check must "
                                + "refuse (no `location`, or a `locationManager(_:didFailWithError:)` with "
                                + "`CLError.denied`, means not in range, never distance 0).")
                    default:
                        out.append(
                            "\(c.id) \(word): \(standing), the app still collected in \(total) of \(n) visits"
                                + (sc.visits == .gestureDetected ? " in which it caught a gesture" : "")
                                + " (\(share)); " + (try farHint(s, distance: h.distanceMeters)))
                    }
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

    /// The nearest ladder setting that passes every judged criterion (recall, false alarms, single-event share) of
    /// the team's gesture, or, when none does, the one that earns the most points on them; each with its numbers
    /// from the same timelines and its points against the submitted setting's. Nil unless one of those criteria
    /// fails, is borderline or is not measurable for the team.
    ///
    /// "Nearest" is the smallest relative change |ln(rung ÷ team value)| (``DetectorLadder/distance(_:from:)``),
    /// ties to the ladder's order; the best-scoring rung is named only when it earns more points than the submitted
    /// setting (ties go to the nearest), since points are what the rubric ranks teams by (issue 24).
    /// The rung the advice names and what it claims of it: the nearest that passes every judged criterion, or
    /// else the one earning the most points on them (the nearest of those tied) when it earns more than the team's
    /// own setting; nil when nothing on the ladder is named (no ladder, nothing troubled, or nothing earns more).
    static func ladderChoice(_ g: TeamGrade) -> (index: Int, claim: LadderConfirmation.Claim)? {
        guard let first = g.alternatives.first else { return nil }
        let judged = first.results.map(\.criterionIndex)
        let troubled = g.results.contains {
            judged.contains($0.criterionIndex) && [.fail, .borderline, .notMeasurable].contains($0.verdict)
        }
        guard troubled else { return nil }
        let order = ladderOrder(g)
        if let best = order.first(where: { g.alternatives[$0].meetsAll }) { return (best, .meetsAll) }
        func points(_ results: [CriterionResult]) -> Double { results.reduce(0) { $0 + ($1.points ?? 0) } }
        var pick = order[0]
        for i in order.dropFirst() where points(g.alternatives[i].results) > points(g.alternatives[pick].results) + 1e-9 {
            pick = i
        }
        let own = points(g.results.filter { judged.contains($0.criterionIndex) })
        return points(g.alternatives[pick].results) > own + 1e-9 ? (pick, .morePoints) : nil
    }

    /// The team's rungs, nearest first (ties in ladder order).
    static func ladderOrder(_ g: TeamGrade) -> [Int] {
        g.alternatives.indices.sorted {
            let a = DetectorLadder.distance(g.alternatives[$0].rung, from: g.submission.detector)
            let b = DetectorLadder.distance(g.alternatives[$1].rung, from: g.submission.detector)
            return a != b ? a < b : $0 < $1
        }
    }

    static func ladderAdvice(_ g: TeamGrade, rubric: Rubric) throws -> String? {
        let s = g.submission
        guard let first = g.alternatives.first else { return nil }
        let judged = first.results.map(\.criterionIndex)
        let troubled = g.results.contains {
            judged.contains($0.criterionIndex)
                && [.fail, .borderline, .notMeasurable].contains($0.verdict)
        }
        guard troubled else { return nil }
        let order = ladderOrder(g)
        let rules = judged.map { rubric.criteria[$0].id }.joined(separator: " and ")
        let searched = try ladderText(g.alternatives.map(\.rung))
        func points(_ results: [CriterionResult]) -> Double { results.reduce(0) { $0 + ($1.points ?? 0) } }
        let available = judged.reduce(0) { $0 + rubric.criteria[$1].points }
        let own = points(g.results.filter { judged.contains($0.criterionIndex) })
        func score(_ a: AlternativeSetting) throws -> String {
            "\(try GradeReport.pts(points(a.results))) of \(try GradeReport.pts(available)) points on them against the "
                + "submitted setting's \(try GradeReport.pts(own))"
        }
        var text: String
        if let best = order.first(where: { g.alternatives[$0].meetsAll }) {
            let a = g.alternatives[best]
            text =
                "Searched \(searched) on the same timelines: the nearest setting that meets \(rules) is "
                + "\(a.rung.parameter) \(Format.label(a.rung.value))\(a.rung.unit) (the rest as submitted), "
                + (try score(a)) + ": " + (try measured(a, rubric: rubric)) + "."
                + (try confirmationText(g, claim: .meetsAll, index: best))
        } else {
            // `order` is nearest first, so a strict improvement keeps the nearest of the best.
            var pick = order[0]
            for i in order.dropFirst() where points(g.alternatives[i].results) > points(g.alternatives[pick].results) + 1e-9 {
                pick = i
            }
            let a = g.alternatives[pick]
            guard points(a.results) > own + 1e-9 else {
                return "Searched \(searched) on the same timelines: no setting meets \(rules), and none earns more "
                    + "points on them than the submitted \(settingText(s.detector)) (\(try GradeReport.pts(own)) of "
                    + "\(try GradeReport.pts(available))); change another parameter (or the kind)."
            }
            text =
                "Searched \(searched) on the same timelines: no setting meets \(rules); the one earning the most points "
                + "is \(a.rung.parameter) \(Format.label(a.rung.value))\(a.rung.unit) (the rest as submitted), "
                + (try score(a)) + ": " + (try measured(a, rubric: rubric)) + "."
                + (try confirmationText(g, claim: .morePoints, index: pick))
                + " Change another parameter (or the kind) as well."
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

    /// " Chosen on the suite's 36 timelines; on 20 fresh days of 36 timelines it …": what the fresh days show of the
    /// advice's claim, reliable only when the 95% lower bound of the share of days (``FreshDayShare``) reaches 80%; empty when the
    /// grade has no confirmation of this rung and claim.
    static func confirmationText(_ g: TeamGrade, claim: LadderConfirmation.Claim, index: Int) throws -> String {
        try confirmationText(g.ladderConfirmation, claim: claim, index: index)
    }

    static func confirmationText(_ c: LadderConfirmation?, claim: LadderConfirmation.Claim, index: Int) throws -> String {
        guard let c, c.claim == claim, c.alternative == index else { return "" }
        let ci = try c.interval()
        let timelines = c.timelinesPerDay.map(String.init).joined(separator: " + ")
        let what = claim == .meetsAll ? "passed every one of those criteria" : "earned more points on them than the submitted setting"
        var text =
            " Chosen on the grade's \(timelines) timelines; re-run on \(c.days) fresh days of \(timelines) timelines "
            + "(never used by the grade), it \(what) on \(c.metDays) of \(c.days) days (\(try percent(Double(c.metDays) / Double(c.days))), "
            + "95% CI \(try percent(ci.low))–\(try percent(ci.high)))"
        if claim == .morePoints {
            text += " and passed every one on \(c.passDays)"
        }
        let rule = "the 95% lower bound of the share of fresh days is at least \(try percent(LadderConfirmation.reliableShare))"
        text +=
            try c.isReliable()
            ? ": reliable by the shake study's rule (\(rule))."
            : ": not shown to be reliable (\(rule); here \(try percent(ci.low)))."
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

    /// Why visits went uncollected, counted from each visit's evidence (most common first), then the hint for
    /// the commonest cause.
    static func missedVisitCauses(_ v: VisitTally, _ s: Submission, rubric: Rubric, distance: Double) throws -> String {
        let causes = visitCauses(v)
        guard let top = causes.first?.cause else { return "" }
        let gesture = s.detector.gesture == .shake ? "shake" : "scribble"
        let text = causes.map { "\($0.cause.text(gesture)) in \($0.visits)" }.joined(separator: "; ")
        let hint: String
        switch top {
        case .missedGestures:
            hint = "The detector is what to fix: it missed the \(gesture)s the student performed."
        case .neverInRange:
            hint = try insideHint(s, rubric: rubric, distance: distance)
        case .falseCollection:
            hint = "The detector fires on everyday motion: a false alarm while in range collects before the student \(gesture)s."
        case .notTogether:
            hint = "Detector and check each worked, but never at the same time."
        }
        return "Of the \(causes.reduce(0) { $0 + $1.visits }) visits not collected by a \(gesture): \(text). \(hint)"
    }

    /// Why a visit was not collected by a deliberate gesture.
    enum VisitCause: Int, CaseIterable {
        case missedGestures, neverInRange, falseCollection, notTogether

        func text(_ gesture: String) -> String {
            switch self {
            case .missedGestures: return "the detector caught none of the \(gesture)s"
            case .neverInRange: return "the check never said in range"
            case .falseCollection: return "the app collected first without a \(gesture) (a false collection)"
            case .notTogether: return "a \(gesture) was caught but never while in range"
            }
        }
    }

    /// The causes of the visits not collected by a gesture, with their counts, most common first (ties in
    /// ``VisitCause`` order), causes with no visit left out.
    static func visitCauses(_ v: VisitTally) -> [(cause: VisitCause, visits: Int)] {
        var counts = Array(repeating: 0, count: VisitCause.allCases.count)
        for place in v.byPlace {
            for (code, n) in place.enumerated() where n > 0 {
                let r = VisitResult(rawValue: UInt8(code))
                guard !r.contains(.collected) else { continue }
                let cause: VisitCause
                if r.contains(.falseCollection) {
                    cause = .falseCollection
                } else if !r.contains(.entered) {
                    cause = .neverInRange
                } else if !r.contains(.gestureDetected) {
                    cause = .missedGestures
                } else {
                    cause = .notTogether
                }
                counts[cause.rawValue] += n
            }
        }
        return VisitCause.allCases.map { ($0, counts[$0.rawValue]) }.filter { $0.visits > 0 }
            .sorted { $0.visits != $1.visits ? $0.visits > $1.visits : $0.cause.rawValue < $1.cause.rawValue }
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
            let fired = activitiesThatFired(t, gesture: s.detector.gesture)
            if !fired.isEmpty {
                cause = " fires outside any deliberate gesture on " + fired.map { "\($0.phrase) (\($0.count))" }.joined(separator: ", ")
            }
            return "\(c.id) \(word): \(setting)\(cause): \(try num(rate)) false alarms an hour\(bounds) "
                + "(\(t.falseAlarms) in \(try num(hours)) h)."
        case .recall:
            return "\(c.id) \(word): \(setting) detects \(t.truePositives) of \(plural(t.truth, "deliberate \(gesture)")) "
                + "(\(try percent(Double(t.truePositives) / Double(max(1, t.truth))))\(bounds))."
                + (try missedPeaks(t, s))
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

    /// " The 158 shakes it missed peaked at 1–3 g (at least half of them below 2 g); its thresholdG is 2.5 g.": the
    /// missed shakes' peak userAcceleration from the tally's 0.25 g bins, and the team's threshold beside it.
    static func missedPeaks(_ t: GestureTally, _ s: Submission) throws -> String {
        let bins = t.missedPeakBins
        let missed = bins.reduce(0, +)
        guard missed > 0, let low = bins.firstIndex(where: { $0 > 0 }), let high = bins.lastIndex(where: { $0 > 0 }) else {
            return ""
        }
        let w = GestureTally.missedPeakBinG
        var running = 0
        var median = low
        for (b, n) in bins.enumerated() {
            running += n
            if 2 * running >= missed {
                median = b
                break
            }
        }
        let lowText = Format.label(Double(low) * w)
        let range =
            high == bins.count - 1
            ? (low == high ? "\(lowText) g or more" : "\(lowText) g to \(Format.label(Double(high) * w)) g or more")
            : "\(lowText)–\(Format.label(Double(high + 1) * w)) g"
        var text =
            " The \(missed == 1 ? "shake" : "\(missed) shakes") it missed peaked at \(range)"
            + (missed > 1 ? " (at least half of them below \(Format.label(Double(median + 1) * w)) g)" : "")
        if case .shake(let c) = s.detector, let threshold = c["thresholdG"]?.number {
            text +=
                "; its thresholdG is \(Format.label(threshold)) g"
                + (c.kind.thresholdsRawReadings ? " on raw readings (gravity included)" : "")
        }
        return text + "."
    }

    /// Every activity (or touch gesture) that fired the detector outside a deliberate gesture, with its count, most
    /// first (ties in the activities' order).
    static func activitiesThatFired(_ t: GestureTally, gesture: GestureChoice) -> [(phrase: String, count: Int)] {
        t.falseAlarmsByActivity.indices.filter { t.falseAlarmsByActivity[$0] > 0 }
            .sorted {
                t.falseAlarmsByActivity[$0] != t.falseAlarmsByActivity[$1]
                    ? t.falseAlarmsByActivity[$0] > t.falseAlarmsByActivity[$1] : $0 < $1
            }
            .map { i in
                let phrase: String
                switch gesture {
                case .shake: phrase = i < MotionActivity.allCases.count ? MotionActivity.allCases[i].causePhrase : "activity \(i)"
                case .scribble:
                    phrase = i < TouchGestureKind.allCases.count ? TouchGestureKind.allCases[i].causePhrase : "gesture \(i)"
                }
                return (phrase, t.falseAlarmsByActivity[i])
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

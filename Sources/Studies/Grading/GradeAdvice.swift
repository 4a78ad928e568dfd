import DetectionCore
import Foundation
import Reporting
import SensorSim

/// Advice sentences generated from a team's numbers (no canned text without a number in it).
enum GradeAdvice {
    /// The advice for one team, most important first.
    static func advice(_ g: TeamGrade, rubric: Rubric) throws -> [String] {
        var out: [String] = []
        let s = g.submission
        let names = rubric.places.map(\.name)

        // Coordinates: every hall off by more than the coordinate criterion's threshold (10 m if none).
        let coordinateLimit = rubric.criteria.compactMap { c -> Double? in
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
                out.append("\(names[i]) is \(try meters(error)) from where it should be (submitted "
                           + "\(try degrees(c.latitudeDegrees)), \(try degrees(c.longitudeDegrees)); reference "
                           + "\(try degrees(rubric.places[i].coordinate.latitudeDegrees)), "
                           + "\(try degrees(rubric.places[i].coordinate.longitudeDegrees))).")
            }
        }

        for r in g.results {
            let c = rubric.criteria[r.criterionIndex]
            guard case .simulated(let sc) = c.kind, r.verdict == .fail || r.verdict == .borderline
                    || r.verdict == .notMeasurable else { continue }
            let word = r.verdict == .borderline ? "is borderline" : "fails"
            let outcome = g.outcomes[sc.suiteIndex]
            let suite = rubric.suites[sc.suiteIndex]
            switch (outcome, suite.body) {
            case (.visits(let collected, let n), .hallVisits(let h)):
                let d = JSONField.show(h.distanceMeters)
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
                    out.append("\(c.id) \(word): standing \(d) m from the hall for \(JSONField.show(h.minutes)) min "
                               + "while performing the gesture, "
                               + (below ? "the app collected in fewer than \(try Format.percent(sc.rule.threshold, decimals: 0)) of visits at \(halls)"
                                  : "the weakest \(halls == "1 hall" ? "hall was" : "halls were")")
                               + " (\(list)\(more)). "
                               + (try insideHint(s, rubric: rubric, distance: h.distanceMeters)))
                } else {
                    let total = collected.reduce(0, +)
                    out.append("\(c.id) \(word): from \(d) m away the app still collected in \(total) of "
                               + "\(n * collected.count) visits (\(try percent(Double(total) / Double(n * collected.count)))); "
                               + (try farHint(s, distance: h.distanceMeters)))
                }
            case (.gestures(let t), _):
                out.append(try gestureAdvice(c, sc, t, s, word: word))
            case (.coordinates, _):
                break  // listed hall by hall above
            default:
                break
            }
        }
        if out.isEmpty { out.append("Every simulated criterion passes; nothing to fix.") }
        return out
    }

    /// Why a check may fail to enter at distance d.
    static func insideHint(_ s: Submission, rubric: Rubric, distance: Double) throws -> String {
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
            return "A dwell of \(JSONField.show(c.dwellSeconds)) s is long against a short visit."
        default:
            return "Check the gesture detector as well: a hall is collected only when both agree."
        }
    }

    static func farHint(_ s: Submission, distance: Double) throws -> String {
        let c = s.check
        if c.kind == .naive {
            return "a single \(c.kind.rawValue) fix inside \(try meters(c.radiusMeters)) is enough, and GPS errors "
                + "of 25 m and more happen; an accuracy-gated, consecutive or dwell check refuses most of them."
        }
        return "the \(c.kind.rawValue) check with radius \(try meters(c.radiusMeters)) lets wandering fixes in; "
            + "a smaller radius or a stricter rule refuses them."
    }

    static func gestureAdvice(_ c: GradingCriterion, _ sc: SimulatedCriterion, _ t: GestureTally, _ s: Submission,
                              word: String) throws -> String {
        let setting = settingText(s.detector)
        switch sc.metric {
        case .falseAlarmsPerHour:
            let hours = t.exposureSeconds / 3600
            let rate = hours > 0 ? Double(t.falseAlarms) / hours : 0
            var cause = ""
            if let top = t.falseAlarmsByActivity.indices.max(by: {
                (t.falseAlarmsByActivity[$0], -$0) < (t.falseAlarmsByActivity[$1], -$1)
            }), t.falseAlarmsByActivity[top] > 0 {
                let phrase: String
                switch s.detector {
                case .shake: phrase = MotionActivity.allCases[top].causePhrase
                case .scribble: phrase = TouchGestureKind.allCases[top].causePhrase
                }
                cause = " fires on \(phrase) (\(t.falseAlarmsByActivity[top]) of \(t.falseAlarms))"
            }
            return "\(c.id) \(word): \(setting)\(cause): \(try num(rate)) false alarms an hour "
                + "(\(t.falseAlarms) in \(try num(hours)) h); " + stricterHint(s.detector)
        case .recall:
            return "\(c.id) \(word): \(setting) detects \(t.truePositives) of \(t.truth) deliberate gestures "
                + "(\(try percent(Double(t.truePositives) / Double(max(1, t.truth))))); " + looserHint(s.detector)
        default:
            if t.truePositives == 0 { return "\(c.id) \(word): \(setting) detected no gesture at all, so it cannot fire once per gesture." }
            return "\(c.id) \(word): \(t.gesturesWithFragments) of \(t.truePositives) detected gestures fired twice or "
                + "more with \(setting); " + onceHint(s.detector)
        }
    }

    static func settingText(_ d: Submission.Detector) -> String {
        switch d {
        case .shake(let c): return "\(c.kind.rawValue) at \(ShakeStudy.show(c.thresholdG)) g"
        case .scribble(let c): return "scribble with \(c.requiredReversals) reversals"
        }
    }

    static func stricterHint(_ d: Submission.Detector) -> String {
        switch d {
        case .shake(let c):
            return "a higher thresholdG (deliberate shakes reach 1–3 g; table drops spike 2–6 g but briefly) or a "
                + "larger requiredCount than \(c.requiredCount) refuses more of them."
        case .scribble(let c):
            return "more requiredReversals than \(c.requiredReversals) or a larger minimumTravelPoints than "
                + "\(ShakeStudy.show(c.minimumTravelPoints)) pt refuses more of them."
        }
    }

    static func looserHint(_ d: Submission.Detector) -> String {
        switch d {
        case .shake(let c):
            // Share of the default 1–3 g range of deliberate shake peaks that lies below the threshold.
            let below = min(max((c.thresholdG - 1) / 2, 0), 1)
            if below >= 0.25 {
                return "thresholdG \(ShakeStudy.show(c.thresholdG)) g is above \(Int((below * 100).rounded()))% of the "
                    + "1–3 g peaks deliberate shakes reach; lower it (and check false alarms again)."
            }
            return "a lower thresholdG than \(ShakeStudy.show(c.thresholdG)) g or a smaller requiredCount than "
                + "\(c.requiredCount) catches more shakes (check false alarms again)."
        case .scribble(let c):
            return "\(c.requiredReversals) reversals within \(ShakeStudy.show(c.windowSeconds)) s is more than many "
                + "scribbles give; ask for fewer."
        }
    }

    static func onceHint(_ d: Submission.Detector) -> String {
        switch d {
        case .shake(let c):
            return "a cooldownSeconds longer than \(ShakeStudy.show(c.cooldownSeconds)) s (shakes last up to 2 s) "
                + "gives one event per shake."
        case .scribble(let c):
            return c.firesOncePerGesture ? "raise cooldownSeconds." : "set firesOncePerGesture to true."
        }
    }

    // MARK: - Numbers

    static func meters(_ x: Double) throws -> String { "\(try Format.number(x, significantDigits: 3)) m" }
    static func degrees(_ x: Double) throws -> String { try Format.fixed(x, decimals: 5) }
    static func percent(_ x: Double) throws -> String { "\(try Format.fixed(x * 100, decimals: 0))%" }
    static func num(_ x: Double) throws -> String { try Format.number(x, significantDigits: 2) }
}

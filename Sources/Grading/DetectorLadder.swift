import DetectionCore
import Foundation

/// One alternative setting on a team's ladder: the team's detector with one parameter moved.
package struct LadderRung: Sendable, Equatable {
    /// The parameter moved, in the core's JSON vocabulary (a shake kind's `ladderParameters`, `requiredReversals`,
    /// `minimumTravelPoints`).
    package let parameter: String
    /// Its value on this rung, in the parameter's unit.
    package let value: Double
    /// The unit as shown after the value (" g", " pt", or "" for a count).
    package let unit: String
    /// The team's detector with the parameter at `value`.
    package let detector: Submission.Detector
}

/// A rung's results on the rubric's recall and false-alarm criteria for the team's gesture.
package struct AlternativeSetting: Sendable {
    package let rung: LadderRung
    /// One result per judged criterion (recall, false alarms), measured on the same suites as the team's setting.
    package let results: [CriterionResult]
    /// Whether every judged criterion passes (its whole 95% interval on the right side of the rule).
    package var meetsAll: Bool { results.allSatisfy { $0.verdict == .pass } }
}

/// Alternative detector settings evaluated on the same suite timelines as the teams' (common random numbers).
///
/// The ladders are absolute grids, so teams whose detectors differ only in the moved parameter share one ladder,
/// and each distinct ladder setting is fed each timeline once (``GradingPlan`` deduplicates settings), whatever the
/// number of teams.
enum DetectorLadder {
    /// The metrics a ladder rung is judged on: the three things a gesture detector is graded for.
    static func judges(_ metric: GradingMetric) -> Bool {
        metric == .recall || metric == .falseAlarmsPerHour || metric == .singleEventShare
    }

    /// The rubric's criteria a ladder is judged on for `gesture`: recall, false alarms and single-event share on
    /// gesture timelines.
    static func judgedCriteria(_ rubric: Rubric, gesture: GestureChoice) -> [Int] {
        rubric.criteria.indices.filter { i in
            guard case .simulated(let sc) = rubric.criteria[i].kind, judges(sc.metric) else { return false }
            switch rubric.suites[sc.suiteIndex].body {
            case .shakeTimelines: return gesture == .shake && (sc.gesture ?? .shake) == .shake
            case .scribbleTimelines: return gesture == .scribble && (sc.gesture ?? .scribble) == .scribble
            default: return false
            }
        }
    }

    /// Whether suite `s` measures ladder rungs (a recall or false-alarm criterion uses it).
    static func suiteJudgesLadder(_ rubric: Rubric, suite s: Int) -> Bool {
        [GestureChoice.shake, .scribble].contains { g in
            judgedCriteria(rubric, gesture: g).contains {
                if case .simulated(let sc) = rubric.criteria[$0].kind { return sc.suiteIndex == s }
                return false
            }
        }
    }

    /// Every submission's ladder (empty when the rubric judges nothing for its gesture).
    static func rungs(_ rubric: Rubric, _ submissions: [Submission]) -> [[LadderRung]] {
        let judged: [GestureChoice: Bool] = [
            .shake: !judgedCriteria(rubric, gesture: .shake).isEmpty,
            .scribble: !judgedCriteria(rubric, gesture: .scribble).isEmpty,
        ]
        return submissions.map { judged[$0.detector.gesture] == true ? rungs(for: $0.detector) : [] }
    }

    /// The rungs of one detector: each grid value of the moved parameter(s) other than the team's own, keeping
    /// only settings the core accepts.
    static func rungs(for d: Submission.Detector) -> [LadderRung] {
        switch d {
        case .shake(let c):
            // The keys the kind's declaration lets a ladder move, each over its declared grid.
            return c.kind.ladderParameters.flatMap { p in
                p.ladder.compactMap { value -> LadderRung? in
                    guard value != c[p.key]?.number else { return nil }
                    let v = c.setting(p.key, to: value)
                    guard v.validationProblems().isEmpty else { return nil }
                    return LadderRung(
                        parameter: p.key, value: value, unit: p.unit.isEmpty ? "" : " \(p.unit)", detector: .shake(v))
                }
            }
        case .scribble(let c):
            // The keys the kind's declaration lets a ladder move, each over its declared grid.
            return c.kind.ladderParameters.flatMap { p in
                p.ladder.compactMap { value -> LadderRung? in
                    guard value != c[p.key]?.number else { return nil }
                    let v = c.setting(p.key, to: value)
                    guard v.validationProblems().isEmpty else { return nil }
                    return LadderRung(
                        parameter: p.key, value: value, unit: p.unit.isEmpty ? "" : " \(p.unit)", detector: .scribble(v))
                }
            }
        case .source:
            // The ladder moves parameters of shipped detectors; a team's own code has none the grader can move.
            return []
        }
    }

    /// The team's own value of a rung's parameter.
    static func teamValue(_ d: Submission.Detector, _ parameter: String) -> Double {
        switch d {
        case .shake(let c): return c[parameter]?.number ?? .nan
        case .scribble(let c): return c[parameter]?.number ?? .nan
        case .source: return .nan
        }
    }

    /// How far a rung moves the team's setting: |ln(rung ÷ team)|, a relative change, so thresholds in g,
    /// reversal counts and travel in points compare on one scale.
    static func distance(_ r: LadderRung, from d: Submission.Detector) -> Double {
        abs(log(max(r.value, 1e-9) / max(teamValue(d, r.parameter), 1e-9)))
    }

    /// Scores every rung of a team on the judged criteria, from the plan's per-setting totals.
    static func alternatives(_ plan: GradingPlan, _ evaluation: GradingEvaluation, submission i: Int) throws -> [AlternativeSetting] {
        let s = plan.submissions[i]
        let judged = judgedCriteria(plan.rubric, gesture: s.detector.gesture)
        let names = plan.rubric.places.map(\.name)
        return try plan.ladders[i].compactMap { rung in
            var results: [CriterionResult] = []
            for ci in judged {
                let c = plan.rubric.criteria[ci]
                guard case .simulated(let sc) = c.kind,
                    let j = plan.settings[sc.suiteIndex].firstIndex(of: rung.detector),
                    j < evaluation.settingTotals[sc.suiteIndex].count
                else { return nil }
                results.append(
                    try Scoring.score(
                        c, index: ci, outcome: .gestures(evaluation.settingTotals[sc.suiteIndex][j]),
                        placeNames: names, manual: [:], dispersionFloor: try evaluation.dispersionFloor(suite: sc.suiteIndex)))
            }
            return AlternativeSetting(rung: rung, results: results)
        }
    }
}

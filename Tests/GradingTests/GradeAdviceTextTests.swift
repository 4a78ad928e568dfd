import DetectionCore
import Foundation
import Stats
import Testing

@testable import Grading
@testable import MonteCarlo
@testable import Studies

/// Grading advice says only what is true: counts and plurals right, only keys the kind reads, "most often" only
/// for a choice teams share, and every suggested change with the figures of its rerun.
@Suite struct GradeAdviceTextTests {
    /// A setting in words comes from its kind's declaration: the scribble kind's label ("with {requiredReversals}
    /// reversals"), the shake kind's lead key with its unit, the proximity kind's option (the grade report's words).
    @Test func settingTextFollowsTheKindsDeclaration() throws {
        #expect(
            GradeAdvice.settingText(.scribble(ScribbleDetectorConfiguration(requiredReversals: 4)))
                == "scribble with 4 reversals")
        #expect(
            GradeAdvice.settingText(.shake(ShakeDetectorConfiguration(kind: .windowFraction)))
                == "window-fraction at 1.326 g, cooldown 1 s")
        #expect(try GradeReport.checkOptions(ProximityCheckConfiguration(kind: .dwell)) == ", dwell 10 s")
        #expect(try GradeReport.checkOptions(ProximityCheckConfiguration(kind: .hysteresis)) == ", exit margin 10 m")
        #expect(try GradeReport.checkOptions(ProximityCheckConfiguration(kind: .naive)).isEmpty)
    }

    /// One shake detected, none fired twice: the single-event share is 1 of 1, Wilson [0.207, 1], borderline at
    /// ≥ 95%. The advice must not say "0 of 1 detected gestures fired twice"; it says one is too few to tell.
    @Test func oneDetectedShakeIsTooFewNotAFragment() throws {
        let fixture = try GradingFixture(submissions: ["a.json": GradingFixture.submission(team: "a")])
        defer { fixture.remove() }
        let rubric = try Rubric.load(path: fixture.rubricPath)
        let team = try Submission.load(path: fixture.path("a.json"), rubric: rubric)
        let index = try #require(
            rubric.criteria.firstIndex {
                if case .simulated(let sc) = $0.kind { return sc.metric == .singleEventShare }
                return false
            })
        guard case .simulated(let sc) = rubric.criteria[index].kind else { return }
        var tally = GestureTally()
        tally.truth = 10
        tally.truePositives = 1
        tally.misses = 9
        tally.exposureSeconds = 600
        tally.makeCluster()
        let ci = try Proportion(successes: 1, trials: 1).wilson()
        let result = CriterionResult(
            criterionIndex: index, value: 1, interval: ci, verdict: .borderline, points: 2.5, note: "")
        let text = try GradeAdvice.gestureAdvice(
            rubric.criteria[index], sc, tally, team, word: "is borderline", result: result)
        #expect(text.contains("none of the 1 detected shake fired twice"), "\(text)")
        #expect(text.contains("1 is too few to show that at least 95% fire once"))
        #expect(!text.contains("0 of 1"))
    }

    /// Two teams that fail recall with different detectors at 3.5 g: the class summary groups them by what their
    /// evidence shows (neither caught a deliberate shake: 0 true positives each), not by their settings, and names
    /// both; no "most often" (issue 26: causes from evidence); a window-fraction team's advice never
    /// names requiredCount (a key it does not read); each "Searched" line gives the rerun's figures for every
    /// criterion it is judged on.
    @Test func adviceNamesOnlyReadKeysAndSharedCauses() throws {
        let wf = #"{"kind": "window-fraction", "thresholdG": 3.5}"#
        let tc = #"{"kind": "threshold-count", "thresholdG": 3.5}"#
        let fixture = try GradingFixture(submissions: [
            "wf.json": GradingFixture.submission(team: "wf", detector: wf),
            "tc.json": GradingFixture.submission(team: "tc", detector: tc),
        ])
        defer { fixture.remove() }
        let rubric = try Rubric.load(path: fixture.rubricPath)
        let (grades, failures) = try Grader.grade(
            rubric, files: [fixture.path("wf.json"), fixture.path("tc.json")], runner: MonteCarloRunner(jobs: 2))
        #expect(failures.isEmpty)
        let recall = try #require(rubric.criteria.firstIndex { $0.id == "recall" })
        #expect(grades.allSatisfy { $0.results[recall].verdict == .fail })
        let causes = try GradeReport.causes(rubric, grades)
        let line = try #require(causes.first { $0.hasPrefix("recall:") })
        let shakes = try #require(rubric.suites.firstIndex { $0.id == "shakes" })
        #expect(
            grades.allSatisfy { g in
                if case .gestures(let t) = g.outcomes[shakes] { return t.truePositives == 0 }
                return false
            })
        #expect(line == "recall: failed by 2 teams: the detector caught no deliberate shake (2: wf, tc)", "\(line)")
        #expect(!line.contains("most often"))
        for g in grades {
            let advice = try GradeAdvice.advice(g, rubric: rubric)
            if g.submission.team == "wf" { #expect(!advice.contains { $0.contains("requiredCount") }, "\(advice)") }
            // A suggested rung comes with the rerun's figure for each judged criterion (or why it has none).
            for searched in advice where searched.hasPrefix("Searched") && searched.contains(" is ") {
                #expect(searched.contains("recall ") && searched.contains("false alarms an hour"), "\(searched)")
                #expect(searched.contains("fire once") || searched.contains("once not measurable"), "\(searched)")
            }
        }
    }
}

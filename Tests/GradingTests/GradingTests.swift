import DetectionCore
import Foundation
import Reporting
import Stats
import Testing

@testable import FileFormats
@testable import Grading
@testable import MonteCarlo
@testable import Studies

// MARK: - Fixtures

/// Writes a small rubric (two halls, small suites) and submissions into a fresh folder.
struct GradingFixture {
    let folder: URL
    var rubricPath: String { folder.appendingPathComponent("rubric.json").path }

    /// Two halls 78.7 m apart (1920 Commons, Pret A Manger; course GPX files), short suites so debug tests are quick.
    static let rubric = """
        {
          "name": "small", "seed": 7,
          "places": [{"name": "1920 Commons", "latitude": 39.95248, "longitude": -75.19938},
                     {"name": "Pret A Manger", "latitude": 39.95263, "longitude": -75.19848}],
          "suites": {
            "near": {"kind": "hall-visits", "distanceMeters": 20, "minutes": 1, "visitsPerPlace": 6, "shakesPerVisit": 3},
            "shakes": {"kind": "shake-timelines", "timelines": 2, "minutes": 4, "shakesPerTimeline": 5},
            "scribbles": {"kind": "scribble-timelines", "timelines": 2, "minutes": 3},
            "coordinates": {"kind": "coordinates"}
          },
          "criteria": [
            {"id": "collects", "description": "collects near the hall", "suite": "near", "metric": "collect-rate",
             "over": "worst-place", "atLeast": 0.8, "points": 20, "partialCredit": {"zeroAt": 0.4, "fullAt": 0.8}},
            {"id": "coords", "description": "coordinates", "suite": "coordinates",
             "metric": "worst-coordinate-error-meters", "atMost": 10, "points": 10},
            {"id": "recall", "description": "recall", "suite": "shakes", "metric": "recall", "atLeast": 0.9,
             "points": 10, "partialCredit": {"zeroAt": 0.5, "fullAt": 0.9}},
            {"id": "false-alarms", "description": "false alarms", "suite": "shakes", "metric": "false-alarms-per-hour",
             "atMost": 40, "points": 10},
            {"id": "once", "description": "one event per shake", "suite": "shakes", "metric": "single-event-share",
             "atLeast": 0.95, "points": 5},
            {"id": "scribble-recall", "description": "scribble recall", "suite": "scribbles", "metric": "recall",
             "atLeast": 0.9, "points": 10},
            {"id": "review", "description": "code review", "manual": true, "points": 5}
          ]
        }
        """

    static func submission(
        team: String, detector: String = #"{"kind": "threshold-count", "thresholdG": 1.5}"#,
        gesture: String = "shake", check: String = #"{"kind": "naive"}"#,
        pretLatitude: Double = 39.95263, extra: String = ""
    ) -> String {
        """
        {"team": "\(team)", "gesture": "\(gesture)", "detector": \(detector), "proximityCheck": \(check),
         "halls": [{"name": "1920 Commons", "latitude": 39.95248, "longitude": -75.19938},
                   {"name": "Pret A Manger", "latitude": \(pretLatitude), "longitude": -75.19848}]\(extra)}
        """
    }

    init(submissions: [String: String]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-grade-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.rubric.write(to: folder.appendingPathComponent("rubric.json"), atomically: true, encoding: .utf8)
        for (name, text) in submissions {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    func remove() { try? FileManager.default.removeItem(at: folder) }
}

// MARK: - Scoring arithmetic

@Suite struct GradingScoringTests {
    /// Partial credit by hand: at least 90% with 0 points at 50% and all at 90%; 70% is half way,
    /// (0.7 − 0.5)/(0.9 − 0.5) = 0.5, so 20 points give 10. An at-most rule from 10/h (0) to 1/h (all):
    /// 5.5/h gives (5.5 − 10)/(1 − 10) = 0.5 of 10 points = 5. Outside the range the share is clamped.
    @Test func partialCreditIsLinearAndClamped() {
        let up = PartialCredit(zeroAt: 0.5, fullAt: 0.9)
        #expect(abs(Scoring.points(.fail, value: 0.7, points: 20, partialCredit: up, borderline: .half) - 10) < 1e-12)
        #expect(Scoring.points(.fail, value: 0.3, points: 20, partialCredit: up, borderline: .half) == 0)
        #expect(Scoring.points(.fail, value: 0.95, points: 20, partialCredit: up, borderline: .half) == 20)
        let down = PartialCredit(zeroAt: 10, fullAt: 1)
        #expect(Scoring.points(.fail, value: 5.5, points: 10, partialCredit: down, borderline: .half) == 5)
        #expect(Scoring.points(.fail, value: 0.7, points: 20, partialCredit: nil, borderline: .half) == 0)
        #expect(Scoring.points(.pass, value: 0.2, points: 20, partialCredit: up, borderline: .half) == 20)
        #expect(Scoring.points(.notMeasurable, value: nil, points: 20, partialCredit: up, borderline: .pass) == 0)
    }

    /// Borderline: the 95% interval straddles the threshold. 36 of 40 has the Wilson interval
    /// [0.7695, 0.9604] (by hand: centre (36 + 1.9208)/(40 + 3.8415) = 0.86495, half-width
    /// 1.96·√(36·4/40 + 0.9604)/43.8415 = 0.09547), which contains 0.9: neither pass nor fail.
    @Test func intervalStraddlingTheThresholdIsBorderline() throws {
        let ci = try Proportion(successes: 36, trials: 40).wilson()
        #expect(abs(ci.low - 0.7695) < 5e-4 && abs(ci.high - 0.9604) < 5e-4)
        let atLeast = PassRule(.atLeast, 0.9)
        #expect(Scoring.verdict(value: 0.9, interval: ci, rule: atLeast) == .borderline)
        #expect(Scoring.verdict(value: 0.95, interval: ConfidenceInterval(low: 0.91, high: 0.99), rule: atLeast) == .pass)
        #expect(Scoring.verdict(value: 0.8, interval: ConfidenceInterval(low: 0.7, high: 0.89), rule: atLeast) == .fail)
        let atMost = PassRule(.atMost, 1)
        #expect(Scoring.verdict(value: 0.6, interval: ConfidenceInterval(low: 0.2, high: 1.4), rule: atMost) == .borderline)
        #expect(Scoring.verdict(value: 0.2, interval: ConfidenceInterval(low: 0, high: 0.9), rule: atMost) == .pass)
        #expect(Scoring.verdict(value: 3, interval: ConfidenceInterval(low: 1.1, high: 5), rule: atMost) == .fail)
        // Without an interval (coordinates) the value decides; no value is not measurable.
        #expect(Scoring.verdict(value: 10, interval: nil, rule: PassRule(.atMost, 10)) == .pass)
        #expect(Scoring.verdict(value: nil, interval: nil, rule: atMost) == .notMeasurable)
    }

    /// Borderline scoring by policy. P = 10; partial credit 0.5 → 0.9; interval [0.85, 0.97] around 0.9.
    /// pass: 10; fail: partial credit at the failing end 0.85: 10·(0.35/0.4) = 8.75; half: (10 + 8.75)/2 = 9.375.
    /// Without partial credit half is 5.
    @Test func borderlinePolicies() {
        let ci = ConfidenceInterval(low: 0.85, high: 0.97)
        let rule = PassRule(.atLeast, 0.9)
        let partial = PartialCredit(zeroAt: 0.5, fullAt: 0.9)
        func score(_ policy: BorderlinePolicy, _ p: PartialCredit?) -> Double {
            Scoring.points(.borderline, value: 0.92, interval: ci, rule: rule, points: 10, partialCredit: p, borderline: policy)
        }
        #expect(score(.pass, partial) == 10)
        #expect(abs(score(.fail, partial) - 8.75) < 1e-12)
        #expect(abs(score(.half, partial) - 9.375) < 1e-12)
        #expect(score(.half, nil) == 5)
        #expect(score(.fail, nil) == 0)
    }

    /// Detections and inside intervals: a detection counts from the enter instant up to (not including) the exit.
    @Test func collectionNeedsGestureAndCheckTogether() {
        let inside = [(start: 10.0, end: 20.0), (start: 30.0, end: Double.infinity)]
        #expect(GradingEngine.firstCollection([5, 25], inside) == nil)
        #expect(GradingEngine.firstCollection([5, 20, 30], inside) == 30)
        #expect(GradingEngine.firstCollection([10], inside) == 10)
        #expect(GradingEngine.firstCollection([], inside) == nil)
    }
}

// MARK: - Grading runs

@Suite struct GradingRunTests {
    /// A detector that never fires (threshold 16 g on a ±8 g sensor: |a| ≤ 8√3 ≈ 13.9 g): recall 0 → 0 points,
    /// nothing detected → "once" not measurable, and no hall is ever collected. No false alarms is not a fail, but
    /// not a pass either on this 2-timeline fixture: 0 in ≥ 7.67 min outside the 10 shakes of ≤ 2 s has the Garwood
    /// upper bound 3.689/h ÷ 0.1278 h ≤ 28.9/h, below the 40/h limit, but the suite's other settings (this team's
    /// threshold ladder, whose 0.75–1.75 g rungs fire on pocket walking in bursts) set a dispersion floor φ₀, and
    /// with 2 timelines a burst's φ̂ is multiplied by (t₀.₉₇₅,₁/z₀.₉₇₅)² = (12.71/1.96)² ≈ 42, so the floored
    /// bound φ₀·28.9/h exceeds 40: borderline, half the points under the fixture's `half` policy.
    @Test func neverFiringDetector() throws {
        let f = try GradingFixture(submissions: [
            "never.json": GradingFixture.submission(team: "never", detector: #"{"kind": "threshold-count", "thresholdG": 16}"#)
        ])
        defer { f.remove() }
        let rubric = try Rubric.load(path: f.rubricPath)
        let (grades, failures) = try Grader.grade(rubric, files: [f.path("never.json")], runner: MonteCarloRunner(jobs: 2))
        #expect(failures.isEmpty)
        let r = try #require(grades.first).results
        func result(_ id: String) -> CriterionResult? { r.first { rubric.criteria[$0.criterionIndex].id == id } }
        #expect(result("recall")?.value == 0)
        #expect(result("recall")?.points == 0)
        #expect(result("false-alarms")?.value == 0)
        #expect(result("false-alarms")?.interval?.low == 0)
        #expect((result("false-alarms")?.interval?.high ?? 0) > 40)
        #expect(result("false-alarms")?.verdict == .borderline)
        #expect(result("false-alarms")?.points == 5)
        #expect(result("false-alarms")?.note.hasPrefix("0 in 0.13 h; bound ×") == true)
        #expect(result("once")?.verdict == .notMeasurable)
        #expect(result("collects")?.value == 0 && result("collects")?.points == 0)
        #expect(result("scribble-recall")?.verdict == .notApplicable)
        #expect(result("review")?.verdict == .notEntered)
        #expect(grades[0].maximum(rubric) == 60)  // 20 + 10 + 10 + 10 + 5 + 5 (manual); scribble recall left out
    }

    /// The hall is collected only when the gesture fires while the check is in range of the team's coordinates:
    /// Pret A Manger moved 0.0012° (≈ 133 m) north is never collected from 20 m away, whatever the detector.
    @Test func wrongCoordinatesAreNeverCollected() throws {
        let f = try GradingFixture(submissions: [
            "good.json": GradingFixture.submission(team: "good"),
            "moved.json": GradingFixture.submission(team: "moved", pretLatitude: 39.95383),
        ])
        defer { f.remove() }
        let rubric = try Rubric.load(path: f.rubricPath)
        let (grades, _) = try Grader.grade(
            rubric, files: [f.path("good.json"), f.path("moved.json")],
            runner: MonteCarloRunner(jobs: 1))
        guard case .visits(let goodVisits) = grades[0].outcomes[0], case .visits(let movedVisits) = grades[1].outcomes[0] else {
            Issue.record("the first suite is not hall visits")
            return
        }
        let good = goodVisits.collected
        let moved = movedVisits.collected
        #expect(goodVisits.visitsPerPlace == 6)
        #expect(moved[1] == 0)
        #expect(good[1] > 0)
        // The same visits are used for both teams: 1920 Commons (same coordinates, same detector) scores alike.
        #expect(good[0] == moved[0])
        let coords = grades[1].results[1]
        #expect(coords.verdict == .fail)
        #expect(abs((coords.value ?? 0) - 133.3) < 1)  // 0.0012° of latitude ≈ 111.1 km/° × 0.0012 = 133.3 m
    }

    /// A broken submission among good ones: the others are graded and the error names file and field.
    @Test func brokenSubmissionAmongGoodOnes() throws {
        let f = try GradingFixture(submissions: [
            "a.json": GradingFixture.submission(team: "a"),
            "b.json": GradingFixture.submission(team: "b", detector: #"{"kind": "wobble"}"#),
            "c.json": GradingFixture.submission(team: "c", detector: #"{"kind": "scribble"}"#, gesture: "scribble"),
            "d.json": #"{"team": "d", "gesture": "shake"}"#,
        ])
        defer { f.remove() }
        let rubric = try Rubric.load(path: f.rubricPath)
        let files = ["a.json", "b.json", "c.json", "d.json"].map(f.path)
        let (grades, failures) = try Grader.grade(rubric, files: files, runner: MonteCarloRunner(jobs: 2))
        #expect(grades.map(\.submission.team) == ["a", "c"])
        #expect(failures.count == 2)
        #expect(failures[0].error.file == f.path("b.json") && failures[0].error.field == "detector.kind")
        #expect(failures[1].error.field == "detector")
        let summary = try GradeReport.render(rubric, grades: grades, failures: failures).contents(of: "summary.md") ?? ""
        #expect(summary.contains("b.json:1: detector.kind: unknown shake detector kind \"wobble\""))
        #expect(summary.contains("d.json:1: detector: is required but missing"))
    }

    /// Same rubric and submissions → byte-identical files, with 1 or 2 worker threads.
    @Test func reportsAreByteIdenticalForAnyJobs() throws {
        let f = try GradingFixture(submissions: [
            "a.json": GradingFixture.submission(team: "a"),
            "s.json": GradingFixture.submission(
                team: "s", detector: #"{"kind": "scribble"}"#, gesture: "scribble",
                check: #"{"kind": "accuracy-gated", "maximumAccuracyMeters": 15}"#,
                extra: #", "manualPoints": {"review": 4}"#),
        ])
        defer { f.remove() }
        let rubric = try Rubric.load(path: f.rubricPath)
        let files = [f.path("a.json"), f.path("s.json")]
        func render(_ jobs: Int) throws -> ReportFiles {
            let (grades, failures) = try Grader.grade(rubric, files: files, runner: MonteCarloRunner(jobs: jobs))
            return try GradeReport.render(rubric, grades: grades, failures: failures)
        }
        let one = try render(1), two = try render(2), again = try render(2)
        #expect(
            one.paths == [
                "a.md", "gradescope/a/results.json", "gradescope/s/results.json", "s.md", "summary.csv", "summary.md",
            ])
        for p in one.paths {
            #expect(one.contents(of: p) == two.contents(of: p))
            #expect(two.contents(of: p) == again.contents(of: p))
        }
        #expect(one.contents(of: "s.md")?.contains("4 / 5") == true)
    }

    /// Rubric problems name the field: a metric the suite does not measure, and a partial-credit range backwards.
    @Test func badRubricFieldsAreNamed() throws {
        let f = try GradingFixture(submissions: [:])
        defer { f.remove() }
        let bad = GradingFixture.rubric.replacingOccurrences(
            of: #""metric": "recall", "atLeast": 0.9,"#,
            with: #""metric": "collect-rate", "atLeast": 0.9,"#)
        try bad.write(toFile: f.rubricPath, atomically: true, encoding: .utf8)
        #expect(throws: InputError.self) { try Rubric.load(path: f.rubricPath) }
        do {
            _ = try Rubric.load(path: f.rubricPath)
        } catch {
            #expect(error.field == "criteria[2].metric")
        }
    }
}

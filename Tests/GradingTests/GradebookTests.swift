import Foundation
import Reporting
import Testing

@testable import Grading
@testable import MonteCarlo

/// The gradebook outputs: `summary.csv` with a student column and points to two decimals, and a Gradescope
/// `results.json` per team.
@Suite struct GradebookTests {
    /// The student identifier: the `student` key when given, else the file name without `.json`, or a source
    /// submission's folder; a file that could not be read still gets its name.
    @Test func studentComesFromTheKeyOrTheFileName() throws {
        let f = try GradingFixture(submissions: [
            "alice.json": GradingFixture.submission(team: "a", extra: #", "student": "alice@upenn.edu""#),
            "bob-smith.json": GradingFixture.submission(team: "b"),
            "broken.json": #"{"team": "c"}"#,
        ])
        defer { f.remove() }
        let rubric = try Rubric.load(path: f.rubricPath)
        let files = ["alice.json", "bob-smith.json", "broken.json"].map(f.path)
        let (grades, failures) = try Grader.grade(rubric, files: files, runner: MonteCarloRunner(jobs: 2))
        #expect(grades.map(\.submission.student) == ["alice@upenn.edu", "bob-smith"])
        #expect(GradeReport.student(ofFile: "Scenarios/submissions/source-shake/submission.json") == "source-shake")
        let report = try GradeReport.render(rubric, grades: grades, failures: failures)
        let csv = try #require(report.contents(of: "summary.csv"))
        let rows = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows[0].prefix(4) == ["team", "student", "file", "gesture"])
        #expect(rows[1][1] == "alice@upenn.edu" && rows[2][1] == "bob-smith" && rows[3][1] == "broken")
        // Every point cell of a graded team has exactly two decimals: the columns after gesture up to maximum.
        for row in rows[1...2] {
            for cell in row[4..<(row.count - 1)] where !cell.isEmpty {
                #expect(cell.split(separator: ".").last?.count == 2, "\(cell)")
            }
        }
        // Its total is the team's total rounded: 20 + 10 + … written with two decimals.
        #expect(rows[1][rows[1].count - 3] == Substring(try Format.fixed(grades[0].total, decimals: 2)))
    }

    /// `results.json` parses as JSON with Gradescope's keys; one test per applicable criterion (the scribble
    /// criterion is left out for a shake team), each score its points rounded to two decimals, the score their sum.
    @Test func gradescopeResultsHoldOneTestPerCriterion() throws {
        let f = try GradingFixture(submissions: [
            "a.json": GradingFixture.submission(team: "a", extra: #", "manualPoints": {"review": 3.5}"#)
        ])
        defer { f.remove() }
        let rubric = try Rubric.load(path: f.rubricPath)
        let (grades, _) = try Grader.grade(rubric, files: [f.path("a.json")], runner: MonteCarloRunner(jobs: 2))
        let g = try #require(grades.first)
        let text = try GradeReport.gradescopeResults(g, rubric: rubric)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let tests = try #require(json["tests"] as? [[String: Any]])
        // The fixture's criteria: collects, coords, recall, false-alarms, once, scribble-recall, review.
        #expect(tests.map { $0["name"] as? String } == ["collects", "coords", "recall", "false-alarms", "once", "review"])
        #expect(tests.map { $0["max_score"] as? Double } == [20, 10, 10, 10, 5, 5])
        #expect(tests.last?["score"] as? Double == 3.5)
        for (t, r) in zip(tests, g.results.filter { $0.verdict != .notApplicable }) {
            #expect(t["score"] as? Double == ((r.points ?? 0) * 100).rounded() / 100)
            #expect((t["output"] as? String)?.isEmpty == false)
        }
        let sum = tests.reduce(0.0) { $0 + ($1["score"] as? Double ?? .nan) }
        #expect(abs((json["score"] as? Double ?? .nan) - sum) < 1e-9)
        #expect(json["output"] is String)
    }
}

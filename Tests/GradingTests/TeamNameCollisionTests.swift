import Foundation
import Testing

@testable import Grading
@testable import Studies

/// Refusals added by issue 14 in grading: team names that would collide with report files.
@Suite struct TeamNameCollisionTests {
    /// A team named `summary` (any case) would overwrite the class summary; teams differing only in case would
    /// share a file on case-insensitive file systems. Both are refused naming both.
    @Test func teamNamesCollidingWithReportFilesAreRefused() throws {
        let f = try GradingFixture(submissions: [
            "1.json": GradingFixture.submission(team: "Summary"),
            "2.json": GradingFixture.submission(team: "Team-A"),
            "3.json": GradingFixture.submission(team: "team-a"),
        ])
        defer { f.remove() }
        let rubric = try Rubric.load(path: f.rubricPath)
        let (submissions, failures) = Grader.load(rubric, files: [f.path("1.json"), f.path("2.json"), f.path("3.json")])
        #expect(submissions.map(\.team) == ["Team-A"])
        #expect(failures.count == 2)
        #expect(failures.first?.error.problem.contains("would be the file of the class summary (summary.md)") == true)
        #expect(
            failures.last?.error.problem
                == "\"team-a\" and \"Team-A\" differ only in case, the team of \(f.path("2.json")); their reports would collide")
    }
}

import FileFormats
import Foundation
import Testing

@testable import Grading

// MARK: - A detector key set to null

/// Issue 29's corpus: `"thresholdG": null` was read as absent and graded at the preset's 1.5 g, a value the team
/// did not write. Refused on its line, naming the key; the same submission without the key takes the preset.
@Suite struct SubmissionNullValueTests {
    @Test(arguments: [
        (#"{"kind": "threshold-count", "thresholdG": null}"#, "shake", "detector.thresholdG"),
        (#"{"kind": "raw-magnitude", "requiredCount": null, "thresholdG": 2.5}"#, "shake", "detector.requiredCount"),
        (#"{"kind": "scribble", "requiredReversals": null}"#, "scribble", "detector.requiredReversals"),
    ])
    func nullDetectorValueIsRefused(_ detector: String, _ gesture: String, _ field: String) throws {
        let f = try GradingFixture(submissions: [
            "t.json": GradingFixture.submission(team: "t", detector: detector, gesture: gesture)
        ])
        defer { f.remove() }
        let rubric = try Rubric.load(path: f.rubricPath)
        do throws(InputError) {
            _ = try Submission.load(path: f.path("t.json"), rubric: rubric)
            Issue.record("accepted \(detector)")
        } catch {
            #expect(error.file == f.path("t.json") && error.line == 1 && error.field == field, "\(error)")
            #expect(error.problem.contains("is null"), "\(error)")
        }
    }

    /// Control: the key left out takes the kind's preset (so the refusal above is about null, not the key).
    @Test func absentKeyTakesThePreset() throws {
        let f = try GradingFixture(submissions: [
            "t.json": GradingFixture.submission(team: "t", detector: #"{"kind": "threshold-count"}"#)
        ])
        defer { f.remove() }
        let rubric = try Rubric.load(path: f.rubricPath)
        _ = try Submission.load(path: f.path("t.json"), rubric: rubric)
    }
}

// MARK: - A misspelt hall name

/// Issue 30: a hall name one slip from a rubric hall gets "did you mean" (the rule of a misspelt key: edit distance
/// at most max(1, ⌊length/3⌋); "1920 Commmons" is one insertion from "1920 Commons").
@Suite struct SubmissionHallNameTests {
    @Test func misspeltHallIsNamed() throws {
        let text = GradingFixture.submission(team: "t").replacingOccurrences(of: "\"1920 Commons\"", with: "\"1920 Commmons\"")
        let f = try GradingFixture(submissions: ["t.json": text])
        defer { f.remove() }
        let rubric = try Rubric.load(path: f.rubricPath)
        do throws(InputError) {
            _ = try Submission.load(path: f.path("t.json"), rubric: rubric)
            Issue.record("accepted a misspelt hall")
        } catch {
            #expect(
                error.problem.hasPrefix("\"1920 Commmons\" is not a hall of the rubric; did you mean \"1920 Commons\"? (known: "),
                "\(error)")
        }
    }
}

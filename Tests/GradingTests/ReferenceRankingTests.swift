import DetectionCore
import Foundation
import Testing

@testable import Grading

/// Reference detectors graded on the shipped rubric through the grader's own feed (``ReferenceGrading``).
@Suite struct ReferenceRankingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static var rubricPath: String { root.appendingPathComponent("Scenarios/rubrics/penn-dining.json").path }

    /// Issue 26: a detector that fires once a second whatever the motion scored 53.96 of the 70 simulated points
    /// of the shipped rubric (collects 20, refuses 15, coordinates 10, recall 10 since every shake holds a firing
    /// within its window, 0 for 3600 false alarms an hour, and the fragments it adds inside every shake).
    @Test func onceASecondScoresAboveEveryRealTeam() throws {
        let rubric = try Rubric.load(path: Self.rubricPath)
        let grades = try ReferenceGrading.grade(rubric, [("once-a-second", .onceASecond)])
        let (points, maximum) = ReferenceGrading.simulated(grades[0], rubric)
        #expect(maximum == 70)
        #expect(abs(points - 53.96) < 0.005, "\(points)")
    }
}

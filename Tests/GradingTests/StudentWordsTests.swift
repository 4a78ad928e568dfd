import DetectionCore
import Foundation
import Testing

@testable import Grading
@testable import MonteCarlo
@testable import SensorSim

/// Reports in a student's words (issue 26): the settings as graded, the peaks of the missed shakes, every activity
/// that fired the detector, and wrong coordinates on one line.
@Suite struct StudentWordsTests {
    /// Three missed shakes in the 0.25 g bins 4, 6 and 8 (peaks in [1, 1.25), [1.5, 1.75) and [2, 2.25) g): they
    /// peaked at 1–2.25 g, and two of the three (at least half) are below 1.75 g; the team's threshold is 2.5 g.
    @Test func missedShakesArePutBesideTheThreshold() throws {
        var t = GestureTally()
        t.missedPeakBins = Array(repeating: 0, count: 33)
        for b in [4, 6, 8] { t.missedPeakBins[b] = 1 }
        let s = Submission(
            team: "t", file: "t.json",
            detector: .shake(ShakeDetectorConfiguration(kind: .thresholdCount).setting("thresholdG", to: 2.5)),
            check: ProximityCheckConfiguration(kind: .naive), halls: [], manualPoints: [:])
        #expect(
            try GradeAdvice.missedPeaks(t, s)
                == " The 3 shakes it missed peaked at 1–2.25 g (at least half of them below 1.75 g); its thresholdG is 2.5 g.")
        // A peak in the open-ended last bin (8 g and over).
        t.missedPeakBins = Array(repeating: 0, count: 33)
        t.missedPeakBins[32] = 1
        #expect(try GradeAdvice.missedPeaks(t, s) == " The shake it missed peaked at 8 g or more; its thresholdG is 2.5 g.")
        t.missedPeakBins = []
        #expect(try GradeAdvice.missedPeaks(t, s) == "")
    }

    /// Every activity that fired the detector, most first, ties in the activities' order, none left out.
    @Test func everyActivityThatFiredIsNamedWithItsCount() {
        var t = GestureTally()
        t.falseAlarmsByActivity = Array(repeating: 0, count: 9)
        t.falseAlarmsByActivity[2] = 3
        t.falseAlarmsByActivity[5] = 7
        t.falseAlarmsByActivity[1] = 3
        let fired = GradeAdvice.activitiesThatFired(t, gesture: .shake)
        #expect(fired.map(\.count) == [7, 3, 3])
        #expect(fired.map(\.phrase) == [5, 1, 2].map { MotionActivity.allCases[$0].causePhrase })
    }

    /// Two halls typed in wrong give one advice line naming both, with their distances, and one summary line for
    /// the team.
    @Test func wrongCoordinatesTakeOneLinePerTeam() throws {
        // 0.0012° of latitude ≈ 133.3 m (111.1 km/°); 0.0024° ≈ 266.6 m.
        let f = try GradingFixture(submissions: [
            "a.json": GradingFixture.submission(team: "a", pretLatitude: 39.95383)
                .replacingOccurrences(of: #""latitude": 39.95248"#, with: #""latitude": 39.95488"#)
        ])
        defer { f.remove() }
        let rubric = try Rubric.load(path: f.rubricPath)
        let (grades, _) = try Grader.grade(rubric, files: [f.path("a.json")], runner: MonteCarloRunner(jobs: 2))
        let g = try #require(grades.first)
        let advice = try GradeAdvice.advice(g, rubric: rubric)
        // The meridian degree at 39.95° N is 111.03 km (WGS-84), so 0.0024° is 266.5 m and 0.0012° 133.2 m.
        let commons = Geodesic.distanceMeters(try #require(g.submission.halls[0]), rubric.places[0].coordinate)
        #expect(abs(commons - 266.5) < 0.5)
        let off = advice.filter { $0.contains(" m off") }
        #expect(off.count == 1, "\(advice)")
        let line = try #require(off.first)
        let commonsText = try GradeAdvice.meters(commons)
        #expect(line.hasPrefix("Coordinates: 1920 Commons \(commonsText) off (submitted 39.95488, -75.19938"), "\(line)")
        #expect(line.contains("; Pret A Manger 133 m off (submitted 39.95383, -75.19848"), "\(line)")
        let causes = try GradeReport.causes(rubric, grades)
        #expect(causes.filter { $0.contains(" m off") }.count == 1)
        #expect(
            causes.contains(
                "a: coordinates more than 10 m off or missing: 1920 Commons \(commonsText) off, Pret A Manger 133 m off"))
    }

    /// The settings as graded: the keys threshold-count reads (not window-fraction's requiredFraction, nor a flag
    /// as a number), with units, and the stream and rate fed (the fixture's suites are at the 100 Hz default).
    @Test func settingsAsGradedNameReadKeysAndTheRate() throws {
        let f = try GradingFixture(submissions: ["a.json": GradingFixture.submission(team: "a")])
        defer { f.remove() }
        let rubric = try Rubric.load(path: f.rubricPath)
        let s = try Submission.load(path: f.path("a.json"), rubric: rubric)
        let text = GradeReport.feedText(s, rubric: rubric)
        #expect(
            text
                == "As graded: its threshold-count detector read thresholdG 1.5 g, requiredCount 4, windowSeconds 1 s, "
                + "cooldownSeconds 1 s; it was fed userAcceleration (gravity removed) at 100 Hz in every suite that "
                + "measures it.")
    }
}

/// What a team prints reaches its report only as text: control characters (a terminal escape, a carriage return
/// that would overwrite a line, a NUL) are written as `\u{…}`; newlines keep the log's lines.
@Suite struct PrintedLogTextTests {
    @Test func controlCharactersAreEscaped() {
        let printed = Array("shake!\n\u{1B}[2J**Total: 95 / 95**\rFull marks\u{0}\n".utf8)
        #expect(GradeReport.printedText(printed) == "shake!\n\\u{1b}[2J**Total: 95 / 95**\\u{d}Full marks\\u{0}\n")
    }
}

import Foundation
import MonteCarlo
import Testing

@testable import Grading
@testable import SourceSubmissions

// MARK: - Hall visits with location denied, and with the GPS lost for a while

/// A rubric of two hall-visit suites under location conditions (written for this test): `denied`
/// (`"locationAuthorization": "denied"`) judged by "no collection while permission is denied" (any collection in
/// the visits whose gesture the detector caught, at most 5%), and `gps-lost` (`"locationFailsSeconds": 20`: no
/// fix for the first 20 s of each visit) judged by the collect rate.
enum LocationConditionFixture {
    static let rubric = """
        {
          "name": "location-conditions", "seed": 17,
          "places": [{"name": "1920 Commons", "latitude": 39.95248, "longitude": -75.19938},
                     {"name": "Pret A Manger", "latitude": 39.95263, "longitude": -75.19848}],
          "suites": {
            "denied": {"kind": "hall-visits", "distanceMeters": 30, "minutes": 1, "visitsPerPlace": 5,
                       "shakesPerVisit": 3, "locationAuthorization": "denied"},
            "gps-lost": {"kind": "hall-visits", "distanceMeters": 30, "minutes": 1, "visitsPerPlace": 5,
                         "shakesPerVisit": 3, "locationFailsSeconds": 20}
          },
          "criteria": [
            {"id": "no-collection-when-denied", "description": "With location permission denied the app collects nothing.",
             "suite": "denied", "metric": "any-collection-rate", "visits": "gesture-detected", "atMost": 0.05,
             "points": 10},
            {"id": "collects-after-gps-returns", "description": "Collects once the GPS is back.",
             "suite": "gps-lost", "metric": "collect-rate", "atLeast": 0.5, "points": 10}
          ]
        }
        """
}

@Suite(.serialized) struct LocationConditionTests {
    /// Four teams with the same shake detector (the shipped raw-magnitude `ShakeCounter`, 2.5 g, 3 hits in 2 s):
    /// `json-raw` (the JSON team of that detector with the naive 50 m check), `source-raw-check` (the source
    /// detector with a port of the naive check through the protocol), and two student-style apps written for
    /// this test: `student-permission-aware` (a `CLLocationManagerDelegate` that starts updates once authorized,
    /// refuses while denied or without a fix, and waits out `locationUnknown`) and `student-permission-ignored`
    /// (starts updates without looking at the authorization, implements no `didFailWithError`, and reads a
    /// missing location as distance 0).
    ///
    /// Hand reasoning for what must hold:
    /// - A team that gets no fix cannot be in range: the JSON team, the ported check and the aware app collect in
    ///   none of the denied visits (value 0: a pass, or borderline with so few visits), and their in-range answers are identical under
    ///   both conditions (common random numbers; the aware app's `distance(from:) < 50` is the naive rule).
    /// - The ignoring app is "in range" from its first poll (distance 0 < 50) in every visit, so it collects in
    ///   every visit in which its detector fired at all: among the visits whose gesture it caught, exactly 100%
    ///   (fail, 0 points), and its in-range intervals start at the visit's first tick even while the GPS is lost.
    /// - No team with the naive rule is in range before the 20 s without fixes are over.
    @Test func deniedAndLostLocationAreSimulatedForEveryKindOfTeam() throws {
        guard let toolchain = SourceFixture.toolchain else {
            Issue.record("no swiftc: source submissions cannot be tested")
            return
        }
        let raw = try SourceFixture.rawMagnitudeFiles()
        var sources = try StudentTeams.sources(["student-permission-aware", "student-permission-ignored"])
        for name in sources.keys { sources[name]?.files.merge(raw) { a, _ in a } }
        sources["source-raw-check"] = (
            """
            {"team": "source-raw-check", "gesture": "shake",
             "source": {"shakeDetector": "ShakeCounter", "proximityCheck": "PortedNaiveCheck"}, \(SourceFixture.halls)}
            """, raw.merging(["PortedNaiveCheck.swift": SourceFixture.portedCheck]) { a, _ in a }
        )
        let folder = try SourceFixture.folder(
            json: [
                "json-raw.json": SourceFixture.jsonRawTeam
            ],
            sources: sources)
        defer { try? FileManager.default.removeItem(at: folder) }
        try LocationConditionFixture.rubric.write(
            to: folder.appendingPathComponent("rubric.json"), atomically: true, encoding: .utf8)
        let rubric = try Rubric.load(path: folder.appendingPathComponent("rubric.json").path)
        let names = ["json-raw.json", "source-raw-check", "student-permission-aware", "student-permission-ignored"]
        let (subs, failures) = Grader.load(rubric, files: names.map { folder.appendingPathComponent($0).path })
        #expect(failures.isEmpty, "\(failures)")
        let grades = try Grader.grade(rubric, submissions: subs, runner: MonteCarloRunner(jobs: 2), toolchain: toolchain)
        #expect(grades.count == 4)
        var byTeam: [String: TeamGrade] = [:]
        for g in grades { byTeam[g.submission.team] = g }
        let json = try #require(byTeam["json-raw"])
        let ported = try #require(byTeam["source-raw-check"])
        let aware = try #require(byTeam["student-permission-aware"])
        let ignored = try #require(byTeam["student-permission-ignored"])
        for g in [ported, aware, ignored] {
            #expect(g.source?.failure == nil, "\(g.submission.team): \(String(describing: g.source?.failure))")
        }

        // Denied: nobody with a real check collects; the detector did catch gestures (else nothing was tested).
        guard case .visits(let deniedVisits) = json.outcomes[0] else {
            Issue.record("no visits")
            return
        }
        let caught = deniedVisits.count(4).reduce(0, +)
        #expect(caught > 0)
        for g in [json, ported, aware] {
            #expect(g.outcomes == json.outcomes, "\(g.submission.team)")
            // 0 of n: a pass, or borderline when n is too small for the interval to lie below 5%.
            #expect(g.results[0].value == 0 && g.results[0].verdict != .fail && (g.results[0].points ?? 0) > 0)
            #expect(g.results[0].points == json.results[0].points)
        }
        #expect(ignored.results[0].value == 1 && ignored.results[0].verdict == .fail && ignored.results[0].points == 0)
        if case .visits(let v) = ignored.outcomes[0] {
            let (collected, trials) = v.counts(.anyCollectionRate, .gestureDetected)
            #expect(collected == trials && trials.reduce(0, +) == caught)
        }

        // GPS lost for 20 s: the naive rule is never in range before the fixes come back; the ignoring app is
        // in range from the first tick.
        let lost = 1
        guard case .hallVisits(let h) = rubric.suites[lost].body else {
            Issue.record("not hall visits")
            return
        }
        let awareAnswers = try #require(aware.source)
        let portedAnswers = try #require(ported.source)
        let ignoredAnswers = try #require(ignored.source)
        var entered = 0
        for k in 0..<rubric.suites[lost].trialCount {
            let first = try #require(try GradingEngine.visitFixes(h, seed: rubric.suites[lost].seed, index: k).first)
            for answers in [awareAnswers, portedAnswers] {
                let inside = answers.inside(suite: lost, trial: k)
                #expect(inside.allSatisfy { $0.start >= 20 }, "trial \(k): \(inside)")
                entered += inside.count
            }
            #expect(ignoredAnswers.inside(suite: lost, trial: k).first?.start == first.timestampSeconds)
        }
        #expect(entered > 0)

        // The failing team's report says why in its terms.
        let report = try GradeReport.team(ignored, rubric: rubric)
        #expect(report.contains("without knowing where the student was"), "\(report)")
        #expect(report.contains("location permission denied"), "\(report)")
    }

    /// The two keys are read with their defaults and checked: a denied suite with a failure time is refused
    /// with the field named (no fix ever comes, so the time means nothing), and an unknown authorization value
    /// names the allowed ones.
    @Test func locationConditionKeysAreValidated() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-location-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func load(_ extra: String) throws -> Rubric {
            let text = LocationConditionFixture.rubric.replacingOccurrences(
                of: "\"locationFailsSeconds\": 20", with: "\"locationFailsSeconds\": 20\(extra)")
            let path = folder.appendingPathComponent("r.json").path
            try? text.write(toFile: path, atomically: true, encoding: .utf8)
            return try Rubric.load(path: path)
        }
        let ok = try load("")
        guard case .hallVisits(let denied) = ok.suites[0].body, case .hallVisits(let lost) = ok.suites[1].body else {
            Issue.record("not hall visits")
            return
        }
        #expect(denied.locationDenied && denied.locationFailsSeconds == 0 && !denied.fixAvailable(at: 100))
        #expect(!lost.locationDenied && lost.locationFailsSeconds == 20)
        #expect(!lost.fixAvailable(at: 19.999) && lost.fixAvailable(at: 20))
        #expect(ok.suites[0].conditions.hasSuffix("location permission denied (no fixes; Core Location fails with denied)"))
        do {
            _ = try load(", \"locationAuthorization\": \"denied\"")
            Issue.record("accepted a failure time on a denied suite")
        } catch {
            #expect(String(describing: error).contains("suites.gps-lost.locationFailsSeconds"), "\(String(describing: error))")
            #expect(String(describing: error).contains("has no effect when locationAuthorization is \"denied\""))
        }
        do {
            _ = try load(", \"locationAuthorization\": \"always\"")
            Issue.record("accepted an unknown authorization")
        } catch {
            #expect(String(describing: error).contains("\"authorizedWhenInUse\", \"denied\""), "\(String(describing: error))")
        }
    }
}

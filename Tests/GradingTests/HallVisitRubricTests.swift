import DetectionCore
import FileFormats
import Foundation
import Testing

@testable import Grading
@testable import SensorSim

/// The rubric keys of issue 26: log-scale partial credit, visit metrics and which visits they count, the walk-up,
/// scenario suites with their motion weights overridden, and how each bad value is refused.
@Suite struct HallVisitRubricTests {
    /// Log scale from 1000 an hour (no credit) to 1 (full): share = (ln v − ln 1000)/(ln 1 − ln 1000) =
    /// 1 − log₁₀ v / 3, so 1, 10, 100 and 1000 an hour earn 1, 2/3, 1/3 and 0; 0 an hour earns all, and more than
    /// 1000 none. The linear scale from 10 to 1 (the old rubric) gives 10 and 1000 an hour the same 0.
    @Test func logScaleSeparatesEachFactorOfTen() {
        let log = PartialCredit(zeroAt: 1000, fullAt: 1, scale: .log)
        #expect(abs(log.share(1) - 1) < 1e-12)
        #expect(abs(log.share(10) - 2.0 / 3) < 1e-12)
        #expect(abs(log.share(100) - 1.0 / 3) < 1e-12)
        #expect(abs(log.share(1000)) < 1e-12)
        #expect(log.share(0) == 1)
        #expect(log.share(5000) == 0)
        let linear = PartialCredit(zeroAt: 10, fullAt: 1)
        #expect(linear.share(10) == 0 && linear.share(1000) == 0)
        // An atLeast rule on the log scale: 0 gets nothing.
        #expect(PartialCredit(zeroAt: 0.1, fullAt: 1, scale: .log).share(0) == 0)
    }

    /// A visit's flags decide each metric: 1 collected, 2 falsely collected, 4 a gesture detected, 8 entered.
    /// Hall 0 has 4 visits: collected with the gesture (1|4|8), falsely collected with no gesture caught (2|8),
    /// falsely collected although a gesture was caught later (2|4|8), and never in range (0). Collect rate 1/4,
    /// false collections 2/4, any collection 3/4; among the 2 visits with a gesture detected: 1/2, 1/2 and 2/2.
    @Test func visitMetricsCountFromTheFlags() {
        var v = VisitTally(places: 1, visitsPerPlace: 4)
        for code: UInt8 in [1 | 4 | 8, 2 | 8, 2 | 4 | 8, 0] { v.add(VisitResult(rawValue: code), place: 0) }
        #expect(v.counts(.collectRate, .all) == ([1], [4]))
        #expect(v.counts(.falseCollectionRate, .all) == ([2], [4]))
        #expect(v.counts(.anyCollectionRate, .all) == ([3], [4]))
        #expect(v.counts(.collectRate, .gestureDetected) == ([1], [2]))
        #expect(v.counts(.falseCollectionRate, .gestureDetected) == ([1], [2]))
        #expect(v.counts(.anyCollectionRate, .gestureDetected) == ([2], [2]))
        // The causes of the 3 visits not collected by a gesture, most common first.
        let causes = GradeAdvice.visitCauses(v).map { "\($0.cause)=\($0.visits)" }
        #expect(causes == ["falseCollection=2", "neverInRange=1"])
    }

    /// A check that reads the location once, at the first fix, and never again.
    struct ReadOnce: ProximityChecking {
        var monitor: ProximityMonitor
        var read = false
        mutating func consume(_ fix: LocationFix) -> [ProximityEvent] {
            guard !read else { return [] }
            read = true
            return monitor.consume(fix)
        }
        func isInside(placeIndex: Int) -> Bool { monitor.isInside(placeIndex: placeIndex) }
    }

    static func suite(_ extra: String) throws -> HallVisitSuite {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-visits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("rubric.json").path
        try """
        {"name": "walk-up", "seed": 11,
         "places": [{"name": "1920 Commons", "latitude": 39.95248, "longitude": -75.19938}],
         "suites": {"at": {"kind": "hall-visits", "distanceMeters": 30, "visitsPerPlace": 20\(extra)}},
         "criteria": [{"id": "c", "description": "c", "suite": "at", "metric": "collect-rate", "atLeast": 0.9, "points": 1}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let rubric = try Rubric.load(path: path)
        guard case .hallVisits(let h) = rubric.suites[0].body else {
            throw InputError(file: path, field: "suites.at", problem: "is not hall visits")
        }
        return h
    }

    /// With a walk-up from 100 m, the first fix is about 100 m from the hall: a naive 50 m check that read only
    /// that fix would need a GPS error over 50 m to enter (campus fixes are off by metres), so it never enters; the
    /// same check fed every fix enters in every visit once the student stands at 30 m. Without a walk-up the visit
    /// starts at 30 m, so reading once is enough and the two cannot be told apart: the walk-up is what shows a
    /// location read once and never refreshed.
    @Test func walkUpShowsALocationReadOnce() throws {
        let walkUp = try Self.suite(#", "approachFromMeters": 100"#)
        let standing = try Self.suite("")
        #expect(abs(walkUp.approachSeconds - 70 / 1.4) < 1e-9)
        let place = walkUp.places[0]
        var entered = (readOnce: 0, tracking: 0, readOnceStanding: 0)
        for k in 0..<walkUp.visitsPerPlace {
            let check = ProximityCheckConfiguration(kind: .naive)
            let fixes = try GradingEngine.visitFixes(walkUp, seed: 1, index: k)
            var once = ReadOnce(monitor: try ProximityMonitor(places: [place], configuration: check))
            if !ProtocolFeed.insideIntervals(fixes, &once).isEmpty { entered.readOnce += 1 }
            if !(try GradingEngine.insideIntervals(fixes, place: place, check: check)).isEmpty { entered.tracking += 1 }
            var standingOnce = ReadOnce(monitor: try ProximityMonitor(places: [place], configuration: check))
            let standingFixes = try GradingEngine.visitFixes(standing, seed: 1, index: k)
            if !ProtocolFeed.insideIntervals(standingFixes, &standingOnce).isEmpty { entered.readOnceStanding += 1 }
        }
        #expect(entered.readOnce == 0)
        #expect(entered.tracking == 20)
        #expect(entered.readOnceStanding == 20)
    }

    /// Each bad value of a new key is refused with the field named.
    @Test(arguments: [
        (#""kind": "hall-visits", "distanceMeters": 30, "approachFromMeters": 20"#, "suites.at.approachFromMeters"),
        (#""kind": "hall-visits", "distanceMeters": 30, "approachSpeedMetersPerSecond": 1"#, "suites.at.approachSpeedMetersPerSecond"),
        (
            #""kind": "hall-visits", "distanceMeters": 30, "approachFromMeters": 90, "approachSpeedMetersPerSecond": 0"#,
            "suites.at.approachSpeedMetersPerSecond"
        ),
    ])
    func badSuiteKeysAreNamed(suite: String, field: String) throws {
        try expectRefused(suite: "{\(suite)}", criterion: #""metric": "collect-rate", "atLeast": 0.9"#, field: field)
    }

    @Test(arguments: [
        (#""metric": "collect-rate", "visits": "some", "atLeast": 0.9"#, "criteria[0].visits"),
        (
            #""metric": "false-collection-rate", "atMost": 0.1, "partialCredit": {"zeroAt": 0.5, "fullAt": 0.1, "scale": "cubic"}"#,
            "criteria[0].partialCredit.scale"
        ),
        (
            #""metric": "any-collection-rate", "atMost": 0.1, "partialCredit": {"zeroAt": 0.5, "fullAt": 0, "scale": "log"}"#,
            "criteria[0].partialCredit.scale"
        ),
    ])
    func badCriterionKeysAreNamed(criterion: String, field: String) throws {
        try expectRefused(suite: #"{"kind": "hall-visits", "distanceMeters": 30}"#, criterion: criterion, field: field)
    }

    /// `visits` applies to visit metrics only; a scribble scenario has no motion weights; an unknown activity.
    @Test func scenarioSuiteKeysAreChecked() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scenarios")
        let shake = root.appendingPathComponent("shake-campus-walk.json").path
        let scribble = root.appendingPathComponent("scribble-tuning.json").path
        try expectRefused(
            suite: #"{"kind": "scenario", "path": "\#(shake)"}"#, criterion: #""metric": "recall", "visits": "all", "atLeast": 0.9"#,
            field: "criteria[0].visits")
        try expectRefused(
            suite: #"{"kind": "scenario", "path": "\#(scribble)", "motionWeights": {"running": 1}}"#,
            criterion: #""metric": "recall", "atLeast": 0.9"#, field: "suites.at.motionWeights")
        try expectRefused(
            suite: #"{"kind": "scenario", "path": "\#(shake)", "motionWeights": {"flying": 1}}"#,
            criterion: #""metric": "recall", "atLeast": 0.9"#, field: "suites.at.motionWeights.flying")
        // The override itself: running weighed in, the scenario's other weights kept.
        let rubric = try load(
            suite: #"{"kind": "scenario", "path": "\#(shake)", "motionWeights": {"running": 1.5}}"#,
            criterion: #""metric": "recall", "atLeast": 0.9"#)
        guard case .shakeTimelines(let t) = rubric.suites[0].body else {
            Issue.record("not shake timelines")
            return
        }
        #expect(t.parameters.weights[.running] == 1.5)
        #expect(t.parameters.weights[.pocketWalk] == 2)  // Scenarios/shake-campus-walk.json
        #expect(rubric.suites[0].source.hasSuffix("shake-campus-walk.json with running 1.5"))
    }

    func load(suite: String, criterion: String) throws -> Rubric {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("rubric.json").path
        try """
        {"name": "keys", "seed": 3,
         "places": [{"name": "1920 Commons", "latitude": 39.95248, "longitude": -75.19938}],
         "suites": {"at": \(suite)},
         "criteria": [{"id": "c", "description": "c", "suite": "at", "points": 1, \(criterion)}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return try Rubric.load(path: path)
    }

    func expectRefused(suite: String, criterion: String, field: String) throws {
        do {
            _ = try load(suite: suite, criterion: criterion)
            Issue.record("accepted: \(suite) \(criterion)")
        } catch let error as InputError {
            #expect(error.field == field, "\(error.description)")
            #expect(error.description.split(separator: "\n").count == 1)
        }
    }
}

import Foundation
import MonteCarlo
import Testing

@testable import Grading
@testable import SourceSubmissions

// MARK: - Source teams graded end to end: compiled, run in the harness, scored like JSON teams

/// The checkout (this file is Tests/SourceSubmissionsTests/…) and a toolchain over it, compiled once per test
/// process (the libraries are cached by content in .build/sensorbench-submissions, as `grade` caches them).
enum SourceFixture {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Trusted code only (the shipped good examples and the ports below): no sandbox needed, so the test also
    /// runs where user namespaces are not allowed.
    static let toolchain: SourceToolchain? = {
        let fallback = URL(fileURLWithPath: "/opt/swift/usr/bin/swiftc")
        guard
            let swiftc = SubmissionCompiler.swiftcOnPath() ?? (FileManager.default.isExecutableFile(atPath: fallback.path) ? fallback : nil)
        else { return nil }
        return SourceToolchain(
            swiftc: swiftc, repository: repository,
            cacheFolder: repository.appendingPathComponent(".build/sensorbench-submissions"),
            launcher: .unsandboxed())
    }()

    /// The JSON team several source-grading tests grade beside their source teams: raw magnitude over 2.5 g three
    /// times within 2 s (gravity included), a naive 50 m check.
    static let jsonRawTeam = """
        {"team": "json-raw", "gesture": "shake",
         "detector": {"kind": "raw-magnitude", "thresholdG": 2.5, "requiredCount": 3, "windowSeconds": 2.0,
                      "inputIncludesGravity": true},
         "proximityCheck": {"kind": "naive", "radiusMeters": 50}, \(halls)}
        """

    /// Two halls, 6 visits each, two 3-minute shake timelines (written for this test, like GradingTests' rubric).
    static let rubric = """
        {
          "name": "source-small", "seed": 11,
          "places": [{"name": "1920 Commons", "latitude": 39.95248, "longitude": -75.19938},
                     {"name": "Pret A Manger", "latitude": 39.95263, "longitude": -75.19848}],
          "suites": {
            "near": {"kind": "hall-visits", "distanceMeters": 30, "minutes": 1, "visitsPerPlace": 6, "shakesPerVisit": 3},
            "shakes": {"kind": "shake-timelines", "timelines": 2, "minutes": 3, "shakesPerTimeline": 6},
            "coordinates": {"kind": "coordinates"}
          },
          "criteria": [
            {"id": "collects", "description": "collects near the hall", "suite": "near", "metric": "collect-rate",
             "over": "worst-place", "atLeast": 0.8, "points": 20},
            {"id": "coords", "description": "coordinates", "suite": "coordinates",
             "metric": "worst-coordinate-error-meters", "atMost": 10, "points": 10},
            {"id": "recall", "description": "recall", "suite": "shakes", "metric": "recall", "atLeast": 0.9, "points": 10},
            {"id": "false-alarms", "description": "false alarms", "suite": "shakes", "metric": "false-alarms-per-hour",
             "atMost": 5, "points": 10},
            {"id": "once", "description": "one event per shake", "suite": "shakes", "metric": "single-event-share",
             "atLeast": 0.95, "points": 5}
          ]
        }
        """

    static let halls = """
        "halls": [{"name": "1920 Commons", "latitude": 39.95248, "longitude": -75.19938},
                  {"name": "Pret A Manger", "latitude": 39.95263, "longitude": -75.19848}]
        """

    /// A proximity check ported to the protocol by wrapping the core's naive 50 m monitor (so its in-range
    /// answers must equal the JSON team's `naive` check).
    static let portedCheck = """
        import CoreLocation
        import DetectionCore

        struct PortedNaiveCheck: ProximityChecking {
            var monitor: ProximityMonitor
            init(places: [CLLocationCoordinate2D]) {
                monitor = try! ProximityMonitor(
                    places: places.map { Place(name: "hall", coordinate: Coordinate($0)!) },
                    configuration: ProximityCheckConfiguration(kind: .naive))
            }
            mutating func consume(_ fix: LocationFix) -> [ProximityEvent] { monitor.consume(fix) }
            func isInside(placeIndex: Int) -> Bool { monitor.isInside(placeIndex: placeIndex) }
        }
        """

    /// A folder with the rubric, a JSON team and source teams; `files` per source team: name → text.
    static func folder(json: [String: String], sources: [String: (submission: String, files: [String: String])]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try rubric.write(to: folder.appendingPathComponent("rubric.json"), atomically: true, encoding: .utf8)
        for (name, text) in json { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        for (team, s) in sources {
            let f = folder.appendingPathComponent(team)
            try FileManager.default.createDirectory(at: f, withIntermediateDirectories: true)
            try s.submission.write(to: f.appendingPathComponent("submission.json"), atomically: true, encoding: .utf8)
            for (name, text) in s.files { try text.write(to: f.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        }
        return folder
    }

    /// The shipped raw-magnitude example's Swift files.
    static func rawMagnitudeFiles() throws -> [String: String] {
        let f = repository.appendingPathComponent("Scenarios/submissions/source-raw-magnitude")
        var out: [String: String] = [:]
        for name in ["ShakeCounter.swift", "ShakeCounter+Grading.swift"] {
            out[name] = try String(contentsOf: f.appendingPathComponent(name), encoding: .utf8)
        }
        return out
    }
}

@Suite(.serialized) struct SourceGradingTests {
    /// The issue's test: the team-style raw-magnitude source (2.5 g, 3 hits in 2 s, 1 s pause, its own code)
    /// against the JSON team of the same detector (`raw-magnitude`, same parameters, its 1 s cooldown preset),
    /// and a source team whose check is a port of the naive 50 m check: under common random numbers every
    /// criterion gets the same value, interval, verdict and points, and every suite the same tally. A JSON
    /// threshold-count team differs, so the comparison can fail.
    @Test func sourceTeamMatchesTheJSONTeamOfTheSameDetector() throws {
        guard let toolchain = SourceFixture.toolchain else {
            Issue.record("no swiftc: source submissions cannot be tested")
            return
        }
        let raw = try SourceFixture.rawMagnitudeFiles()
        let folder = try SourceFixture.folder(
            json: [
                "json-raw.json": SourceFixture.jsonRawTeam,
                "json-threshold.json": """
                {"team": "json-threshold", "gesture": "shake", "detector": {"kind": "threshold-count"},
                 "proximityCheck": {"kind": "naive", "radiusMeters": 50}, \(SourceFixture.halls)}
                """,
            ],
            sources: [
                "source-raw": (
                    """
                    {"team": "source-raw", "gesture": "shake", "source": {"shakeDetector": "ShakeCounter"},
                     "proximityCheck": {"kind": "naive", "radiusMeters": 50}, \(SourceFixture.halls)}
                    """, raw
                ),
                "source-raw-check": (
                    """
                    {"team": "source-raw-check", "gesture": "shake",
                     "source": {"shakeDetector": "ShakeCounter", "proximityCheck": "PortedNaiveCheck"}, \(SourceFixture.halls)}
                    """, raw.merging(["PortedNaiveCheck.swift": SourceFixture.portedCheck]) { a, _ in a }
                ),
            ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubric = try Rubric.load(path: folder.appendingPathComponent("rubric.json").path)
        let files = ["json-raw.json", "json-threshold.json", "source-raw", "source-raw-check"].map {
            folder.appendingPathComponent($0).path
        }
        let (subs, failures) = Grader.load(rubric, files: files)
        #expect(failures.isEmpty)
        let grades = try Grader.grade(rubric, submissions: subs, runner: MonteCarloRunner(jobs: 2), toolchain: toolchain)
        #expect(grades.count == 4)
        let json = grades[0], threshold = grades[1]
        for g in grades[2...] {
            #expect(g.source?.failure == nil, "\(g.submission.team): \(String(describing: g.source?.failure))")
            #expect(g.source?.rawAccelerometer == true)
            #expect(g.outcomes == json.outcomes, "\(g.submission.team)")
            for (a, b) in zip(g.results, json.results) {
                #expect(a.value == b.value && a.interval == b.interval && a.verdict == b.verdict && a.points == b.points)
            }
        }
        // The shakes suite saw detections at all, and another detector's tallies differ from these.
        if case .gestures(let t) = json.outcomes[1] { #expect(t.truePositives > 0) } else { Issue.record("no tally") }
        #expect(threshold.outcomes[1] != json.outcomes[1])
    }

    /// The Swift runtime's "Current stack trace" frames carry addresses that change from run to run; the text
    /// around them stays (a frame line, as the runtime prints it, written for this test).
    @Test func stackFramesAreLeftOutOfDiagnostics() {
        let text = """
            Fatal error: failed to allocate 64 bytes of memory with alignment 8
            Current stack trace:
            0    libswiftCore.so                    0x00007fa17ff5f130 swift_reportError + 33
            12   harness                            0x0000564ea68301b7 <unavailable> + 33207

            """
        #expect(
            SourceGrading.withoutStackFrames(text)
                == "Fatal error: failed to allocate 64 bytes of memory with alignment 8\nCurrent stack trace:\n"
                + "[2 stack frames left out: their addresses change from run to run]\n")
        #expect(SourceGrading.withoutStackFrames("Typo.swift:2:27: error: x\n") == "Typo.swift:2:27: error: x\n")
    }

    /// A compile error and a runtime trap are that team's outcome (shown with the compiler's or runtime's
    /// words), the coordinate check is still graded, and the good team beside them is graded normally.
    @Test func brokenTeamsGetTheirOutcomeOthersAreGraded() throws {
        guard let toolchain = SourceFixture.toolchain else {
            Issue.record("no swiftc: source submissions cannot be tested")
            return
        }
        func team(_ name: String, _ type: String) -> String {
            """
            {"team": "\(name)", "gesture": "shake", "source": {"shakeDetector": "\(type)"},
             "proximityCheck": {"kind": "naive", "radiusMeters": 50}, \(SourceFixture.halls)}
            """
        }
        let folder = try SourceFixture.folder(
            json: [:],
            sources: [
                "good": (team("good", "ShakeCounter"), try SourceFixture.rawMagnitudeFiles()),
                "typo": (
                    team("typo", "Typo"),
                    ["Typo.swift": "import CoreMotion\nstruct Typo { let x: Int = \"one\" }\n"]
                ),
                "trap": (
                    team("trap", "Trap"),
                    [
                        "Trap.swift": """
                        import DetectionCore
                        struct Trap: ShakeDetecting {
                            var accelerationInput: AccelerationInput { .userAcceleration }
                            var seen: [Int] = []
                            mutating func consume(_ sample: AccelerationSample) -> Bool { seen[seen.count] == 1 }
                        }
                        """
                    ]
                ),
            ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubric = try Rubric.load(path: folder.appendingPathComponent("rubric.json").path)
        let (subs, failures) = Grader.load(rubric, files: ["good", "trap", "typo"].map { folder.appendingPathComponent($0).path })
        #expect(failures.isEmpty)
        let grades = try Grader.grade(rubric, submissions: subs, runner: MonteCarloRunner(jobs: 2), toolchain: toolchain)
        #expect(grades[0].source?.failure == nil)
        #expect(grades[0].results[2].value != nil)
        let trap = try #require(grades[1].source?.failure)
        #expect(trap.outcome == "crash")
        // An optimised harness traps without a message (Swift's -O drops precondition texts): the signal says it.
        #expect(trap.summary.contains("a Swift runtime trap"), "\(trap.summary)")
        #expect(!trap.diagnostics.contains(folder.path) && !trap.diagnostics.contains(toolchain.cacheFolder.path))
        let typo = try #require(grades[2].source?.failure)
        #expect(typo.outcome == "compile error")
        #expect(typo.diagnostics.contains("Typo.swift:2:"))
        #expect(!typo.diagnostics.contains(folder.path))
        for g in grades[1...] {
            #expect(g.results[0].verdict == .notMeasurable && g.results[0].points == 0)
            #expect(g.results[1].verdict == .pass)  // the coordinates do not need the code
        }
    }
}

import Foundation
import MonteCarlo
import Testing

@testable import Grading
@testable import SourceSubmissions

// MARK: - Source teams written the way students write them, compiled unchanged against the shims

/// The student-style teams of `Tests/SourceSubmissionsTests/Teams/` (written for these tests): each folder is a
/// source submission as staff would hand it over, the team's files as written plus a glue file.
///
/// - `student-motion-class`: a class owning `CMMotionManager` at 60 Hz with an `OperationQueue.main` handler,
///   `pow`, `Date()`, a haptic generator and `print` calls; a `CLLocationManagerDelegate` (`NSObject`,
///   `ObservableObject`, `@Published`) that asks once with `requestLocation()`. Swift 5, nonisolated.
/// - `student-view-model`: an `ObservableObject` view model with `@Published` state, device motion at 50 Hz on
///   an `OperationQueue()` of its own, `DispatchQueue.main.async`/`asyncAfter`, `UserDefaults`, `UUID`, a
///   notification generator. Swift 5 with default isolation MainActor (every type main-actor isolated).
/// - `student-observable`: an `@Observable` class with `@ObservationIgnored` members polling
///   `accelerometerData` from a `Timer` at 10 Hz. Swift 6 with default isolation MainActor.
/// - `student-async-task`: an `ObservableObject` view model whose handler starts `Task { @MainActor in … }`,
///   awaits an `async` function and sleeps with `Task.sleep(for:)` and `Task.sleep(nanoseconds:)`. Swift 6 with
///   default isolation MainActor.
enum StudentTeams {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Teams")
    static let names = ["student-motion-class", "student-observable", "student-view-model"]

    /// The folder's files as the test fixture's `sources` (every file of each team).
    static func sources(_ names: [String]) throws -> [String: (submission: String, files: [String: String])] {
        var out: [String: (submission: String, files: [String: String])] = [:]
        for name in names {
            let team = folder.appendingPathComponent(name)
            var files: [String: String] = [:]
            for file in try FileManager.default.contentsOfDirectory(atPath: team.path) where file.hasSuffix(".swift") {
                files[file] = try String(contentsOf: team.appendingPathComponent(file), encoding: .utf8)
            }
            let submission = try String(contentsOf: team.appendingPathComponent("submission.json"), encoding: .utf8)
            out[name] = (submission, files)
        }
        return out
    }
}

@Suite(.serialized) struct StudentStyleTeamTests {
    /// All three compile unchanged and are graded: no failure, every simulated criterion measured, each app's
    /// interval as it set it (1/60 s, 0.02 s on device motion, 0.1 s), and the prints counted exactly: the
    /// motion class prints one line when made (once per stream: 12 visits + 2 timelines = 14) and one per shake
    /// it counts, which is one per firing the grader saw; the answers were not disturbed by them.
    @Test func studentStyleTeamsCompileUnchangedAndAreGraded() throws {
        guard let toolchain = SourceFixture.toolchain else {
            Issue.record("no swiftc: source submissions cannot be tested")
            return
        }
        let folder = try SourceFixture.folder(json: [:], sources: try StudentTeams.sources(StudentTeams.names))
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubric = try Rubric.load(path: folder.appendingPathComponent("rubric.json").path)
        let (subs, failures) = Grader.load(rubric, files: StudentTeams.names.map { folder.appendingPathComponent($0).path })
        #expect(failures.isEmpty, "\(failures)")
        let grades = try Grader.grade(rubric, submissions: subs, runner: MonteCarloRunner(jobs: 2), toolchain: toolchain)
        #expect(grades.count == 3)
        var byTeam: [String: TeamGrade] = [:]
        for g in grades { byTeam[g.submission.team] = g }
        for g in grades {
            let source = try #require(g.source)
            #expect(source.failure == nil, "\(g.submission.team): \(String(describing: source.failure))")
            for r in g.results { #expect(r.verdict != .notMeasurable, "\(g.submission.team) \(r)") }
        }
        let motion = try #require(byTeam["student-motion-class"]?.source)
        #expect(abs(motion.intervals.accelerometerSeconds - 1.0 / 60) < 1e-15)
        #expect(motion.rawAccelerometer == true)
        let fired = [0, 1].reduce(0) { n, s in n + (motion.times[s] ?? []).reduce(0) { $0 + $1.count } }
        #expect(fired > 0)
        #expect(motion.printedLines == 14 + fired)
        let log = String(decoding: motion.printed, as: UTF8.self)
        #expect(log.hasPrefix("ShakeDetectorService ready\n") && log.contains("Shake detected! total: 1\n"))
        #expect(motion.runNotes().contains { $0.contains("printed \(14 + fired) lines") })
        // The team's report says so, with the rate and the log's start.
        let report = try GradeReport.team(try #require(byTeam["student-motion-class"]), rubric: rubric)
        #expect(report.contains("Its code printed \(14 + fired) lines"), "\(report)")
        #expect(report.contains("`accelerometerUpdateInterval` = 0.01667 s (60 Hz"), "\(report)")
        #expect(report.contains("ShakeDetectorService ready"))
        // The report shows the log's first 20 lines (``SourceAnswers/reportLogLines``), not all 16 KiB kept: the
        // 14 + fired lines are more than 20 (fired > 0 and every stream prints its ready line), so exactly 20.
        #expect(report.contains("the log's first 20 lines are shown below."), "\(report)")
        #expect(motion.shownLog.filter { $0 == 10 }.count == 20)
        #expect(!report.contains(String(decoding: motion.printed, as: UTF8.self)))
        // The "As graded" line gives the app's own rate (1 / (1/60 s) = 60 Hz), not the suites' 100 Hz stream.
        #expect(
            report.contains(
                "As graded: its app ran its accelerometer at `accelerometerUpdateInterval` = 0.01667 s, so it was fed "
                    + "raw accelerometer readings (gravity included) at 60 Hz (its own rate, taken from the grader's "
                    + "100 Hz stream) in every suite that measures it."),
            "\(report)")
        // The team's own location code decided the visits: it has in-range answers for them.
        #expect(!(motion.inside[0] ?? [:]).isEmpty)

        let viewModel = try #require(byTeam["student-view-model"]?.source)
        #expect(viewModel.intervals.deviceMotionSeconds == 0.02 && viewModel.rawAccelerometer == false)
        #expect(viewModel.printedLines == 0)
        // Device motion at 0.02 s: 1 / 0.02 = 50 Hz of userAcceleration.
        let viewModelGrade = try #require(byTeam["student-view-model"])
        #expect(
            GradeReport.feedText(viewModelGrade.submission, rubric: rubric, run: viewModel)
                == "As graded: its app ran device motion at `deviceMotionUpdateInterval` = 0.02 s, so it was fed "
                + "device-motion userAcceleration (gravity removed) at 50 Hz (its own rate, taken from the grader's "
                + "100 Hz stream) in every suite that measures it.")
        let observable = try #require(byTeam["student-observable"]?.source)
        #expect(observable.intervals.accelerometerSeconds == 0.1)
        // Pull style: polled by a 10 Hz timer, so firings fall on the timer's ticks (multiples of 0.1 s).
        for times in observable.times[1] ?? [] {
            #expect(times.allSatisfy { abs($0 * 10 - ($0 * 10).rounded()) < 1e-6 })
        }
    }

    /// Swift concurrency runs on the simulated phone's clock (`student-async-task`, Swift 6 with default
    /// isolation MainActor): the accelerometer handler starts `Task { @MainActor in await handleShake() }`, which
    /// counts the shake at once, awaits an `async` function that sleeps 0.1 s (`Task.sleep(nanoseconds:)`) and
    /// prints the clock, then starts a `Task { }` that sleeps 1.5 s (`Task.sleep(for:)`) before the next shake may
    /// count. On the stream clock (hand calculation): every printed time is a firing's time + 0.1 s exactly, two
    /// firings of one stream are at least 0.1 + 1.5 = 1.6 s apart, and some stream fires twice (a sleep that never
    /// ended would leave one firing per stream; a sleep on the machine's clock would end after 1.6 s of the
    /// machine's time, minutes of stream time, at a time no rerun repeats).
    @Test func tasksAndAsyncCodeRunOnTheSimulatedClock() throws {
        guard let toolchain = SourceFixture.toolchain else {
            Issue.record("no swiftc: source submissions cannot be tested")
            return
        }
        let folder = try SourceFixture.folder(json: [:], sources: try StudentTeams.sources(["student-async-task"]))
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubric = try Rubric.load(path: folder.appendingPathComponent("rubric.json").path)
        let (subs, failures) = Grader.load(rubric, files: [folder.appendingPathComponent("student-async-task").path])
        #expect(failures.isEmpty, "\(failures)")
        let grades = try Grader.grade(rubric, submissions: subs, runner: MonteCarloRunner(jobs: 2), toolchain: toolchain)
        let g = try #require(grades.first)
        let source = try #require(g.source)
        #expect(source.failure == nil, "\(String(describing: source.failure))")
        for r in g.results { #expect(r.verdict != .notMeasurable, "\(r)") }
        #expect(source.intervals.accelerometerSeconds == 0.02)
        let streams = source.times.keys.sorted().flatMap { source.times[$0] ?? [] }
        let firings = streams.flatMap { $0 }
        #expect(!firings.isEmpty)
        for times in streams {
            for (a, b) in zip(times, times.dropFirst()) { #expect(b - a >= 1.6 - 1e-9, "\(times)") }
        }
        #expect(streams.contains { $0.count >= 2 })
        // One line per firing, unless its stream ended within the 0.1 s sleep; the log keeps the first 16 KiB.
        #expect(source.printedLines > 0 && source.printedLines <= firings.count)
        let lines = String(decoding: source.printed, as: UTF8.self).split(separator: "\n")
        #expect(lines.count > 10)
        for line in lines.dropLast() {
            let last = line.split(separator: " ").last.map(String.init) ?? ""
            let printed = try #require(Double(last), "\(line)")
            #expect(firings.contains { abs($0 + 0.1 - printed) < 1e-9 }, "\(line)")
        }
    }

    /// Compile errors never point into the generated harness, and an isolation error is named as one: a type
    /// name in submission.json that the files do not declare is explained in the team's terms, and a
    /// main-actor class used from a nonisolated one (code that compiles only with default isolation MainActor)
    /// gets the isolation note naming the settings.
    @Test func compileErrorsAreExplainedInTheTeamsTerms() throws {
        guard let toolchain = SourceFixture.toolchain else {
            Issue.record("no swiftc: source submissions cannot be tested")
            return
        }
        func team(_ name: String, _ type: String) -> String {
            """
            {"team": "\(name)", "gesture": "shake", "source": {"shakeApp": "\(type)"},
             "proximityCheck": {"kind": "naive", "radiusMeters": 50}, \(SourceFixture.halls)}
            """
        }
        let isolated = """
            import CoreMotion

            @MainActor final class ShakeStore {
                var count = 0
                func add() { count += 1 }
            }

            final class Shaker {
                let store = ShakeStore()
                let manager = CMMotionManager()
                func start() {
                    manager.startAccelerometerUpdates(to: .main) { data, _ in
                        if let a = data?.acceleration, a.x > 2 { self.store.add() }
                    }
                }
            }

            extension Shaker: ShakeApp {
                func sensorBenchStart() { start() }
                var sensorBenchShakeCount: Int { store.count }
            }
            """
        let folder = try SourceFixture.folder(
            json: [:],
            sources: [
                "misnamed": (team("misnamed", "ShakeCountr"), ["Shaker.swift": isolated.replacingOccurrences(of: "@MainActor ", with: "")]),
                "isolation": (team("isolation", "Shaker"), ["Shaker.swift": isolated]),
            ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubric = try Rubric.load(path: folder.appendingPathComponent("rubric.json").path)
        let (subs, _) = Grader.load(rubric, files: ["isolation", "misnamed"].map { folder.appendingPathComponent($0).path })
        let grades = try Grader.grade(rubric, submissions: subs, runner: MonteCarloRunner(jobs: 2), toolchain: toolchain)
        let isolation = try #require(grades[0].source?.failure)
        #expect(isolation.outcome == "compile error")
        #expect(isolation.diagnostics.contains("Shaker.swift:"))
        #expect(isolation.diagnostics.contains("note: this is an isolation mismatch"), "\(isolation.diagnostics)")
        let misnamed = try #require(grades[1].source?.failure)
        #expect(misnamed.outcome == "compile error")
        #expect(!misnamed.diagnostics.contains("harness/main.swift"), "\(misnamed.diagnostics)")
        #expect(
            misnamed.diagnostics.contains("submission.json names `ShakeCountr` (submission.json's source.shakeApp)"),
            "\(misnamed.diagnostics)")
    }

    /// The low-rate model matters: a 5 Hz team firing when any raw axis passes 1.5 g (one of the issue's
    /// public submissions) graded with the default `"latest"` (one sample in 20 of the 100 Hz stream) and with
    /// `"average"` (the mean of those 20). Averaging 0.2 s of a shake (about 3 Hz, so about 0.6 of a period)
    /// cancels most of its swing, so the averaged team must find fewer of the suite's shakes (measured here:
    /// recall 7 of 12 latest, 1 of 12 averaged).
    @Test func lowRateDeliveryModelChangesRecall() throws {
        guard let toolchain = SourceFixture.toolchain else {
            Issue.record("no swiftc: source submissions cannot be tested")
            return
        }
        let files = [
            "AxisShake.swift": """
            import CoreMotion

            class AxisShake {
                let manager = CMMotionManager()
                var count = 0

                init() {
                    manager.accelerometerUpdateInterval = 0.2
                    manager.startAccelerometerUpdates(to: .main) { data, _ in
                        guard let a = data?.acceleration else { return }
                        if abs(a.x) > 1.5 || abs(a.y) > 1.5 || abs(a.z) > 1.5 { self.count += 1 }
                    }
                }
            }

            extension AxisShake: ShakeApp {
                var sensorBenchShakeCount: Int { count }
            }
            """
        ]
        func team(_ name: String, _ delivery: String) -> String {
            """
            {"team": "\(name)", "gesture": "shake", "source": {"shakeApp": "AxisShake", "lowRateDelivery": "\(delivery)"},
             "proximityCheck": {"kind": "naive", "radiusMeters": 50}, \(SourceFixture.halls)}
            """
        }
        let folder = try SourceFixture.folder(
            json: [:],
            sources: ["latest": (team("latest", "latest"), files), "average": (team("average", "average"), files)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubric = try Rubric.load(path: folder.appendingPathComponent("rubric.json").path)
        let (subs, failures) = Grader.load(rubric, files: ["average", "latest"].map { folder.appendingPathComponent($0).path })
        #expect(failures.isEmpty)
        #expect(subs.map { $0.source?.types.lowRateDelivery } == ["average", "latest"])
        let grades = try Grader.grade(rubric, submissions: subs, runner: MonteCarloRunner(jobs: 2), toolchain: toolchain)
        // Criterion 2 is the shake timelines' recall.
        let average = try #require(grades[0].results[2].value)
        let latest = try #require(grades[1].results[2].value)
        #expect(latest > average, "recall latest \(latest), average \(average)")
        #expect(grades[0].source?.runNotes(delivery: "average").first?.contains("the mean of the samples") == true)
    }
}

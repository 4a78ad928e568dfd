import DetectionCore
import Foundation
import MonteCarlo
import SensorSim
import SourceSubmissions
import Stats
import Studies

// MARK: - Running source teams' harnesses over the rubric's suites

/// Where the compiler, the library sources and the cache are, and how harnesses run.
package struct SourceToolchain: Sendable {
    /// `swiftc`.
    package var swiftc: URL
    /// The checkout the binary was built from (its `Sources/DetectionCore`, `Sources/SensorShims` are compiled).
    package var repository: URL
    /// The compile cache: `$XDG_CACHE_HOME/sensorbench/submissions` when that is set, else
    /// `<repository>/.build/sensorbench-submissions`.
    package var cacheFolder: URL
    /// `-O` (grading) or `-Onone` (tests: faster to compile).
    package var optimize: Bool
    package var launcher: HarnessLauncher
    /// Where each team's compile runs (bubblewrap only, ``Sandbox/canRunTools``); nil: the compiler runs as the
    /// grader's user.
    package var compileSandbox: Sandbox?
    /// Harness runs computing at once (``TeamRuns``: a waiting run gives its slot back). Default: every core.
    package var jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// Wall-clock seconds for all of one team's harness runs together; past it the team's outcome is "over time
    /// budget". Default ``defaultTeamBudgetSeconds``.
    package var teamBudgetSeconds = SourceToolchain.defaultTeamBudgetSeconds

    /// The default budget of one team's harness runs together: 600 s (docs/source-submissions.md, "A class
    /// finishes on time").
    package static let defaultTeamBudgetSeconds = 600.0

    package init(
        swiftc: URL, repository: URL, cacheFolder: URL, optimize: Bool = true, launcher: HarnessLauncher,
        compileSandbox: Sandbox? = nil
    ) {
        self.compileSandbox = compileSandbox
        self.swiftc = swiftc
        self.repository = repository
        self.cacheFolder = cacheFolder
        self.optimize = optimize
        self.launcher = launcher
    }

    /// The toolchain found at run time: `swiftc` on `PATH` or `/opt/swift/usr/bin/swiftc`; the repository is the
    /// parent of the shipped `Scenarios/` folder.
    ///
    /// - Throws: a one-line ``SourceSubmissionError`` naming what is missing.
    package static func locate(
        launcher: HarnessLauncher, compileSandbox: Sandbox? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(SourceSubmissionError) -> SourceToolchain {
        let fallback = URL(fileURLWithPath: "/opt/swift/usr/bin/swiftc")
        guard
            let swiftc = SubmissionCompiler.swiftcOnPath(environment)
                ?? (FileManager.default.isExecutableFile(atPath: fallback.path) ? fallback : nil)
        else { throw .toolFailed("no swiftc on PATH nor at /opt/swift/usr/bin/swiftc: source submissions need it") }
        guard let scenarios = ReferenceSearchPath.shippedFolder() else {
            throw .toolFailed("the shipped Scenarios folder was not found, so neither were the library sources")
        }
        let repository = scenarios.standardizedFileURL.deletingLastPathComponent()
        let cache: URL
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            cache = URL(fileURLWithPath: xdg).appendingPathComponent("sensorbench/submissions")
        } else {
            cache = repository.appendingPathComponent(".build/sensorbench-submissions")
        }
        return SourceToolchain(
            swiftc: swiftc, repository: repository, cacheFolder: cache, launcher: launcher, compileSandbox: compileSandbox)
    }

    var compiler: SubmissionCompiler {
        var c = SubmissionCompiler(
            swiftc: swiftc,
            libraries: ["DetectionCore", "SensorShims"].map {
                SubmissionCompiler.Library(name: $0, sourceFolder: repository.appendingPathComponent("Sources/\($0)"))
            },
            aliases: SubmissionCompiler.ModuleAlias.appleFrameworks(reexporting: "SensorShims"),
            cacheFolder: cacheFolder, optimize: optimize)
        c.compileSandbox = compileSandbox
        return c
    }
}

/// Compiles every source team (libraries once, teams in parallel, cached by content) and runs each team's
/// harness over the rubric's suites, generated exactly as ``GradingEngine`` generates them (same seeds: common
/// random numbers), then fills ``GradingPlan/sourceAnswers``.
package enum SourceGrading {
    /// Bytes of request per harness run (a suite is split into runs of about this size).
    static let batchBytes = 32 << 20

    /// Runs every source team of `plan` and stores its answers in the plan.
    package static func run(_ plan: inout GradingPlan, toolchain: SourceToolchain) throws {
        let subs = plan.submissions
        let teams = subs.indices.filter { subs[$0].source != nil }
        guard !teams.isEmpty else { return }
        var answers = [SourceAnswers?](repeating: nil, count: subs.count)
        let compiledIn =
            toolchain.compileSandbox?.canRunTools == true
            ? " Its compile ran in the same sandbox (no network, read-only system, sources and libraries)." : ""
        for i in teams { answers[i] = SourceAnswers(isolation: GradeReport.sentence(toolchain.launcher.summary) + compiledIn) }

        // Compile: the libraries once, then the teams in parallel.
        let executables = Locked([URL?](repeating: nil, count: subs.count))
        let failures = Locked([SourceFailure?](repeating: nil, count: subs.count))
        do {
            let compiler = toolchain.compiler
            let libraries = try compiler.prepareLibraries()
            let requests = teams.map { i in
                SubmissionCompiler.HarnessRequest(
                    teamFolder: subs[i].source!.folder, files: subs[i].source!.files,
                    harnessMain: HarnessWire.harnessMain(subs[i].source!.types), settings: subs[i].source!.types.compile)
            }
            let outcomes = compiler.compileHarnesses(
                requests, libraries: libraries, jobs: max(1, ProcessInfo.processInfo.activeProcessorCount))
            for (n, i) in teams.enumerated() {
                switch outcomes[n] {
                case .success(.built(let executable, _)): executables.update { $0[i] = executable }
                case .success(.compileError(let diagnostics)):
                    let types = subs[i].source!.types
                    failures.update {
                        $0[i] = SourceFailure(
                            outcome: "compile error", summary: "the team's code did not compile",
                            diagnostics: HarnessDiagnostics.explained(diagnostics, types: types))
                    }
                case .failure(.graderDisk(let message, let full)): throw SourceSubmissionError.graderDisk(message, full: full)
                case .failure(.teamFiles(let message)):
                    failures.update {
                        $0[i] = SourceFailure(outcome: "refused files", summary: message, diagnostics: "")
                    }
                case .failure(let error):
                    failures.update {
                        $0[i] = SourceFailure(outcome: "grader error", summary: error.description, diagnostics: "")
                    }
                }
            }
        } catch let error as SourceSubmissionError {
            if case .graderDisk = error { throw error }
            for i in teams {
                failures.update {
                    $0[i] = SourceFailure(outcome: "grader error", summary: "\(error)", diagnostics: "")
                }
            }
        }

        // Plan every team's runs (per suite: its gesture batches, then its visit batches), then run them all:
        // a team's runs in order, the teams in parallel, each team within its budget (``TeamRuns``).
        let rubric = plan.rubric
        var runs = [[PlannedRun]](repeating: [], count: subs.count)
        let live = teams.filter { failures.value[$0] == nil && executables.value[$0] != nil }
        for (s, suite) in rubric.suites.enumerated() {
            let gesture: GestureChoice?
            switch suite.body {
            case .shakeTimelines: gesture = .shake
            case .scribbleTimelines: gesture = .scribble
            case .hallVisits: gesture = nil
            case .coordinates: continue
            }
            for g in [GestureChoice.shake, .scribble] where gesture == nil || gesture == g {
                let runners = live.filter { subs[$0].detector.gesture == g }
                guard !runners.isEmpty else { continue }
                try forEachBatch(suite, gesture: g) { request, mapper in
                    let run = PlannedRun(request: request) { a, answers in mapper.store(answers, into: &a, suite: s) }
                    for i in runners { runs[i].append(run) }
                }
            }
            if case .hallVisits(let h) = suite.body {
                for i in live where subs[i].source?.types.proximityCheck != nil {
                    try forEachVisitBatch(h, seed: suite.seed, submission: subs[i]) { request, trials in
                        runs[i].append(
                            PlannedRun(request: request) { a, answers in
                                for (trial, answer) in zip(trials, answers) {
                                    a.storeInside(answer, fixTimes: trial.fixTimes, trial: trial.index, suite: s)
                                }
                            })
                    }
                }
            }
        }
        let results = TeamRuns.run(
            runs, executables: executables.value, toolchain: toolchain, jobs: toolchain.jobs,
            budgetSeconds: toolchain.teamBudgetSeconds)
        // A run that could not start for the grader's own disk (its scratch folder, the harness's copy) stops the
        // grade: no team is given the grader's failure.
        if let disk = results.lazy.compactMap(\.graderDisk).first { throw disk }
        var final = answers
        for i in teams {
            guard var a = final[i] else { continue }
            for (run, answer) in zip(runs[i], results[i].answers) {
                run.store(&a, answer.streams)
                a.note(answer.output)
            }
            a.failure = failures.value[i] ?? results[i].failure
            final[i] = a
        }
        plan.sourceAnswers = final
    }

    // MARK: - Batches

    /// Every trial's gesture stream of a suite, in batches of about ``batchBytes``; `body` gets each batch's
    /// request and the function storing an answer.
    static func forEachBatch(
        _ suite: GradingSuite, gesture: GestureChoice,
        _ body: (HarnessRequest, AnswerMapper) throws -> Void
    ) throws {
        var request = HarnessRequest()
        var mapper = AnswerMapper()
        func flush() throws {
            guard !request.streams.isEmpty else { return }
            request.finish()
            try body(request, mapper)
            request = HarnessRequest()
            mapper = AnswerMapper()
        }
        for k in 0..<suite.trialCount {
            switch (suite.body, gesture) {
            case (.shakeTimelines(let t), .shake):
                let timeline = MotionTimelineGenerator.generate(
                    t.parameters, stream: try RandomStream(seed: TrialSeed(scenarioSeed: suite.seed, trialIndex: UInt64(k))))
                addMotion(timeline, to: &request, &mapper)
            case (.scribbleTimelines(let t), .scribble):
                let timeline = TouchTimelineGenerator.generate(
                    t.parameters, stream: try RandomStream(seed: TrialSeed(scenarioSeed: suite.seed, trialIndex: UInt64(k))))
                addTouch(timeline, to: &request, &mapper)
            case (.hallVisits(let h), .shake):
                addMotion(try GradingEngine.visitMotion(h, seed: suite.seed, index: k), to: &request, &mapper)
            case (.hallVisits(let h), .scribble):
                addTouch(try GradingEngine.visitTouch(h, seed: suite.seed, index: k), to: &request, &mapper)
            default: return
            }
            if request.bytes.count >= batchBytes { try flush() }
        }
        try flush()
    }

    /// How each stream of a batch turns sample indices into times.
    struct AnswerMapper {
        var times: [[Double]] = []

        /// Stores answer `n` of the batch as the next trial's firing times.
        func store(_ answers: [HarnessStreamAnswer], into a: inout SourceAnswers, suite: Int) {
            for (n, answer) in answers.enumerated() {
                let fired: [Int]
                switch answer {
                case .acceleration(let raw, let at):
                    if let raw { a.rawAccelerometer = raw }
                    fired = at
                case .touch(let at): fired = at
                case .location: fired = []
                }
                a.times[suite, default: []].append(fired.map { times[n][$0] })
            }
        }
    }

    static func addMotion(_ timeline: MotionTimeline, to request: inout HarnessRequest, _ mapper: inout AnswerMapper) {
        let fs = timeline.sensor.sampleRateHz
        request.addAcceleration(count: timeline.sampleCount, gravity: (0, 0, -1)) { k in
            (Double(k) / fs, timeline.x[k], timeline.y[k], timeline.z[k])
        }
        mapper.times.append((0..<timeline.sampleCount).map { Double($0) / fs })
    }

    static func addTouch(_ timeline: TouchTimeline, to request: inout HarnessRequest, _ mapper: inout AnswerMapper) {
        var gestures: [[(t: Double, x: Double, y: Double)]] = []
        var times: [Double] = []
        for g in timeline.gestures {
            let range = g.firstPoint..<(g.firstPoint + g.pointCount)
            gestures.append(range.map { (timeline.t[$0], timeline.x[$0], timeline.y[$0]) })
            times += range.map { timeline.t[$0] }
        }
        request.addTouch(gestures)
        mapper.times.append(times)
    }

    /// The location streams of a team with its own check: per visit its fixes and the team's coordinate of the
    /// visited hall (no stream when the team left the hall out: that visit collects nothing anyway).
    static func forEachVisitBatch(
        _ h: HallVisitSuite, seed: UInt64, submission: Submission,
        _ body: (HarnessRequest, [(index: Int, fixTimes: [Double])]) throws -> Void
    ) throws {
        var request = HarnessRequest()
        var trials: [(index: Int, fixTimes: [Double])] = []
        func flush() throws {
            guard !trials.isEmpty else { return }
            request.finish()
            try body(request, trials)
            request = HarnessRequest()
            trials = []
        }
        for k in 0..<(h.visitsPerPlace * h.places.count) {
            guard let c = submission.halls[k / h.visitsPerPlace] else { continue }
            let fixes = try GradingEngine.visitFixes(h, seed: seed, index: k)
            if h.hasLocationConditions {
                // Every tick of the fix stream, with its fix or none: an app hears about the ticks without one.
                request.addConditionedLocation(
                    denied: h.locationDenied, places: [(c.latitudeDegrees, c.longitudeDegrees)],
                    records: fixes.map {
                        (
                            $0.timestampSeconds,
                            h.fixAvailable(at: $0.timestampSeconds)
                                ? (
                                    $0.coordinate.latitudeDegrees, $0.coordinate.longitudeDegrees,
                                    $0.horizontalAccuracyMeters
                                ) : nil
                        )
                    })
            } else {
                request.addLocation(
                    places: [(c.latitudeDegrees, c.longitudeDegrees)],
                    fixes: fixes.map {
                        (
                            $0.timestampSeconds, $0.coordinate.latitudeDegrees, $0.coordinate.longitudeDegrees,
                            $0.horizontalAccuracyMeters
                        )
                    })
            }
            trials.append((k, fixes.map(\.timestampSeconds)))
            if request.bytes.count >= batchBytes { try flush() }
        }
        try flush()
    }

    // MARK: - Running one harness

    /// The runtime's text without its stack-trace frames (`3  libswiftCore.so  0x00007fa1… swift_allocObject + 39`):
    /// their addresses change from run to run (address-space layout randomisation), and a report must not.
    static func withoutStackFrames(_ text: String) -> String {
        var dropped = 0
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 3, fields[0].allSatisfy(\.isNumber), fields[2].hasPrefix("0x") {
                dropped += 1
            } else {
                lines.append(line)
            }
        }
        guard dropped > 0 else { return text }
        return lines.joined(separator: "\n") + "[\(dropped) stack frames left out: their addresses change from run to run]\n"
    }

    /// One harness run: scratch folder, launch, strict decode.
    ///
    /// - Parameters:
    ///   - wallSeconds: this run's wall-clock limit when tighter than the launcher's (what is left of the budget).
    ///   - started: called with the run's process ID once it runs.
    static func runOne(
        _ request: HarnessRequest, _ executable: URL, toolchain: SourceToolchain, wallSeconds: Double? = nil,
        started: (@Sendable (Int32) -> Void)? = nil
    ) -> Result<HarnessAnswer, SourceFailureBox> {
        // In the cache, unless the sandbox's unprivileged user could not reach it there (a cache under /root).
        let base =
            toolchain.launcher.canUseScratch(in: toolchain.cacheFolder)
            ? toolchain.cacheFolder : FileManager.default.temporaryDirectory
        let scratch = base.appendingPathComponent("run-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            // Stream by stream: the harness sees stream k + 1 only once its answer to stream k is out.
            var run = try toolchain.launcher.run(
                executable: executable, input: request.bytes, pacing: request.pacing, scratch: scratch,
                wallSeconds: wallSeconds, started: started)
            // No machine path in a report: the scratch folder is shown as scratch/, the cache as cache/.
            run.diagnostics = withoutStackFrames(
                run.diagnostics.replacingOccurrences(of: scratch.standardizedFileURL.path, with: "scratch")
                    .replacingOccurrences(of: toolchain.cacheFolder.standardizedFileURL.path, with: "cache"))
            if let failure = SourceFailure.of(run, limits: toolchain.launcher) { return .failure(SourceFailureBox(failure)) }
            do {
                return .success(try HarnessWire.decodeAnswer(run.output, streams: request.streams))
            } catch {
                return .failure(
                    SourceFailureBox(
                        SourceFailure(outcome: "protocol error", summary: error.description, diagnostics: run.diagnostics)))
            }
        } catch {
            var failure = SourceFailureBox(SourceFailure(outcome: "grader error", summary: "\(error)", diagnostics: ""))
            if case .graderDisk = error as? SourceSubmissionError {
                failure.graderDisk = error as? SourceSubmissionError
            } else if let (text, full) = SourceSubmissionError.diskProblem(error) {
                failure.graderDisk = .graderDisk("cannot create a scratch folder in \(base.path): \(text)", full: full)
            }
            return .failure(failure)
        }
    }
}

/// A ``SourceFailure`` as an `Error` (for `Result`).
struct SourceFailureBox: Error {
    let failure: SourceFailure
    /// The grader's own disk failed (not the team's outcome: the grade stops).
    var graderDisk: SourceSubmissionError?
    init(_ f: SourceFailure) { failure = f }
}

extension SourceAnswers {
    /// Stores one visit's in-range intervals [enter, exit) of place 0 from the harness's in-range changes, at
    /// the times of the fixes they happened on (exit +∞ when the visit ends inside).
    mutating func storeInside(_ answer: HarnessStreamAnswer, fixTimes: [Double], trial: Int, suite: Int) {
        guard case .location(let events) = answer else { return }
        var intervals: [(start: Double, end: Double)] = []
        var openedAt: Double?
        for e in events where e.place == 0 {
            if e.enter {
                openedAt = fixTimes[e.fix]
            } else if let start = openedAt {
                intervals.append((start, fixTimes[e.fix]))
                openedAt = nil
            }
        }
        if let start = openedAt { intervals.append((start, .infinity)) }
        inside[suite, default: [:]][trial] = intervals
    }
}

/// A value behind a lock, for the worker threads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    func update(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}

extension SourceToolchain {
    /// The toolchain `grade` uses: harnesses in the sandbox found on this machine (bubblewrap, else namespaces and
    /// prlimit) with the harness limits, and each team's compile in it too when it is bubblewrap; a machine with
    /// neither throws, and no team code runs.
    package static func forGrading() throws(SourceSubmissionError) -> SourceToolchain {
        let sandbox = try Sandbox.detect()
        return try locate(launcher: .sandboxed(sandbox), compileSandbox: sandbox.canRunTools ? sandbox : nil)
    }
}

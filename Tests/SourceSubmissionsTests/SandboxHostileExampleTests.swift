import Foundation
import Testing

@testable import SourceSubmissions

// MARK: - The shipped hostile source submissions, compiled and run in the sandbox

/// Compiles the hostile examples of `Scenarios/submissions/` through `SubmissionCompiler` (optimised, as grading
/// compiles; two compilers at once) against the real DetectionCore and SensorShims, each with a small harness
/// `main.swift` written here that feeds 180 raw readings at 60 Hz (1 g at rest, 3 g at samples 60, 66, 72, 150,
/// 156 and 162) and prints the samples where the team's detector fires; then runs each in the sandbox.
///
/// The real grading harness and its wire format are the grader's (issue 16a); this one needs only
/// `ShakeDetecting`. The libraries are cached by content in the temporary folder, so only the first run pays for
/// compiling DetectionCore.
@Suite(
    "Sandbox hostile examples",
    .enabled(
        if: SandboxTestPrograms.sandbox != nil && SubmissionCompiler.swiftcOnPath() != nil,
        "needs swiftc and a working bubblewrap or unshare"))
struct SandboxHostileExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let submissions = root.appendingPathComponent("Scenarios/submissions")
    static let teams = [
        "source-compile-error", "source-infinite-loop", "source-unbounded-allocation", "source-crash",
        "source-file-and-network",
    ]

    /// The harness: a fresh detector, the readings, the indices where it fired.
    static func harnessMain(_ type: String) -> String {
        """
        import DetectionCore

        var detector = \(type)()
        var fired: [String] = []
        let hard: Set<Int> = [60, 66, 72, 150, 156, 162]
        for index in 0..<180 {
            let sample = AccelerationSample(
                timestampSeconds: Double(index) / 60, x: 0, y: 0, z: hard.contains(index) ? 3 : 1)
            if detector.consume(sample) { fired.append(String(index)) }
        }
        print(fired.joined(separator: " "))
        """
    }

    /// Each team's `source.shakeDetector`, read from its `submission.json`.
    static func detectorType(_ team: String) throws -> String {
        let data = try Data(contentsOf: submissions.appendingPathComponent(team).appendingPathComponent("submission.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let source = try #require(object["source"] as? [String: Any])
        return try #require(source["shakeDetector"] as? String)
    }

    /// Compiles every team (two at once) and runs each built one in the sandbox, keyed by team.
    static let results: Result<[String: (CompileOutcome, SandboxRun?)], any Error> = Result {
        let compiler = try SandboxTestPrograms.compiler(root: root)
        let libraries = try compiler.prepareLibraries()
        let requests = try teams.map { team in
            SubmissionCompiler.HarnessRequest(
                teamFolder: submissions.appendingPathComponent(team), harnessMain: harnessMain(try detectorType(team)))
        }
        let outcomes = compiler.compileHarnesses(requests, libraries: libraries, jobs: 2)
        let sandbox = try #require(SandboxTestPrograms.sandbox)
        let limits = SandboxLimits(
            cpuSeconds: 2, memoryBytes: 512 << 20, wallSeconds: 60, outputBytes: 1 << 20, fileBytes: 1 << 20)
        var results: [String: (CompileOutcome, SandboxRun?)] = [:]
        var snoopingExecutable: URL?
        for (team, outcome) in zip(teams, outcomes) {
            let compiled = try outcome.get()
            guard case .built(let executable, _) = compiled else {
                results[team] = (compiled, nil)
                continue
            }
            if team == "source-file-and-network" { snoopingExecutable = executable }
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
                "sensorbench-hostile-\(team)-\(UInt64.random(in: 0...UInt64.max))")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: scratch) }
            results[team] = (
                compiled,
                try sandbox.run(executable: executable, arguments: [], input: [], scratch: scratch, limits: limits)
            )
        }
        // The control: the namespace fallback runs as nobody, who may read /etc/hostname (mode 0644).
        if let fallback = SandboxTestPrograms.namespaces, let snoopingExecutable {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
                "sensorbench-hostile-control-\(UInt64.random(in: 0...UInt64.max))")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: scratch) }
            let run = try fallback.run(
                executable: snoopingExecutable, arguments: [], input: [], scratch: scratch, limits: limits)
            results["control"] = (.built(executable: snoopingExecutable, reusedFromCache: true), run)
        }
        return results
    }

    func result(_ team: String) throws -> (CompileOutcome, SandboxRun?) {
        let all = try Self.results.get()
        return try #require(all[team], "no result for \(team)")
    }

    func run(_ team: String) throws -> SandboxRun {
        let (outcome, run) = try result(team)
        return try #require(run, "\(team) did not build: \(outcome)")
    }

    @Test func compileErrorIsTheCompilersLine() throws {
        let (outcome, _) = try result("source-compile-error")
        guard case .compileError(let text) = outcome else {
            Issue.record("built: \(outcome)")
            return
        }
        #expect(text.contains("CompileErrorShakeDetector.swift:17:"))
        #expect(text.contains("error: cannot find 'CMPedometer' in scope"))
        #expect(!text.contains(Self.root.path))
    }

    @Test func infiniteLoopReachesALimit() throws {
        let run = try run("source-infinite-loop")
        #expect(run.outcome == .cpuLimit || run.outcome == .wallTimeout, "\(run.outcome)")
    }

    @Test func unboundedAllocationReachesTheMemoryLimit() throws {
        let run = try run("source-unbounded-allocation")
        #expect(run.outcome == .memoryLimit, "\(run.outcome): \(run.diagnostics.prefix(300))")
    }

    @Test func offByOneCrashes() throws {
        let run = try run("source-crash")
        // Swift's trap: SIGILL (ud2) on x86-64, SIGTRAP (brk) on ARM.
        #expect(run.outcome == .crashed(signal: 4) || run.outcome == .crashed(signal: 5), "\(run.outcome)")
        // Optimised code inlines the bounds check as a bare trap: no "Index out of range" message survives.
        #expect(!run.diagnostics.contains("escaped"))
    }

    /// The detector's own events, worked out by hand: 3 g ≥ 2.5 g at samples 60, 66, 72 (t = 1.0, 1.1, 1.2 s,
    /// within 2 s) fire at 72; quiet until 2.2 s; 150, 156, 162 (2.5 to 2.7 s) fire at 162. Had any access
    /// succeeded it would fire on all 180 samples and say so on standard error.
    @Test func fileAndNetworkAccessAllFail() throws {
        let run = try run("source-file-and-network")
        #expect(run.outcome == .exited(status: 0), "\(run.outcome): \(run.diagnostics)")
        #expect(String(decoding: run.output, as: UTF8.self) == "72 162\n")
        #expect(!run.diagnostics.contains("escaped"), "\(run.diagnostics)")
        let folder = Self.submissions.appendingPathComponent("source-file-and-network")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("escaped-from-sandbox.txt").path))
        #expect(!FileManager.default.fileExists(atPath: "/escaped-from-sandbox.txt"))
    }

    /// The same harness under the namespace fallback, which leaves world-readable files readable: the snooping
    /// succeeds and shows, so the test above would see a sandbox that did not hold.
    @Test(.enabled(if: SandboxTestPrograms.namespaces != nil, "needs a working unshare"))
    func fileAndNetworkSnoopingShowsWhereASandboxLetsItThrough() throws {
        let run = try run("control")
        #expect(run.outcome == .exited(status: 0), "\(run.outcome): \(run.diagnostics)")
        #expect(String(decoding: run.output, as: UTF8.self) == (0..<180).map(String.init).joined(separator: " ") + "\n")
        #expect(run.diagnostics.contains("escaped: read /etc/hostname"))
        // Network and the grader's folders stay out of reach there too.
        #expect(!run.diagnostics.contains("connected") && !run.diagnostics.contains("wrote"), "\(run.diagnostics)")
    }
}

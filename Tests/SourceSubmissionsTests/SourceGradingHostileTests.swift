import Foundation
import MonteCarlo
import Testing

@testable import Grading
@testable import SourceSubmissions

// MARK: - The shipped hostile examples graded through `grade`'s path, in the sandbox

/// The five hostile teams of `Scenarios/submissions/` (their Swift files as shipped, their metadata rewritten for the
/// two-hall test rubric) graded beside a JSON raw-magnitude team, in the sandbox this machine has, with the CPU limit
/// lowered to 2 s so the infinite loop ends quickly and the address space to 512 MiB. Each gets its documented outcome
/// (the comment at the top of its detector file), the snooping team is graded on exactly the events of the JSON team of
/// its detector (raw magnitude, 2.5 g, 3 hits in 2 s, 1 s cooldown: so none of its accesses succeeded, or it would fire
/// on every reading), the JSON team is graded normally, and no file appears outside the scratch folders.
@Suite(
    .serialized,
    .enabled(
        if: SourceFixture.toolchain != nil && (try? Sandbox.detect()) != nil,
        "needs swiftc and a working bubblewrap or unshare"))
struct SourceGradingHostileTests {
    static let hostile = [
        "source-compile-error", "source-crash", "source-file-and-network", "source-infinite-loop",
        "source-unbounded-allocation",
    ]

    /// The shipped folder's Swift files and `source` object, with the test rubric's halls.
    static func team(_ name: String) throws -> (submission: String, files: [String: String]) {
        let folder = SourceFixture.repository.appendingPathComponent("Scenarios/submissions/\(name)")
        var files: [String: String] = [:]
        for f in try SubmissionCompiler.swiftFilesRelative(in: folder) {
            files[f] = try String(contentsOf: folder.appendingPathComponent(f), encoding: .utf8)
        }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("submission.json")))
        let source = try #require((json as? [String: Any])?["source"] as? [String: String])
        let type = try #require(source["shakeDetector"])
        let submission = """
            {"team": "\(name)", "gesture": "shake", "source": {"shakeDetector": "\(type)"},
             "proximityCheck": {"kind": "naive", "radiusMeters": 50}, \(SourceFixture.halls)}
            """
        return (submission, files)
    }

    @Test func eachHostileTeamGetsItsOutcomeAndTheOthersAreGraded() throws {
        let sandbox = try Sandbox.detect()
        var toolchain = try #require(SourceFixture.toolchain)
        // 512 MiB of address space, as SandboxHostileExampleTests: the doubling window then fails after about 26
        // readings, well inside the 2 CPU seconds even on a loaded machine (with the default 2 GiB it reached the
        // CPU limit first once, under four concurrent builds).
        toolchain.launcher = .sandboxed(sandbox, limits: SandboxLimits(cpuSeconds: 2, memoryBytes: 512 << 20, wallSeconds: 30))
        var sources: [String: (submission: String, files: [String: String])] = [:]
        for name in Self.hostile { sources[name] = try Self.team(name) }
        let folder = try SourceFixture.folder(
            json: [
                "json-raw.json": SourceFixture.jsonRawTeam
            ], sources: sources)
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Self.listing(folder)
        let rubric = try Rubric.load(path: folder.appendingPathComponent("rubric.json").path)
        let (subs, failures) = Grader.load(
            rubric, files: (["json-raw.json"] + Self.hostile).map { folder.appendingPathComponent($0).path })
        #expect(failures.isEmpty)
        let grades = try Grader.grade(rubric, submissions: subs, runner: MonteCarloRunner(jobs: 2), toolchain: toolchain)
        let byTeam = Dictionary(uniqueKeysWithValues: grades.map { ($0.submission.team, $0) })
        let json = try #require(byTeam["json-raw"])
        #expect(json.source == nil && json.results.allSatisfy { $0.verdict != .notMeasurable })

        #expect(byTeam["source-compile-error"]?.source?.failure?.outcome == "compile error")
        #expect(byTeam["source-compile-error"]?.source?.failure?.diagnostics.contains("cannot find 'CMPedometer'") == true)
        #expect(byTeam["source-crash"]?.source?.failure?.outcome == "crash")
        let loop = byTeam["source-infinite-loop"]?.source?.failure?.outcome
        #expect(loop == "time limit", "\(String(describing: loop))")
        #expect(byTeam["source-unbounded-allocation"]?.source?.failure?.outcome == "memory limit")
        let snoop = try #require(byTeam["source-file-and-network"])
        #expect(snoop.source?.failure == nil, "\(String(describing: snoop.source?.failure))")
        #expect(snoop.outcomes == json.outcomes)
        for name in Self.hostile where name != "source-file-and-network" {
            let g = try #require(byTeam[name])
            #expect(g.results[0].verdict == .notMeasurable && g.results[1].verdict == .pass, "\(name)")
        }
        // Nothing new beside the submissions (the snooping team tried its own folder) nor at the root.
        #expect(try Self.listing(folder) == before)
        #expect(!FileManager.default.fileExists(atPath: "/escaped-from-sandbox.txt"))
    }

    /// Every path below `folder`, sorted.
    static func listing(_ folder: URL) throws -> [String] {
        let e = FileManager.default.enumerator(atPath: folder.path)
        var out: [String] = []
        while let p = e?.nextObject() as? String { out.append(p) }
        return out.sorted()
    }
}

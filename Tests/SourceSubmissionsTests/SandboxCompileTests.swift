import Foundation
import Testing

@testable import SourceSubmissions

// MARK: - swiftc itself in the sandbox

/// The compile step contained (`SubmissionCompiler.compileSandbox`): a team's compile error is still the
/// compiler's line, and a good team still builds a harness that runs. The harness `main.swift` carries a comment
/// of its own, so its cache entry is not the one `SandboxHostileExampleTests` builds unsandboxed; the entry is
/// removed afterwards.
@Suite(
    "Sandbox compile",
    .enabled(
        if: SandboxTestPrograms.sandbox?.canRunTools == true && SubmissionCompiler.swiftcOnPath() != nil,
        "needs swiftc and bubblewrap"))
struct SandboxCompileTests {
    @Test func compilerRunsContained() throws {
        let root = SandboxHostileExampleTests.root
        let sandbox = try #require(SandboxTestPrograms.sandbox)
        var compiler = try SandboxTestPrograms.compiler(root: root)
        let libraries = try compiler.prepareLibraries()
        compiler.compileSandbox = sandbox
        let nonce = UInt64.random(in: 0...UInt64.max)
        func request(_ team: String) throws -> SubmissionCompiler.HarnessRequest {
            let main =
                "// compiled in the sandbox, \(nonce)\n"
                + SandboxHostileExampleTests.harnessMain(try SandboxHostileExampleTests.detectorType(team))
            return .init(teamFolder: SandboxHostileExampleTests.submissions.appendingPathComponent(team), harnessMain: main)
        }
        let outcomes = compiler.compileHarnesses(
            [try request("source-compile-error"), try request("source-file-and-network")], libraries: libraries, jobs: 2)
        guard case .success(.compileError(let text)) = outcomes[0] else {
            Issue.record("compile error: \(outcomes[0])")
            return
        }
        #expect(text.contains("CompileErrorShakeDetector.swift:17:") && text.contains("cannot find 'CMPedometer'"))
        guard case .success(.built(let executable, false)) = outcomes[1] else {
            Issue.record("file-and-network: \(outcomes[1])")
            return
        }
        defer { try? FileManager.default.removeItem(at: executable.deletingLastPathComponent()) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sensorbench-compiled-contained-\(nonce)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try sandbox.run(
            executable: executable, arguments: [], input: [], scratch: scratch,
            limits: SandboxLimits(cpuSeconds: 10, memoryBytes: 512 << 20, wallSeconds: 60))
        #expect(run.outcome == .exited(status: 0))
        #expect(run.output == Array("72 162\n".utf8))
    }
}

import Foundation
import Testing

@testable import SourceSubmissions

// MARK: - The source-submission benchmark does what it says (its times are measured by `bench`, not here)

/// Runs `SourceBenchmark.measure` on 2 variants of the team-style shake detector of the SensorShims tests (the
/// raw-magnitude rule: 2.5 g on 3 readings within 2 s, then 1 s of quiet), with the libraries from the test cache.
/// Checks what it reports, not how fast: every variant compiles and runs, all give the same events, and the
/// events are the 20 shakes of the fixed input (10 minutes, one shake every 30 s: 600 s / 30 s). With
/// `SENSORBENCH_SOURCE_BENCH_COUNT=N` it measures N variants and prints the figures (how the notes' figures were
/// made).
@Suite(
    "Sandbox source benchmark",
    .enabled(
        if: SandboxTestPrograms.sandbox != nil && SubmissionCompiler.swiftcOnPath() != nil,
        "needs swiftc and a working bubblewrap or unshare"))
struct SandboxSourceBenchmarkTests {
    @Test func measuresDistinctSubmissionsThatAllRun() throws {
        let root = SandboxHostileExampleTests.root
        let count = Int(ProcessInfo.processInfo.environment["SENSORBENCH_SOURCE_BENCH_COUNT"] ?? "") ?? 2
        let jobs = Int(ProcessInfo.processInfo.environment["SENSORBENCH_SOURCE_BENCH_JOBS"] ?? "") ?? 2
        let compiler = try SandboxTestPrograms.compiler(root: root)
        let figures = try SourceBenchmark.measure(
            compiler: compiler, template: root.appendingPathComponent("Tests/SensorShimsTests"),
            files: ["TeamShakeDetector.swift", "TeamShakeDetector+Protocol.swift"], typeName: "TeamShakeDetector",
            count: count, jobs: jobs, sandbox: try #require(SandboxTestPrograms.sandbox),
            workFolder: FileManager.default.temporaryDirectory.appendingPathComponent(
                "sensorbench-source-bench-\(UInt64.random(in: 0...UInt64.max))"))
        #expect(figures.failures.isEmpty, "\(figures.failures)")
        #expect(figures.submissions == count)
        #expect(figures.samplesPerRun == 36_000)
        #expect(figures.eventsPerRun == 20)
        #expect(figures.identicalEvents)
        #expect(figures.rows.count == 4)
        if ProcessInfo.processInfo.environment["SENSORBENCH_SOURCE_BENCH_COUNT"] != nil {
            print(figures.rows.joined(separator: "\n"))
        }
    }
}

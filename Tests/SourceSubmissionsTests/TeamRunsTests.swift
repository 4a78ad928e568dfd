import Foundation
import Testing

@testable import Grading
@testable import SourceSubmissions

// MARK: - Harness runs in parallel, a budget per team, the others unaffected

/// ``TeamRuns`` with shell scripts for harnesses (no compile): each answers an empty request (no streams) with the
/// wire format's shortest answer, `SBHA`, version 2, the output record (0 lines, 0 bytes, three 0 intervals), the
/// end marker and a stream count of 0 (4 + 4 + 1 + 4 + 4 + 24 + 1 + 4 = 46 bytes), after its own delay.
@Suite(.serialized) struct TeamRunsTests {
    /// The 46-byte answer as `printf` octal escapes.
    static let answer: String = {
        var bytes = Array("SBHA".utf8)
        bytes.append(u32: 2)
        bytes.append(0x40)
        bytes.append(u32: 0)
        bytes.append(u32: 0)
        for _ in 0..<3 { bytes.append(f64: 0) }
        bytes.append(0xFF)
        bytes.append(u32: 0)
        return bytes.map { String(format: "\\%03o", $0) }.joined()
    }()

    /// A folder with one script per team: `sleep <delay>`, append "<team> <time>" to `log`, print the answer.
    static func scripts(_ delays: [Double], log: URL) throws -> (folder: URL, executables: [URL]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-teamruns-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var executables: [URL] = []
        for (i, delay) in delays.enumerated() {
            let script = folder.appendingPathComponent("team-\(i)")
            try """
            #!/bin/sh
            cat > /dev/null
            sleep \(delay)
            echo "\(i) $(date +%s.%N)" >> '\(log.path)'
            printf '\(answer)'

            """.write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            executables.append(script)
        }
        return (folder, executables)
    }

    static func toolchain(_ folder: URL) -> SourceToolchain {
        SourceToolchain(
            swiftc: URL(fileURLWithPath: "/bin/true"), repository: folder, cacheFolder: folder,
            launcher: .unsandboxed(wallSeconds: 60))
    }

    static func plans(_ runs: [Int]) -> [[PlannedRun]] {
        var request = HarnessRequest()
        request.finish()
        let run = PlannedRun(request: request) { _, _ in }
        return runs.map { Array(repeating: run, count: $0) }
    }

    /// Budget 3 s: the slow team's runs take 2 s each, so its second run gets the 1 s left and is stopped there:
    /// "over time budget" after one answer. The three quick teams answer all three runs each, with no failure,
    /// and the same with 1 slot as with 4.
    @Test func aTeamPastItsBudgetStopsAndTheOthersAreUnaffected() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("sb-teamruns-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let (folder, executables) = try Self.scripts([0, 0, 2, 0], log: log)
        defer { try? FileManager.default.removeItem(at: folder) }
        var outcomes: [[String]] = []
        for jobs in [1, 4] {
            let results = TeamRuns.run(
                Self.plans([3, 3, 3, 3]), executables: executables, toolchain: Self.toolchain(folder), jobs: jobs,
                budgetSeconds: 3)
            #expect(results.map(\.answers.count) == [3, 3, 1, 3], "jobs \(jobs)")
            #expect(results[2].failure?.outcome == "over time budget")
            #expect(results[2].failure?.summary.contains("budget of 3 s") == true)
            outcomes.append(results.map { $0.failure?.outcome ?? "ran" })
        }
        #expect(outcomes[0] == outcomes[1])
    }

    /// One slot, a team whose first run sleeps 10 s, three quick teams of three runs each: the sleeper uses no
    /// CPU, so after two idle one-second ticks its slot goes to the others, and all nine quick runs end before
    /// the sleeper does (with its slot held they would all wait the 10 s). The log holds each run's end time.
    @Test func aWaitingRunGivesItsSlotBack() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("sb-teamruns-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let (folder, executables) = try Self.scripts([10, 0, 0, 0], log: log)
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = TeamRuns.run(
            Self.plans([1, 3, 3, 3]), executables: executables, toolchain: Self.toolchain(folder), jobs: 1,
            budgetSeconds: 60)
        #expect(results.map(\.answers.count) == [1, 3, 3, 3])
        #expect(results.allSatisfy { $0.failure == nil })
        let ends = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").compactMap { line -> (Int, Double)? in
            let f = line.split(separator: " ")
            guard f.count == 2, let team = Int(f[0]), let t = Double(f[1]) else { return nil }
            return (team, t)
        }
        #expect(ends.count == 10)
        let sleeperEnd = try #require(ends.first { $0.0 == 0 }?.1)
        let quickEnd = try #require(ends.filter { $0.0 != 0 }.map(\.1).max())
        #expect(quickEnd < sleeperEnd, "quick runs ended \(sleeperEnd - quickEnd) s before the sleeper")
    }

    /// A team with nothing planned or no executable is not run; its result is empty.
    @Test func teamsWithoutRunsAreLeftAlone() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("sb-teamruns-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let (folder, executables) = try Self.scripts([0, 0], log: log)
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = TeamRuns.run(
            Self.plans([0, 2]), executables: [executables[0], nil], toolchain: Self.toolchain(folder),
            jobs: 2, budgetSeconds: 10)
        #expect(results.map(\.answers.count) == [0, 0])
        #expect(results.allSatisfy { $0.failure == nil })
    }
}

import Foundation
import Testing

@testable import SourceSubmissions

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - The team's memory together, in a control group

/// Issue 29: memory was capped per process only (three children held 2.2 GB). Where the grader may make a control
/// group (`TeamCgroup.hierarchy`), a run whose limits give `teamMemoryCapBytes` runs in one of its own. On the
/// machine this was written on (cgroup v1 hybrid: `memory` and `pids` under `/sys/fs/cgroup`, v2 with only
/// `hugetlb`), that is the v1 path.
@Suite(
    "Team control group",
    .enabled(
        if: SandboxTestPrograms.available && TeamCgroup.hierarchy != nil,
        "needs gcc, a working sandbox and a control group hierarchy the grader may make groups in"))
struct TeamCgroupTests {
    let sandbox = SandboxTestPrograms.sandbox!
    let probe = SandboxTestPrograms.probe!

    /// Three children each allocate and touch 400 MiB under a 512 MiB team cap (1 GiB of address space each, so
    /// `RLIMIT_AS` alone would let all three hold theirs: 1200 MiB). Each holds its 400 MiB for 5 s after touching
    /// it, far longer than touching takes, so two cannot hold theirs at once (800 MiB > 512 MiB): the kernel kills
    /// at least two of the three (SIGKILL), the run's outcome is `.memoryLimit`, and the group is gone after.
    @Test func threeChildrenPastTheTeamCapAreStopped() throws {
        let (root, scratch, _) = try SandboxTestPrograms.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let limits = SandboxLimits(
            cpuSeconds: 30, memoryBytes: 1 << 30, wallSeconds: 120, outputBytes: 1 << 20, fileBytes: 1 << 20,
            processes: 4, teamMemoryCapBytes: 512 << 20)
        let run = try sandbox.run(
            executable: probe, arguments: ["touch", "3", "400"], input: [], scratch: scratch, limits: limits)
        let said = String(decoding: run.output, as: UTF8.self)
        #expect(run.outcome == .memoryLimit, "\(run.outcome): \(said) \(run.diagnostics)")
        let fields = Dictionary(
            uniqueKeysWithValues: said.trimmingCharacters(in: .newlines).split(separator: " ").compactMap { field in
                let parts = field.split(separator: "=")
                return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? -1) : nil
            })
        #expect(fields["children"] == 3, "\(said)")
        #expect((fields["killed"] ?? 0) >= 2, "\(said)")
        let folders = try #require(run.controlGroup)
        #expect(!folders.isEmpty)
        for folder in folders {
            #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) left behind")
        }
    }

    /// The same three children without a cap (the fallback's bound, 4 × 1 GiB) all hold their 400 MiB: the
    /// control for the test above (this machine has the memory: 1200 MiB).
    @Test func withoutTheCapAllThreeHoldTheirs() throws {
        let (root, scratch, _) = try SandboxTestPrograms.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let limits = SandboxLimits(
            cpuSeconds: 30, memoryBytes: 1 << 30, wallSeconds: 120, outputBytes: 1 << 20, fileBytes: 1 << 20,
            processes: 4)
        let run = try sandbox.run(
            executable: probe, arguments: ["touch", "3", "400"], input: [], scratch: scratch, limits: limits)
        #expect(run.outcome == .exited(status: 0), "\(run.diagnostics)")
        #expect(String(decoding: run.output, as: UTF8.self) == "children=3 held=3 killed=0\n")
        #expect(run.controlGroup == nil)
    }

    /// The files a run's group is made of: the cap written where the kernel reads it, and the group removed.
    @Test func groupHoldsItsCaps() throws {
        let hierarchy = try #require(TeamCgroup.hierarchy)
        let group = try TeamCgroup.make(in: hierarchy, memoryBytes: 512 << 20, processes: 6)
        defer { group.remove() }
        func read(_ path: String) -> String {
            ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        switch hierarchy {
        case .v2:
            #expect(read(group.folders[0] + "/memory.max") == "536870912")
            #expect(read(group.folders[0] + "/pids.max") == "6")
        case .v1:
            #expect(read(group.folders[0] + "/memory.limit_in_bytes") == "536870912")
            #expect(read(group.folders[1] + "/pids.max") == "6")
        }
        #expect(group.outOfMemoryKills == 0)
        #expect(group.remove())
        for folder in group.folders { #expect(!FileManager.default.fileExists(atPath: folder)) }
    }
}

// MARK: - Resource limits of one sandboxed run

/// The resources one sandboxed program may use; past any of them it is stopped and the run's outcome says which.
package struct SandboxLimits: Sendable, Equatable {
    /// CPU time, seconds (`RLIMIT_CPU`: SIGXCPU at this, SIGKILL one second later).
    package var cpuSeconds: Int
    /// Address space, bytes (`RLIMIT_AS`): an allocation past it fails inside the program.
    package var memoryBytes: UInt64
    /// Wall-clock time, seconds: the whole sandbox (every process in it) is killed with SIGKILL after this.
    package var wallSeconds: Double
    /// Standard output, bytes: past this the sandbox is killed and the outcome is `.outputLimit`.
    package var outputBytes: Int
    /// Largest file the program may write (`RLIMIT_FSIZE`), bytes; also the size of the sandbox's private `/tmp`.
    package var fileBytes: UInt64
    /// Processes and threads the team may have at once, the program itself included (`RLIMIT_NPROC`, counted for
    /// the sandbox's own host user, see ``Sandbox``): a `fork` or thread past it fails with `EAGAIN`.
    package var processes: Int

    /// The team's total memory, bytes, held by a control group of the run's own where this machine lets the
    /// grader make one (``TeamCgroup``: cgroup v2, else v1's memory and pids hierarchies), with the team's tasks
    /// capped there too; nil: no group, only `teamMemoryBytes`. Past it the kernel kills a process of the team and
    /// the run's outcome is `.memoryLimit`.
    package var teamMemoryCapBytes: UInt64?

    /// The team's total memory where no memory cgroup can be made for it: every process of the team is held to
    /// `memoryBytes` of address space and there are at most `processes` of them, so together they hold at most
    /// `processes × memoryBytes` (8 GiB with the harness limits). `RLIMIT_AS` bounds what a process may map, so
    /// this bounds the resident memory too.
    package var teamMemoryBytes: UInt64 { UInt64(max(1, processes)) * memoryBytes }

    /// Limits.
    ///
    /// - Parameters:
    ///   - cpuSeconds: CPU seconds. Default 60.
    ///   - memoryBytes: address-space bytes. Default 2 GiB.
    ///   - wallSeconds: wall-clock seconds. Default 180.
    ///   - outputBytes: standard-output bytes. Default 64 MiB.
    ///   - fileBytes: largest file, bytes. Default 64 MiB.
    ///   - processes: processes and threads of the team at once, the program included. Default 4.
    ///   - teamMemoryCapBytes: the team's memory together, where a control group can be made. Default nil (none).
    package init(
        cpuSeconds: Int = 60, memoryBytes: UInt64 = 2 << 30, wallSeconds: Double = 180, outputBytes: Int = 64 << 20,
        fileBytes: UInt64 = 64 << 20, processes: Int = 4, teamMemoryCapBytes: UInt64? = nil
    ) {
        self.teamMemoryCapBytes = teamMemoryCapBytes
        self.cpuSeconds = cpuSeconds
        self.memoryBytes = memoryBytes
        self.wallSeconds = wallSeconds
        self.outputBytes = outputBytes
        self.fileBytes = fileBytes
        self.processes = processes
    }

    /// The limits of a grading harness: 60 CPU seconds, 2 GiB of address space, 180 s of wall clock, 64 MiB of
    /// output, 64 MiB per file. Choices, from what was measured on a two-core machine at load 12–14: a team-style
    /// detector's harness runs 36,000 readings (10 minutes at 60 Hz) in 0.25 s of wall clock (`SourceBenchmark`),
    /// so a minute of CPU is far past any honest detector on a rubric's suites, and the wall clock allows for
    /// several harnesses sharing a core; a harness's Swift runtime does not start under 64 MiB of address space
    /// and runs under 128 MiB (16 MB resident), so 2 GiB leaves the suites ample room while a blow-up stops long
    /// before the machine's memory. Four processes: a harness is one process with one thread (its detector has no
    /// use for more), and the rest leaves room for a runtime that starts a helper thread; a fork bomb stops at
    /// three children, and the team's memory at 2 GiB together where a control group can be made
    /// (``teamMemoryCapBytes``: one process's address space, so a team that splits its memory over processes gains
    /// nothing), else at 4 × 2 GiB (``teamMemoryBytes``).
    package static let harness = SandboxLimits(teamMemoryCapBytes: 2 << 30)

    /// The limits in words, for reports: "CPU 60 s, address space 2 GiB, wall clock 180 s, output 64 MiB, files 64 MiB".
    package var description: String {
        "CPU \(cpuSeconds) s, address space \(Self.bytes(memoryBytes)), wall clock \(Self.seconds(wallSeconds)) s, "
            + "output \(Self.bytes(UInt64(max(0, outputBytes)))), files \(Self.bytes(fileBytes))"
    }

    static func bytes(_ count: UInt64) -> String {
        if count >= 1 << 30 && count % (1 << 30) == 0 { return "\(count >> 30) GiB" }
        if count >= 1 << 20 && count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1 << 10 && count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
        return "\(count) bytes"
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() && value.magnitude < 1e9 ? String(Int(value)) : String(value)
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Host users for sandboxed runs when the grader is root

/// Unprivileged host user IDs, one per sandboxed run in progress, for a grader running as root.
///
/// A run's whole sandbox (bubblewrap and the team's processes) runs as its own host uid, never root and never
/// shared with another run: `RLIMIT_NPROC` counts the processes of a user, so a per-run uid makes the process cap
/// one team's alone (a fork bomb cannot take another team's forks), and a uid that owns nothing on the machine
/// can write nothing outside the scratch folder handed to it.
///
/// The IDs are `firstID + block × 1024 + slot`: `firstID` is 0x7A00_0000 (2,046,820,352), far above the ranges
/// Debian gives users (1000–59999), system services (up to 65535) and the subordinate ranges of `/etc/subuid`
/// (from 100000, 65536 each); `block` is this process's ID modulo 1024, so graders running at once on one machine
/// use distinct IDs unless their process IDs agree modulo 1024. Slots are handed out in turn, skipping one held
/// by a run in progress or still owning a process: the processes of a run that was killed are counted against
/// their uid until the kernel has reaped them, and a run given that uid at once would find its cap already used.
final class SandboxUsers: @unchecked Sendable {
    /// The first ID of the range.
    static let firstID: UInt32 = 0x7A00_0000
    /// IDs per grader process.
    static let slotsPerProcess = 1024
    /// The group of every tool run (``Sandbox/runTool(_:arguments:readOnly:workFolder:writable:limits:)``, the
    /// compiler) when the grader is root: 0x79FF_FFFF, just below the users' range. A tool run's folders to share
    /// (the module cache) belong to it; a harness run's uid never has it (its group is its own uid).
    static let toolGroupID: UInt32 = firstID - 1

    static let shared = SandboxUsers(
        base: firstID + UInt32(getpid() % 1024) * UInt32(slotsPerProcess))

    private let condition = NSCondition()
    private let base: UInt32
    private var inUse = Set<Int>()
    private var next = 0

    init(base: UInt32) { self.base = base }

    /// A uid no other run of this process holds and no process on the machine has; waits while there is none.
    func claim() -> UInt32 {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let owners = Self.processOwners()
            for step in 0..<Self.slotsPerProcess {
                let slot = (next + step) % Self.slotsPerProcess
                guard !inUse.contains(slot), !owners.contains(base + UInt32(slot)) else { continue }
                inUse.insert(slot)
                next = (slot + 1) % Self.slotsPerProcess
                return base + UInt32(slot)
            }
            _ = condition.wait(until: Date().addingTimeInterval(0.1))
        }
    }

    /// Gives back a uid from ``claim()``.
    func release(_ id: UInt32) {
        condition.lock()
        inUse.remove(Int(id - base))
        condition.broadcast()
        condition.unlock()
    }

    /// The real uids of every process on the machine (zombies included), from `/proc/<pid>/status`.
    static func processOwners() -> Set<UInt32> {
        var owners = Set<UInt32>()
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return owners }
        for entry in entries where entry.first?.isNumber == true {
            guard let status = try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Uid:") }),
                let real = line.split(whereSeparator: { $0 == "\t" || $0 == " " }).dropFirst().first,
                let uid = UInt32(real)
            else { continue }
            owners.insert(uid)
        }
        return owners
    }
}

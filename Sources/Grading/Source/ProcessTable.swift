import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - CPU time of a process and its descendants

/// A snapshot of `/proc`: every process's parent and CPU seconds (user + system, its own and its reaped
/// children's: fields 14–17 of `/proc/<pid>/stat`).
struct ProcessTable {
    var parent: [pid_t: pid_t] = [:]
    var cpuSeconds: [pid_t: Double] = [:]

    static func read() -> ProcessTable {
        var table = ProcessTable()
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard ticks > 0, let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return table }
        for entry in entries {
            guard let pid = pid_t(entry),
                let text = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = text.lastIndex(of: ")")
            else { continue }
            // After the command's ")": state, ppid, pgrp, session, tty, tpgid, flags, minflt, cminflt, majflt,
            // cmajflt, utime, stime, cutime, cstime.
            let fields = text[text.index(after: close)...].split(separator: " ")
            guard fields.count > 14, let ppid = pid_t(fields[1]) else { continue }
            let cpu = fields[11...14].compactMap { Double($0) }.reduce(0, +)
            table.parent[pid] = ppid
            table.cpuSeconds[pid] = cpu / ticks
        }
        return table
    }

    /// CPU seconds of `root` and every live descendant; nil when `root` is gone.
    func cpuSeconds(under root: pid_t) -> Double? {
        guard cpuSeconds[root] != nil else { return nil }
        var children: [pid_t: [pid_t]] = [:]
        for (pid, ppid) in parent { children[ppid, default: []].append(pid) }
        var total = 0.0
        var stack = [root]
        while let pid = stack.popLast() {
            total += cpuSeconds[pid] ?? 0
            stack += children[pid] ?? []
        }
        return total
    }
}

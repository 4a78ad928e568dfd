import Foundation

/// Peak memory of `sensorbench run` at three trial counts, each run in a child process of this binary.
extension Benchmark {
    /// Trial counts of the memory measurement: 10⁴, 10⁵ and 10⁶.
    static let memoryTrialCounts = [10_000, 100_000, 1_000_000]

    /// The cheap scenario the memory rows run: one geofence cell, a 6-second loiter 30 m from the one place
    /// (about 7 fixes a visit, one naive check), so 10⁶ visits take well under a minute of CPU. Inside the 50 m
    /// rule nearly every visit triggers, so the cell's times to trigger (one a visit) go past the 4096 kept in
    /// memory and their median and 95th percentile come from the spilled file.
    static let memoryScenario = """
        {
          "study": "geofence",
          "name": "bench-memory",
          "description": "Memory benchmark: one cell of short visits 30 m from the place, inside the 50 m rule.",
          "seed": 17,
          "trialsPerCell": 100,
          "places": "bench-places.json",
          "radiusMeters": 50,
          "movement": { "kind": "loiter", "minutes": 0.1, "wanderMeters": 3 },
          "checks": [{ "kind": "naive" }],
          "grid": { "distanceMeters": [30], "environment": ["campus"] }
        }
        """

    static let memoryPlaces = """
        { "name": "bench", "places": [{ "name": "Joe's Café", "latitude": 39.95156, "longitude": -75.19652 }] }
        """

    /// The drift scenario the memory rows run: two cells of short straight walks (0.04 and 0.06 minutes, 240 and
    /// 360 gyro samples at `phone-calibrated`'s 100 Hz), N/2 walks each, so 10⁶ walks take about a minute of CPU and
    /// the duration regressions have two durations to fit. Beyond 4096 walks a cell is capped (``DriftStream``): its
    /// moments are summed, |drift| spilled for exact quantiles, every walk's row written to the regressions' row
    /// file (read five times per fitted model), and `trials.csv` streamed.
    static let driftMemoryScenario = """
        {
          "study": "drift",
          "name": "bench-drift-memory",
          "description": "Memory benchmark: two cells of short straight walks.",
          "seed": 17,
          "trialsPerCell": 100,
          "profile": "phone-calibrated",
          "grid": { "minutes": [0.04, 0.06], "turns": [0] }
        }
        """

    /// One study's memory measurement: the scenario file (and what it reads beside it), and how its trials are named.
    struct MemoryCase {
        let scenario: String
        let files: [(name: String, contents: String)]
        let trialsNoun: String
        /// Added to the ratio row's label after what was measured ("" or " (drift)").
        let label: String
        /// Whether the shards and their merge are measured too.
        let shards: Bool
        /// Grid cells: `--trials` is N ÷ cells, so the run has N trials in all.
        let cells: Int
    }

    static let memoryCases = [
        MemoryCase(
            scenario: "bench-memory.json",
            files: [("bench-memory.json", memoryScenario), ("bench-places.json", memoryPlaces)],
            trialsNoun: "geofence visits", label: "", shards: true, cells: 1),
        MemoryCase(
            scenario: "bench-drift-memory.json", files: [("bench-drift-memory.json", driftMemoryScenario)],
            trialsNoun: "drift walks", label: " (drift)", shards: false, cells: 2),
    ]

    /// One measured child run. The child's own peak lies in `lowMB...highMB`; see ``childPeak(_:_:)``.
    struct MemoryFigure {
        let trials: Int
        let lowMB: Double
        let highMB: Double
        let seconds: Double
        var exact: Bool { highMB == lowMB }
    }

    /// This process's current resident set (`VmRSS` of /proc/self/status), MB; 0 when unreadable.
    static func residentMB() -> Double { statusMB("/proc/self/status", "VmRSS:") ?? 0 }

    /// The value of a kB line (`VmHWM:`, `VmRSS:`) of a /proc status file, MB; nil when absent.
    static func statusMB(_ path: String, _ key: String) -> Double? {
        guard let status = try? String(contentsOfFile: path, encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key) }),
            let kB = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return nil }
        return kB / 1024
    }

    /// Lowers this process's high-water mark to its current resident set before a child is started (see
    /// ``childPeak(_:_:)``): unused heap is returned first (`malloc_trim`), then the mark reset (`5` to
    /// /proc/self/clear_refs, Linux ≥ 4.0).
    static func lowerHighWaterMark() {
        typealias Trim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
        let fd = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        if fd >= 0 {
            _ = write(fd, "5", 1)
            close(fd)
        }
    }

    /// Runs `sensorbench run <scenario> --trials N --quiet --jobs J` in a child process for each case of
    /// ``memoryCases`` and each count in ``memoryTrialCounts`` (its report into a temporary folder, removed
    /// afterwards), so the peaks of the runs never mix; for a case with ``MemoryCase/shards``, then the same trials
    /// as `--shard 1/2` and `--shard 2/2`, and `merge` of the two parts.
    ///
    /// - Returns: for each case, for the whole run (and the shards and the merge): one row per trial count, then the
    ///   ratio largest ÷ smallest peak (target ≤ 1.10), an upper bound when a peak is known only within bounds.
    static func memoryRows(jobs: Int) throws -> [Row] {
        try memoryCases.flatMap { try memoryRows($0, jobs: jobs) }
    }

    static func memoryRows(_ c: MemoryCase, jobs: Int) throws -> [Row] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sensorbench-bench-memory-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in c.files {
            try file.contents.write(to: folder.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
        }
        let scenario = folder.appendingPathComponent(c.scenario)
        let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var figures: [MemoryFigure] = []
        var shardFigures: [MemoryFigure] = []
        var mergeFigures: [MemoryFigure] = []
        func measure(_ trials: Int, _ arguments: [String]) throws -> MemoryFigure {
            let start = now()
            let peak = try childPeak(binary, arguments)
            return MemoryFigure(trials: trials, lowMB: peak.low, highMB: peak.high, seconds: now() - start)
        }
        for trials in memoryTrialCounts {
            let out = folder.appendingPathComponent("out-\(trials)").path
            let run = ["run", scenario.path, "--trials", String(trials / c.cells), "--quiet", "--jobs", String(jobs)]
            figures.append(try measure(trials, run + ["--out", out]))
            try? FileManager.default.removeItem(atPath: out)
            guard c.shards else { continue }
            // The same trials in 2 shards, then their merge: the larger shard peak, and the merge's.
            let parts = folder.appendingPathComponent("parts-\(trials)").path
            let shards = try (1...2).map { k in try measure(trials, run + ["--shard", "\(k)/2", "--out", parts]) }
            shardFigures.append(
                MemoryFigure(
                    trials: trials, lowMB: shards.map(\.lowMB).max()!, highMB: shards.map(\.highMB).max()!,
                    seconds: shards.map(\.seconds).reduce(0, +)))
            let stem = (c.scenario as NSString).deletingPathExtension
            let partPaths = (1...2).map { "\(parts)/\(stem).shard-\($0)-of-2.part" }
            mergeFigures.append(try measure(trials, ["merge"] + partPaths + ["--out", out + "-merged"]))
            for path in [parts, out + "-merged"] { try? FileManager.default.removeItem(atPath: path) }
        }
        return memoryTable(figures, c, what: "`run`", jobs: "\(jobs) threads")
            + memoryTable(shardFigures, c, what: "`run --shard k/2` (larger of the 2 shards)", jobs: "\(jobs) threads")
            + memoryTable(mergeFigures, c, what: "`merge` of the 2 parts", jobs: "1 thread")
    }

    /// One row per trial count, then the ratio largest ÷ smallest peak (target ≤ 1.10), an upper bound when a
    /// peak is known only within bounds.
    static func memoryTable(_ figures: [MemoryFigure], _ c: MemoryCase, what: String, jobs: String) -> [Row] {
        func f(_ x: Double, _ d: Int) -> String { String(format: "%.\(d)f", x) }
        // One child run per count (a peak is a single reading, not a repeated timing): the figure goes in the median
        // column, the run's wall time in the best column.
        var rows = figures.map {
            Row(
                label:
                    "peak memory of \(what), \($0.trials) \(c.trialsNoun) (\(c.cells == 1 ? "one cell" : "\(c.cells) cells"), \(jobs), child process)",
                median: $0.exact
                    ? "\(f($0.highMB, 1)) MB" : $0.lowMB > 0 ? "\(f($0.lowMB, 1))–\(f($0.highMB, 1)) MB" : "at most \(f($0.highMB, 1)) MB",
                best: "(one run, \(f($0.seconds, 1)) s)")
        }
        if let high = figures.map(\.highMB).max(), let low = figures.map(\.lowMB).min(), low > 0 {
            let bound = figures.allSatisfy(\.exact) ? "" : "at most "
            rows.append(
                Row(
                    label: "peak memory of \(what)\(c.label), largest ÷ smallest of \(figures.count) trial counts",
                    median: "\(bound)\(f(high / low, 3))", best: "", target: "≤ 1.10"))
        }
        return rows
    }

    /// Spawns `binary` with `arguments` (standard output and error to /dev/null), waits for it and returns
    /// bounds on its own peak resident set, MB.
    ///
    /// The upper bound is `ru_maxrss` from `wait4`. On Linux it is also at least the spawning process's
    /// high-water mark (the child runs on this process's memory until it executes, and `execve` folds that
    /// memory's mark into the child's), so the mark is lowered to this process's resident set first
    /// (``lowerHighWaterMark()``); when `ru_maxrss` is still no more than 0.5 MB above that resident set, it
    /// may be this process's, and the lower bound is the child's own high-water mark (`VmHWM` of its
    /// /proc status, which starts afresh at `execve`), read every 5 ms while it runs. Otherwise both bounds
    /// are `ru_maxrss`, exact.
    ///
    /// - Throws: ``BenchError`` when it cannot be started or does not exit 0.
    static func childPeak(_ binary: String, _ arguments: [String]) throws -> (low: Double, high: Double) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        lowerHighWaterMark()
        let floor = residentMB()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw BenchError("cannot start \(binary): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        var polled = 0.0
        while true {
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid { break }
            guard reaped == 0 || errno == EINTR else {
                throw BenchError("cannot wait for \(binary): \(String(cString: strerror(errno)))")
            }
            // glibc's posix_spawn returns once the child has executed (CLONE_VFORK), so this is the new image's mark.
            if let hwm = statusMB("/proc/\(pid)/status", "VmHWM:") { polled = max(polled, hwm) }
            usleep(5000)
        }
        // WIFEXITED and WEXITSTATUS, which Swift does not import as functions.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw BenchError("\(binary) \(arguments.joined(separator: " ")) failed (wait status \(status))")
        }
        let maxrss = Double(usage.ru_maxrss) / 1024  // Linux reports kilobytes
        if maxrss > floor + 0.5 { return (maxrss, maxrss) }
        return (min(polled, maxrss), maxrss)  // polled 0: never read, the lower bound unknown
    }

    /// A memory measurement that could not be made.
    struct BenchError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

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

    /// One measured child run.
    struct MemoryFigure {
        let trials: Int
        let peakMB: Double
        let seconds: Double
    }

    /// Runs `sensorbench run bench-memory.json --trials N --quiet --jobs J` in a child process for each count in
    /// ``memoryTrialCounts`` (its report into a temporary folder, removed afterwards) and reads each child's own
    /// peak resident set from `wait4` (`ru_maxrss`), so the peaks of the runs never mix.
    ///
    /// - Returns: the table rows: one per trial count, then the ratio largest ÷ smallest peak (target ≤ 1.10).
    static func memoryRows(jobs: Int) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sensorbench-bench-memory-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("bench-memory.json")
        try memoryScenario.write(to: scenario, atomically: true, encoding: .utf8)
        try memoryPlaces.write(to: folder.appendingPathComponent("bench-places.json"), atomically: true, encoding: .utf8)
        let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var figures: [MemoryFigure] = []
        for trials in memoryTrialCounts {
            let out = folder.appendingPathComponent("out-\(trials)").path
            let start = now()
            let peak = try childPeakMB(
                binary,
                ["run", scenario.path, "--trials", String(trials), "--quiet", "--jobs", String(jobs), "--out", out])
            figures.append(MemoryFigure(trials: trials, peakMB: peak, seconds: now() - start))
            try? FileManager.default.removeItem(atPath: out)
        }
        func f(_ x: Double, _ d: Int) -> String { String(format: "%.\(d)f", x) }
        var rows = figures.map {
            "| peak memory of `run`, \($0.trials) geofence visits (one cell, \(jobs) threads, child process) | "
                + "\(f($0.peakMB, 1)) MB (\(f($0.seconds, 1)) s) |"
        }
        let peaks = figures.map(\.peakMB)
        if let low = peaks.min(), let high = peaks.max(), low > 0 {
            rows.append(
                "| peak memory, largest ÷ smallest of \(memoryTrialCounts.count) trial counts | \(f(high / low, 3)) (target ≤ 1.10) |")
        }
        return rows
    }

    /// Spawns `binary` with `arguments` (standard output and error to /dev/null), waits for it and returns its
    /// peak resident set, MB.
    ///
    /// - Throws: ``BenchError`` when it cannot be started or does not exit 0.
    static func childPeakMB(_ binary: String, _ arguments: [String]) throws -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw BenchError("cannot start \(binary): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError("cannot wait for \(binary): \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED and WEXITSTATUS, which Swift does not import as functions.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw BenchError("\(binary) \(arguments.joined(separator: " ")) failed (wait status \(status))")
        }
        return Double(usage.ru_maxrss) / 1024  // Linux reports kilobytes
    }

    /// A memory measurement that could not be made.
    struct BenchError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

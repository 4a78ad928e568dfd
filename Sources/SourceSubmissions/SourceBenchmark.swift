import Foundation

// MARK: - How long many source submissions take

/// The `bench` measurement of source submissions: N distinct teams (variants of one template) compiled cold with
/// a jobs count, compiled again warm (every harness from the cache), and each harness run in the sandbox on one
/// fixed input.
///
/// Variant i is the template's files plus one file, `BenchmarkVariant.swift`, declaring a constant unique to this
/// measurement and to i (`private let benchmarkVariant = "<nonce>-<i>"`), so every variant's content hash differs
/// from every other and from any earlier measurement's: the cold compile is really cold, with the same work as the
/// template. The libraries are prepared first (timed on their own; from the cache when they are there). The
/// harness entries the measurement made are removed from the cache afterwards.
///
/// The harness is the benchmark's own (`harnessMain(typeName:)`: readings as text lines on standard input, the
/// indices where the detector fired on standard output), so the figure does not depend on the grading wire format.
package enum SourceBenchmark {
    /// What was measured.
    package struct Figures: Sendable, Equatable {
        /// How many distinct submissions.
        package var submissions: Int
        /// Compilers (and sandboxed runs) at once.
        package var jobs: Int
        /// Preparing the libraries, seconds, and whether they came from the cache.
        package var librarySeconds: Double
        package var librariesFromCache: Bool
        /// Compiling every submission with an empty harness cache, seconds (wall clock).
        package var coldCompileSeconds: Double
        /// The same again, every harness from the cache, seconds.
        package var warmCompileSeconds: Double
        /// Running every harness in the sandbox, `jobs` at a time, seconds (wall clock).
        package var runSeconds: Double
        /// The median and the longest single sandboxed run, seconds.
        package var runMedianSeconds: Double
        package var runMaxSeconds: Double
        /// Readings fed to each harness.
        package var samplesPerRun: Int
        /// Events the first harness reported, and whether every harness reported the same ones.
        package var eventsPerRun: Int
        package var identicalEvents: Bool
        /// Submissions that did not compile or did not exit with status 0, with why (empty when all did).
        package var failures: [String]
        /// The sandbox's isolation.
        package var isolation: IsolationKind

        /// Table rows for `bench` ("| what | time |").
        package var rows: [String] {
            let n = submissions
            func s(_ seconds: Double) -> String { String(format: "%.1f s", seconds) }
            return [
                "| source submissions: libraries (DetectionCore, SensorShims)\(librariesFromCache ? ", cached" : "") | "
                    + "\(s(librarySeconds)) |",
                "| source submissions: \(n) cold compiles, \(jobs) jobs | \(s(coldCompileSeconds)) |",
                "| source submissions: \(n) cached compiles | \(s(warmCompileSeconds)) |",
                "| source submissions: \(n) sandboxed runs (\(isolation.rawValue)), \(jobs) jobs, \(samplesPerRun) "
                    + "readings each | \(s(runSeconds)) (median \(String(format: "%.2f", runMedianSeconds)) s, "
                    + "longest \(String(format: "%.2f", runMaxSeconds)) s) |",
            ]
        }
    }

    /// The benchmark's harness `main.swift`: reads `t x y z` lines (seconds, g) from standard input, feeds a fresh
    /// `typeName()` through `ShakeDetecting`, prints the indices where it fired on one line.
    ///
    /// - Parameter typeName: the team's `ShakeDetecting` type (with `init()`).
    /// - Returns: the file's text.
    package static func harnessMain(typeName: String) -> String {
        """
        import DetectionCore

        var detector = \(typeName)()
        var fired: [String] = []
        var index = 0
        while let line = readLine() {
            let fields = line.split(separator: " ").compactMap { Double($0) }
            guard fields.count == 4 else { continue }
            let sample = AccelerationSample(timestampSeconds: fields[0], x: fields[1], y: fields[2], z: fields[3])
            if detector.consume(sample) { fired.append(String(index)) }
            index += 1
        }
        print(fired.joined(separator: " "))
        """
    }

    /// The fixed input: `minutes` at 60 Hz, a phone at rest (0, 0, 1 g, gravity included) with a shake every
    /// 30 s (3 g on three readings 0.1 s apart), as `t x y z` lines.
    ///
    /// - Parameter minutes: its length.
    /// - Returns: the bytes and the number of readings.
    package static func input(minutes: Int = 10) -> (bytes: [UInt8], samples: Int) {
        let samples = minutes * 60 * 60
        var text = ""
        text.reserveCapacity(samples * 24)
        for index in 0..<samples {
            let phase = index % 1800
            let hard = phase == 600 || phase == 606 || phase == 612
            text += "\(Double(index) / 60) 0 0 \(hard ? 3 : 1)\n"
        }
        return (Array(text.utf8), samples)
    }

    /// Measures.
    ///
    /// - Parameters:
    ///   - compiler: the compiler (its cache holds the libraries and, for the measurement, the harnesses).
    ///   - template: a submission folder.
    ///   - files: its `.swift` files to compile (relative paths), or nil for all.
    ///   - typeName: its `ShakeDetecting` type.
    ///   - count: how many distinct submissions. Default 100.
    ///   - jobs: compilers and runs at once.
    ///   - sandbox: the sandbox.
    ///   - limits: each run's limits. Default `SandboxLimits.harness`.
    ///   - workFolder: an empty folder for the variants and the runs' scratch folders (removed afterwards).
    /// - Returns: the figures.
    /// - Throws: `SourceSubmissionError` when the libraries do not compile or a folder cannot be written.
    package static func measure(
        compiler: SubmissionCompiler, template: URL, files: [String]?, typeName: String, count: Int = 100, jobs: Int,
        sandbox: Sandbox, limits: SandboxLimits = .harness, workFolder: URL
    ) throws(SourceSubmissionError) -> Figures {
        let started = Date()
        let libraries = try compiler.prepareLibraries()
        let librarySeconds = Date().timeIntervalSince(started)
        let sources = try SubmissionCompiler.teamFiles(in: template, listed: files)
        let prefix = template.standardizedFileURL.path + "/"
        let nonce = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        defer { try? FileManager.default.removeItem(at: workFolder) }
        var requests: [SubmissionCompiler.HarnessRequest] = []
        let main = harnessMain(typeName: typeName)
        for index in 0..<max(1, count) {
            let folder = workFolder.appendingPathComponent("variant-\(index)")
            do {
                for source in sources {
                    let relative = String(source.path.dropFirst(prefix.count))
                    let destination = folder.appendingPathComponent(relative)
                    try FileManager.default.createDirectory(
                        at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try FileManager.default.copyItem(at: source, to: destination)
                }
                let variant = "private let benchmarkVariant = \"\(nonce)-\(index)\"\n"
                try Data(variant.utf8).write(to: folder.appendingPathComponent("BenchmarkVariant.swift"))
            } catch {
                throw .toolFailed("cannot write \(folder.path): \(error.localizedDescription)")
            }
            requests.append(.init(teamFolder: folder, harnessMain: main))
        }

        let coldStart = Date()
        let cold = compiler.compileHarnesses(requests, libraries: libraries, jobs: jobs)
        let coldSeconds = Date().timeIntervalSince(coldStart)
        let warmStart = Date()
        _ = compiler.compileHarnesses(requests, libraries: libraries, jobs: jobs)
        let warmSeconds = Date().timeIntervalSince(warmStart)

        var failures: [String] = []
        var executables: [URL] = []
        for (index, outcome) in cold.enumerated() {
            switch outcome {
            case .success(.built(let executable, _)): executables.append(executable)
            case .success(.compileError(let text)):
                failures.append("variant \(index): compile error: \(text.split(separator: "\n").first ?? "")")
            case .failure(let error): failures.append("variant \(index): \(error)")
            }
        }
        defer {
            for executable in executables { try? FileManager.default.removeItem(at: executable.deletingLastPathComponent()) }
        }

        let (input, samples) = Self.input()
        let built = executables
        let runs = WorkSlots<SandboxRun>(count: built.count)
        let runStart = Date()
        let group = DispatchGroup()
        for _ in 0..<max(1, min(jobs, built.count)) {
            group.enter()
            let thread = Thread {
                while let index = runs.next() {
                    let scratch = workFolder.appendingPathComponent("scratch-\(index)")
                    do throws(SourceSubmissionError) {
                        do {
                            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
                        } catch {
                            throw .toolFailed("cannot create \(scratch.path)")
                        }
                        let run = try sandbox.run(
                            executable: built[index], arguments: [], input: input, scratch: scratch,
                            limits: limits)
                        runs.set(index, .success(run))
                    } catch {
                        runs.set(index, .failure(error))
                    }
                    try? FileManager.default.removeItem(at: scratch)
                }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        let runSeconds = Date().timeIntervalSince(runStart)

        var durations: [Double] = []
        var outputs: [[UInt8]] = []
        for (index, result) in runs.all().enumerated() {
            switch result {
            case .success(let run):
                durations.append(run.wallSeconds)
                outputs.append(run.output)
                if run.outcome != .exited(status: 0) { failures.append("run \(index): \(run.outcome)") }
            case .failure(let error): failures.append("run \(index): \(error)")
            case nil: failures.append("run \(index): not run")
            }
        }
        durations.sort()
        let first = outputs.first ?? []
        let events = String(decoding: first, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }).count
        return Figures(
            submissions: requests.count, jobs: jobs, librarySeconds: librarySeconds,
            librariesFromCache: libraries.reusedFromCache, coldCompileSeconds: coldSeconds,
            warmCompileSeconds: warmSeconds, runSeconds: runSeconds,
            runMedianSeconds: durations.isEmpty ? 0 : durations[durations.count / 2],
            runMaxSeconds: durations.last ?? 0, samplesPerRun: samples, eventsPerRun: events,
            identicalEvents: outputs.allSatisfy { $0 == first }, failures: failures, isolation: sandbox.isolation)
    }
}

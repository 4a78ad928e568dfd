import CBenchReference
import DetectionCore
import FileFormats
import Foundation
import Grading
import MonteCarlo
import Recordings
import Reporting
import SensorSim
import Stats
import Studies

/// `sensorbench bench`: speed figures for the README, measured in this process.
///
/// Every figure is the median and the best (shortest time per unit) of `repetitions` repetitions, each of which
/// repeats its workload until at least `minimumSeconds` have passed. A ratio is measured in the same run as its
/// reference: the workloads of one group run interleaved, repetition by repetition (reference, subject,
/// reference, subject, …), so a load that comes and goes on a shared machine hits both; the ratio printed is the
/// median of the per-repetition ratios, and beside it the ratio of the best times.
package enum Benchmark {
    /// Monotonic seconds.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Peak resident memory of this process so far, MB.
    static func peakMemoryMB() -> Double {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024  // Linux reports kilobytes
    }

    /// The processor's model name, for the README's record.
    static func machine() -> String {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let line = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
        let model = line?.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
        return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores"
    }

    /// A one-cell drift scenario on `profile`: `minutes`-minute loops with 8 turns.
    static func scenario(profile: GyroProfile, minutes: Double, trials: Int) -> DriftScenario {
        let walk = WalkParameters(minutes: minutes, turns: 8, shape: .loop)
        let cell = DriftCell(index: 0, profile: profile, input: .rotationRate, tiltDegrees: 0, walk: walk)
        return DriftScenario(
            name: "bench", description: "", file: "bench", seed: 1, trialsPerCell: trials,
            sameDevice: false, cells: [cell], tracker: HeadingTracker.Configuration(),
            straightAheadToleranceDegrees: 5)
    }

    static func run(_ options: BenchCommand) throws -> ExitCode {
        guard let folder = ScenarioLocator.folder() else {
            throw InputError(.missingFile, file: "Scenarios", problem: "no Scenarios folder found (run from the checkout)")
        }
        let plan = options.quick ? Plan(repetitions: 3, minimumSeconds: 0.2) : Plan(repetitions: 5, minimumSeconds: 1)
        let jobs = options.jobs ?? MonteCarloRunner.defaultJobs
        let progress = TerminalProgress.make(label: "bench", unit: "measurements", quiet: options.quiet)
        var rows: [Row] = []
        let allGroups: [(name: String, rows: (inout [Row]) throws -> Void)] = [
            ("drift", { try driftRows(folder: folder, trials: options.trials, jobs: jobs, plan: plan, into: &$0) }),
            ("day-walk", { try dayWalkRows(folder: folder, plan: plan, into: &$0) }),
            ("memory", { $0 += try memoryRows(jobs: jobs) }),  // Benchmark+Memory.swift: peak RSS at 10⁴/10⁵/10⁶ trials
            ("allan", { try allanRows(plan: plan, into: &$0) }),
            ("grading", { try gradingRows(folder: folder, jobs: jobs, plan: plan, into: &$0) }),
            (
                "source-submissions",
                {
                    if options.sourceSubmissions > 0 {
                        try sourceSubmissionRows(folder: folder, count: options.sourceSubmissions, jobs: jobs, into: &$0)
                    }
                }
            ),
            ("projects", { if options.projects > 0 { try projectRows(folder: folder, count: options.projects, jobs: jobs, into: &$0) } }),
            (
                "gestures",
                {
                    try shakeRows(folder: folder, plan: plan, into: &$0)
                    try scribbleRows(folder: folder, plan: plan, into: &$0)
                }
            ),
            ("geofence", { try geofenceRows(folder: folder, plan: plan, into: &$0) }),
        ]
        // For development (not documented, not for the record): SENSORBENCH_BENCH_GROUPS=gestures,geofence runs only
        // the named groups.
        let only = ProcessInfo.processInfo.environment["SENSORBENCH_BENCH_GROUPS"].map { $0.split(separator: ",").map(String.init) }
        let groups = allGroups.filter { only?.contains($0.name) ?? true }.map(\.rows)
        for (done, group) in groups.enumerated() {
            progress?.update(done: done, total: groups.count)
            try group(&rows)
        }
        progress?.finish()

        let kind = options.quick ? "quick: " : ""
        print("sensorbench \(SensorBenchVersion.current) bench on \(machine())")
        print("")
        print(
            "\(kind)median and best of \(plan.repetitions) repetitions of at least \(f(plan.minimumSeconds, 1)) s each; "
                + "ratios from interleaved repetitions (median of the per-repetition ratios; best = ratio of the best times)")
        print("")
        print("| measurement | median | best | target |")
        print("|---|---:|---:|---|")
        for row in rows { print("| \(row.label) | \(row.median) | \(row.best) | \(row.target) |") }
        return .success
    }

    // MARK: - Measuring

    /// How many repetitions, and how long each lasts at least.
    struct Plan {
        let repetitions: Int
        let minimumSeconds: Double
    }

    /// One line of the table.
    struct Row {
        let label: String
        let median: String
        let best: String
        var target = ""
    }

    /// One workload's repetitions: seconds per unit of work, one value per repetition.
    struct Timing {
        let secondsPerUnit: [Double]
        var median: Double { Benchmark.median(secondsPerUnit) }
        var best: Double { secondsPerUnit.min() ?? .nan }
        /// Units per second: (median, best).
        var rates: (median: Double, best: Double) { (1 / median, 1 / best) }
        /// The time of `reference` per unit over this one's, per repetition: (median, ratio of the bests).
        func ratio(of reference: Timing, scale: Double = 1) -> (median: Double, best: Double) {
            let paired = zip(reference.secondsPerUnit, secondsPerUnit).map { scale * $0 / $1 }
            return (Benchmark.median(paired), scale * reference.best / best)
        }
    }

    /// Runs the workloads interleaved, repetition by repetition; each call of a workload returns the units of work
    /// it did, and is repeated until the repetition has lasted `plan.minimumSeconds`.
    static func interleaved(_ plan: Plan, _ workloads: [() throws -> Double]) throws -> [Timing] {
        var seconds = Array(repeating: [Double](), count: workloads.count)
        for _ in 0..<plan.repetitions {
            for (i, work) in workloads.enumerated() {
                let start = now()
                var units = 0.0
                var elapsed = 0.0
                repeat {
                    units += try work()
                    elapsed = now() - start
                } while elapsed < plan.minimumSeconds
                seconds[i].append(elapsed / units)
            }
        }
        return seconds.map { Timing(secondsPerUnit: $0) }
    }

    /// Keeps a computed value alive so no workload is optimised away; a NaN means a benchmark computed garbage.
    static func use(_ value: Double, _ what: String) throws {
        guard !value.isNaN else { throw SimulationError("bench: \(what) produced NaN") }
    }

    static func f(_ x: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", x) }

    /// The median of a non-empty list (the mean of the middle two when the count is even); NaN when empty.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : 0.5 * (sorted[middle - 1] + sorted[middle])
    }

    // MARK: - Drift

    /// The drift pipeline on one core and on `jobs` threads, the plain C + GSL loop of the same model, GSL's
    /// Gaussian draws alone and `RandomStream`'s (the same values), interleaved.
    static func driftRows(folder: URL, trials: Int, jobs: Int, plan: Plan, into rows: inout [Row]) throws {
        let profile = try loadProfile(folder: folder, name: "phone-calibrated")
        let one = scenario(profile: profile, minutes: 10, trials: trials)
        // Four times as many walks a thread as the one-core run: the workers take walks one at a time, so a worker
        // that starts late leaves the other at most one walk (1 ms) more at the end; with 16 walks a thread that
        // was up to 6% of a repetition's call, with 64 it is under 2%.
        let many = scenario(profile: profile, minutes: 10, trials: trials * jobs * 4)
        let samplesPerTrial = Double(Int(10 * 60 * profile.sampleRateHz) + 1)
        // Variates per sample: white noise, bias instability and rate random walk, each when its σ is not 0.
        let perSample = [
            profile.noiseDensityDegPerSecPerRootHz, profile.biasInstabilityDegPerHour,
            profile.rateRandomWalkDegPerSecPerRootSec,
        ].filter { $0 > 0 }.count
        // The variates the one-core pipeline draws in its walks, drawn alone by GSL and by RandomStream.
        let variates = Int(samplesPerTrial) * trials * max(perSample, 1)
        let reference = try CDriftReference(scenario: one)
        let single = MonteCarloRunner(jobs: 1)
        let threads = MonteCarloRunner(jobs: jobs)
        let timings = try interleaved(
            plan,
            [
                {
                    try use(cbr_gaussians(1, variates), "GSL Gaussian draws")
                    return Double(variates)
                },
                {
                    let outcomes = try DriftStudy.simulate(one, runner: single)
                    try use(outcomes.reduce(0) { $0 + $1.driftRadians }, "the drift pipeline")
                    return samplesPerTrial * Double(outcomes.count)
                },
                {
                    try use(reference.run(walks: trials), "the C drift loop")
                    return samplesPerTrial * Double(trials)
                },
                {
                    let outcomes = try DriftStudy.simulate(many, runner: threads)
                    try use(outcomes.reduce(0) { $0 + $1.driftRadians }, "the drift pipeline")
                    return samplesPerTrial * Double(outcomes.count)
                },
                {
                    // The pipeline's own generator drawing the same variates as GSL, in a loop of its own.
                    let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 1, trialIndex: 0))
                    var sum = 0.0
                    for _ in 0..<variates { sum += stream.standardNormal() }
                    try use(sum, "RandomStream's Gaussian draws")
                    return Double(variates)
                },
            ])
        let (gsl, swift, c, parallel) = (timings[0], timings[1], timings[2], timings[3])
        rows.append(Row(label: "GSL Gaussian variates alone (C, MT19937 + ziggurat, 1 core)", rates: gsl, unit: 1e6, " M/s"))
        rows.append(
            Row(
                label: "RandomStream Gaussian variates alone (Swift MT19937 + ziggurat fast path: GSL's values), 1 core",
                rates: timings[4], unit: 1e6, " M/s"))
        rows.append(Row(label: "drift pipeline, 1 core (\(trials) × 10-min walks)", rates: swift, unit: 1e6, " M samples/s"))
        rows.append(Row(label: "C + GSL drift loop of the same model, 1 core", rates: c, unit: 1e6, " M samples/s"))
        let toGSL = swift.ratio(of: gsl, scale: Double(max(perSample, 1)))
        rows.append(
            Row(
                label: "drift pipeline ÷ raw GSL rate at \(perSample) variates/sample", median: f(toGSL.median), best: f(toGSL.best),
                target: "≥ 0.95"))
        let cToGSL = c.ratio(of: gsl, scale: Double(max(perSample, 1)))
        rows.append(
            Row(label: "C + GSL drift loop ÷ raw GSL rate", median: f(cToGSL.median), best: f(cToGSL.best)))
        let toC = swift.ratio(of: c)
        rows.append(Row(label: "drift pipeline ÷ C drift loop", median: f(toC.median), best: f(toC.best), target: "≥ 0.91 (within 1.1×)"))
        rows.append(Row(label: "drift pipeline, \(jobs) threads (\(trials * jobs * 4) walks)", rates: parallel, unit: 1e6, " M samples/s"))
        let speedUp = parallel.ratio(of: swift)
        rows.append(
            Row(
                label: "speed-up on \(jobs) threads over 1 core", median: f(speedUp.median) + "×", best: f(speedUp.best) + "×",
                target: jobs == 2 ? "≥ 1.85× on 2 cores" : ""))
    }

    /// One 24-hour walk (8.64 M samples): its time, and the peak memory before and after, which shows that a trial
    /// never holds its trace.
    static func dayWalkRows(folder: URL, plan: Plan, into rows: inout [Row]) throws {
        let profile = try loadProfile(folder: folder, name: "phone-calibrated")
        let day = scenario(profile: profile, minutes: 24 * 60, trials: 1)
        let before = peakMemoryMB()
        let timing = try interleaved(
            plan,
            [
                {
                    let outcomes = try DriftStudy.simulate(day, runner: MonteCarloRunner(jobs: 1))
                    try use(outcomes[0].driftRadians, "the day-long walk")
                    return 1
                }
            ])[0]
        let after = peakMemoryMB()
        rows.append(Row(label: "one 24-hour walk (8.64 M samples), 1 core", median: f(timing.median) + " s", best: f(timing.best) + " s"))
        rows.append(Row(label: "peak memory before → after the 24-hour walks", median: "\(f(before, 1)) → \(f(after, 1)) MB", best: ""))
    }

    /// The shipped scenario `<folder>/<file>` as a study of type `T`; throws naming the file when it is another study.
    static func loadScenario<T>(folder: URL, file: String, as type: T.Type, kind: String) throws -> T {
        let path = folder.appendingPathComponent(file).path
        guard let s = try ScenarioFile.load(path: path).study as? T else {
            throw InputError(file: path, field: "study", problem: "is not a \(kind) scenario")
        }
        return s
    }

    static func loadProfile(folder: URL, name: String) throws -> GyroProfile {
        let url = folder.appendingPathComponent("profiles/\(name).json")
        let node = try ScenarioFile.parseJSON(at: url)
        return try ProfileReader.parse(try JSONObjectReader(node, file: url.path, path: ""), fallbackName: name)
    }

    // MARK: - Allan and grading

    /// `AllanAnalysis` of 10 hours at 100 Hz on three axes (a still phone-calibrated gyro, generated once in
    /// memory): the curves, the noise terms and the bootstrap of every axis's Gauss–Markov bias.
    static func allanRows(plan: Plan, into rows: inout [Row]) throws {
        let profile = SampleRecordings.phoneCalibrated
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 1, trialIndex: 0))
        let n = Int(AllanBenchmark.hours * 3600 * AllanBenchmark.sampleRateHz)
        var axes: [[Double]] = []
        for _ in 0..<3 {
            var model = GyroErrorModel(profile: profile, device: GyroDevice.draw(from: profile, stream: stream), stream: stream)
            axes.append((0..<n).map { _ in model.measure(0, stream: stream) })
        }
        let info = RecordingInfo(
            file: "bench", format: .generic, unit: .radPerSec, unitSource: "bench",
            sampleCount: n, firstTimeSeconds: 0, lastTimeSeconds: Double(n - 1) / AllanBenchmark.sampleRateHz,
            largestStepSeconds: 1 / AllanBenchmark.sampleRateHz)
        let recording = SensorRecording(info: info, x: axes[0], y: axes[1], z: axes[2])
        let timing = try interleaved(
            plan,
            [
                {
                    let analysis = try AllanAnalysis(recording: recording, axes: ["x", "y", "z"])
                    try use(analysis.axes.count == 3 ? 0 : .nan, "allan")
                    return 1
                }
            ])[0]
        rows.append(Row(label: "allan, 10 h at 100 Hz, 3 axes", median: f(timing.median) + " s", best: f(timing.best) + " s"))
    }

    /// Grades 100 submissions, made from the shipped examples by varying thresholds and radii, against the shipped
    /// rubric on every core: the budget is under a minute on a 2-core machine.
    static func gradingRows(folder: URL, jobs: Int, plan: Plan, into rows: inout [Row]) throws {
        let rubric = try Rubric.load(path: folder.appendingPathComponent("rubrics/penn-dining.json").path)
        let examples = folder.appendingPathComponent("submissions")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        let base = try files.map { try Submission.load(path: examples.appendingPathComponent($0).path, rubric: rubric) }
        guard !base.isEmpty else { throw InputError(.missingFile, file: examples.path, problem: "holds no submissions") }
        var submissions: [Submission] = []
        for k in 0..<100 {
            let b = base[k % base.count]
            var detector = b.detector
            if case .shake(var c) = detector {
                c.thresholdG = min(4, max(0.5, c.thresholdG + 0.1 * Double(k / base.count % 10) - 0.4))
                detector = .shake(c)
            }
            var check = b.check
            check.radiusMeters = 40 + Double(k % 7) * 5
            submissions.append(
                Submission(
                    team: "bench-\(k)", file: b.file, detector: detector, check: check, halls: b.halls,
                    manualPoints: b.manualPoints))
        }
        let runner = MonteCarloRunner(jobs: jobs)
        let timing = try interleaved(
            plan,
            [
                {
                    let grades = try Grader.grade(rubric, submissions: submissions, runner: runner)
                    try use(grades.count == submissions.count ? 0 : .nan, "grade")
                    return 1
                }
            ])[0]
        rows.append(
            Row(
                label: "grade 100 submissions against the shipped rubric, \(jobs) threads",
                median: f(timing.median, 1) + " s", best: f(timing.best, 1) + " s"))
    }
}

extension Benchmark.Row {
    /// A rate row: units per second divided by `unit`, from a timing's median and best.
    init(label: String, rates timing: Benchmark.Timing, unit: Double, _ suffix: String) {
        let (median, best) = timing.rates
        self.init(label: label, median: Benchmark.f(median / unit) + suffix, best: Benchmark.f(best / unit) + suffix)
    }
}

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

    /// A one-cell drift scenario on `phone-calibrated`: `minutes`-minute loops with 8 turns.
    static func scenario(profile: GyroProfile, minutes: Double, trials: Int) -> DriftScenario {
        let walk = WalkParameters(minutes: minutes, turns: 8, shape: .loop)
        let cell = DriftCell(index: 0, profile: profile, input: .rotationRate, tiltDegrees: 0, walk: walk)
        return DriftScenario(
            name: "bench", description: "", file: "bench", seed: 1, trialsPerCell: trials,
            sameDevice: false, cells: [cell], tracker: HeadingTracker.Configuration(),
            straightAheadToleranceDegrees: 5)
    }

    package static func run(_ options: BenchOptions) throws -> ExitCode {
        guard let folder = ScenarioLocator.folder() else {
            throw InputError(.missingFile, file: "Scenarios", problem: "no Scenarios folder found (run from the checkout)")
        }
        let profileURL = folder.appendingPathComponent("profiles/phone-calibrated.json")
        let node = try ScenarioFile.parseJSON(at: profileURL)
        let profile = try ProfileReader.parse(try JSONObjectReader(node, file: profileURL.path, path: ""), fallbackName: "phone-calibrated")
        let jobs = options.jobs ?? MonteCarloRunner.defaultJobs
        print("sensorbench \(SensorBenchVersion.current) bench on \(machine())")
        // Progress by measurement (eight of them, of unequal length), on a terminal only; rows print at the end.
        let steps = 8
        let progress = TerminalProgress.make(label: "bench", unit: "measurements", quiet: options.quiet)
        progress?.update(done: 0, total: steps)

        // Drift pipeline, one core.
        let one = scenario(profile: profile, minutes: 10, trials: options.trials)
        let samplesPerTrial = Double(Int(10 * 60 * profile.sampleRateHz) + 1)
        var start = now()
        let serial = try DriftStudy.simulate(one, runner: MonteCarloRunner(jobs: 1))
        let serialSeconds = now() - start
        let serialRate = samplesPerTrial * Double(serial.count) / serialSeconds
        progress?.update(done: 1, total: steps)

        // GSL alone drawing the same number of Gaussian variates per sample as the pipeline does.
        let perSample = [
            profile.noiseDensityDegPerSecPerRootHz, profile.biasInstabilityDegPerHour,
            profile.rateRandomWalkDegPerSecPerRootSec,
        ].filter { $0 > 0 }.count
        let draws = Int(samplesPerTrial) * serial.count * max(perSample, 1)
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 1, trialIndex: 0))
        var sink = 0.0
        start = now()
        for _ in 0..<draws { sink += stream.gaussian(sigma: 1) }
        let rawSeconds = now() - start
        let rawRate = Double(draws) / rawSeconds
        progress?.update(done: 2, total: steps)

        // All cores: enough trials to keep every worker busy.
        let many = scenario(profile: profile, minutes: 10, trials: options.trials * jobs)
        start = now()
        let parallel = try DriftStudy.simulate(many, runner: MonteCarloRunner(jobs: jobs))
        let parallelSeconds = now() - start
        let parallelRate = samplesPerTrial * Double(parallel.count) / parallelSeconds
        progress?.update(done: 3, total: steps)

        // Memory: one day-long walk must not hold its trace.
        let before = peakMemoryMB()
        let day = scenario(profile: profile, minutes: 24 * 60, trials: 1)
        start = now()
        let long = try DriftStudy.simulate(day, runner: MonteCarloRunner(jobs: 1))
        let daySeconds = now() - start
        let after = peakMemoryMB()
        progress?.update(done: 4, total: steps)
        let allanRow = try AllanBenchmark.row()  // generates 3 × 3.6 M samples in memory, then times AllanAnalysis
        progress?.update(done: 5, total: steps)
        let gradingRow = try gradingRow(folder: folder, jobs: jobs)
        progress?.update(done: 6, total: steps)
        // Shake sweep and geofence checks (issues #3 and #4), one core each.
        let shake = try shakeSweep(folder: folder)
        progress?.update(done: 7, total: steps)
        let geofence = try geofenceChecks(folder: folder)
        progress?.finish()

        func f(_ x: Double, _ d: Int = 2) -> String { String(format: "%.\(d)f", x) }
        print("| measurement | figure |")
        print("|---|---|")
        print("| GSL Gaussian variates alone (1 core) | \(f(rawRate / 1e6)) M/s |")
        print("| drift pipeline, 1 core (\(serial.count) × 10-min walks) | \(f(serialRate / 1e6)) M gyro samples/s |")
        print("| ratio to raw GSL rate at \(perSample) variates/sample | \(f(rawSeconds / serialSeconds)) (target ≥ 0.5) |")
        print("| drift pipeline, \(jobs) threads (\(parallel.count) walks) | \(f(parallelRate / 1e6)) M gyro samples/s |")
        print("| speed-up on \(jobs) threads | \(f(parallelRate / serialRate))× (target ≥ 1.8× on 2 cores) |")
        print("| one 24-hour walk (8.64 M samples) | \(f(daySeconds)) s, peak memory \(f(after, 1)) MB (was \(f(before, 1)) MB) |")
        print(allanRow)
        print(gradingRow)
        print(
            "| shake timeline generation, 1 core (\(shake.timelines) × \(f(shake.minutes, 0))-min timelines) "
                + "| \(f(shake.generatedPerSecond / 1e6)) M accelerometer samples/s |")
        print(
            "| shake sweep feeding, 1 core (one pre-generated timeline × \(shake.settings) settings, "
                + "\(shake.passes) passes) | \(f(shake.fedPerSecond / 1e6)) M samples × settings/s |")
        let perTimeline = shake.samplesPerTimeline
        print(
            "| one shake timeline: generating it once ÷ feeding it to all \(shake.settings) settings | "
                + "\(f(perTimeline / shake.generatedPerSecond * 1e3)) ms ÷ "
                + "\(f(perTimeline * Double(shake.settings) / shake.fedPerSecond * 1e3)) ms; one sample to one setting "
                + "costs \(f(shake.generatedPerSecond / shake.fedPerSecond)) × generating one sample |")
        print(
            "| geofence trials, 1 core (\(geofence.trials) visits of \(geofence.name), \(geofence.checks) checks "
                + "fed from one movement) | \(f(geofence.perSecond / 1e6, 3)) M fixes × checks/s |")
        for row in try memoryRows(jobs: jobs) { print(row) }  // Benchmark+Memory.swift: peak RSS at 10⁴/10⁵/10⁶ trials
        // Use every result so nothing is optimised away; a NaN would mean a benchmark computed garbage.
        let check = serial.reduce(0) { $0 + $1.driftRadians } + parallel.reduce(0) { $0 + $1.driftRadians } + long[0].driftRadians
        let checksum = sink + check + shake.checksum + geofence.checksum
        if checksum.isNaN { FileHandle.standardError.write(Data("warning: a benchmark produced NaN results\n".utf8)) }
        return .success
    }

    // MARK: - Shake sweep and geofence checks

    /// Seconds each of the shake and geofence measurements runs for, at least.
    static let measurementSeconds = 1.0

    /// The figures of the shake-sweep measurement.
    struct ShakeFigures {
        let minutes: Double
        let timelines: Int
        let settings: Int
        let passes: Int
        /// Samples in one timeline.
        let samplesPerTimeline: Double
        /// Accelerometer samples generated per second (timeline generation alone).
        let generatedPerSecond: Double
        /// Samples × settings fed per second (detection alone, on a timeline generated beforehand).
        let fedPerSecond: Double
        let checksum: Double
    }

    /// Times `Scenarios/shake-threshold-tuning.json`'s two stages apart: generating timelines (trial seeds 0, 1,
    /// … until `measurementSeconds` have passed), then feeding the first timeline to every setting of the sweep,
    /// pass after pass, for as long.
    static func shakeSweep(folder: URL) throws -> ShakeFigures {
        let path = folder.appendingPathComponent("shake-threshold-tuning.json").path
        guard let s = try ScenarioFile.load(path: path).study as? ShakeScenario else {
            throw InputError(file: path, field: "study", problem: "is not a shake scenario")
        }
        var start = now()
        var generated = 0
        var first: MotionTimeline?
        var checksum = 0.0
        while first == nil || now() - start < measurementSeconds {
            let seed = TrialSeed(scenarioSeed: s.seed, trialIndex: UInt64(generated))
            let timeline = MotionTimelineGenerator.generate(s.timeline, stream: try RandomStream(seed: seed))
            checksum += Double(timeline.x[timeline.sampleCount / 2])
            if first == nil { first = timeline }
            generated += 1
        }
        let generateSeconds = now() - start
        guard let timeline = first else { throw InputError(file: path, problem: "generated no timeline") }
        start = now()
        var passes = 0
        while passes == 0 || now() - start < measurementSeconds {
            for c in s.configurations { checksum += Double(try ShakeTrial.detect(timeline, c).count) }
            passes += 1
        }
        let feedSeconds = now() - start
        let samples = Double(timeline.sampleCount)
        return ShakeFigures(
            minutes: s.timeline.durationSeconds / 60, timelines: generated,
            settings: s.configurations.count, passes: passes, samplesPerTimeline: samples,
            generatedPerSecond: samples * Double(generated) / generateSeconds,
            fedPerSecond: samples * Double(s.configurations.count * passes) / feedSeconds,
            checksum: checksum)
    }

    /// The figures of the geofence measurement.
    struct GeofenceFigures {
        let name: String
        let trials: Int
        let checks: Int
        /// Delivered fixes × checks per second, the whole trial (movement, GPS jitter, every check) included.
        let perSecond: Double
        let checksum: Double
    }

    /// Runs `Scenarios/geofence-false-triggers.json`'s trials in order (cycling through its cells) for
    /// `measurementSeconds`: each trial generates one movement and its fixes once and feeds every fix to every
    /// check, as the study does.
    static func geofenceChecks(folder: URL) throws -> GeofenceFigures {
        let path = folder.appendingPathComponent("geofence-false-triggers.json").path
        guard let s = try ScenarioFile.load(path: path).study as? GeofenceScenario else {
            throw InputError(file: path, field: "study", problem: "is not a geofence scenario")
        }
        let start = now()
        var trials = 0
        var evaluated = 0
        var checksum = 0.0
        while trials == 0 || now() - start < measurementSeconds {
            // Step across cells (cell, then trial within it) so every environment and distance takes part.
            let cell = trials % s.cells.count
            let index = cell * s.trialsPerCell + (trials / s.cells.count) % s.trialsPerCell
            let o = try GeofenceTrial.run(
                cell: s.cells[index / s.trialsPerCell], trialInCell: index % s.trialsPerCell,
                globalIndex: index, scenario: s)
            evaluated += o.fixesDelivered * s.checks.count
            checksum += Double(o.enters.reduce(0, +))
            trials += 1
        }
        let seconds = now() - start
        return GeofenceFigures(
            name: s.name, trials: trials, checks: s.checks.count,
            perSecond: Double(evaluated) / seconds, checksum: checksum)
    }

    // MARK: - Grading

    /// Grades 100 submissions, made from the shipped examples by varying thresholds and radii, against the shipped
    /// rubric on every core: the issue's budget is under a minute on a 2-core machine.
    static func gradingRow(folder: URL, jobs: Int) throws -> String {
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
        let start = now()
        let grades = try Grader.grade(rubric, submissions: submissions, runner: MonteCarloRunner(jobs: jobs))
        let seconds = now() - start
        return "| grade 100 submissions against the shipped rubric, \(jobs) threads | \(String(format: "%.1f", seconds)) s, "
            + "\(String(format: "%.1f", Double(grades.count) / seconds)) submissions/s |"
    }
}

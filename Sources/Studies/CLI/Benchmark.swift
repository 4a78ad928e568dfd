import DetectionCore
import Foundation
import SensorSim
import Stats

/// `sensorbench bench`: speed figures for the README, measured in this process.
public enum Benchmark {
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
        return DriftScenario(name: "bench", description: "", file: "bench", seed: 1, trialsPerCell: trials,
                             sameDevice: false, cells: [cell], tracker: HeadingTracker.Configuration(),
                             straightAheadToleranceDegrees: 5)
    }

    public static func run(_ options: BenchOptions) throws -> ExitCode {
        guard let folder = ScenarioLocator.folder() else {
            throw InputError(.missingFile, file: "Scenarios", problem: "no Scenarios folder found (run from the checkout)")
        }
        let profileURL = folder.appendingPathComponent("profiles/phone-calibrated.json")
        let node = try ScenarioFile.parseJSON(at: profileURL)
        let profile = try ProfileReader.parse(try JSONObjectReader(node, file: profileURL.path, path: ""), fallbackName: "phone-calibrated")
        let jobs = options.jobs ?? MonteCarloRunner.defaultJobs
        print("sensorbench \(SensorBenchVersion.current) bench on \(machine())")

        // Drift pipeline, one core.
        let one = scenario(profile: profile, minutes: 10, trials: options.trials)
        let samplesPerTrial = Double(Int(10 * 60 * profile.sampleRateHz) + 1)
        var start = now()
        let serial = try DriftStudy.simulate(one, runner: MonteCarloRunner(jobs: 1))
        let serialSeconds = now() - start
        let serialRate = samplesPerTrial * Double(serial.count) / serialSeconds

        // GSL alone drawing the same number of Gaussian variates per sample as the pipeline does.
        let perSample = [profile.noiseDensityDegPerSecPerRootHz, profile.biasInstabilityDegPerHour,
                         profile.rateRandomWalkDegPerSecPerRootSec].filter { $0 > 0 }.count
        let draws = Int(samplesPerTrial) * serial.count * max(perSample, 1)
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 1, trialIndex: 0))
        var sink = 0.0
        start = now()
        for _ in 0..<draws { sink += stream.gaussian(sigma: 1) }
        let rawSeconds = now() - start
        let rawRate = Double(draws) / rawSeconds

        // All cores: enough trials to keep every worker busy.
        let many = scenario(profile: profile, minutes: 10, trials: options.trials * jobs)
        start = now()
        let parallel = try DriftStudy.simulate(many, runner: MonteCarloRunner(jobs: jobs))
        let parallelSeconds = now() - start
        let parallelRate = samplesPerTrial * Double(parallel.count) / parallelSeconds

        // Memory: one day-long walk must not hold its trace.
        let before = peakMemoryMB()
        let day = scenario(profile: profile, minutes: 24 * 60, trials: 1)
        start = now()
        let long = try DriftStudy.simulate(day, runner: MonteCarloRunner(jobs: 1))
        let daySeconds = now() - start
        let after = peakMemoryMB()

        func f(_ x: Double, _ d: Int = 2) -> String { String(format: "%.\(d)f", x) }
        print("| measurement | figure |")
        print("|---|---|")
        print("| GSL Gaussian variates alone (1 core) | \(f(rawRate / 1e6)) M/s |")
        print("| drift pipeline, 1 core (\(serial.count) × 10-min walks) | \(f(serialRate / 1e6)) M gyro samples/s |")
        print("| ratio to raw GSL rate at \(perSample) variates/sample | \(f(rawSeconds / serialSeconds)) (target ≥ 0.5) |")
        print("| drift pipeline, \(jobs) threads (\(parallel.count) walks) | \(f(parallelRate / 1e6)) M gyro samples/s |")
        print("| speed-up on \(jobs) threads | \(f(parallelRate / serialRate))× (target ≥ 1.8× on 2 cores) |")
        print("| one 24-hour walk (8.64 M samples) | \(f(daySeconds)) s, peak memory \(f(after, 1)) MB (was \(f(before, 1)) MB) |")
        print(try AllanBenchmark.row())  // generates 3 × 3.6 M samples in memory, then times AllanAnalysis
        // Use every result so nothing is optimised away.
        let check = serial.reduce(0) { $0 + $1.driftRadians } + parallel.reduce(0) { $0 + $1.driftRadians } + long[0].driftRadians
        FileHandle.standardError.write(Data("checksum \(sink + check)\n".utf8))
        return .success
    }
}

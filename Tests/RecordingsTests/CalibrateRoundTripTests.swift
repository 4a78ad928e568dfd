import Foundation
import SensorSim
import Stats
import Testing

@testable import FileFormats
@testable import Recordings
@testable import Studies

/// Simulate a static recording from a profile, calibrate it back, compare with the inputs.
@Suite struct CalibrateRoundTripTests {
    /// A static z-axis record (true rate 0) of `seconds` at the profile's rate; x and y get independent white noise.
    static func staticRecording(_ profile: GyroProfile, seconds: Double, seed: UInt64) throws -> SensorRecording {
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: 0))
        var model = GyroErrorModel(profile: profile, device: GyroDevice(), stream: stream)
        let n = Int(seconds * profile.sampleRateHz)
        let sigma = profile.whiteNoiseSigmaRadPerSec
        var x = [Double](), y = [Double](), z = [Double]()
        x.reserveCapacity(n); y.reserveCapacity(n); z.reserveCapacity(n)
        for _ in 0..<n {
            z.append(model.measure(0, stream: stream))
            x.append(stream.gaussian(sigma: sigma))
            y.append(stream.gaussian(sigma: sigma))
        }
        let info = RecordingInfo(
            file: "simulated.csv", format: .generic, unit: .radPerSec, unitSource: "test",
            sampleCount: n, firstTimeSeconds: 0,
            lastTimeSeconds: Double(n - 1) / profile.sampleRateHz,
            largestStepSeconds: 1 / profile.sampleRateHz)
        return SensorRecording(info: info, x: x, y: y, z: z)
    }

    @Test func phoneLikeProfileComesBack() throws {
        var profile = GyroProfile(name: "truth")
        profile.sampleRateHz = 100
        profile.noiseDensityDegPerSecPerRootHz = 0.005
        profile.biasInstabilityDegPerHour = 10
        profile.biasCorrelationTimeSeconds = 100
        let recording = try Self.staticRecording(profile, seconds: 2 * 3600, seed: 11)
        let analysis = try AllanAnalysis(recording: recording, axes: ["z"])
        let estimated = GyroCalibration.profile(name: "estimated", axis: analysis.axes[0], analysis: analysis)

        // Sample rate: exact from the time axis.
        #expect(abs(estimated.sampleRateHz - 100) < 1e-9)
        // Noise density within ±10% (the brief's tolerance); at τ ≈ 1.28 s the Gauss–Markov bias adds about
        // σ²·2τ/(3τ_c) = (10 °/h)²·0.0085 to the Allan variance, 0.03% of the white part, so N is essentially unbiased
        // and its 95% interval (±≈3% with 2 h of data) must also hold the truth.
        #expect(abs(estimated.noiseDensityDegPerSecPerRootHz / 0.005 - 1) < 0.10)
        let n = try #require(analysis.axes[0].terms.angleRandomWalk)
        #expect(n.interval.contains(0.005 * .pi / 180))
        // The Gauss–Markov bias comes back as such: σ (10 °/h) and T (100 s) within a factor of 1.5 (72 T of data;
        // the README's recovery table gives the rate at which this holds), each with a bootstrap interval.
        guard case .gaussMarkov(let gm) = analysis.axes[0].terms.biasInstability else {
            Issue.record("no Gauss–Markov bias identified: \(analysis.axes[0].terms.biasInstability)")
            return
        }
        let ratio = estimated.biasInstabilityDegPerHour / 10
        #expect(ratio > 1 / 1.5 && ratio < 1.5, "σ_GM \(estimated.biasInstabilityDegPerHour) °/h")
        let timeRatio = estimated.biasCorrelationTimeSeconds / 100
        #expect(timeRatio > 1 / 1.5 && timeRatio < 1.5, "T \(estimated.biasCorrelationTimeSeconds) s")
        #expect(gm.sigma.interval.low < gm.sigma.value && gm.sigma.value < gm.sigma.interval.high)
        // The device has no turn-on bias: the mean-rate interval holds 0 and the profile writes a small one.
        #expect(analysis.axes[0].meanInterval.contains(0))
        #expect(abs(estimated.measured("biasDegPerSec") ?? 1) < 0.01)
        // The profile round-trips through ProfileReader's strict parser.
        let text = try GyroCalibration.json(estimated, description: "test")
        let node = try JSONParser.parse(Array(text.utf8))
        let parsed = try ProfileReader.parse(
            try JSONObjectReader(node, file: "estimated.json", path: ""),
            fallbackName: "estimated")
        #expect(parsed.name == "estimated")
        #expect(abs(parsed.noiseDensityDegPerSecPerRootHz / estimated.noiseDensityDegPerSecPerRootHz - 1) < 1e-5)
        #expect(abs(parsed.biasInstabilityDegPerHour / estimated.biasInstabilityDegPerHour - 1) < 1e-5)
        #expect(parsed.measurements["noiseDensityDegPerSecPerRootHz"]?.source == "still recording simulated.csv")
    }

    @Test func allanReportHasTheThreeFiles() throws {
        var profile = GyroProfile(name: "truth")
        profile.noiseDensityDegPerSecPerRootHz = 0.01
        let recording = try Self.staticRecording(profile, seconds: 120, seed: 3)
        let analysis = try AllanAnalysis(recording: recording, axes: ["x", "y", "z"])
        let files = try AllanReport.render(analysis)
        #expect(files.paths == ["allan.csv", "allan.svg", "summary.md"])
        let summary = try #require(files.contents(of: "summary.md"))
        #expect(summary.contains("°/s/√Hz"))
        let csv = try #require(files.contents(of: "allan.csv"))
        // 12 000 samples: octave factors 1…4096 (13 points) per axis, plus the header.
        #expect(csv.split(separator: "\n").count == 1 + 3 * 13)
    }

    @Test func refusesAnAccelerationRecording() throws {
        let info = RecordingInfo(
            file: "a.csv", format: .generic, unit: .g, unitSource: "--unit", sampleCount: 32,
            firstTimeSeconds: 0, lastTimeSeconds: 31, largestStepSeconds: 1)
        let values = (0..<32).map { Double($0 % 3) }
        let recording = SensorRecording(info: info, x: values, y: values, z: values)
        #expect(throws: InputError.self) { try AllanAnalysis(recording: recording, axes: ["z"]) }
    }
}

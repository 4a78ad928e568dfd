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
        let n = analysis.axes[0].terms.angleRandomWalk
        #expect(n.interval.contains(0.005 * .pi / 180))
        // Bias instability within a factor of 2. Why only that: the profile's bias is a first-order Gauss–Markov
        // process (σ = 10 °/h, τ_c = 100 s), whose Allan curve rises like a rate random walk below τ_c instead of
        // the flat flicker floor IEEE 952's B = σ_min/0.664 assumes. With white noise N the curve's minimum sits
        // where σ²(τ) ≈ N²/τ + σ²·2τ/(3τ_c) is smallest: τ ≈ 22 s, σ_min ≈ 5.4 °/h, so B ≈ 8.2 °/h (0.82 × input);
        // this seed gives 7.5 °/h at τ = 20.5 s. The first local minimum is used, not the later fall past the GM peak.
        let ratio = estimated.biasInstabilityDegPerHour / 10
        #expect(ratio > 0.5 && ratio < 2)
        // The correlation time is read at the Allan minimum: order of magnitude only (tens of seconds for 100 s).
        #expect(estimated.biasCorrelationTimeSeconds > 5 && estimated.biasCorrelationTimeSeconds < 500)
        // The profile round-trips through ProfileReader's strict parser.
        let text = try GyroCalibration.json(estimated, description: "test")
        let node = try JSONParser.parse(Array(text.utf8))
        let parsed = try ProfileReader.parse(
            try JSONObjectReader(node, file: "estimated.json", path: ""),
            fallbackName: "estimated")
        #expect(parsed.name == "estimated")
        #expect(abs(parsed.noiseDensityDegPerSecPerRootHz / estimated.noiseDensityDegPerSecPerRootHz - 1) < 1e-5)
        #expect(abs(parsed.biasInstabilityDegPerHour / estimated.biasInstabilityDegPerHour - 1) < 1e-5)
        #expect(parsed.sources["noiseDensityDegPerSecPerRootHz"]?.contains("simulated.csv") == true)
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

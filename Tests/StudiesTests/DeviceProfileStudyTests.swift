import DetectionCore
import Foundation
import SensorSim
import Stats
import Testing

@testable import FileFormats
@testable import MonteCarlo
@testable import Studies

/// A drift study on a device profile simulates that one phone (issue 25).
@Suite struct DeviceProfileStudyTests {
    static let bias = 0.03, scale = 0.8, asymmetry = 1.0

    /// A device profile with `phone-calibrated`'s noise terms at 10 Hz and a measured bias, scale factor and
    /// asymmetry, each with standard error `se` (in its own unit).
    static func device(se: Double = 0) -> GyroProfile {
        DriftCoverage.measuredPhoneAt10Hz(
            name: "my-phone", biasDegPerSec: (bias, se), scaleFactorPercent: (scale, se), asymmetryPercent: (asymmetry, se),
            source: "test")
    }

    /// With no uncertainty the study's one phone is exactly the measured one; with it, the phone is a draw from
    /// N(value, SE²): over 4000 draws the mean lies within 4·SE/√4000 of the value and the SD within ±10% of SE
    /// (the SD of a sample SD of n normals is about SE/√(2n) = 1.1% of SE here).
    @Test func theStudysPhoneIsTheMeasuredOneWithinItsUncertainty() throws {
        let exact = try DriftTrial.sharedDevice(scenarioSeed: 1, profile: Self.device())
        #expect(
            exact == GyroDevice(turnOnBiasRadPerSec: Self.bias * .pi / 180, scaleFactorError: 0.008, scaleFactorAsymmetry: 0.01))
        let se = 0.2
        var biases: [Double] = []
        for k in 0..<4000 {
            let stream = try RandomStream(seed: TrialSeed(scenarioSeed: 5, trialIndex: UInt64(k)))
            biases.append(GyroDevice.draw(from: Self.device(se: se), stream: stream).turnOnBiasRadPerSec * 180 / .pi)
        }
        let summary = try Descriptive.summary(biases)
        #expect(abs(summary.mean - Self.bias) < 4 * se / 4000.0.squareRoot())
        #expect(abs(summary.standardDeviation / se - 1) < 0.1)
    }

    /// The device study's answer matches the phone it simulated: loops and zigzags (so bias, scale factor and asymmetry
    /// are separable), and each of the phone's own errors, estimated from the walks, lies in (twice) its 95% interval
    /// around the measured value, as for a `sameDevice` class study (DriftDecompositionTests).
    @Test func theStudyRecoversTheMeasuredPhone() throws {
        let p = Self.device()
        let s = gridScenario(p, minutes: [1, 5], turns: [0, 16], shapes: [.loop, .zigzag], trials: 40, seed: 25, sameDevice: true)
        let outcomes = try DriftStudy.simulate(s, runner: MonteCarloRunner(jobs: 2))
        let device = try DriftTrial.sharedDevice(scenarioSeed: 25, profile: p)
        let d = try DriftDecomposition(scenario: s, profileName: p.name, outcomes: outcomes, device: device, replicates: 200)
        let phone = d.components.filter(\.isPhoneValue)
        #expect(Set(phone.map(\.id)) == ["turn_on_bias", "scale_factor", "asymmetry"])
        for c in phone {
            let half = c.interval.width / 2
            let wide = ConfidenceInterval(low: c.interval.low - half, high: c.interval.high + half)
            #expect(wide.contains(c.profileValue), "\(c.id): [\(c.interval.low), \(c.interval.high)] vs \(c.profileValue)")
        }
        let analysis = try DriftAnalysis(scenario: s, outcomes: outcomes)
        let text = try DriftReport.render(scenario: s, outcomes: outcomes, analysis: analysis).contents(of: "summary.md")
        #expect(text?.contains("the one the device profile measured") == true)
    }

    /// A scenario naming a device profile by path is a one-phone study; `"sameDevice": false` with it is refused.
    @Test func aScenarioWithADeviceProfileIsOnePhone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("h25-device-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"""
        {"name": "mine", "kind": "device", "classProfile": "phone-calibrated",
         "biasDegPerSec": {"value": 0.01, "standardError": 0.001, "source": "still recording s.csv"},
         "scaleFactorErrorPercent": {"source": "not measured"}}
        """#.write(to: folder.appendingPathComponent("mine.json"), atomically: true, encoding: .utf8)
        try #"""
        {"name": "phone-calibrated", "scaleFactorErrorPercent": 0.5}
        """#.write(to: folder.appendingPathComponent("phone-calibrated.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("profiles"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent("phone-calibrated.json"),
            to: folder.appendingPathComponent("profiles/phone-calibrated.json"))
        func scenario(_ extra: String) throws -> URL {
            let url = folder.appendingPathComponent("s\(extra.isEmpty ? "" : "2").json")
            try """
            {"study": "drift", "name": "s", "seed": 1, "trialsPerCell": 2, "profile": "mine.json"\(extra),
             "grid": {"minutes": [1], "turns": [0]}}
            """.write(to: url, atomically: true, encoding: .utf8)
            return url
        }
        let loaded = try ScenarioFile.load(path: try scenario("").path)
        let drift = try #require(loaded.study as? DriftScenario)
        #expect(drift.sameDevice)
        let profile = try #require(drift.cells.first?.profile)
        #expect(profile.kind == .device && profile.measured("biasDegPerSec") == 0.01)
        // The class profile beside it was read for the unmeasured terms.
        #expect(profile.classValues["scaleFactorErrorPercent"] == 0.5)
        #expect(throws: InputError.self) { try ScenarioFile.load(path: try scenario(#", "sameDevice": false"#).path) }
    }
}

import DetectionCore
import Foundation
import Testing

@testable import FileFormats
@testable import Studies

/// Settings 16 and 18 of Scenarios/shake-threshold-tuning.json (threshold-count at 1.5 g needing 6 excursions, and
/// at 2 g needing 3, both within 1 s with a 1 s cooldown): an earlier sweep's pair with equal totals in the
/// shipped report but different fragments and latencies. These traces show such settings are different detectors,
/// so equal totals are a coincidence of the data, not a setting that was ignored.
@Suite struct ShakeSettingsDistinctTests {
    /// The two settings as the shipped scenario expands them (sweep order: thresholdG outer, then requiredCount,
    /// cooldownSeconds innermost: index = 6·threshold + 2·count + cooldown).
    func settings() throws -> (ShakeDetectorConfiguration, ShakeDetectorConfiguration) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scenarios/shake-threshold-tuning.json")
        guard let s = try ScenarioFile.load(path: url.path).study as? ShakeScenario else {
            throw InputError(file: url.path, problem: "not shake")
        }
        return (s.configurations[16], s.configurations[18])
    }

    /// Firing times of `c` over a 100 Hz trace along x: `pulses` one-sample pulses of `heightG`, 0.1 s apart
    /// (each is one excursion above a threshold below `heightG`: a rising crossing), zeros elsewhere, 2 s long.
    func fire(_ c: ShakeDetectorConfiguration, pulses: Int, heightG: Double) throws -> [Double] {
        var detector = try ShakeDetector(configuration: c, maximumSampleRateHz: 100)
        var times: [Double] = []
        for k in 0..<200 {
            let t = Double(k) / 100
            let x = k % 10 == 0 && k / 10 < pulses ? heightG : 0
            if detector.consume(AccelerationSample(timestampSeconds: t, x: x, y: 0, z: 0)) { times.append(t) }
        }
        return times
    }

    @Test func theyAreTheSettingsTheReportNames() throws {
        let (a, b) = try settings()
        #expect(a.kind == .thresholdCount && a.thresholdG == 1.5 && a.requiredCount == 6 && a.windowSeconds == 1)
        #expect(b.kind == .thresholdCount && b.thresholdG == 2 && b.requiredCount == 3 && b.windowSeconds == 1)
        #expect(a.cooldownSeconds == 1 && b.cooldownSeconds == 1)
    }

    /// Six 1.6 g pulses at 0, 0.1, …, 0.5 s: six excursions above 1.5 g within 1 s, so setting 16 fires at the
    /// sixth (0.5 s); none reaches 2 g, so setting 18 never fires. Three 2.1 g pulses (0, 0.1, 0.2 s): setting 18
    /// fires at the third (0.2 s); setting 16 sees only three excursions and stays silent.
    @Test func aTinyTraceTellsThemApart() throws {
        let (a, b) = try settings()
        #expect(try fire(a, pulses: 6, heightG: 1.6) == [0.5])
        #expect(try fire(b, pulses: 6, heightG: 1.6) == [])
        #expect(try fire(b, pulses: 3, heightG: 2.1) == [0.2])
        #expect(try fire(a, pulses: 3, heightG: 2.1) == [])
    }
}

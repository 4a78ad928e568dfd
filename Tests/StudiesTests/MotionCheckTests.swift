import DetectionCore
import FileFormats
import Foundation
import SensorSim
import Testing

@testable import Studies

/// The real-against-simulated motion check (issue 28): its statistics by hand on small signals, its factor-of-two
/// rule, and the real side read from files in MotionSense's layout.
@Suite struct MotionCheckTests {
    /// 100 samples at 50 Hz (2 s): |a| = 0.3 g in the first second but 1.2 g at sample 10, 0.1 g in the second but
    /// 0.6 g at sample 60 (all along x).
    static func signal() -> [AccelerationSample] {
        (0..<100).map { k in
            let m = k == 10 ? 1.2 : k == 60 ? 0.6 : k < 50 ? 0.3 : 0.1
            return AccelerationSample(timestampSeconds: Double(k) / 50, x: m, y: 0, z: 0)
        }
    }

    /// Per-second peaks 1.2 and 0.6 g; nearest rank over 2 peaks: p50 is the ⌈1⌉st = 0.6, p90 the ⌈1.8⌉ = 2nd = 1.2.
    /// Upward crossings: 0.3 → 1.2 crosses 0.5 and 1 g, 0.1 → 0.6 crosses 0.5 g: 2, 1, 0 over 2 s = 1/30 min, so
    /// 60 and 30 a minute.
    @Test func statisticsByHand() throws {
        var s = MotionCheck.Statistics(settings: 0)
        try s.add(Self.signal(), settings: [])
        #expect(s.recordings == 1 && s.samples == 100)
        #expect(s.peaksG == [1.2, 0.6])
        #expect(s.peakPercentile(50) == 0.6 && s.peakPercentile(90) == 1.2 && s.peakPercentile(99) == 1.2)
        #expect(s.crossings == [2, 1, 0])
        #expect(abs(s.crossingsPerMinute(0) - 60) < 1e-9 && abs(s.crossingsPerMinute(1) - 30) < 1e-9)
        #expect(abs(s.hours - 2.0 / 3600) < 1e-15)
    }

    /// A threshold-count detector at 1 g needing one excursion fires once on the signal (the one sample above 1 g):
    /// one firing in 2 s is 1800 an hour.
    @Test func firingsPerHourByHand() throws {
        var c = ShakeDetectorConfiguration(kind: .thresholdCount)
        c.thresholdG = 1.0
        c["requiredCount"] = .count(1)
        var s = MotionCheck.Statistics(settings: 1)
        try s.add(Self.signal(), settings: [c])
        #expect(s.firings == [1])
        #expect(abs(s.falseAlarmsPerHour(0) - 1800) < 1e-6)
    }

    /// The factor-of-two rule: 3 against 1 differs, 2 against 1 does not; a 0 counts at one event over its exposure
    /// (0 over 2 h is "below 0.5 an hour": 0.9 is within twice that, 1.1 is not).
    @Test func factorOfTwoRule() {
        #expect(MotionCheck.differ(3, exposureA: 1, 1, exposureB: 1))
        #expect(!MotionCheck.differ(2, exposureA: 1, 1, exposureB: 1))
        #expect(!MotionCheck.differ(0, exposureA: 2, 0, exposureB: 2))
        #expect(!MotionCheck.differ(0, exposureA: 2, 0.9, exposureB: 2))
        #expect(MotionCheck.differ(0, exposureA: 2, 1.1, exposureB: 2))
        #expect(MotionCheck.differ(1.1, exposureA: 2, 0, exposureB: 2))
        #expect(MotionCheck.differ(0.1, 0.25) && !MotionCheck.differ(0.1, 0.2))
    }

    /// The real side reads `<code>_<trial>_sub_<n>.csv` in MotionSense's layout (row index, no time) at 50 Hz as user
    /// acceleration: two files of 50 rows each, |a| = 0.5 g (0.3, 0.4, 0 by 3-4-5) and 0.13 g (0.05, 0, 0.12 by
    /// 5-12-13); another activity's file beside them is not read.
    @Test func realSideReadsMotionSenseFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-motion-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let header =
            ",attitude.roll,attitude.pitch,attitude.yaw,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,"
            + "rotationRate.z,userAcceleration.x,userAcceleration.y,userAcceleration.z\n"
        func file(_ name: String, _ a: (Double, Double, Double)) throws {
            var text = header
            for k in 0..<50 { text += "\(k),0,0,0,0,1,0,0,0,0,\(a.0),\(a.1),\(a.2)\n" }
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try file("wlk_7_sub_1.csv", (0.3, 0.4, 0))
        try file("wlk_7_sub_2.csv", (0.05, 0, 0.12))
        try file("jog_9_sub_1.csv", (3, 0, 0))
        let s = try MotionCheck.real(code: "wlk", folder: folder, settings: [])
        #expect(s.recordings == 2 && s.samples == 100)
        #expect(s.peaksG.count == 2 && abs(s.peaksG[0] - 0.5) < 1e-12 && abs(s.peaksG[1] - 0.13) < 1e-12)
        // Only the first sample of each file is at its level and nothing crosses 0.5 g from below.
        #expect(s.crossings == [0, 0, 0])
        #expect(throws: InputError.self) { try MotionCheck.real(code: "sit", folder: folder, settings: []) }
    }

    /// A raw-magnitude setting reads MotionSense with its gravity added back: user (0.3, 0.4, 0) + gravity (0, 1, 0) is
    /// |(0.3, 1.4, 0)| = √2.05 ≈ 1.432 g, at or above 1.4 g, so raw-magnitude at 1.4 g (3 samples within 2 s) fires at
    /// the third sample and its 1 s cooldown outlasts the 1 s file: once. The second file, |(0.05, 1, 0.12)| = √1.0169
    /// ≈ 1.008 g, never fires. Without gravity (|a| = 0.5 g) it would not fire at all. The per-second peaks stay those
    /// of the user acceleration.
    @Test func rawMagnitudeReadsMotionSenseWithGravity() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-motion-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let header =
            ",attitude.roll,attitude.pitch,attitude.yaw,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,"
            + "rotationRate.z,userAcceleration.x,userAcceleration.y,userAcceleration.z\n"
        func file(_ name: String, _ a: (Double, Double, Double)) throws {
            var text = header
            for k in 0..<50 { text += "\(k),0,0,0,0,1,0,0,0,0,\(a.0),\(a.1),\(a.2)\n" }
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try file("wlk_7_sub_1.csv", (0.3, 0.4, 0))
        try file("wlk_7_sub_2.csv", (0.05, 0, 0.12))
        var raw = ShakeDetectorConfiguration(kind: .rawMagnitude)
        raw.thresholdG = 1.4
        var user = ShakeDetectorConfiguration(kind: .thresholdCount)
        user.thresholdG = 1.4
        user["requiredCount"] = .count(1)
        let s = try MotionCheck.real(code: "wlk", folder: folder, settings: [raw, user])
        #expect(s.firings == [1, 0])
        #expect(abs(s.peaksG[0] - 0.5) < 1e-12)
    }

    /// Simulated standing still is sensor noise only (σ = 0.01 g an axis): a per-second peak of |a| above 0.1 g needs a
    /// χ₃ value above 10, probability below 10⁻²⁰ a sample, so the p99 peak is below 0.1 g and no setting of
    /// shake-everyday (thresholds 1.5 g and above for threshold-count, 0.9 g for window-fraction) fires.
    @Test func simulatedStillIsQuiet() throws {
        let settings = [ShakeDetectorConfiguration(kind: .thresholdCount), ShakeDetectorConfiguration(kind: .windowFraction)]
        let s = try MotionCheck.simulated(.still, settings: settings)
        #expect(abs(s.hours - 2) < 1e-9 && s.recordings == 12)
        #expect(s.peakPercentile(99) < 0.1)
        #expect(s.firings == [0, 0])
    }
}

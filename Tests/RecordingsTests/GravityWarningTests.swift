import DetectionCore
import Foundation
import Testing

@testable import FileFormats
@testable import Recordings

/// The gravity warning of a shake replay (issue 28): one line when the signal's level (the median over whole seconds
/// of the mean vector's magnitude) says it includes gravity while the detector assumes it does not, and the reverse.
@Suite struct GravityWarningTests {
    static func write(_ text: String, _ name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-gravity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A micro:bit shake recording in its converted layout (`t_s,x,y,z`, g, gravity included: z = −1.023 g at rest,
    /// clipped at ±1.023 per axis as the micro:bit's ±1023 milli-g), 40 Hz as the real one: seconds 0, 1 and 3 at
    /// rest, second 2 shaking (x between ±1.023 g, z between −1.023 and 0 g), then part of a fifth second.
    static func microbit() -> String {
        var text = "t_s,x,y,z\n"
        for k in 0..<200 {
            let t = 0.001 + Double(k) * 0.025
            if (80..<120).contains(k) {
                text += "\(t),\(k % 2 == 0 ? 1.023 : -1.023),0,\(k % 2 == 0 ? -1.023 : 0)\n"
            } else {
                text += "\(t),0,0,-1.023\n"
            }
        }
        return text
    }

    /// The level: each whole second's mean vector is (0, 0, −1.023) g at rest and (0, 0, −0.5115) g while shaking
    /// (40 samples: x cancels, z averages −1.023 and 0); the fifth second is partial and left out. The median of
    /// 1.023, 1.023, 0.5115, 1.023 is the 2nd smallest (the lower median of 4), 1.023 g, held as 1.02 g in the 0.01 g
    /// histogram: within 1 ± 0.25 g, so gravity is in the signal, and the default threshold-count detector
    /// (inputIncludesGravity false) is warned about.
    @Test func firesOnAMicrobitRecordingWithTheDefaultDetector() throws {
        let path = try Self.write(Self.microbit(), "shake-generic-g.csv")
        let replay = try ShakeReplay(path: path, unit: .g, configuration: ShakeDetectorConfiguration(kind: .thresholdCount))
        #expect(abs(replay.gravityLevelG - 1.02) < 1e-9)
        #expect(replay.levelIncludesGravity == true)
        #expect(
            replay.gravityWarning
                == "Warning: \(path): its level (the median over seconds of |mean a|) is 1.02 g, a signal that includes "
                + "gravity, but the threshold-count detector assumes gravity removed (inputIncludesGravity false): its "
                + "threshold is compared with gravity plus motion; set \"inputIncludesGravity\": true or record user "
                + "acceleration")
        // The same recording for a detector that assumes gravity: no warning.
        var raw = ShakeDetectorConfiguration(kind: .thresholdCount)
        raw.inputIncludesGravity = true
        #expect(try ShakeReplay(path: path, unit: .g, configuration: raw).gravityWarning == nil)
    }

    /// The reverse: user acceleration under a detector assuming gravity. 21 samples in 0.2 s, under a second: the one
    /// partial second is the level, |(0.03, 0.04, 0)| = 0.05 g (3-4-5), at most 0.5 g.
    @Test func firesOnUserAccelerationUnderAGravityDetector() throws {
        var text = "t_s,x,y,z\n"
        for k in 0..<21 { text += "\(Double(k) * 0.01),0.03,0.04,0\n" }  // |a| = 0.05 g (3-4-5)
        let path = try Self.write(text, "user.csv")
        var c = ShakeDetectorConfiguration(kind: .windowFraction)
        c.inputIncludesGravity = true
        let replay = try ShakeReplay(path: path, unit: .g, configuration: c)
        #expect(abs(replay.gravityLevelG - 0.05) < 1e-9 && replay.levelIncludesGravity == false)
        #expect(
            replay.gravityMismatch
                == "its level (the median over seconds of |mean a|) is 0.05 g, a signal with gravity removed, but the "
                + "window-fraction detector assumes gravity included (inputIncludesGravity true); set "
                + "\"inputIncludesGravity\": false or record raw acceleration")
        #expect(
            try ShakeReplay(path: path, unit: .g, configuration: ShakeDetectorConfiguration(kind: .windowFraction)).gravityWarning == nil)
    }

    /// Between the two (a level of 0.7 g: neither within 1 ± 0.25 g nor at most 0.5 g) the level says nothing.
    @Test func noVerdictBetweenTheBands() throws {
        var text = "t_s,x,y,z\n"
        for k in 0..<5 { text += "\(Double(k) * 0.01),0.7,0,0\n" }
        let path = try Self.write(text, "vigorous.csv")
        let replay = try ShakeReplay(path: path, unit: .g, configuration: ShakeDetectorConfiguration(kind: .thresholdCount))
        #expect(abs(replay.gravityLevelG - 0.7) < 1e-9 && replay.levelIncludesGravity == nil && replay.gravityWarning == nil)
    }
}

import DetectionCore
import Foundation
import Testing

@testable import Studies

/// Each setting's plain-words sentence is filled from the setting (it changes when the setting does), every registered
/// kind has one, and the committed reports write their recommendation's. The expected sentences are written out by
/// hand from the kinds' definitions (DetectionCore/Shake, DetectionCore/Scribble) and the values set here.
@Suite struct SettingPlainWordsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func windowFraction(_ thresholdG: Double, _ requiredFraction: Double) -> ShakeDetectorConfiguration {
        var c = ShakeDetectorConfiguration(kind: .windowFraction)
        c.thresholdG = thresholdG
        c["requiredFraction"] = .real(requiredFraction)
        return c
    }

    @Test func everyRegisteredKindIsWorded() {
        for kind in ShakeDetectorKind.allCases {
            #expect(SettingPlainWords.shakeTemplates[kind.rawValue] != nil, "\(kind.rawValue)")
            #expect(!SettingPlainWords.shake(ShakeDetectorConfiguration(kind: kind)).contains("{"), "\(kind.rawValue)")
        }
        for kind in ScribbleDetectorKind.allCases {
            #expect(SettingPlainWords.scribbleTemplates[kind.rawValue] != nil, "\(kind.rawValue)")
            #expect(!SettingPlainWords.scribble(ScribbleDetectorConfiguration(kind: kind)).contains("{"), "\(kind.rawValue)")
        }
    }

    /// The issue's own example (window-fraction at 0.9 g, requiredFraction 0.4, the kind's 0.5 s window), then the
    /// same kind at 1.2 g and 0.75: the numbers follow the setting.
    @Test func windowFractionFlipsWithTheSetting() {
        #expect(
            SettingPlainWords.shake(Self.windowFraction(0.9, 0.4))
                == "fires when at least 40% of the last 0.5 s of samples exceed 0.9 g (the window spanning at least "
                + "0.25 s and holding at least 4 samples), reading Core Motion's userAcceleration (gravity removed), "
                + "then ignores readings for 1 s")
        #expect(
            SettingPlainWords.shake(Self.windowFraction(1.2, 0.75))
                == "fires when at least 75% of the last 0.5 s of samples exceed 1.2 g (the window spanning at least "
                + "0.25 s and holding at least 4 samples), reading Core Motion's userAcceleration (gravity removed), "
                + "then ignores readings for 1 s")
    }

    /// Reversal at 1.5 g, windowSeconds 0.5 (shake-campus-walk's best trade-off), then with its own gravity high-pass
    /// and no cooldown; threshold-count and raw-magnitude at their defaults (1.5 g, 4 in 1 s; 2.5 g, 3 in 2 s).
    @Test func otherKindsAndClauses() {
        var c = ShakeDetectorConfiguration(kind: .reversal)
        c.thresholdG = 1.5
        c.windowSeconds = 0.5
        let setting = ShakeStudy.setting(c, index: 0)
        #expect(
            setting.plainWords
                == "In plain words, reversal at 1.5 g, windowSeconds 0.5 fires when the acceleration swings beyond 1.5 g "
                + "4 times within 0.5 s, each swing pointing more than 120° away from the previous swing's peak, reading "
                + "Core Motion's userAcceleration (gravity removed), then ignores readings for 1 s (every kind in a "
                + "paragraph with a picture: docs/detectors.md, \"The kinds\").")
        c.inputIncludesGravity = true
        c.cooldownSeconds = 0
        #expect(
            SettingPlainWords.shake(c)
                == "fires when the acceleration swings beyond 1.5 g 4 times within 0.5 s, each swing pointing more than "
                + "120° away from the previous swing's peak, on the readings after its own gravity high-pass (time "
                + "constant 0.5 s)")
        #expect(
            SettingPlainWords.shake(ShakeDetectorConfiguration(kind: .thresholdCount))
                == "fires when the acceleration rises above 1.5 g 4 times within 1 s (a rise counts once however long "
                + "it stays above), reading Core Motion's userAcceleration (gravity removed), then ignores readings "
                + "for 1 s")
        #expect(
            SettingPlainWords.shake(ShakeDetectorConfiguration(kind: .rawMagnitude))
                == "fires when 3 samples within 2 s reach 2.5 g of raw magnitude, gravity included, then ignores "
                + "readings for 1 s")
    }

    /// The scribble kind's defaults (3 reversals, 20 pt, ratio 2.5, 1.5 s, no cooldown, once per gesture), then 6
    /// reversals, 60 pt, ratio 4, a 0.5 s cooldown and an event at every completed pattern.
    @Test func scribbleFlipsWithTheSetting() {
        var c = ScribbleDetectorConfiguration(kind: .scribble)
        #expect(
            SettingPlainWords.scribble(c)
                == "fires when, within the last 1.5 s, the finger has turned back 3 times on one axis (x or y), each "
                + "time after at least 20 pt, and the path drawn is at least 2.5 times the diagonal of the box it "
                + "covers; at most one event until the finger lifts")
        c["requiredReversals"] = .count(6)
        c["minimumTravelPoints"] = .real(60)
        c["pathToDiagonalRatio"] = .real(4)
        c["cooldownSeconds"] = .real(0.5)
        c["firesOncePerGesture"] = .flag(false)
        #expect(
            SettingPlainWords.scribble(c)
                == "fires when, within the last 1.5 s, the finger has turned back 6 times on one axis (x or y), each "
                + "time after at least 60 pt, and the path drawn is at least 4 times the diagonal of the box it "
                + "covers, then ignores points for 0.5 s; after an event it starts counting afresh")
    }

    /// The committed reports write their recommendation's sentence (regenerated with the release binary).
    @Test(arguments: [
        (
            "shake-campus-walk",
            "In plain words, reversal at 1.5 g, windowSeconds 0.5 fires when the acceleration swings beyond 1.5 g 4 "
        ),
        ("shake-threshold-tuning", "In plain words, window-fraction at 2 g fires when at least 75% of the last 0.5 s "),
        ("shake-everyday", "In plain words, window-fraction at 1.326 g fires when at least 75% of the last 0.5 s "),
        ("sweep-recordings-sample", "In plain words, threshold-count at 1.8 g fires when the acceleration rises above "),
        (
            "scribble-tuning",
            "In plain words, scribble with requiredReversals 6, minimumTravelPoints 60, pathToDiagonalRatio 4 fires "
                + "when, within the last 1.5 s, the finger has turned back 6 times"
        ),
    ])
    func reportsWriteTheirRecommendations(report: String, words: String) throws {
        let summary = try String(
            contentsOf: Self.root.appendingPathComponent("Reports/\(report)/summary.md"), encoding: .utf8)
        #expect(summary.contains(words))
    }
}

import DetectionCore
import Reporting

/// One sentence per detector setting saying, with the setting's own numbers, when it fires ("fires when at least 40%
/// of the last 0.5 s of samples exceed 0.9 g"): the reports write it under each recommendation, filled from the
/// setting, never by hand.
///
/// Each kind's sentence is a template whose `{key}` is replaced by the setting's value of that key (as labels write
/// it); `{key%}` writes a fraction as a percentage. The templates are keyed by the kind's JSON name, one per registered
/// kind (`SettingPlainWordsTests` checks that every kind of `ShakeDetectorKind.allCases` and
/// `ScribbleDetectorKind.allCases` has one, so a new kind cannot ship unworded).
package enum SettingPlainWords {
    // MARK: - Templates

    /// What fires each shake kind, from its definition (the kinds' doc comments in DetectionCore/Shake).
    static let shakeTemplates: [String: String] = [
        "threshold-count":
            "fires when the acceleration rises above {thresholdG} g {requiredCount} times within {windowSeconds} s "
            + "(a rise counts once however long it stays above)",
        "window-fraction":
            "fires when at least {requiredFraction%}% of the last {windowSeconds} s of samples exceed {thresholdG} g "
            + "(the window spanning at least {minimumWindowSpanSeconds} s and holding at least {minimumSampleCount} "
            + "samples)",
        "reversal":
            "fires when the acceleration swings beyond {thresholdG} g {requiredCount} times within {windowSeconds} s, "
            + "each swing pointing more than 120° away from the previous swing's peak",
        "raw-magnitude":
            "fires when {requiredCount} samples within {windowSeconds} s reach {thresholdG} g of raw magnitude, gravity "
            + "included",
    ]

    /// What fires each scribble kind (DetectionCore/Scribble/ReversalScribbleDetector.swift).
    static let scribbleTemplates: [String: String] = [
        "scribble":
            "fires when, within the last {windowSeconds} s, the finger has turned back {requiredReversals} times on one "
            + "axis (x or y), each time after at least {minimumTravelPoints} pt, and the path drawn is at least "
            + "{pathToDiagonalRatio} times the diagonal of the box it covers"
    ]

    /// `template` filled from `value`: `{key}` as labels write the value, `{key%}` as a percentage.
    static func fill(_ template: String, value: (String) -> DetectorParameter.Value?) -> String {
        DetectorParameter.fill(template, number: { Format.label($0) }) { key in
            guard key.hasSuffix("%") else { return value(key) }
            guard case .real(let x)? = value(String(key.dropLast())) else { return nil }
            return .real(x * 100)
        }
    }

    // MARK: - Sentences

    /// "fires when …, reading Core Motion's userAcceleration (gravity removed), then ignores readings for 1 s"; empty
    /// for a kind without a template.
    package static func shake(_ c: ShakeDetectorConfiguration) -> String {
        guard let template = shakeTemplates[c.kind.rawValue] else { return "" }
        var words = fill(template) { c[$0] }
        if !c.kind.thresholdsRawReadings {
            words +=
                c.inputIncludesGravity
                ? fill(
                    ", on the readings after its own gravity high-pass (time constant {gravityTimeConstantSeconds} s)"
                ) { c[$0] }
                : ", reading Core Motion's userAcceleration (gravity removed)"
        }
        if c.cooldownSeconds > 0 { words += fill(", then ignores readings for {cooldownSeconds} s") { c[$0] } }
        return words
    }

    /// "fires when …; at most one event until the finger lifts"; empty for a kind without a template.
    package static func scribble(_ c: ScribbleDetectorConfiguration) -> String {
        guard let template = scribbleTemplates[c.kind.rawValue] else { return "" }
        var words = fill(template) { c[$0] }
        if case .real(let cooldown)? = c["cooldownSeconds"], cooldown > 0 {
            words += fill(", then ignores points for {cooldownSeconds} s") { c[$0] }
        }
        if case .flag(let once)? = c["firesOncePerGesture"] {
            words += once ? "; at most one event until the finger lifts" : "; after an event it starts counting afresh"
        }
        return words
    }
}

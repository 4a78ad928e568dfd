import DetectionCore
import Testing

@testable import Studies

/// The sweep keys, read off each kind's declaration, against the vocabulary the core documents
/// (ShakeDetectorConfiguration's doc comment, "Which fields each kind reads"), in its encoding order.
@Suite struct ShakeSweepKeysTests {
    @Test func sweepKeysAreTheFieldsEachKindReads() {
        let common = ["thresholdG", "requiredCount", "windowSeconds", "cooldownSeconds"]
        #expect(ShakeScenario.sweepKeys(.thresholdCount) == common)
        #expect(ShakeScenario.sweepKeys(.reversal) == common)
        #expect(ShakeScenario.sweepKeys(.rawMagnitude) == common)
        #expect(
            ShakeScenario.sweepKeys(.windowFraction) == [
                "thresholdG", "windowSeconds", "requiredFraction", "minimumWindowSpanSeconds", "minimumSampleCount",
                "cooldownSeconds",
            ])
        let counts = DetectorParameter.shared.filter(\.isCount).map(\.key)
        #expect(counts == ["requiredCount", "minimumSampleCount"])
    }

    /// Labels as the committed reports write them: the kind's label key with its unit, then each other sweep key
    /// that differs from the kind's preset (window-fraction's preset fraction is 0.75, so 0.4 is named).
    @Test func labelsComeFromTheDeclaration() {
        var c = ShakeDetectorConfiguration.windowFractionDefault
        c.thresholdG = 0.9
        c.requiredFraction = 0.4
        #expect(ShakeStudy.shortLabel(c) == "at 0.9 g, requiredFraction 0.4")
        var r = ShakeDetectorConfiguration.rawMagnitudeDefault
        r.cooldownSeconds = 2
        #expect(ShakeStudy.shortLabel(r) == "at 2.5 g, cooldownSeconds 2")
        // A key the kind does not read never enters its label, even when it differs from the standard default.
        var t = ShakeDetectorConfiguration.thresholdCountDefault
        t.requiredFraction = 0.1
        #expect(ShakeStudy.shortLabel(t) == "at 1.5 g")
    }
}

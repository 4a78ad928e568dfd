import DetectionCore
import Testing

@testable import Studies

/// The sweep keys, now read off the core's encoding and validation, against the vocabulary the core documents
/// (ShakeDetectorConfiguration's doc comment, "Which fields each kind reads"), in its encoding order.
@Suite struct ShakeSweepKeysTests {
    @Test func sweepKeysAreTheFieldsEachKindReads() {
        let common = ["thresholdG", "requiredCount", "windowSeconds", "cooldownSeconds"]
        #expect(ShakeScenario.sweepKeys[.thresholdCount] == common)
        #expect(ShakeScenario.sweepKeys[.reversal] == common)
        #expect(ShakeScenario.sweepKeys[.rawMagnitude] == common)
        #expect(
            ShakeScenario.sweepKeys[.windowFraction] == [
                "thresholdG", "windowSeconds", "requiredFraction", "minimumWindowSpanSeconds", "minimumSampleCount",
                "cooldownSeconds",
            ])
        #expect(ShakeScenario.integerKeys == ["requiredCount", "minimumSampleCount"])
    }
}

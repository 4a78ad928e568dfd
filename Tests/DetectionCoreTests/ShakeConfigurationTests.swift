import Foundation
import Testing

@testable import DetectionCore

// MARK: - Shake configuration: presets, validation, JSON vocabulary

@Suite struct ShakeConfigurationTests {
    /// The documented JSON keys (ShakeDetectorConfiguration's discussion).
    static let documentedKeys: Set<String> = [
        "kind", "thresholdG", "requiredCount", "windowSeconds", "requiredFraction", "minimumWindowSpanSeconds",
        "minimumSampleCount", "cooldownSeconds", "inputIncludesGravity", "gravityTimeConstantSeconds",
    ]

    // MARK: - Presets

    /// Seismic's numbers: 0.5 s window, 0.25 s minimum span, 3/4, 4 samples, 13 m/s² / 9.80665 m/s² per g.
    @Test func windowFractionPresetIsSeismic() {
        let preset = ShakeDetectorConfiguration.windowFractionDefault
        #expect(preset.kind == .windowFraction)
        #expect(preset.windowSeconds == 0.5)
        #expect(preset.minimumWindowSpanSeconds == 0.25)
        #expect(preset.requiredFraction == 0.75)
        #expect(preset.minimumSampleCount == 4)
        #expect(abs(preset.thresholdG - 1.325631) < 1e-6)
        #expect(preset.inputIncludesGravity == false)
    }

    @Test(arguments: ShakeDetectorKind.allCases)
    func presetsAreValid(kind: ShakeDetectorKind) throws {
        let preset = ShakeDetectorConfiguration(kind: kind)
        #expect(preset.validationProblems().isEmpty)
        _ = try ShakeDetector(configuration: preset)
    }

    // MARK: - Validation

    /// Sets one numeric field by its JSON key (test helper; keeps the argument list Sendable).
    static func edited(_ field: String, _ value: Double) -> ShakeDetectorConfiguration {
        var c = ShakeDetectorConfiguration.windowFractionDefault
        switch field {
        case "thresholdG": c.thresholdG = value
        case "windowSeconds": c.windowSeconds = value
        case "requiredFraction": c.requiredFraction = value
        case "minimumWindowSpanSeconds": c.minimumWindowSpanSeconds = value
        case "minimumSampleCount": c.minimumSampleCount = Int(value)
        case "cooldownSeconds": c.cooldownSeconds = value
        case "gravityTimeConstantSeconds":
            c.inputIncludesGravity = true
            c.gravityTimeConstantSeconds = value
        default: break
        }
        return c
    }

    /// Each broken field is reported under its JSON key, and the detector refuses to build. Ranges from the
    /// documentation: threshold (0, 16] g, window (0, 60] s, fraction (0, 1], span [0, window], count ≥ 1,
    /// cooldown [0, 3600] s, τ (0, 60] s. The window-fraction preset has a 0.5 s window, so 0.6 s span is out.
    @Test(
        arguments: [
            ("thresholdG", 0.0), ("thresholdG", 16.5), ("thresholdG", .nan),
            ("windowSeconds", 0), ("windowSeconds", -1), ("windowSeconds", 61),
            ("requiredFraction", 0), ("requiredFraction", 1.01),
            ("minimumWindowSpanSeconds", 0.6), ("minimumWindowSpanSeconds", -0.1),
            ("minimumSampleCount", 0),
            ("cooldownSeconds", -0.1), ("cooldownSeconds", .infinity),
            ("gravityTimeConstantSeconds", 0),
        ] as [(String, Double)])
    func windowFractionProblems(field: String, value: Double) {
        let configuration = Self.edited(field, value)
        #expect(configuration.validationProblems().map(\.field) == [field])
        #expect(throws: ShakeDetectorError.self) { try ShakeDetector(configuration: configuration) }
    }

    /// Boundary values inside the documented ranges are accepted.
    @Test(
        arguments: [
            ("thresholdG", 16.0), ("windowSeconds", 60), ("requiredFraction", 1), ("minimumWindowSpanSeconds", 0.5),
            ("minimumWindowSpanSeconds", 0), ("cooldownSeconds", 0), ("gravityTimeConstantSeconds", 60),
        ] as [(String, Double)])
    func boundaryValuesAreAccepted(field: String, value: Double) {
        #expect(Self.edited(field, value).validationProblems().isEmpty)
    }

    @Test(arguments: [ShakeDetectorKind.thresholdCount, .reversal], [0, -3, 1001])
    func requiredCountProblems(kind: ShakeDetectorKind, count: Int) {
        var configuration = ShakeDetectorConfiguration(kind: kind)
        configuration.requiredCount = count
        #expect(configuration.validationProblems().map(\.field) == ["requiredCount"])
    }

    /// Fields a kind does not read are not validated: a zero fraction is harmless to threshold-count.
    @Test func unreadFieldsAreNotValidated() {
        var configuration = ShakeDetectorConfiguration.thresholdCountDefault
        configuration.requiredFraction = 0
        configuration.minimumSampleCount = 0
        configuration.gravityTimeConstantSeconds = -1  // unread: inputIncludesGravity is false
        #expect(configuration.validationProblems().isEmpty)
    }

    /// Several problems are all listed, in the error too.
    @Test func allProblemsAreReported() {
        var configuration = ShakeDetectorConfiguration.windowFractionDefault
        configuration.thresholdG = -1
        configuration.requiredFraction = 2
        #expect(configuration.validationProblems().map(\.field) == ["thresholdG", "requiredFraction"])
        #expect(
            throws: ShakeDetectorError.invalidConfiguration(problems: [
                "thresholdG: must be in (0, 16] g", "requiredFraction: must be in (0, 1]",
            ])
        ) { try ShakeDetector(configuration: configuration) }
    }

    @Test(arguments: [0.0, -5, 1000.5, .nan])
    func maximumSampleRateIsChecked(rate: Double) {
        #expect(throws: ShakeDetectorError.self) {
            try ShakeDetector(configuration: .reversalDefault, maximumSampleRateHz: rate)
        }
    }

    // MARK: - JSON

    @Test(arguments: ShakeDetectorKind.allCases)
    func roundTripsThroughJSON(kind: ShakeDetectorKind) throws {
        var configuration = ShakeDetectorConfiguration(kind: kind)
        configuration.thresholdG = 0.8
        configuration.cooldownSeconds = 0.25
        configuration.inputIncludesGravity = true
        let data = try JSONEncoder().encode(configuration)
        #expect(try JSONDecoder().decode(ShakeDetectorConfiguration.self, from: data) == configuration)

        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == Self.documentedKeys.union(kind.vocabulary.map(\.key)))
        #expect(object["kind"] as? String == kind.rawValue)
    }

    /// The shared vocabulary is the documented keys, and the shipped kinds encode exactly those (as the committed
    /// reports show); a kind added later may add keys of its own after them.
    @Test func sharedVocabularyIsTheDocumentedKeys() {
        #expect(Set(["kind"] + DetectorParameter.shared.map(\.key)) == Self.documentedKeys)
        for kind in Self.shippedKinds { #expect(kind.vocabulary == DetectorParameter.shared) }
    }

    /// The shipped kinds, by their documented names.
    static let shippedKinds: [ShakeDetectorKind] = [.thresholdCount, .windowFraction, .reversal, .rawMagnitude]

    /// The kind names are the documented strings, the shipped kinds first in the registry, in that order.
    @Test func kindNames() {
        #expect(Self.shippedKinds.map(\.rawValue) == ["threshold-count", "window-fraction", "reversal", "raw-magnitude"])
        #expect(Array(ShakeDetectorKind.allCases.prefix(4)) == Self.shippedKinds)
    }

    /// Missing keys take the kind's preset; present keys win.
    @Test func decodingFillsMissingKeysFromThePreset() throws {
        let json = #"{"kind":"window-fraction","thresholdG":0.9}"#
        let decoded = try JSONDecoder().decode(ShakeDetectorConfiguration.self, from: Data(json.utf8))
        var expected = ShakeDetectorConfiguration.windowFractionDefault
        expected.thresholdG = 0.9
        #expect(decoded == expected)
    }

    @Test(arguments: [#"{"thresholdG":1}"#, #"{"kind":"wobble"}"#, #"{"kind":"reversal","requiredCount":"four"}"#])
    func decodingRejectsBadJSON(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ShakeDetectorConfiguration.self, from: Data(json.utf8))
        }
    }
}

import Foundation
import Testing

@testable import DetectionCore

// MARK: - Scribble configuration: defaults, validation, JSON vocabulary

@Suite struct ScribbleConfigurationTests {
    /// The documented JSON keys (ScribbleDetectorConfiguration's discussion).
    static let documentedKeys: Set<String> = [
        "requiredReversals", "minimumTravelPoints", "pathToDiagonalRatio", "windowSeconds", "cooldownSeconds",
        "firesOncePerGesture",
    ]

    /// The documented defaults table.
    @Test func defaults() {
        let d = ScribbleDetectorConfiguration.default
        #expect(d.requiredReversals == 3)
        #expect(d.minimumTravelPoints == 20)
        #expect(d.pathToDiagonalRatio == 2.5)
        #expect(d.windowSeconds == 1.5)
        #expect(d.cooldownSeconds == 0)
        #expect(d.firesOncePerGesture)
        #expect(d.validationProblems().isEmpty)
    }

    @Test(arguments: [
        (ScribbleDetectorConfiguration(requiredReversals: 0), "requiredReversals"),
        (ScribbleDetectorConfiguration(requiredReversals: 101), "requiredReversals"),
        (ScribbleDetectorConfiguration(minimumTravelPoints: 0), "minimumTravelPoints"),
        (ScribbleDetectorConfiguration(minimumTravelPoints: .nan), "minimumTravelPoints"),
        (ScribbleDetectorConfiguration(pathToDiagonalRatio: -1), "pathToDiagonalRatio"),
        (ScribbleDetectorConfiguration(pathToDiagonalRatio: 101), "pathToDiagonalRatio"),
        (ScribbleDetectorConfiguration(windowSeconds: 0), "windowSeconds"),
        (ScribbleDetectorConfiguration(windowSeconds: .infinity), "windowSeconds"),
        (ScribbleDetectorConfiguration(cooldownSeconds: -1), "cooldownSeconds"),
    ])
    func problemsAreReported(configuration: ScribbleDetectorConfiguration, field: String) {
        #expect(configuration.validationProblems().map(\.field) == [field])
        #expect(throws: ScribbleDetectorError.self) { try ScribbleDetector(configuration: configuration) }
    }

    @Test(arguments: [0.0, -1, 1001, .nan])
    func maximumTouchRateIsChecked(rate: Double) {
        #expect(throws: ScribbleDetectorError.self) {
            try ScribbleDetector(maximumTouchRateHz: rate)
        }
    }

    @Test func roundTripsThroughJSONWithTheDocumentedKeys() throws {
        let configuration = ScribbleDetectorConfiguration(
            requiredReversals: 5, minimumTravelPoints: 12.5,
            pathToDiagonalRatio: 3, windowSeconds: 2,
            cooldownSeconds: 0.5, firesOncePerGesture: false)
        let data = try JSONEncoder().encode(configuration)
        #expect(try JSONDecoder().decode(ScribbleDetectorConfiguration.self, from: data) == configuration)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == Self.documentedKeys)
    }

    @Test func decodingFillsMissingKeysFromDefaults() throws {
        let decoded = try JSONDecoder().decode(
            ScribbleDetectorConfiguration.self,
            from: Data(#"{"requiredReversals":4}"#.utf8))
        #expect(decoded == ScribbleDetectorConfiguration(requiredReversals: 4))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ScribbleDetectorConfiguration.self, from: Data(#"{"windowSeconds":"x"}"#.utf8))
        }
    }

    // MARK: - The declarations (DetectorParameter.swift)

    /// The declarations list the documented keys in encoding order, and their standard defaults are the
    /// documented defaults (the table in ScribbleDetectorConfiguration's discussion) that `.default` holds.
    @Test func declarationsMatchTheDocumentedDefaults() {
        #expect(
            ScribbleDetectorConfiguration.parameters.map(\.key) == [
                "requiredReversals", "minimumTravelPoints", "pathToDiagonalRatio", "windowSeconds", "cooldownSeconds",
                "firesOncePerGesture",
            ])
        let d = ScribbleDetectorConfiguration.default
        for p in ScribbleDetectorConfiguration.parameters { #expect(d[p.key] == p.standardDefault, "\(p.key)") }
        #expect(ScribbleDetectorConfiguration.requiredReversalsParameter.standardDefault == .count(3))
        #expect(ScribbleDetectorConfiguration.minimumTravelPointsParameter.standardDefault == .real(20))
        #expect(ScribbleDetectorConfiguration.firesOncePerGestureParameter.standardDefault == .flag(true))
    }

    /// The ranges in words, as validation reports them (the messages submissions' errors quote).
    @Test func rangeTexts() {
        #expect(ScribbleDetectorConfiguration.requiredReversalsParameter.rangeText == "must be in 1...100")
        #expect(ScribbleDetectorConfiguration.minimumTravelPointsParameter.rangeText == "must be in (0, 10000] pt")
        #expect(ScribbleDetectorConfiguration.pathToDiagonalRatioParameter.rangeText == "must be in [0, 100]")
        #expect(ScribbleDetectorConfiguration.windowSecondsParameter.rangeText == "must be in (0, 60] s")
        #expect(ScribbleDetectorConfiguration.cooldownSecondsParameter.rangeText == "must be in [0, 3600] s")
        #expect(ScribbleDetectorConfiguration.firesOncePerGestureParameter.rangeText == nil)
        #expect(ScribbleDetectorConfiguration(pathToDiagonalRatio: 101).validationProblems().map(\.problem) == ["must be in [0, 100]"])
    }

    /// The grader's grids (DetectorLadder moves exactly these): reversals 2–8 around the default 3, travel from finger
    /// jitter (10 pt) to the shortest simulated strokes (60 pt and above); the label leads with requiredReversals.
    @Test func ladderAndLabel() {
        let kind = ScribbleDetectorKind.scribble
        #expect(kind.ladderParameters.map(\.key) == ["requiredReversals", "minimumTravelPoints"])
        #expect(ScribbleDetectorConfiguration.requiredReversalsParameter.ladder == [2, 3, 4, 5, 6, 8])
        #expect(ScribbleDetectorConfiguration.minimumTravelPointsParameter.ladder == [10, 20, 40, 60, 80])
        #expect(kind.labelTemplate == "with {requiredReversals} reversals")
        #expect(kind.label(ScribbleDetectorConfiguration(requiredReversals: 4)) == "with 4 reversals")
        #expect(kind.sweepKeys.map(\.key).contains("firesOncePerGesture") == false)
        #expect(kind.flagKeys.map(\.key) == ["firesOncePerGesture"])
    }

    /// Access by key follows the declarations: a count set by number is rounded toward zero, a key outside the
    /// vocabulary or a value of the wrong type changes nothing.
    @Test func accessByKey() {
        var c = ScribbleDetectorConfiguration.default
        #expect(c.setting("requiredReversals", to: 4.9).requiredReversals == 4)
        #expect(c.setting("windowSeconds", to: 2.25).windowSeconds == 2.25)
        #expect(c.setting("firesOncePerGesture", to: 0) == c)
        #expect(c.setting("noSuchKey", to: 1) == c)
        c["minimumTravelPoints"] = .count(3)
        #expect(c == .default)
        c["firesOncePerGesture"] = .flag(false)
        #expect(c.firesOncePerGesture == false)
        #expect(c["noSuchKey"] == nil)
    }

    /// Decoding is driven by the declarations: every key round-trips when changed, `kind` may be only "scribble",
    /// and a key outside the vocabulary is refused rather than dropped.
    @Test func decodingFollowsTheDeclarations() throws {
        var edited = ScribbleDetectorConfiguration.default
        for p in ScribbleDetectorConfiguration.parameters {
            switch edited[p.key] {
            case .real(let x)?: edited[p.key] = .real(x + 0.125)
            case .count(let n)?: edited[p.key] = .count(n + 1)
            case .flag(let b)?: edited[p.key] = .flag(!b)
            case nil: Issue.record("\(p.key) has no value")
            }
        }
        #expect(edited.requiredReversals == 4 && edited.cooldownSeconds == 0.125 && !edited.firesOncePerGesture)
        let data = try JSONEncoder().encode(edited)
        #expect(try JSONDecoder().decode(ScribbleDetectorConfiguration.self, from: data) == edited)
        let kinded = Data(#"{"kind":"scribble","requiredReversals":5}"#.utf8)
        #expect(try JSONDecoder().decode(ScribbleDetectorConfiguration.self, from: kinded).requiredReversals == 5)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ScribbleDetectorConfiguration.self, from: Data(#"{"kind":"scrawl"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ScribbleDetectorConfiguration.self, from: Data(#"{"requiredReversal":5}"#.utf8))
        }
    }
}

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
}

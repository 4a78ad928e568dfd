import DetectionCore
import Testing

@testable import FileFormats

/// The core's own Codable configurations decoded through the line-numbered reader's nodes.
@Suite struct JSONNodeDecoderTests {
    func reader(_ text: String) throws -> JSONObjectReader {
        try JSONObjectReader(try JSONParser.parse(Array(text.utf8)), file: "d.json", path: "detector")
    }

    /// Given keys are read, missing ones take the kind's preset (the core's `init(from:)`), values bit for bit.
    @Test func decodesTheCoresTypeWithItsDefaults() throws {
        let r = try reader(#"{"kind": "window-fraction", "thresholdG": 1.25, "requiredCount": 3}"#)
        let c = try JSONNodeDecoder.decode(ShakeDetectorConfiguration.self, from: r)
        var expected = ShakeDetectorConfiguration(kind: .windowFraction)
        expected.thresholdG = 1.25
        expected.requiredCount = 3
        #expect(c == expected)
        try r.finish()
    }

    /// A wrong type is refused with the JSON reader's own message, on the value's line and field path.
    @Test func namesTheLineAndPathOfABadValue() throws {
        let r = try reader("{\"kind\": \"naive\",\n\"radiusMeters\": \"far\"}")
        #expect {
            _ = try JSONNodeDecoder.decode(ProximityCheckConfiguration.self, from: r)
        } throws: { error in
            let e = error as? InputError
            return e?.line == 2 && e?.field == "detector.radiusMeters" && e?.problem.hasPrefix("must be a number") == true
        }
        let kind = try reader("{\"kind\": \"wiggle\"}")
        #expect(throws: InputError.self) { _ = try JSONNodeDecoder.decode(ShakeDetectorConfiguration.self, from: kind) }
    }
}

import Foundation
import TestSupport
import Testing

@testable import FileFormats
@testable import MonteCarlo
@testable import Studies

/// Refusals added by issue 14: everything `run` would refuse is refused by validation, with the file, line and
/// field; messages name what the user can act on.
@Suite struct InputHardeningTests {
    static func load(_ json: String, profile: String? = nil) throws(InputError) -> Scenario {
        let folder: URL
        do { folder = try scenarioFolder(json, profile: profile) } catch { fatalError("cannot write the fixture: \(error)") }
        defer { try? FileManager.default.removeItem(at: folder) }
        return try ScenarioFile.load(path: folder.appendingPathComponent("s.json").path)
    }

    static func drift(minutes: String = "[1]", turns: String = "[4]", extra: String = "") -> String {
        #"{"study": "drift", "name": "t", "seed": 1, "trialsPerCell": 2, "profile": "p","#
            + "\n" + #" "grid": {"minutes": \#(minutes),"# + "\n" + #" "turns": \#(turns)}\#(extra)}"#
    }

    /// At 0.01 Hz a minute holds round(60 · 0.01) + 1 = 2 samples, 1 short of what any walk needs (2 after the
    /// first); at 0.1 Hz 10 minutes hold 61 samples, and 40 loop turns need 40 · (1 + 1) + 1 = 81 > 61.
    @Test(arguments: [
        (0.01, "[1]", "[0]", "grid.minutes", 2, "only 1 of the 2 gyro samples"),
        (0.1, "[10]", "[40]", "grid.turns[0]", 3, "turns take at least 800 s at the 0.1 Hz of profile p"),
    ])
    func sampleRateTooLowForTheWalkIsRefused(
        rate: Double, minutes: String, turns: String, field: String, line: Int, problem: String
    ) {
        let profile = #"{"name": "p", "sampleRateHz": \#(rate)}"#
        #expect {
            _ = try Self.load(Self.drift(minutes: minutes, turns: turns), profile: profile)
        } throws: { error in
            let e = error as? InputError
            return e?.field == field && e?.line == line && e?.problem.contains(problem) == true && e?.kind == .badData
        }
    }

    /// The same profile with a walk long enough is accepted: 100 minutes at 0.1 Hz hold 601 samples ≥ 81.
    @Test func sampleRateLowButWalkLongEnoughIsAccepted() throws {
        let profile = #"{"name": "p", "sampleRateHz": 0.1}"#
        let s = try Self.load(Self.drift(minutes: "[100]", turns: "[40]"), profile: profile)
        #expect(s.totalTrials == 2)
    }

    /// An error inside the profile names the profile's file and line and the scenario field that named it.
    @Test func errorInAProfileNamesTheReferencingField() {
        #expect {
            _ = try Self.load(Self.drift(), profile: "{\n\"name\": \"p\",\n\"sampleRateHz\": -1}")
        } throws: { error in
            let e = error as? InputError
            return e?.line == 3 && e?.field == "sampleRateHz" && e?.file?.hasSuffix("profiles/p.json") == true
                && e?.problem.hasPrefix("must be greater than 0, got -1 (profile named at ") == true
                && e?.problem.hasSuffix("s.json:1: profile)") == true
        }
    }

    /// Unknown keys list every key valid at that path, and suggest the near miss.
    @Test func unknownKeyListsValidKeysAndSuggests() {
        #expect {
            _ = try Self.load(Self.drift(extra: #", "walk": {"turnRateDegPerSecc": 90}"#))
        } throws: { error in
            let p = (error as? InputError)?.problem ?? ""
            return (error as? InputError)?.field == "walk.turnRateDegPerSecc"
                && p.hasPrefix("unknown key; did you mean \"turnRateDegPerSec\"? (valid keys: ")
                && p.contains("pauseSeconds") && p.contains("zigzagAngleDegrees")
        }
        #expect {
            _ = try Self.load(Self.drift(extra: #", "sead": 3"#))
        } throws: { error in
            let p = (error as? InputError)?.problem ?? ""
            return p.contains("did you mean \"seed\"?") && p.contains("trialsPerCell") && p.contains("description")
        }
    }

    /// Edit distances by hand: kitten → sitting is 3 (two substitutions, one insertion); a far key gets no hint.
    @Test func editDistance() {
        #expect(KeySuggestion.distance("kitten", "sitting") == 3)
        #expect(KeySuggestion.distance("", "abc") == 3)
        #expect(KeySuggestion.distance("seed", "seed") == 0)
        #expect(KeySuggestion.nearest(to: "sed", among: ["name", "seed"]) == "seed")
        #expect(KeySuggestion.nearest(to: "colour", among: ["name", "seed"]) == nil)
    }

    /// LF, CRLF and lone CR line ends give the same line numbers (the error is on line 3 in each).
    @Test(arguments: ["\n", "\r\n", "\r"]) func lineNumbersAlikeForEveryLineEnd(end: String) {
        let text = ["{", #""a": 1,"#, #""a": 2}"#].joined(separator: end)
        #expect {
            _ = try JSONParser.parse(Array(text.utf8))
        } throws: { error in
            (error as? JSONParser.SyntaxError)?.line == 3
        }
    }

    /// The sensor CSV reader numbers lines alike for LF, CRLF and lone CR ends (a chunk of 16 bytes so that line
    /// ends fall across chunk boundaries too): the bad value is on line 3 in each.
    @Test(arguments: ["\n", "\r\n", "\r"]) func csvLineNumbersAlikeForEveryLineEnd(end: String) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sb-cr-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        try (["t_s,x,y,z", "0,1,2,3", "0.01,1,abc,3", ""].joined(separator: end)).write(to: url, atomically: true, encoding: .utf8)
        #expect {
            _ = try SensorRecording.load(path: url.path, declaredUnit: .degPerSec)
        } throws: { error in
            (error as? InputError)?.line == 3 && (error as? InputError)?.problem == "y: not a number"
        }
        let reader = try LineReader(path: url.path, chunkBytes: 16)
        var lines: [String] = []
        while try reader.next() { lines.append(reader.text) }
        #expect(lines == ["t_s,x,y,z", "0,1,2,3", "0.01,1,abc,3"])
    }

    /// Hexadecimal floats, inf and nan are not numbers to a user: refused as coordinates; decimals are fine.
    @Test func hexFloatsAreNotDecimalNumbers() {
        #expect(Double("0x1p5") == 32)  // what Foundation would have taken
        #expect(DecimalText.double("0x1p5") == nil)
        #expect(DecimalText.double("inf") == nil && DecimalText.double("nan") == nil)
        #expect(DecimalText.double(" -75.19938 ") == -75.19938)
        #expect(DecimalText.double("1e-3") == 0.001)
    }

    /// Names are checked in bytes against the file system's 255-byte limit, less 16 for the temporary name
    /// `.<name>.tmp-<pid>`: 80 "é" (160 bytes) pass, 60 "😀" (4 bytes each, 240) are refused.
    @Test func nameBytesAreCheckedAgainstTheFileSystemLimit() throws {
        let long = String(repeating: "é", count: 80)  // 160 bytes: fits in 255 − 16
        _ = try Self.load(Self.drift().replacingOccurrences(of: #""name": "t""#, with: #""name": "\#(long)""#))
        #expect(ScenarioFile.maximumNameBytes - ScenarioFile.temporaryNameBytes == 239)
        let field = JSONField(node: JSONNode(value: .string(""), line: 4), file: "s.json", path: "name")
        #expect {
            try ScenarioFile.checkFileName(String(repeating: "😀", count: 60), field: field, use: "a report folder name", suffixBytes: 0)
        } throws: { error in
            (error as? InputError)?.problem.hasPrefix("is 240 bytes in UTF-8; as a report folder name it may have at most 239") == true
                && (error as? InputError)?.line == 4
        }
    }
}

@Suite struct OutputNameCollisionTests {
    /// `a/b` and `a.b` both become the chart slug `a-b`; `Campus` and `campus` both `campus`.
    @Test(arguments: [
        (#"[{"name": "a/b", "base": "campus"}, {"name": "a.b", "base": "campus"}]"#, #""a/b" and "a.b""#),
        (#"[{"name": "Campus", "base": "campus"}, "campus"]"#, #""Campus" and "campus""#),
    ])
    func environmentsSharingAChartNameAreRefused(environments: String, names: String) throws {
        let json = smallGeofenceScenario().replacingOccurrences(
            of: #""environment": ["campus"]"#, with: #""environment": \#(environments)"#)
        let (folder, path) = try geofenceScenarioFile(json)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect {
            _ = try ScenarioFile.load(path: path)
        } throws: { error in
            let e = error as? InputError
            return e?.field == "grid.environment[1]" && e?.problem.contains(names) == true
                && e?.problem.contains("would share the chart files") == true
        }
    }
}

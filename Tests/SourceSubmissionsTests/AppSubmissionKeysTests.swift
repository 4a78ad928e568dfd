import FileFormats
import Foundation
import Testing

@testable import Grading
@testable import SourceSubmissions

// MARK: - The app keys of submission.json, the @Observable blanking and the harness's error explanations

@Suite struct AppSubmissionKeysTests {
    /// The app keys read into the harness's types: the app named for reports too, the compile settings.
    @Test func appKeysAreRead() throws {
        let (result, folder) = try SourceSubmissionLoadingTests.load(
            #"{"team": "t", "gesture": "shake", "source": {"shakeApp": "D", "locationApp": "O", "lowRateDelivery": "average", "swiftLanguageMode": "6", "defaultIsolation": "MainActor"}, "halls": "halls.gpx"}"#,
            gpx: SourceSubmissionLoadingTests.gpx)
        defer { try? FileManager.default.removeItem(at: folder) }
        let types = try #require(try result.get().source?.types)
        #expect(types.shakeApp == "D" && types.shakeDetector == "D")
        #expect(types.locationApp == "O" && types.proximityCheck == "O")
        #expect(types.lowRateDelivery == "average")
        #expect(types.compile == CompileSettings(swiftLanguageMode: "6", defaultIsolation: "MainActor"))
        #expect(
            types.compile.arguments
                == ["-swift-version", "6", "-default-isolation", "MainActor", "-enable-upcoming-feature", "InferIsolatedConformances"])
        let main = HarnessWire.harnessMain(types)
        #expect(
            main.contains("runShakeApp(&input, &output, &log) { D() }") && main.contains("runLocationApp(&input, &output, &log) { O() }"))
        #expect(main.contains("lowRateDelivery: .average"))
    }

    /// Each mistake in the new keys is one error naming submission.json, the field and the problem.
    @Test(arguments: [
        (#""source": {"shakeApp": "D", "lowRateDelivery": "mean"}"#, "source.lowRateDelivery", #""latest", "average""#),
        (#""source": {"shakeApp": "D", "swiftLanguageMode": "5.9"}"#, "source.swiftLanguageMode", #""5", "6""#),
        (#""source": {"shakeApp": "D", "defaultIsolation": "main"}"#, "source.defaultIsolation", #""nonisolated", "MainActor""#),
        (#""source": {"shakeApp": "D", "shakeDetector": "O"}"#, "source.shakeApp", "exclusive"),
        (#""source": {"shakeDetector": "D", "proximityCheck": "O", "locationApp": "O"}"#, "source.locationApp", "exclusive"),
        (#""source": {"files": ["Detector.swift"]}"#, "source.shakeDetector or source.shakeApp", "required"),
    ])
    func mistakesNameTheField(_ source: String, _ field: String, _ problem: String) throws {
        let (result, folder) = try SourceSubmissionLoadingTests.load(
            #"{"team": "t", "gesture": "shake", "# + source + #", "halls": "halls.gpx"}"#, gpx: SourceSubmissionLoadingTests.gpx)
        defer { try? FileManager.default.removeItem(at: folder) }
        guard case .failure(let e) = result else {
            Issue.record("accepted")
            return
        }
        #expect(e.file?.hasSuffix("team/submission.json") == true, "\(e)")
        #expect(e.field == field, "\(e)")
        #expect(e.problem.contains(problem), "\(e)")
    }

    /// `@Observable` and `@ObservationIgnored` become spaces of the same length in code only; comments, string
    /// literals and longer identifiers are left alone, so every line and column stays the team's.
    @Test func observationAttributesAreBlankedInCodeOnly() {
        let text = """
            @Observable final class A { // @Observable here stays
                @ObservationIgnored var b = "@Observable in a string"
                /* @Observable /* nested */ still a comment */ @ObservableThing var c = 0
            }
            """
        let expected = """
                        final class A { // @Observable here stays
                                    var b = "@Observable in a string"
                /* @Observable /* nested */ still a comment */ @ObservableThing var c = 0
            }
            """
        #expect(MacroAttributes.blankedOut(text) == expected)
        #expect(MacroAttributes.blankedOut(text).utf8.count == text.utf8.count)
        #expect(MacroAttributes.blankedOut("struct S {}\n") == "struct S {}\n")
    }

    /// An error in the harness (and the source the compiler echoes under it) becomes one line in the team's
    /// terms; the team's own diagnostics stay.
    @Test func harnessErrorsAreExplained() {
        let compiler = """
            harness/main.swift:210:70: error: cannot find 'ShakeCountr' in scope
            208 |         case 0x10: SensorBenchHarness_.runShakeApp(&input, &output, &log) { ShakeCountr() }
                |                                                                      `- error: cannot find 'ShakeCountr' in scope
            Shaker.swift:3:5: warning: variable 'x' was never used
            """
        let text = HarnessDiagnostics.explained(compiler, types: HarnessTypes(shakeDetector: "ShakeCountr", shakeApp: "ShakeCountr"))
        #expect(!text.contains("harness/main.swift") && !text.contains("SensorBenchHarness_"))
        #expect(
            text.hasPrefix(
                "error: submission.json names `ShakeCountr` (submission.json's source.shakeApp), but no type of that name is declared"))
        #expect(text.hasSuffix("Shaker.swift:3:5: warning: variable 'x' was never used"))
        let isolation = HarnessDiagnostics.explained(
            "harness/main.swift:9:1: error: main actor-isolated conformance of 'P' to 'ShakeDetecting' cannot be used in nonisolated context",
            types: HarnessTypes(shakeDetector: "P"))
        #expect(isolation.hasPrefix("error: isolation mismatch: the grader makes and drives `P` (submission.json's source.shakeDetector)"))
    }
}

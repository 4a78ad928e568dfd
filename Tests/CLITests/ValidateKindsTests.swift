import Foundation
import Testing

@testable import FileFormats
@testable import Grading
@testable import Recordings
@testable import Studies
@testable import sensorbench

/// `validate` reads every JSON input kind as the command that uses it would, detecting the kind from the content.
///
/// Expected lines are counted by hand from the shipped files: the rubric has 13 objects under `criteria` and 5
/// keys under `suites`; the places file 11 places and one variant, `mcclelland-old`; the drift log 6 entries, one
/// without a usable `minutes`.
@Suite struct ValidateKindsTests {
    /// A shipped file's absolute path (the tests may run from any folder).
    static func shipped(_ relative: String) -> String { SensorBench.packageRoot.appendingPathComponent(relative).path }

    func line(_ file: String, kind: InputKind? = nil, rubric: String? = nil) throws -> String {
        try ValidateCommand.validate(file: file.hasPrefix("Scenarios/") ? Self.shipped(file) : file, kind: kind, rubric: rubric)
    }

    @Test(arguments: [
        ("Scenarios/rubrics/penn-dining.json", "rubric \"penn-dining\", 13 criteria, 5 suites"),
        ("Scenarios/places/penn-dining.json", "places, 11 places, 1 variant (mcclelland-old)"),
        ("Scenarios/profiles/phone-raw.json", "profile \"phone-raw\", sample rate 100 Hz"),
        ("Scenarios/profiles/ideal.json", "profile \"ideal\", sample rate 100 Hz"),
        ("Scenarios/recordings/replay-heading.json", "detector configuration, heading"),
        ("Scenarios/recordings/replay-shake.json", "detector configuration, shake (threshold-count)"),
        ("Scenarios/recordings/replay-proximity.json", "detector configuration, proximity (naive)"),
        ("Scenarios/recordings/drift-log.json", "drift log, 5 usable entries, 1 skipped"),
        (
            "Scenarios/submissions/team-scribble.json",
            "submission \"team-scribble\" (scribble, hysteresis check), checked against rubric \"penn-dining\""
        ),
        (
            "Scenarios/submissions/team-naive-50m.json",
            "submission \"team-naive-50m\" (shake, naive check), checked against rubric \"penn-dining\""
        ),
        // Source submissions, as a folder or as its submission.json: the types its "source" names, the .swift files
        // in the folder (source-shake: Grading.swift, HallRangeCheck.swift, MotionShakeDetector.swift).
        (
            "Scenarios/submissions/source-shake",
            "source submission \"source-shake\" (shake: MotionShakeDetector, own check HallRangeCheck; 3 Swift files, "
                + "not compiled here: grade compiles and runs it), checked against rubric \"penn-dining\""
        ),
        (
            "Scenarios/submissions/source-shake/submission.json",
            "source submission \"source-shake\" (shake: MotionShakeDetector, own check HallRangeCheck; 3 Swift files, "
                + "not compiled here: grade compiles and runs it), checked against rubric \"penn-dining\""
        ),
    ])
    func shippedFilesOfEveryKind(file: String, expected: String) throws {
        #expect(try line(file) == expected)
    }

    /// Every shipped scenario is detected as a scenario of its study, with the cell and trial counts `run` uses.
    @Test func everyShippedScenario() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.shipped("Scenarios")).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 12)
        for name in names {
            let file = "Scenarios/\(name)"
            let scenario = try ScenarioFile.load(path: Self.shipped(file))
            let cells = "\(scenario.cellCount) cell\(scenario.cellCount == 1 ? "" : "s")"
            let trials = "\(scenario.totalTrials) trial\(scenario.totalTrials == 1 ? "" : "s")"
            #expect(try line(file) == "\(scenario.kind) scenario \"\(scenario.name)\", \(cells), \(trials)")
        }
    }

    /// Writes a fixture into a fresh folder.
    func fixture(_ name: String, _ text: String) throws -> String {
        let folder = try SensorBench.temporaryFolder()
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A bad file gets exactly the real reader's error, whatever the kind.
    @Test func badFilesKeepTheReadersOwnError() throws {
        let shipped = try String(contentsOfFile: Self.shipped("Scenarios/rubrics/penn-dining.json"), encoding: .utf8)
        let rubric = try fixture(
            "bad-rubric.json",
            shipped.replacingOccurrences(of: "\"seed\":", with: "\"seeed\":")
                .replacingOccurrences(of: "\"../", with: "\"" + Self.shipped("Scenarios") + "/"))
        let profile = try fixture("my-phone.json", "{\n  \"name\": \"my-phone\",\n  \"sampleRateHz\": -100\n}\n")
        let configuration = try fixture("c.json", "{\"kind\": \"threshold-count\", \"thresholdG\": \"high\"}\n")
        let scenario = try fixture("s.json", "{\n  \"study\": \"drift\",\n  \"name\": \"s\",\n  \"seed\": -1\n}\n")
        let log = try fixture("log.json", "[\n  {\"minutes\": 0, \"driftDegrees\": 1}\n]\n")
        let submission = try fixture("team.json", "{\"team\": \"bad name\", \"gesture\": \"shake\"}\n")
        let shippedRubric = try Rubric.load(path: Self.shipped("Scenarios/rubrics/penn-dining.json"))
        let readers: [(String, () throws -> Void)] = [
            (scenario, { _ = try ScenarioFile.load(path: scenario) }),
            (log, { _ = try DriftLog.load(path: log) }),
            (submission, { _ = try Submission.load(path: submission, rubric: shippedRubric) }),
            (rubric, { _ = try Rubric.load(path: rubric) }),
            (
                profile,
                {
                    let node = try ScenarioFile.parseJSON(at: URL(fileURLWithPath: profile), displayPath: profile)
                    _ = try ProfileReader.parse(try JSONObjectReader(node, file: profile, path: ""), fallbackName: "my-phone")
                }
            ),
            (configuration, { _ = try ReplayConfiguration.load(path: configuration) }),
        ]
        for (file, read) in readers {
            let expected = try #require(capture(read), "the reader accepted \(file)")
            let got = try #require(
                capture { _ = try line(file, rubric: Self.shipped("Scenarios/rubrics/penn-dining.json")) },
                "validate accepted \(file)")
            #expect(got.file == file)
            #expect(got == expected)
            #expect(ExitCode(got) == .dataError)
        }
    }

    /// A places file with a latitude beyond ±90° on its line 3: refused by the places reader, naming it.
    @Test func badPlacesAreRefusedOnTheirLine() throws {
        let places = try fixture(
            "halls.json", "{\n  \"places\": [\n    {\"name\": \"A\", \"latitude\": 139.9, \"longitude\": -75.2}\n  ]\n}\n")
        let error = try #require(capture { _ = try line(places) })
        #expect(error.file == places && error.line == 3)
        #expect(error.field == "places[0].latitude" && error.problem.contains("must be between -90 and 90"))
        #expect(ExitCode(error) == .dataError)
    }

    func capture(_ body: () throws -> Void) -> InputError? {
        do {
            try body()
            return nil
        } catch let error as InputError {
            return error
        } catch {
            Issue.record("not an InputError: \(error)")
            return nil
        }
    }

    /// A file of no kind gets one line listing every kind tried; `--kind` reads a file as the named kind.
    @Test func noKindAndForcedKind() throws {
        let file = try fixture("odd.json", "{\"hello\": 1}\n")
        let error = try #require(capture { _ = try line(file) })
        #expect(error.problem.hasPrefix("fits no input kind; tried "))
        for kind in InputKind.allCases { #expect(error.problem.contains(kind.rawValue)) }
        #expect(ExitCode(error) == .dataError)
        // A profile read as a rubric fails as the rubric reader fails on it.
        let forced = try #require(capture { _ = try line("Scenarios/profiles/phone-raw.json", kind: .rubric) })
        let direct = try #require(capture { _ = try Rubric.load(path: Self.shipped("Scenarios/profiles/phone-raw.json")) })
        #expect(forced == direct)
        // A profile whose name is not its file name cannot be named by a scenario.
        let renamed = try fixture("other.json", "{\"name\": \"phone\", \"sampleRateHz\": 100}\n")
        #expect(try #require(capture { _ = try line(renamed) }).problem.contains("the file is named other.json"))
    }
}

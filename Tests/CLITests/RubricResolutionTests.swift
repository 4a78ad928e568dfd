import FileFormats
import Foundation
import Testing

@testable import sensorbench

/// `grade --rubric` takes a name or a path and resolves it as `--profile` does: `rubrics/<name>.json` here, then in
/// `$SENSORBENCH_PATH`, then in the shipped `Scenarios/`.
@Suite struct RubricResolutionTests {
    static func folder(_ tag: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("s25-rubric-\(tag)-\(getpid())")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("rubrics"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: url.appendingPathComponent("rubrics/mine.json"))
        return url
    }

    @Test func aNameResolvesHereThenInTheSearchPath() throws {
        let here = try Self.folder("here"), library = try Self.folder("library")
        defer {
            try? FileManager.default.removeItem(at: here)
            try? FileManager.default.removeItem(at: library)
        }
        try Data("{}".utf8).write(to: library.appendingPathComponent("rubrics/theirs.json"))
        let env = ["SENSORBENCH_PATH": library.path]
        // Beside the current folder first: named as the report prints it, relative to here.
        #expect(try GradeCommand.rubricPath("mine", here: here, environment: env) == "rubrics/mine.json")
        // Not here: the first folder of $SENSORBENCH_PATH that holds rubrics/theirs.json, in full.
        #expect(
            try GradeCommand.rubricPath("theirs", here: here, environment: env)
                == library.appendingPathComponent("rubrics/theirs.json").standardizedFileURL.path)
        // A path given as typed stays as typed.
        #expect(try GradeCommand.rubricPath("rubrics/mine.json", here: here, environment: env) == "rubrics/mine.json")
    }

    @Test func anUnknownNameIsBadDataAndAMissingPathAMissingFile() throws {
        let here = try Self.folder("miss")
        defer { try? FileManager.default.removeItem(at: here) }
        #expect {
            try GradeCommand.rubricPath("nobody", here: here, environment: [:])
        } throws: { error in
            guard let e = error as? InputError else { return false }
            return e.kind == .badData && e.description.contains("--rubric: no rubric named \"nobody\" (looked for")
        }
        #expect {
            try GradeCommand.rubricPath("gone/rubric.json", here: here, environment: [:])
        } throws: { error in
            guard let e = error as? InputError else { return false }
            return e.kind == .missingFile && e.description.contains("no rubric file \"gone/rubric.json\"")
        }
        #expect {
            try GradeCommand.rubricPath("bad name", here: here, environment: [:])
        } throws: { error in
            (error as? InputError)?.kind == .badData
        }
    }

    /// End to end: `grade --rubric cli` from a folder holding `rubrics/cli.json` grades as `--rubric rubrics/cli.json`.
    @Test func gradeTakesARubricName() throws {
        let folder = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("rubrics"), withIntermediateDirectories: true)
        try GradingCLITests.rubric.write(to: folder.appendingPathComponent("rubrics/cli.json"), atomically: true, encoding: .utf8)
        try GradingCLITests.submission("one").write(to: folder.appendingPathComponent("one.json"), atomically: true, encoding: .utf8)
        let byName = try SensorBench.run(["grade", "--rubric", "cli", "one.json", "--out", "by-name", "-q"], in: folder)
        #expect(byName.status == 0, "\(byName.stderr)")
        let byPath = try SensorBench.run(["grade", "--rubric", "rubrics/cli.json", "one.json", "--out", "by-path", "-q"], in: folder)
        #expect(byPath.status == 0)
        let a = try Data(contentsOf: folder.appendingPathComponent("by-name/one.md"))
        let b = try Data(contentsOf: folder.appendingPathComponent("by-path/one.md"))
        #expect(a == b)
        let unknown = try SensorBench.run(["grade", "--rubric", "nobody", "one.json", "--out", "not-written", "-q"], in: folder)
        #expect(unknown.status == 65)
        #expect(unknown.stderr.hasPrefix("Error: --rubric: no rubric named \"nobody\""))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("not-written").path))
    }
}

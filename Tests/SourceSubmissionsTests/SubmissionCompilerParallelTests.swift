import Foundation
import Testing

@testable import SourceSubmissions

// MARK: - Many teams at once, identical ones compiled once

/// The one-file library of `SubmissionCompilerTests` (fast), four teams compiled two at a time: two folders with
/// the same good content, two with the same broken content. Each content must be compiled once (the in-process
/// sharing of `compileHarness`), both good folders get the one cache entry, both broken ones the same compiler
/// text, and the results come back in the order asked.
@Suite(.serialized) struct SubmissionCompilerParallelTests {
    @Test func identicalSubmissionsCompileOnceAndResultsKeepTheirOrder() throws {
        let swiftc = try #require(SubmissionCompiler.swiftcOnPath(), "swiftc on PATH")
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("sensorbench-parallel-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: root) }
        let libraryFolder = try SubmissionCompilerTests.folder(
            root, "MiniCore", ["Counting.swift": SubmissionCompilerTests.library])
        let compiler = SubmissionCompiler(
            swiftc: swiftc, libraries: [.init(name: "MiniCore", sourceFolder: libraryFolder)],
            aliases: [
                .init(name: "CoreMotion", reexporting: "MiniCore"), .init(name: "Foundation", reexporting: "MiniCore"),
            ],
            cacheFolder: root.appendingPathComponent("cache"), optimize: false)
        let libraries = try compiler.prepareLibraries()
        let goodA = try SubmissionCompilerTests.folder(root, "good-a", ["TeamCounter.swift": SubmissionCompilerTests.goodTeam])
        let brokenA = try SubmissionCompilerTests.folder(
            root, "broken-a", ["TeamCounter.swift": SubmissionCompilerTests.brokenTeam])
        let goodB = try SubmissionCompilerTests.folder(root, "good-b", ["TeamCounter.swift": SubmissionCompilerTests.goodTeam])
        let brokenB = try SubmissionCompilerTests.folder(
            root, "broken-b", ["TeamCounter.swift": SubmissionCompilerTests.brokenTeam])
        let requests = [goodA, brokenA, goodB, brokenB].map {
            SubmissionCompiler.HarnessRequest(teamFolder: $0, harnessMain: SubmissionCompilerTests.main)
        }
        let results = compiler.compileHarnesses(requests, libraries: libraries, jobs: 2).map { try? $0.get() }
        guard case .built(let executableA, let reusedA) = results[0], case .built(let executableB, let reusedB) = results[2]
        else {
            Issue.record("good teams did not build: \(results)")
            return
        }
        #expect(executableA == executableB)
        // Exactly one of the two identical good teams was compiled; the other waited for it.
        #expect(reusedA != reusedB)
        guard case .compileError(let textA) = results[1], case .compileError(let textB) = results[3] else {
            Issue.record("broken teams built: \(results)")
            return
        }
        #expect(textA == textB && textA.contains("TeamCounter.swift:4:"))
        let entries = try FileManager.default.contentsOfDirectory(atPath: compiler.cacheFolder.path)
        #expect(entries.filter { $0.hasPrefix("harness-") }.count == 1)
        #expect(entries.allSatisfy { $0.hasPrefix("libraries-") || $0.hasPrefix("harness-") }, "\(entries)")
        let run = try ToolRun.run(executableA, [], scratch: root, timeoutSeconds: 60)
        #expect(run.output == "events: 3\n")
    }

    @Test func listedFilesOnlyAndNothingOutsideTheFolder() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("sensorbench-listed-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: root) }
        let team = try SubmissionCompilerTests.folder(root, "team", ["B.swift": "", "A.swift": "", "Extra.swift": ""])
        #expect(
            try SubmissionCompiler.teamFiles(in: team, listed: ["B.swift", "A.swift"]).map(\.lastPathComponent)
                == ["A.swift", "B.swift"])
        #expect(try SubmissionCompiler.teamFiles(in: team, listed: nil).count == 3)
        for bad in ["../team/A.swift", "/etc/hostname", "Missing.swift", "submission.json"] {
            #expect(throws: SourceSubmissionError.self, "\(bad)") {
                try SubmissionCompiler.teamFiles(in: team, listed: [bad])
            }
        }
    }

    /// Issue 29: 40 000 team files ended in the grader's own E2BIG. More than `maximumTeamFiles` (1000) `.swift`
    /// files, found or listed, are the team's refusal (`.teamFiles`, outcome "refused files"), not the grader's
    /// error; exactly 1000 are accepted.
    @Test func tooManyTeamFilesAreTheTeamsRefusal() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("sensorbench-many-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: root) }
        let limit = SubmissionCompiler.maximumTeamFiles
        #expect(limit == 1000)
        var names: [String: String] = [:]
        for k in 0..<limit { names["F\(k).swift"] = "" }
        let team = try SubmissionCompilerTests.folder(root, "team", names)
        #expect(try SubmissionCompiler.teamFiles(in: team, listed: nil).count == limit)
        try Data().write(to: team.appendingPathComponent("One-too-many.swift"))
        #expect {
            try SubmissionCompiler.teamFiles(in: team, listed: nil)
        } throws: { error in
            guard case .teamFiles(let message) = error as? SourceSubmissionError else { return false }
            return message.contains("more than 1000 .swift files")
        }
        let listed = (0...limit).map { "F\($0 % limit).swift" }
        #expect {
            try SubmissionCompiler.teamFiles(in: team, listed: listed)
        } throws: { error in
            guard case .teamFiles(let message) = error as? SourceSubmissionError else { return false }
            return message.contains("1001 files listed, more than 1000")
        }
    }

    /// A link out of the folder found at compile time is the team's refusal too, not a grader error.
    @Test func aFoundLinkOutOfTheFolderIsTheTeamsRefusal() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("sensorbench-found-link-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: root) }
        let team = try SubmissionCompilerTests.folder(root, "team", ["A.swift": ""])
        try FileManager.default.createSymbolicLink(
            atPath: team.appendingPathComponent("Passwd.swift").path, withDestinationPath: "/etc/passwd")
        #expect {
            try SubmissionCompiler.teamFiles(in: team, listed: nil)
        } throws: { error in
            guard case .teamFiles(let message) = error as? SourceSubmissionError else { return false }
            return message.contains("Passwd.swift") && !message.contains("root:")
        }
    }

    /// Issue 29: a full cache disk made a good team's compile a "compile error". The compiler's own words for the
    /// grader's disk trouble (as swiftc and the linker print strerror(ENOSPC), strerror(EDQUOT), strerror(EROFS))
    /// are recognised; a team's own error that merely mentions a disk is not.
    @Test func theGradersDiskTroubleIsNotTheTeamsCompileError() {
        let full = "error: unable to write file '/cache/harness/main.o': No space left on device\n"
        #expect(SubmissionCompiler.graderDiskProblem(in: full) == "no space left on device")
        #expect(
            SubmissionCompiler.graderDiskProblem(in: "ld: cannot open output file: Disk quota exceeded")
                == "disk quota exceeded")
        #expect(
            SubmissionCompiler.graderDiskProblem(in: "error: Read-only file system (os error 30)")
                == "read-only file system")
        #expect(
            SubmissionCompiler.graderDiskProblem(
                in: "Detector.swift:3:5: error: cannot find 'diskSpaceLeft' in scope") == nil)
        // A team's own error whose source line carries the words is the team's, whether the words stand in the
        // diagnostic or in the source line echoed under it.
        let teamError = """
            Detector.swift:3:13: error: cannot convert value of type 'String' to 'Int' ("No space left on device")
            1 | struct D {
            3 |     let x: Int = "No space left on device"
              |             `- error: cannot convert value of type 'String' to specified type 'Int'
            """
        #expect(SubmissionCompiler.graderDiskProblem(in: teamError) == nil)
    }

    @Test func libraryPathsInDiagnosticsAreShownByName() {
        let text = "/src/Sources/SensorShims/Foundation/Math.swift:12:24: note: found this candidate\n"
        let shown = SubmissionCompiler.relativeDiagnostics(
            text, teamFolder: URL(fileURLWithPath: "/team"), harnessFolder: URL(fileURLWithPath: "/h"),
            cacheFolder: URL(fileURLWithPath: "/c"),
            libraries: [.init(name: "SensorShims", sourceFolder: URL(fileURLWithPath: "/src/Sources/SensorShims"))])
        #expect(shown == "SensorShims/Foundation/Math.swift:12:24: note: found this candidate\n")
    }
}

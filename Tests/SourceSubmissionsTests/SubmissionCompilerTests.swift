import Foundation
import Testing

@testable import SourceSubmissions

// MARK: - The compile step on a small library, one good and one broken team

/// Uses a one-file library (not DetectionCore, whose optimised build takes seconds to minutes depending on the
/// machine's load) so the test stays fast; the commands are the ones used for the real libraries. Optimised, as
/// grading compiles: only optimised code calls libm directly, so only then does a missing `-lm` fail the link.
@Suite(.serialized) struct SubmissionCompilerTests {
    static let library = """
        public protocol Counting {
            mutating func consume(_ value: Double) -> Bool
        }

        /// Counts events; each value is first reduced modulo 360, which the standard library does with libm's
        /// `remainder`, so the harness links only if the compile step links libm as SwiftPM does.
        public func countEvents<C: Counting>(_ counter: inout C, _ values: [Double]) -> Int {
            values.reduce(0) { total, value in total + (counter.consume(value.remainder(dividingBy: 360)) ? 1 : 0) }
        }
        """

    /// Imports the library under an Apple framework's name, and Foundation, as an Xcode project's file does.
    static let goodTeam = """
        import CoreMotion
        import Foundation

        struct TeamCounter: Counting {
            var threshold = 2.5
            mutating func consume(_ value: Double) -> Bool { value >= threshold }
        }
        """

    static let brokenTeam = """
        import MiniCore

        struct TeamCounter: Counting {
            mutating func consume(_ value: Double) -> Bool { value.magnitude() >= "2.5" }
        }
        """

    /// Asks the toolchain's Foundation for the current time: with the alias in front, `Foundation` is the
    /// library, which has no `Date`.
    static let foundationTeam = """
        import Foundation
        import MiniCore

        struct TeamCounter: Counting {
            let started = Date()
            mutating func consume(_ value: Double) -> Bool { value >= 2.5 }
        }
        """

    static let main = """
        import MiniCore

        var counter = TeamCounter()
        print("events:", countEvents(&counter, [1, 2.5, 3, 0.5, 4]))
        """

    /// A temporary folder holding `files` (name → text).
    static func folder(_ root: URL, _ name: String, _ files: [String: String]) throws -> URL {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (file, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(file)) }
        return url
    }

    @Test func goodTeamBuildsOnceAndBrokenTeamGetsTheCompilerText() throws {
        let swiftc = try #require(SubmissionCompiler.swiftcOnPath(), "swiftc on PATH")
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("sensorbench-compile-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: root) }
        let libraryFolder = try Self.folder(root, "MiniCore", ["Counting.swift": Self.library])
        let compiler = SubmissionCompiler(
            swiftc: swiftc, libraries: [.init(name: "MiniCore", sourceFolder: libraryFolder)],
            aliases: [.init(name: "CoreMotion", reexporting: "MiniCore"), .init(name: "Foundation", reexporting: "MiniCore")],
            cacheFolder: root.appendingPathComponent("cache"), optimize: true)

        let libraries = try compiler.prepareLibraries()
        #expect(!libraries.reusedFromCache)
        let again = try compiler.prepareLibraries()
        #expect(again.reusedFromCache && again.hash == libraries.hash && again.folder.path == libraries.folder.path)

        // Good: builds, runs, and prints the count worked out by hand (2.5, 3 and 4 are ≥ 2.5).
        let good = try Self.folder(root, "team-good", ["TeamCounter.swift": Self.goodTeam])
        let first = try compiler.compileHarness(teamFolder: good, harnessMain: Self.main, libraries: libraries)
        guard case .built(let executable, false) = first else {
            Issue.record("the good team did not build: \(first)")
            return
        }
        let run = try ToolRun.run(executable, [], scratch: root, timeoutSeconds: 60)
        #expect(run.succeeded && run.output == "events: 3\n")
        // Same content again: the cached harness.
        #expect(
            try compiler.compileHarness(teamFolder: good, harnessMain: Self.main, libraries: libraries)
                == .built(executable: executable, reusedFromCache: true))

        // Broken: an outcome with the compiler's errors, the path relative to the team's folder.
        let broken = try Self.folder(root, "team-broken", ["TeamCounter.swift": Self.brokenTeam])
        let outcome = try compiler.compileHarness(teamFolder: broken, harnessMain: Self.main, libraries: libraries)
        guard case .compileError(let text) = outcome else {
            Issue.record("the broken team built: \(outcome)")
            return
        }
        #expect(text.contains("TeamCounter.swift:4:"))
        #expect(text.contains("error:"))
        #expect(!text.contains(broken.path))
        // The real Foundation is out of reach: `Date` does not exist.
        let foundation = try Self.folder(root, "team-foundation", ["TeamCounter.swift": Self.foundationTeam])
        let foundationOutcome = try compiler.compileHarness(
            teamFolder: foundation, harnessMain: Self.main, libraries: libraries)
        guard case .compileError(let foundationText) = foundationOutcome else {
            Issue.record("Date() from Foundation compiled: \(foundationOutcome)")
            return
        }
        #expect(foundationText.contains("TeamCounter.swift:5:") && foundationText.contains("Date"))

        // Nothing of the failed builds is left in the cache beyond the libraries and the good harness.
        let entries = try FileManager.default.contentsOfDirectory(atPath: compiler.cacheFolder.path).sorted()
        #expect(entries.count == 2 && entries.allSatisfy { $0.hasPrefix("libraries-") || $0.hasPrefix("harness-") })
    }

    @Test func missingOrEmptyFolderIsTheGradersErrorNotACrash() throws {
        let compiler = SubmissionCompiler(
            swiftc: URL(fileURLWithPath: "/nonexistent/swiftc"), libraries: [],
            cacheFolder: FileManager.default.temporaryDirectory)
        let libraries = SubmissionCompiler.PreparedLibraries(
            folder: FileManager.default.temporaryDirectory, hash: "", names: [], reusedFromCache: true)
        #expect(throws: SourceSubmissionError.noSources(folder: "/nonexistent/team")) {
            try compiler.compileHarness(
                teamFolder: URL(fileURLWithPath: "/nonexistent/team"), harnessMain: "", libraries: libraries)
        }
    }
}

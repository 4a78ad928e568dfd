import Foundation
import Testing

@testable import Grading
@testable import SourceSubmissions

// MARK: - Blocks that Apple's SDK declares @Sendable are @Sendable in the shims

/// `Timer.scheduledTimer(withTimeInterval:repeats:block:)`, `OperationQueue.addOperation(_:)` and
/// `DispatchQueue.async(execute:)` take `@escaping @Sendable` blocks in Apple's SDK, imported
/// `@preconcurrency` (Foundation's and Dispatch's declarations, read with the search tool; docs/source-
/// submissions.md cites them). `student-timer-capture` (written for this test) captures its plain, non-Sendable
/// class in all three: Xcode accepts that in Swift 5 mode (a `@preconcurrency` Sendable mismatch is not
/// diagnosed there) and refuses it in Swift 6 mode, so the shims must do the same: the Swift 5 compile builds,
/// the Swift 6 compile fails with a Sendable error at each of the three closures (lines 17, 19 and 21 of
/// Poller.swift). With plain closures in the shims (as before) the Swift 6 compile built, so this can fail.
@Suite(.serialized) struct SendableShimTests {
    @Test func sendableBlocksAreCheckedAsXcodeChecksThem() throws {
        guard let toolchain = SourceFixture.toolchain else {
            Issue.record("no swiftc: source submissions cannot be tested")
            return
        }
        let team = StudentTeams.folder.appendingPathComponent("student-timer-capture")
        let compiler = toolchain.compiler
        let libraries = try compiler.prepareLibraries()
        let main = HarnessWire.harnessMain(HarnessTypes(shakeApp: "Poller"))
        let swift5 = try compiler.compileHarness(
            teamFolder: team, harnessMain: main, libraries: libraries, settings: CompileSettings(swiftLanguageMode: "5"))
        guard case .built = swift5 else {
            Issue.record("Swift 5 mode refused what Xcode accepts: \(swift5)")
            return
        }
        let swift6 = try compiler.compileHarness(
            teamFolder: team, harnessMain: main, libraries: libraries, settings: CompileSettings(swiftLanguageMode: "6"))
        guard case .compileError(let text) = swift6 else {
            Issue.record("Swift 6 mode accepted non-Sendable captures in @Sendable blocks: \(swift6)")
            return
        }
        for line in [17, 19, 21] {
            let diagnostics = text.split(separator: "\n").filter { $0.contains("Poller.swift:\(line):") && $0.contains("error:") }
            #expect(diagnostics.contains { $0.contains("Sendable") }, "line \(line): \(text)")
        }
        #expect(!text.contains("main.swift"), "\(text)")
    }
}

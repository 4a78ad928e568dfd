import Foundation
import Testing

@testable import Grading
@testable import SourceSubmissions

// MARK: - Blocks that Apple's SDK declares @Sendable are @Sendable in the shims

/// `Timer.scheduledTimer(withTimeInterval:repeats:block:)`, `OperationQueue.addOperation(_:)` and
/// `DispatchQueue.async(execute:)` take `@escaping @Sendable` blocks in Apple's SDK, and their declarations are
/// `@preconcurrency` (Dispatch's says so on Apple's page; Objective-C methods with Sendable annotations import
/// that way): docs/source-submissions.md cites them. The shims declare the same, so the compiler treats a team's
/// code as it treats it against Apple's declarations. `student-timer-capture` (written for this test) captures its
/// plain, non-Sendable class in all three blocks; measured with this toolchain (swiftc 6.3):
///
/// - Swift 5 mode: no diagnostic (a `@preconcurrency` Sendable mismatch is not checked there), it builds;
/// - Swift 6 mode: "capture of 'self' with non-Sendable type 'Poller' in a '@Sendable' closure" at each of the
///   three closures (Poller.swift lines 17, 19, 21), as a warning: a `@preconcurrency` declaration's Sendable
///   violations stay warnings in Swift 6 mode too, so the team still builds, as it would in Xcode.
///
/// With plain closures in the shims (as before) Swift 6 mode said nothing, so this can fail. The team builds in
/// both modes through the grader's own compile as well.
@Suite(.serialized) struct SendableShimTests {
    @Test func sendableBlocksAreCheckedAsAgainstApplesDeclarations() throws {
        guard let toolchain = SourceFixture.toolchain else {
            Issue.record("no swiftc: source submissions cannot be tested")
            return
        }
        let team = StudentTeams.folder.appendingPathComponent("student-timer-capture")
        let compiler = toolchain.compiler
        let libraries = try compiler.prepareLibraries()
        let files = ["Poller.swift", "Grading.swift"].map { team.appendingPathComponent($0).path }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sb-sendable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        func typecheck(_ mode: String) throws -> ToolRun {
            try ToolRun.run(
                toolchain.swiftc, ["-typecheck", "-swift-version", mode, "-I", libraries.folder.path] + files,
                scratch: scratch, timeoutSeconds: 600)
        }
        let swift5 = try typecheck("5")
        #expect(swift5.succeeded && !swift5.output.contains("Sendable"), "\(swift5.output)")
        let swift6 = try typecheck("6")
        #expect(swift6.succeeded, "\(swift6.output)")
        for line in [17, 19, 21] {
            let diagnostics = swift6.output.split(separator: "\n").filter { $0.contains("Poller.swift:\(line):") }
            #expect(
                diagnostics.contains {
                    $0.contains("warning: capture of 'self' with non-Sendable type 'Poller' in a '@Sendable' closure")
                }, "line \(line): \(swift6.output)")
        }
        // The grader's compile builds it in both modes.
        let main = HarnessWire.harnessMain(HarnessTypes(shakeApp: "Poller"))
        for mode in ["5", "6"] {
            let outcome = try compiler.compileHarness(
                teamFolder: team, harnessMain: main, libraries: libraries,
                settings: CompileSettings(swiftLanguageMode: mode))
            guard case .built = outcome else {
                Issue.record("Swift \(mode) mode refused what Xcode builds: \(outcome)")
                continue
            }
        }
    }
}

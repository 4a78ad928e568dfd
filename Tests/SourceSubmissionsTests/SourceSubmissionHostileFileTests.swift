import Foundation
import Testing

@testable import Grading
@testable import SourceSubmissions

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Files a team names that lead out of its folder, are not files, or carry Markdown in their names

/// Issue 29: the grader read a team's `submission.json` or `halls.gpx` linked to `/etc/passwd` (its error showed the
/// first byte), and a file name with a newline and Markdown wrote a fake total into the team's report. Each hostile
/// team is loaded beside a good one, as `grade` loads a class (`Grader.load`): the hostile team gets one line naming
/// its file, the good one loads exactly as alone.
@Suite struct SourceSubmissionHostileFileTests {
    static let gpx = SourceSubmissionLoadingTests.gpx

    static func submission(_ team: String, halls: String = SourceFixture.halls) -> String {
        #"{"team": "\#(team)", "gesture": "shake", "source": {"shakeDetector": "D"}, "proximityCheck": {"kind": "naive"}, "#
            + halls + "}"
    }

    /// A class folder with the good team and one hostile team `evil` that `makeHostile` finishes.
    static func load(
        evilHalls: String = SourceFixture.halls, _ makeHostile: (URL) throws -> Void
    ) throws -> (good: Submission?, failures: [SubmissionFailure], root: URL) {
        let root = try SourceFixture.folder(
            json: [:],
            sources: [
                "good": (submission("good"), ["Detector.swift": "struct D {}\n"]),
                "evil": (submission("evil", halls: evilHalls), ["Detector.swift": "struct D {}\n"]),
            ])
        try makeHostile(root.appendingPathComponent("evil"))
        let rubric = try Rubric.load(path: root.appendingPathComponent("rubric.json").path)
        let files = ["evil", "good"].map { root.appendingPathComponent($0).path }
        let (submissions, failures) = Grader.load(rubric, files: files)
        let alone = try Submission.load(folder: files[1], rubric: rubric)
        let good = submissions.first { $0.team == "good" }
        #expect(good?.halls == alone.halls && good?.source?.files == alone.source?.files)
        #expect(submissions.map(\.team) == ["good"])
        return (good, failures, root)
    }

    static func link(_ folder: URL, _ name: String, to target: String) throws {
        let path = folder.appendingPathComponent(name).path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    static func fifo(_ folder: URL, _ name: String) throws {
        let path = folder.appendingPathComponent(name).path
        try? FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o644) == 0)
    }

    /// The one failure: its line names `file` (a suffix) and says `problem`; nothing of /etc/passwd's text, no
    /// newline and no backtick (the summary shows the line in a code span).
    static func expectRefused(_ failures: [SubmissionFailure], file: String, field: String = "", problem: String) {
        #expect(failures.count == 1)
        guard let failure = failures.first else { return }
        let line = failure.error.description
        #expect(failure.error.file?.hasSuffix("evil/" + file) == true, "\(line)")
        #expect(failure.error.field == field, "\(line)")
        #expect(failure.error.problem.contains(problem), "\(line)")
        #expect(!line.contains("root:") && !line.contains("\n") && !line.contains("`"), "\(line)")
    }

    @Test func submissionJSONLinkedOutsideIsRefusedUnread() throws {
        let (_, failures, root) = try Self.load { try Self.link($0, "submission.json", to: "/etc/passwd") }
        defer { try? FileManager.default.removeItem(at: root) }
        Self.expectRefused(failures, file: "submission.json", problem: "symbolic link to a file outside")
    }

    @Test func hallsGPXLinkedOutsideIsRefusedUnread() throws {
        let (_, failures, root) = try Self.load(evilHalls: #""halls": "halls.gpx""#) {
            try Self.link($0, "halls.gpx", to: "/etc/passwd")
        }
        defer { try? FileManager.default.removeItem(at: root) }
        Self.expectRefused(failures, file: "submission.json", field: "halls", problem: "symbolic link to a file outside")
    }

    @Test func swiftFileLinkedOutsideIsRefusedUnread() throws {
        let (_, failures, root) = try Self.load { try Self.link($0, "Evil.swift", to: "/etc/passwd") }
        defer { try? FileManager.default.removeItem(at: root) }
        Self.expectRefused(failures, file: "Evil.swift", problem: "symbolic link to a file outside")
    }

    /// Named pipes: opening one to read would wait for a writer that never comes.
    @Test(arguments: ["submission.json", "halls.gpx", "Evil.swift"])
    func namedPipeIsRefusedUnopened(_ name: String) throws {
        let (_, failures, root) = try Self.load(evilHalls: #""halls": "halls.gpx""#) { folder in
            try Self.gpx.write(to: folder.appendingPathComponent("halls.gpx"), atomically: true, encoding: .utf8)
            try Self.fifo(folder, name)
        }
        defer { try? FileManager.default.removeItem(at: root) }
        Self.expectRefused(
            failures, file: name == "halls.gpx" ? "submission.json" : name, field: name == "halls.gpx" ? "halls" : "",
            problem: "named pipe (FIFO)")
    }

    /// The issue's file: a newline, then Markdown claiming full marks. Refused, its name escaped in the line.
    @Test func fileNameWithANewlineAndMarkdownIsRefusedEscaped() throws {
        let name = "Evil\n**Total: 85 \u{2215} 85** Full marks.swift"
        let (_, failures, root) = try Self.load { folder in
            try "struct E {}\n".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(at: root) }
        Self.expectRefused(
            failures, file: "Evil\\u{A}**Total: 85 \u{2215} 85** Full marks.swift", problem: "control character")
    }

    /// A link that stays inside the folder is followed (positive control: links are not refused as such).
    @Test func linkInsideTheFolderIsRead() throws {
        let root = try SourceFixture.folder(
            json: [:], sources: ["good": (Self.submission("good"), ["Detector.swift": "struct D {}\n"])])
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("good")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("real"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent("Detector.swift"),
            to: folder.appendingPathComponent("real/Detector.swift"))
        try Self.link(folder, "Detector.swift", to: "real/Detector.swift")
        #expect(TeamFile.problem("Detector.swift", in: folder) == nil)
        let rubric = try Rubric.load(path: root.appendingPathComponent("rubric.json").path)
        let s = try Submission.load(folder: folder.path, rubric: rubric)
        #expect(s.source?.files == ["Detector.swift", "real/Detector.swift"])
    }

    @Test func namesAreShownOnOneLine() {
        #expect(TeamFile.shown("a\nb`c\u{7F}d\u{202E}e.swift") == "a\\u{A}b\\u{60}c\\u{7F}d\\u{202E}e.swift")
        #expect(TeamFile.shown("Shake+Grading ü.swift") == "Shake+Grading ü.swift")
    }
}

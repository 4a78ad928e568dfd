import Foundation
import Testing

@testable import Reporting

@Suite struct ReportFilesTests {
    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sb-report-\(UUID().uuidString)")
    }

    @Test func writesAllFilesInSortedOrder() throws {
        var files = ReportFiles()
        files.add("summary.md", "# S\n")
        files.add("figures/roc.svg", "<svg/>\n")
        files.add("data/trials.csv", "a\n1\n")
        files.add("summary.md", "# Summary\n")  // replaces the first
        #expect(files.paths == ["data/trials.csv", "figures/roc.svg", "summary.md"])
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try files.write(to: folder)
        #expect(try String(contentsOf: folder.appendingPathComponent("summary.md"), encoding: .utf8) == "# Summary\n")
        #expect(
            try String(contentsOf: folder.appendingPathComponent("figures/roc.svg"), encoding: .utf8)
                == "<svg/>\n")
        #expect(
            try String(contentsOf: folder.appendingPathComponent("data/trials.csv"), encoding: .utf8)
                == "a\n1\n")
    }

    /// A report folder name too long for its hidden siblings (`.<name>.tmp-<pid>`, `.<name>.lock`) within the file
    /// system's 255 bytes per name is refused before anything is created, so a failed run leaves no new parent
    /// folder behind (issue 29). 239 bytes is the most: 255 − 1 (".") − 5 (".tmp-") − 10 (a pid's digits).
    @Test(arguments: [true, false])
    func aTooLongFolderNameCreatesNothing(reserveFirst: Bool) throws {
        let base = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: base) }
        let folder = base.appendingPathComponent("new-parent").appendingPathComponent(String(repeating: "a", count: 240))
        var files = ReportFiles()
        files.add("summary.md", "# S\n")
        #expect(
            throws: ReportingError.output(
                path: folder.relativePath,
                reason: "is a folder name of 240 bytes; a report folder's name may have at most 239 "
                    + "(the file system's 255 bytes per name, less room for its hidden .<name>.tmp-<pid> sibling)")
        ) {
            if reserveFirst { try ReportFiles.reserve(folder) } else { try files.write(to: folder) }
        }
        #expect(!FileManager.default.fileExists(atPath: base.path))
        // 239 bytes is written.
        let longest = base.appendingPathComponent("new-parent").appendingPathComponent(String(repeating: "a", count: 239))
        try files.write(to: longest)
        #expect(FileManager.default.fileExists(atPath: longest.appendingPathComponent("summary.md").path))
        // A component of the parent over 255 bytes: refused before the folders above it are made.
        let other = base.appendingPathComponent("other-parent")
        let deep = other.appendingPathComponent(String(repeating: "b", count: 256)).appendingPathComponent("r")
        #expect(throws: ReportingError.self) { try files.write(to: deep) }
        #expect(!FileManager.default.fileExists(atPath: other.path))
    }

    @Test(arguments: ["../escape.txt", "/abs.txt", "a//b.txt", "./x.txt", ""])
    func refusesUnsafePathsBeforeWritingAnything(path: String) throws {
        var files = ReportFiles()
        files.add("aaa.txt", "fine")
        files.add(path, "bad")
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: ReportingError.invalidValue(context: path, reason: "not a relative path inside the report folder")) {
            try files.write(to: folder)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    /// `Campus.svg` and `campus.svg` are one file on case-insensitive file systems: refused, nothing written.
    @Test func refusesPathsDifferingOnlyInCase() throws {
        var files = ReportFiles()
        files.add("summary.md", "# S\n")
        files.add("charts/Campus.svg", "<svg/>")
        files.add("charts/campus.svg", "<svg/>")
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(
            throws: ReportingError.invalidValue(
                context: "charts/campus.svg", reason: "differs from charts/Campus.svg only in case: one would overwrite the other")
        ) {
            try files.write(to: folder)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    /// A second write replaces the whole folder: a file the new report no longer has is gone, none is mixed in.
    @Test func secondWriteReplacesTheWholeFolder() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var first = ReportFiles()
        first.add("summary.md", "old\n")
        first.add("old-chart.svg", "<svg/>")
        try first.write(to: folder)
        var second = ReportFiles()
        second.add("summary.md", "new\n")
        second.add("figures/new.svg", "<svg/>")
        try second.write(to: folder)
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["figures", "figures/new.svg", "summary.md"])
        #expect(try String(contentsOf: folder.appendingPathComponent("summary.md"), encoding: .utf8) == "new\n")
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path)
        #expect(!beside.contains { $0.hasPrefix(".\(folder.lastPathComponent).") })  // no lock or temporary left
    }
}

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

    @Test(arguments: ["../escape.txt", "/abs.txt", "a//b.txt", "./x.txt", ""])
    func refusesUnsafePathsBeforeWritingAnything(path: String) throws {
        var files = ReportFiles()
        files.add("aaa.txt", "fine")
        files.add(path, "bad")
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: ReportingError.write(path: path, reason: "not a relative path inside the report folder")) {
            try files.write(to: folder)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}

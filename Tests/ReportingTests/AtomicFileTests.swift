import Foundation
import Testing

@testable import Reporting

@Suite struct AtomicFileTests {
    @Test func writesWholeFileAndLeavesNoTemporary() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-atomic-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("nested/out.txt")
        try AtomicFile.write("first", to: url)
        try AtomicFile.write("second", to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "second")
        let names = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(names == ["out.txt"])
    }
}

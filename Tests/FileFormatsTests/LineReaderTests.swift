import Foundation
import Testing

@testable import FileFormats

/// The line reader on bytes and on files: every line end, chunk boundaries, the line limit.
@Suite struct LineReaderTests {
    static func lines(_ reader: LineReader) throws -> [String] {
        var out: [String] = []
        while try reader.next() { out.append(reader.text) }
        return out
    }

    /// LF, CRLF and a lone CR each end one line; an empty line between two ends is a line; a last line without an
    /// end still counts; line numbers count lines whichever end a file uses.
    @Test func everyLineEndCountsOnce() throws {
        let reader = LineReader(bytes: Array("a\nb\r\nc\rd\n\ne".utf8), path: "mem")
        #expect(try Self.lines(reader) == ["a", "b", "c", "d", "", "e"])
        #expect(reader.lineNumber == 6)
        #expect(try Self.lines(LineReader(bytes: [], path: "mem")).isEmpty)
        #expect(try Self.lines(LineReader(bytes: Array("x\n".utf8), path: "mem")) == ["x"])
    }

    /// The current line is NUL-terminated for `strtod` and `length` leaves the NUL out.
    @Test func lineIsNulTerminated() throws {
        let reader = LineReader(bytes: Array("1.5,2\n".utf8), path: "mem")
        #expect(try reader.next())
        #expect(reader.line == Array("1.5,2".utf8) + [0] && reader.length == 5)
    }

    /// Read from a file through a 16-byte chunk (the smallest allowed), so lines and a CRLF pair straddle chunks:
    /// the same lines as in memory, and `bytesRead` counts the whole file.
    @Test(arguments: [16, 17, 1 << 20])
    func chunkBoundariesDoNotMatter(chunkBytes: Int) throws {
        let text = "time,seconds_elapsed,z,y,x\r\n1,0.5,3,2,1\r\n2,0.75,6,5,4\r\n\r\nlast"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sb-lines-\(getpid())-\(chunkBytes).csv")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = try LineReader(path: url.path, chunkBytes: chunkBytes)
        #expect(try Self.lines(reader) == ["time,seconds_elapsed,z,y,x", "1,0.5,3,2,1", "2,0.75,6,5,4", "", "last"])
        #expect(reader.bytesRead == text.utf8.count)
    }

    /// A line over 65 536 bytes is refused on its own line number, rather than buffered.
    @Test func overlongLineIsRefused() throws {
        let bytes = Array("ok\n".utf8) + [UInt8](repeating: 0x31, count: LineReader.maximumLineBytes + 1) + [0x0A]
        let reader = LineReader(bytes: bytes, path: "long.csv")
        #expect(try reader.next())
        #expect(throws: InputError(file: "long.csv", line: 2, problem: "line longer than 65536 bytes")) { try reader.next() }
    }

    /// A missing file is exit 66 (no input), naming the path as given.
    @Test func missingFileIsNoInput() {
        do {
            _ = try LineReader(path: "/nonexistent/sensorbench/x.csv")
            Issue.record("opened a missing file")
        } catch {
            #expect(error.file == "/nonexistent/sensorbench/x.csv" && ExitCode(error) == .noInput, "\(error)")
        }
    }
}

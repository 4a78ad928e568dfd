import Testing

@testable import Reporting

/// The spool: appended bytes come back whole and in order, through the 64 KiB buffer and in whole 1 MiB chunks.
@Suite struct SpoolFileTests {
    @Test func textComesBackInOrder() throws {
        let spool = try SpoolFile()
        #expect(spool.count == 0)
        #expect(try spool.text() == "")
        try spool.append("index,value\n")
        try spool.append("0,é\n")
        // "index,value\n" is 12 bytes, "0,é\n" 5 (é is 2 bytes in UTF-8).
        #expect(spool.count == 17)
        #expect(try spool.text() == "index,value\n0,é\n")
        // Reading flushes but does not end the spool.
        try spool.append("1,x\n")
        #expect(try spool.text() == "index,value\n0,é\n1,x\n")
    }

    /// 2.5 MiB of a repeating byte pattern, appended in pieces that cross the 64 KiB buffer and one larger than it:
    /// read back as chunks of 1 MiB, 1 MiB and 0.5 MiB (every chunk but the last filled whole), byte for byte.
    @Test func largeSpoolsReadBackInWholeChunks() throws {
        let spool = try SpoolFile()
        let total = 5 << 19
        var expected: [UInt8] = []
        expected.reserveCapacity(total)
        var piece = 1000
        while expected.count < total {
            let n = min(piece, total - expected.count)
            let bytes = (0..<n).map { UInt8((expected.count + $0) % 251) }
            try bytes.withUnsafeBytes { try spool.append($0) }
            expected += bytes
            piece = piece == 1000 ? 100_000 : 1000
        }
        #expect(spool.count == total)
        var sizes: [Int] = []
        var back: [UInt8] = []
        try spool.forEachChunk { chunk in
            sizes.append(chunk.count)
            back += chunk
        }
        #expect(sizes == [1 << 20, 1 << 20, 1 << 19])
        #expect(back == expected)
    }
}

import Foundation
import Testing

@testable import FileFormats
@testable import MonteCarlo

@Suite struct PartChecksumTests {
    /// A sealed text verifies; any single changed byte, a cut or a missing line is refused.
    @Test func sealVerifyAndTamper() throws {
        let text = "sensorbench-part 2\nprogram 0.1.0\nend 0\n"
        let sealed = Array(PartChecksum.seal(text).utf8)
        #expect(try PartChecksum.verify(sealed, file: "p") == ArraySlice(Array(text.utf8)))
        for position in [0, 20, text.utf8.count - 2] {
            var edited = sealed
            edited[position] ^= 0x01
            #expect(throws: InputError.self) { try PartChecksum.verify(edited, file: "p") }
        }
        #expect {
            try PartChecksum.verify(Array(sealed.dropLast(10)), file: "p")
        } throws: { error in
            (error as? InputError)?.field == "end"
        }
        #expect {
            try PartChecksum.verify(Array(text.utf8), file: "p")
        } throws: { error in
            (error as? InputError)?.field == "end"
        }
    }

    /// Records hold finite doubles and non-negative counts only.
    @Test func recordFieldsRefuseNaNAndNegativeCounts() {
        #expect(ExactDouble.decode(Substring(ExactDouble.encode(1.5))) == 1.5)
        #expect(ExactDouble.decode(Substring(ExactDouble.encode(.nan))) == nil)
        #expect(ExactDouble.decode(Substring(ExactDouble.encode(-.infinity))) == nil)
        #expect(ExactDouble.decode("3FF0000000000000") == nil)  // upper case is not what encode writes
        #expect(PartCount.decode("12") == 12)
        #expect(PartCount.decode("-1") == nil && PartCount.decode("+1") == nil && PartCount.decode("") == nil)
    }
}

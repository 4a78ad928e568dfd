import Foundation
import Testing

@testable import FileFormats
@testable import MonteCarlo

@Suite struct PartChecksumTests {
    /// FIPS 180-2 appendix B test vectors (B.1 "abc", B.2 the 448-bit message, B.3 a million "a"), and the empty
    /// message's digest.
    @Test func sha256KnownAnswers() {
        func hex(_ bytes: [UInt8]) -> String {
            var h = SHA256()
            h.update(bytes)
            return h.finalizeHex()
        }
        #expect(hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            hex([UInt8](repeating: 0x61, count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

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

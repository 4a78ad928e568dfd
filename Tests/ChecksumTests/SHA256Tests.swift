import Checksum
import Testing

/// SHA-256 against the NIST example vectors (FIPS 180-4's examples, published by NIST's CSRC "Examples with
/// Intermediate Values": SHA256.pdf and SHA2_Additional.pdf).
@Suite struct SHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String {
        var h = SHA256()
        h.update(bytes)
        return h.hexDigest
    }

    /// One-block message "abc".
    @Test func abc() {
        #expect(Self.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// The 448-bit two-block message: 56 bytes, so the padding spills into a second block.
    @Test func twoBlockMessage() {
        #expect(
            Self.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// One million repetitions of "a".
    @Test func millionA() {
        #expect(
            Self.hex([UInt8](repeating: 0x61, count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// The empty message.
    @Test func empty() {
        #expect(SHA256().hexDigest == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    /// The digest does not depend on how the message is cut into updates (1, 63, 64, 65 bytes, a non-contiguous
    /// sequence), and reading it does not end the hash.
    @Test(arguments: [1, 63, 64, 65, 1000])
    func chunkingDoesNotMatter(chunk: Int) {
        let message = [UInt8](repeating: 0x61, count: 1_000_000)
        var h = SHA256()
        var i = 0
        while i < message.count {
            h.update(message[i..<min(i + chunk, message.count)])
            i += chunk
        }
        #expect(h.hexDigest == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        var lazy = SHA256()
        lazy.update("ab".utf8.lazy.map { $0 })
        #expect(lazy.hexDigest == lazy.hexDigest)
        lazy.update(CollectionOfOne(UInt8(ascii: "c")))
        #expect(lazy.hexDigest == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// A field is its UTF-8 length, a colon, then its bytes: ("ab", "c") hashes "2:ab1:c", not "1:a2:bc".
    @Test func fieldsAreLengthPrefixed() {
        var fields = SHA256()
        fields.update(field: "ab")
        fields.update(field: "c")
        #expect(fields.hexDigest == Self.hex(Array("2:ab1:c".utf8)))
        var other = SHA256()
        other.update(field: "a")
        other.update(field: "bc")
        #expect(other.hexDigest != fields.hexDigest)
    }
}

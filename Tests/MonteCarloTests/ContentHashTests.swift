import Testing

@testable import MonteCarlo

/// ContentHash is FNV-1a, 64 bits (offset basis 0xcbf29ce484222325, prime 0x100000001b3; the FNV reference,
/// draft-eastlake-fnv), with a 0x1F unit separator after each text field. Expected digests below are the FNV-1a
/// definition applied to the bytes named in each comment (computed outside the package with Python integers).
@Suite struct ContentHashTests {
    /// Nothing added: the offset basis itself.
    @Test func emptyIsTheOffsetBasis() {
        #expect(ContentHash().hex == "cbf29ce484222325")
    }

    /// "a" then the separator: FNV-1a("a\u{1F}") = 089be907b544fdc9.
    @Test func oneField() {
        var h = ContentHash()
        h.add("a")
        #expect(h.hex == "089be907b544fdc9")
    }

    /// Fields are separated: ("ab", "c") hashes "ab\u{1F}c\u{1F}" = 0ab11b2f87ef04a1, ("a", "bc") hashes
    /// "a\u{1F}bc\u{1F}" = cb31b5381b2a17ab.
    @Test func fieldBoundariesCount() {
        var one = ContentHash()
        one.add("ab")
        one.add("c")
        var two = ContentHash()
        two.add("a")
        two.add("bc")
        #expect(one.hex == "0ab11b2f87ef04a1" && two.hex == "cb31b5381b2a17ab")
    }

    /// Bytes are preceded by their count as a field: "3\u{1F}xyz" = 96c7213b84609cf2; then the seed 7 and no
    /// trials override ("7\u{1F}-\u{1F}") as `of(_:seed:trialsPerCell:)` adds them: f5f120bef853ab58.
    @Test func bytesAreCounted() {
        var h = ContentHash()
        h.add(bytes: Array("xyz".utf8))
        #expect(h.hex == "96c7213b84609cf2")
        h.add(7)
        h.add("-")
        #expect(h.hex == "f5f120bef853ab58")
    }
}

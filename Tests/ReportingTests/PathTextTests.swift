import Testing

@testable import Reporting

/// `PathText.parent(of:)` against `NSString.deletingLastPathComponent`'s documented results (Apple's
/// "deletingLastPathComponent" table: "/tmp/scratch.tiff" → "/tmp", "/tmp/lock/" → "/tmp", "/tmp/" → "/",
/// "/tmp" → "/", "/" → "/", "scratch.tiff" → ""), plus the one-character paths that trap in corelibs Foundation.
@Suite struct PathTextTests {
    @Test(arguments: [
        ("/tmp/scratch.tiff", "/tmp"), ("/tmp/lock/", "/tmp"), ("/tmp/", "/"), ("/tmp", "/"), ("/", "/"),
        ("scratch.tiff", ""), ("g", ""), ("g/", ""), ("a/g", "a"), ("a//g", "a"), ("Reports/x", "Reports"), ("", ""),
    ])
    func parent(path: String, expected: String) {
        #expect(PathText.parent(of: path) == expected)
    }
}

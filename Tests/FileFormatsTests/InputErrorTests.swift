import Testing

@testable import FileFormats

/// An error message is one line whatever the file holds or is called: control characters are escaped.
@Suite struct InputErrorTests {
    /// A file name with a newline and a problem quoting ESC and DEL: LF (0x0A) shows as `\u{a}`, ESC as `\u{1b}`, DEL
    /// (0x7F) as `\u{7f}`, C1's CSI (U+009B) as `\u{9b}`; tab is escaped too. Printable text, `é` and `∕` are kept.
    @Test func controlCharactersAreEscaped() {
        let e = InputError(file: "team\n**Total**.gpx", line: 3, field: "a\tb", problem: "\"é\u{1B}[2J\u{7F}\u{9B}∕\" is bad")
        #expect(e.description == "team\\u{a}**Total**.gpx:3: a\\u{9}b: \"é\\u{1b}[2J\\u{7f}\\u{9b}∕\" is bad")
        #expect(InputError(file: "s.json", line: 2, field: "x", problem: "ok").description == "s.json:2: x: ok")
    }
}

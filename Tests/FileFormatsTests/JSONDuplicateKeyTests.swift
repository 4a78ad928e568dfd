import Testing

@testable import FileFormats

/// A key twice in one object is refused by the parser wherever objects are read (scenarios, profiles, places,
/// suites, rubrics, submissions, drift logs all go through `JSONParser`), naming the field path and the repeat's line.
@Suite struct JSONDuplicateKeyTests {
    static func error(_ text: String) -> JSONParser.SyntaxError? {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func namesTheFieldPathAndTheRepeatsLine() {
        // Issue 29's corpus case: `grid.profile` twice; the repeat is on line 3.
        let e = Self.error("{\"grid\": {\n  \"profile\": [\"a\"],\n  \"profile\": [\"b\"]}}")
        #expect(e == JSONParser.SyntaxError(line: 3, field: "grid.profile", message: "duplicate key"))
        // Inside arrays the index is part of the path.
        let nested = Self.error("{\"suites\": [{\"n\": 1}, {\"n\": 1,\n\"n\": 2}]}")
        #expect(nested == JSONParser.SyntaxError(line: 2, field: "suites[1].n", message: "duplicate key"))
        // At the top level the path is the key itself.
        #expect(Self.error("{\"a\": 1, \"a\": 1}") == JSONParser.SyntaxError(line: 1, field: "a", message: "duplicate key"))
    }

    /// Other syntax errors keep their messages without a field.
    @Test func otherErrorsKeepTheirMessages() {
        #expect(Self.error("{\"a\": [1, }") == JSONParser.SyntaxError(line: 1, field: "", message: "unexpected character '}'"))
        #expect(Self.error("") == JSONParser.SyntaxError(line: 1, field: "", message: "the file is empty"))
    }
}

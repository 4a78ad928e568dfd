import Testing

@testable import Reporting

/// Expected Markdown written by hand from the GitHub Flavored Markdown spec (tables extension: `\|` escapes a pipe
/// inside a cell; delimiter row `:--`, `--:`, `:-:` sets alignment; fenced code needs a fence longer than any
/// backtick run inside).
@Suite struct MarkdownTests {
    // MARK: - Table

    @Test func tableAlignsAndPads() throws {
        var table = MarkdownTable(columns: [("Activity", .left), ("Rate", .right), ("Ok", .center)])
        try table.append(["walk", "12.3%", "yes"])
        try table.append(["run", "4%", "no"])
        // Centred cells put the odd padding space on the right: "Ok" in width 3 is "Ok ".
        let expected = """
            | Activity |  Rate | Ok  |
            | :------- | ----: | :-: |
            | walk     | 12.3% | yes |
            | run      |    4% | no  |

            """
        #expect(table.render() == expected)
    }

    @Test func tableEscapesPipesAndLineBreaks() throws {
        var table = MarkdownTable(columns: [MarkdownTable.Column("a|b")])
        try table.append(["x | y"])
        try table.append(["line1\nline2\r\nline3\rline4"])
        // The widest cell is "line1<br>line2<br>line3<br>line4": 5 + 4 + 5 + 4 + 5 + 4 + 5 = 32 characters, so
        // every cell is padded to 32 ("a\|b" is 4 escaped characters, "x \| y" is 6).
        let pad = { (count: Int) in String(repeating: " ", count: count) }
        let expected =
            "| a\\|b" + pad(28) + " |\n"
            + "| :" + String(repeating: "-", count: 31) + " |\n"
            + "| x \\| y" + pad(26) + " |\n"
            + "| line1<br>line2<br>line3<br>line4 |\n"
        #expect(table.render() == expected)
    }

    @Test func tableRejectsWrongWidth() {
        var table = MarkdownTable(columns: [("a", .left), ("b", .left)])
        #expect(throws: ReportingError.cellCount(context: "Markdown table row 1", expected: 2, actual: 1)) {
            try table.append(["only one"])
        }
        #expect(table.rowCount == 0)
    }

    // MARK: - Document

    @Test func documentBlocksSeparatedByOneBlankLine() throws {
        var table = MarkdownTable(columns: [("k", .left), ("v", .right)])
        try table.append(["n", "10"])
        var document = MarkdownDocument()
        document.heading("Results", level: 2)
        document.paragraph("Two trials.\n")
        document.bullets(["first", "second\nwrapped"])
        document.table(table)
        document.image(alt: "ROC [all]", path: "figures/roc curve.svg")
        document.code("let x = 1\n", language: "swift")
        document.rule()
        let expected = """
            ## Results

            Two trials.

            - first
            - second
              wrapped

            | k   |   v |
            | :-- | --: |
            | n   |  10 |

            ![ROC \\[all\\]](figures/roc%20curve.svg)

            ```swift
            let x = 1
            ```

            ---

            """
        #expect(document.render() == expected)
    }

    @Test func codeFenceOutgrowsBackticksInside() {
        var document = MarkdownDocument()
        document.code("a ``` b")
        #expect(document.render() == "````\na ``` b\n````\n")
    }

    @Test func emptyDocumentAndHeadingLevelClamp() {
        #expect(MarkdownDocument().render() == "")
        var document = MarkdownDocument()
        document.heading("Deep\ntitle", level: 9)
        #expect(document.render() == "###### Deep title\n")
    }
}

import Testing

@testable import Reporting

/// Expected files written by hand from RFC 4180 §2 (rules 6 and 7: fields with commas, quotes or line breaks are
/// enclosed in double quotes, and an embedded double quote is doubled), with the documented LF line ending.
@Suite struct CSVTableTests {
    @Test func rendersHeaderRowsAndTrailingNewline() throws {
        var table = CSVTable(header: ["activity", "trials", "rate"])
        try table.append(["walk", 100, 0.25])
        try table.append([.text("run"), .integer(-3), .missing])
        #expect(table.rowCount == 2)
        #expect(table.render() == "activity,trials,rate\nwalk,100,0.25\nrun,-3,\n")
    }

    @Test func quotesPerRFC4180() throws {
        var table = CSVTable(header: ["name, unit", "note"])
        try table.append(["say \"hi\"", "a,b"])
        try table.append(["line1\nline2", "cr\rhere"])
        try table.append(["crlf\r\nend", "plain"])
        // Written line by line: the doubled quotes would otherwise close a multi-line literal.
        let expected =
            "\"name, unit\",note\n"
            + "\"say \"\"hi\"\"\",\"a,b\"\n"
            + "\"line1\nline2\",\"cr\rhere\"\n"
            + "\"crlf\r\nend\",plain\n"
        #expect(table.render() == expected)
    }

    @Test func numbersUseTenSignificantDigits() throws {
        var table = CSVTable(header: ["x"])
        // 1/3 → 0.3333333333 (10 digits), 1.5e-7 → exponent form, -0.0 → "0".
        try table.append([.number(1.0 / 3.0)])
        try table.append([.number(1.5e-7)])
        try table.append([.number(-0.0)])
        #expect(table.render() == "x\n0.3333333333\n1.5e-07\n0\n")
    }

    @Test func loneEmptyFieldIsQuoted() throws {
        var table = CSVTable(header: ["only"])
        try table.append([.missing])
        // An empty line would be skipped by many readers; `""` is an explicit empty field.
        #expect(table.render() == "only\n\"\"\n")
    }

    @Test func rejectsWrongWidthAndLeavesTableUnchanged() throws {
        var table = CSVTable(header: ["a", "b"])
        try table.append([1, 2])
        #expect(throws: ReportingError.cellCount(context: "CSV row 2", expected: 2, actual: 3)) {
            try table.append([1, 2, 3])
        }
        #expect(table.rowCount == 1)
    }

    @Test func rejectsNonFiniteNumberNamingColumnAndRow() throws {
        var table = CSVTable(header: ["trial", "speedMetersPerSecond"])
        try table.append([1, 1.5])
        #expect(throws: ReportingError.nonFiniteValue(context: "column speedMetersPerSecond, row 2")) {
            try table.append([2, .number(.nan)])
        }
        #expect(throws: ReportingError.nonFiniteValue(context: "column speedMetersPerSecond, row 2")) {
            try table.append([2, .number(-.infinity)])
        }
        #expect(table.rowCount == 1)
    }
}

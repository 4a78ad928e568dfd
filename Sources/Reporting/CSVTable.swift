import Foundation

/// A CSV file built row by row, rendered per RFC 4180.
///
/// Cells are converted to text when appended, so a bad value (NaN, a short row) is reported at the `append` that
/// introduced it, with its column and row, and ``render()`` cannot fail.
///
/// Output conventions:
/// - Fields containing a comma, a double quote, CR or LF are enclosed in double quotes, with inner quotes doubled
///   (RFC 4180 §2, rules 6 and 7). A row made of one empty field is written as `""`, so that it is not an empty line
///   that many readers skip.
/// - Lines end with LF ("\n"), not the CRLF of RFC 4180 §2 rule 1: the files live in git and are read by Python,
///   R, spreadsheets and `diff`, which all accept LF, and LF keeps the bytes identical on every platform. The last
///   record ends with a newline too.
/// - Numbers use ``Format/number(_:significantDigits:context:)`` with 10 significant digits; integers are exact.
package struct CSVTable: Sendable {
    // MARK: - State

    /// The column names, in order.
    package let header: [String]
    /// The rendered fields of each data row (already quoted when needed).
    private var renderedRows: [[String]] = []

    /// The number of data rows appended so far (the header not counted).
    package var rowCount: Int { renderedRows.count }

    // MARK: - Building

    /// Creates an empty table with the given column names.
    ///
    /// - Parameter header: The column names, written as the first line.
    package init(header: [String]) {
        self.header = header
    }

    /// Appends one data row.
    ///
    /// - Parameter row: One cell per column.
    /// - Throws: ``ReportingError/cellCount(context:expected:actual:)`` when the row has the wrong width;
    ///   ``ReportingError/nonFiniteValue(context:)`` with context "column <name>, row <n>" (n counts data rows from
    ///   1) when a `.number` is NaN or infinite. The table is unchanged when it throws.
    package mutating func append(_ row: [CSVCell]) throws(ReportingError) {
        renderedRows.append(try Self.fields(row, header: header, rowNumber: renderedRows.count + 1))
    }

    /// The rendered fields of data row `rowNumber` (from 1), with the checks and messages of ``append(_:)``.
    static func fields(_ row: [CSVCell], header: [String], rowNumber: Int) throws(ReportingError) -> [String] {
        guard row.count == header.count else {
            throw .cellCount(context: "CSV row \(rowNumber)", expected: header.count, actual: row.count)
        }
        var fields: [String] = []
        fields.reserveCapacity(row.count)
        for (column, cell) in row.enumerated() {
            switch cell {
            case .text(let text):
                fields.append(Self.quoted(text))
            case .integer(let value):
                fields.append(String(value))
            case .number(let value):
                let context = "column \(header[column]), row \(rowNumber)"
                fields.append(try Format.number(value, context: context))
            case .missing:
                fields.append("")
            }
        }
        return fields
    }

    // MARK: - Rendering

    /// The whole file: header line, then one line per row, each ending with "\n".
    package func render() -> String {
        var text = Self.line(header.map(Self.quoted))
        for fields in renderedRows {
            text += Self.line(fields)
        }
        return text
    }

    /// Joins already-quoted fields into one line, protecting a lone empty field.
    static func line(_ fields: [String]) -> String {
        if fields.count == 1 && fields[0].isEmpty { return "\"\"\n" }
        return fields.joined(separator: ",") + "\n"
    }

    /// Quotes a field per RFC 4180 when it contains a comma, a double quote, CR or LF.
    static func quoted(_ field: String) -> String {
        // Scan unicode scalars: "\r\n" is a single Character, which a Character test for "\n" would miss.
        let needsQuotes = field.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        guard needsQuotes else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

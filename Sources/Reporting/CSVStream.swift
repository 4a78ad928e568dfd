/// A CSV file written row by row to a ``SpoolFile``, byte for byte what ``CSVTable`` renders for the same rows,
/// without holding the rows in memory.
package struct CSVStream: Sendable {
    /// The column names, in order.
    package let header: [String]
    /// The spool the file is written to (header first).
    package let spool: SpoolFile
    /// The number of data rows appended so far.
    package private(set) var rowCount = 0

    /// Starts a file with the given column names, on a new spool.
    package init(header: [String]) throws(ReportingError) {
        self.header = header
        spool = try SpoolFile()
        try spool.append(CSVTable.line(header.map(CSVTable.quoted)))
    }

    /// Appends one data row, with ``CSVTable/append(_:)``'s checks and messages; nothing is written when it throws.
    package mutating func append(_ row: [CSVCell]) throws(ReportingError) {
        let fields = try CSVTable.fields(row, header: header, rowNumber: rowCount + 1)
        try spool.append(CSVTable.line(fields))
        rowCount += 1
    }
}

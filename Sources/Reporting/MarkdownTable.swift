/// A GitHub-flavoured Markdown pipe table.
///
/// Cells are plain strings (inline Markdown such as `**bold**` or `` `code` `` is kept). Characters that would break
/// the table are escaped: `|` becomes `\|` and line breaks (LF, CR, CRLF) become `<br>`, which GFM renders as a
/// line break inside the cell. Columns are padded to a common width so the source stays readable in a diff.
package struct MarkdownTable: Sendable {
    // MARK: - Types

    /// How a column's contents are aligned.
    package enum Alignment: Sendable, Equatable {
        case left, right, center
    }

    /// One column: its title and alignment.
    package struct Column: Sendable, Equatable {
        /// The header text.
        package var title: String
        /// The alignment of the header and cells.
        package var alignment: Alignment

        /// Creates a column; numbers usually read best right-aligned.
        package init(_ title: String, alignment: Alignment = .left) {
            self.title = title
            self.alignment = alignment
        }
    }

    // MARK: - State

    /// The columns, in order.
    package let columns: [Column]
    /// The escaped cells of each row.
    private var rows: [[String]] = []

    /// The number of body rows appended so far.
    package var rowCount: Int { rows.count }

    // MARK: - Building

    /// Creates an empty table with the given columns.
    package init(columns: [Column]) {
        self.columns = columns
    }

    /// Creates an empty table from (title, alignment) pairs.
    package init(columns: [(title: String, alignment: Alignment)]) {
        self.columns = columns.map { Column($0.title, alignment: $0.alignment) }
    }

    /// Appends one body row.
    ///
    /// - Parameter cells: One string per column.
    /// - Throws: ``ReportingError/cellCount(context:expected:actual:)`` when the row has the wrong width (the table
    ///   is unchanged).
    package mutating func append(_ cells: [String]) throws(ReportingError) {
        guard cells.count == columns.count else {
            throw .cellCount(
                context: "Markdown table row \(rows.count + 1)", expected: columns.count,
                actual: cells.count)
        }
        rows.append(cells.map(Self.escaped))
    }

    // MARK: - Rendering

    /// The table: header line, delimiter line, one line per row, each ending with "\n".
    ///
    /// A table without columns renders as the empty string (GFM has no zero-column table).
    package func render() -> String {
        guard !columns.isEmpty else { return "" }
        let titles = columns.map { Self.escaped($0.title) }
        // Width in Characters; the delimiter needs at least 3 characters ("---", ":-:" is too short for centre).
        var widths = titles.map { max($0.count, 3) }
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        var text = line(titles, widths: widths)
        let delimiters = zip(columns, widths).map { column, width -> String in
            switch column.alignment {
            case .left: return ":" + String(repeating: "-", count: width - 1)
            case .right: return String(repeating: "-", count: width - 1) + ":"
            case .center: return ":" + String(repeating: "-", count: width - 2) + ":"
            }
        }
        text += "| " + delimiters.joined(separator: " | ") + " |\n"
        for row in rows { text += line(row, widths: widths) }
        return text
    }

    /// One padded table line.
    private func line(_ cells: [String], widths: [Int]) -> String {
        var parts: [String] = []
        parts.reserveCapacity(cells.count)
        for (index, cell) in cells.enumerated() {
            let padding = widths[index] - cell.count
            switch columns[index].alignment {
            case .left:
                parts.append(cell + String(repeating: " ", count: padding))
            case .right:
                parts.append(String(repeating: " ", count: padding) + cell)
            case .center:
                let before = padding / 2
                parts.append(
                    String(repeating: " ", count: before) + cell
                        + String(repeating: " ", count: padding - before))
            }
        }
        return "| " + parts.joined(separator: " | ") + " |\n"
    }

    /// Escapes `|` and turns line breaks into `<br>`.
    static func escaped(_ cell: String) -> String {
        var result = ""
        var previousWasCR = false
        for scalar in cell.unicodeScalars {
            switch scalar {
            case "|":
                result += "\\|"
            case "\r":
                result += "<br>"
            case "\n":
                // The LF of a CRLF pair was already turned into a break with its CR.
                if !previousWasCR { result += "<br>" }
            default:
                result.unicodeScalars.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return result
    }
}

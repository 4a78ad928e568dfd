/// One field of a ``CSVTable`` row.
///
/// Literals pick the case: `"walk"` is `.text`, `3` is `.integer`, `2.5` is `.number`.
package enum CSVCell: Sendable, Equatable {
    /// Free text, quoted when needed.
    case text(String)
    /// An integer, printed in full.
    case integer(Int)
    /// A real number, printed with ``Format/number(_:significantDigits:context:)`` (10 significant digits).
    case number(Double)
    /// No value: an empty field.
    case missing
}

// MARK: - Literals

extension CSVCell: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self = .text(value) }
}

extension CSVCell: ExpressibleByIntegerLiteral {
    package init(integerLiteral value: Int) { self = .integer(value) }
}

extension CSVCell: ExpressibleByFloatLiteral {
    package init(floatLiteral value: Double) { self = .number(value) }
}

/// Numbers as people write them in files and on the command line: decimal digits, an optional sign, point and
/// exponent. `Double(_:)` and `strtod` also take hexadecimal floats (`0x1p5` is 32), `inf`, `nan` and
/// `infinity`; read as a coordinate or a sample, those would be a number the user never meant.
package enum DecimalText {
    /// Whether `bytes` use only the characters of a decimal number (digits, `+`, `-`, `.`, `e`, `E`) and the
    /// spaces and double quotes a CSV field may carry around it.
    package static func isDecimal<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        bytes.allSatisfy { b in
            (48...57).contains(b) || b == 43 || b == 45 || b == 46 || b == 101 || b == 69 || b == 32 || b == 34
        }
    }

    /// Whether `bytes` (a number `strtod` read) are written in hexadecimal (`0x…`): `nan` and `inf` are left to
    /// the reader's own finiteness check, which names them.
    package static func isHexadecimal<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        bytes.contains { $0 == UInt8(ascii: "x") || $0 == UInt8(ascii: "X") }
    }

    /// The finite decimal number `text` holds (surrounding spaces allowed), or nil.
    package static func double<Text: StringProtocol>(_ text: Text) -> Double? {
        let trimmed = text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
        let plain = String(trimmed)
        guard !plain.isEmpty, isDecimal(plain.utf8), let value = Double(plain), value.isFinite else { return nil }
        return value
    }

    /// The shortest text that reads back as `x` exactly, whole numbers without ".0" ("3", "0.1", "1.5e-07"): for
    /// values quoted from the input in messages (the same text as Reporting's `Format.exact`, which FileFormats
    /// cannot import).
    package static func exact(_ x: Double) -> String {
        if x == x.rounded(), x.magnitude < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }
}

/// XML escaping, once, for every XML the program writes (SVG charts, GPX files).
package enum XMLText {
    /// Escapes `text` for XML character data and double-quoted attribute values.
    ///
    /// `&`, `<`, `>`, `"` and `'` become entities; control characters that XML 1.0 forbids (everything below
    /// U+0020 except tab, LF and CR, and U+FFFE, U+FFFF) are dropped, since no entity can represent them in a
    /// well-formed document.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

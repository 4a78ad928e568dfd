import Foundation

/// Text and number helpers shared by the SVG chart writers.
///
/// Everything here is pure and locale-free, so a chart renders to the same bytes on every machine.
enum SVGText {
    // MARK: - Escaping

    /// Escapes `text` for XML character data and double-quoted attribute values.
    ///
    /// `&`, `<`, `>`, `"` and `'` become entities; control characters that XML 1.0 forbids (everything below
    /// U+0020 except tab, LF and CR) are dropped, since no entity can represent them in a well-formed document.
    static func escaped(_ text: String) -> String {
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

    // MARK: - Coordinates

    /// Prints a coordinate with at most 2 decimals and no trailing zeros ("12.5", "300", "0").
    ///
    /// A hundredth of a pixel is below any display resolution, and the short form keeps files small and diffs
    /// stable. Callers pass finite values only (chart ranges are validated first).
    static func coordinate(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    // MARK: - Measuring

    /// Estimated width in pixels of `text` set in a sans-serif font of `fontSize` pixels.
    ///
    /// SVG has no text metrics at authoring time; 0.6 em per character is a slight over-estimate for Helvetica,
    /// Arial and DejaVu Sans, so layouts computed from it leave room rather than overlap.
    static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
        Double(text.count) * fontSize * 0.6
    }
}

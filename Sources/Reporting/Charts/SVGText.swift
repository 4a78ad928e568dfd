import Foundation

/// Text and number helpers shared by the SVG chart writers.
///
/// Everything here is pure and locale-free, so a chart renders to the same bytes on every machine.
enum SVGText {
    // MARK: - Escaping

    /// Escapes `text` for XML character data and double-quoted attribute values (see ``XMLText/escaped(_:)``).
    static func escaped(_ text: String) -> String { XMLText.escaped(text) }

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

    /// Advance widths in em of ASCII U+0020…U+007E in DejaVu Sans, rounded up to 0.01 em.
    ///
    /// DejaVu Sans is the widest face of ``ChartStyle/fontFamily`` (Helvetica and Arial set digits at 0.556 em,
    /// DejaVu at 0.636 em) and the one a Debian machine renders with, so widths from it bound all of them.
    /// Measured with `rsvg-convert` (librsvg 2.54, Debian 12): each character c as the ink width of "HcH" minus
    /// that of "HH" at 400 px; `ChartTextTests` checks the estimate against the renderer on every chart's text.
    private static let regularWidths: [Double] = [
        0.32, 0.4, 0.46, 0.84, 0.64, 0.95, 0.78, 0.28, 0.39, 0.39, 0.5, 0.84, 0.32, 0.36, 0.3, 0.34,
        0.64, 0.64, 0.64, 0.64, 0.64, 0.64, 0.64, 0.64, 0.64, 0.64, 0.34, 0.34, 0.84, 0.84, 0.84, 0.53,
        1, 0.69, 0.69, 0.7, 0.77, 0.63, 0.58, 0.78, 0.75, 0.3, 0.3, 0.66, 0.56, 0.87, 0.75, 0.79,
        0.61, 0.79, 0.7, 0.64, 0.61, 0.73, 0.69, 0.99, 0.69, 0.61, 0.69, 0.39, 0.34, 0.39, 0.84, 0.5,
        0.5, 0.62, 0.64, 0.55, 0.64, 0.62, 0.35, 0.64, 0.64, 0.28, 0.28, 0.58, 0.28, 0.98, 0.64, 0.61,
        0.64, 0.64, 0.41, 0.52, 0.39, 0.64, 0.59, 0.82, 0.59, 0.59, 0.53, 0.64, 0.34, 0.64, 0.84,
    ]

    /// The same for DejaVu Sans Bold.
    private static let boldWidths: [Double] = [
        0.35, 0.46, 0.52, 0.84, 0.7, 1, 0.87, 0.31, 0.46, 0.46, 0.52, 0.84, 0.38, 0.42, 0.38, 0.37,
        0.7, 0.7, 0.7, 0.7, 0.7, 0.7, 0.7, 0.7, 0.7, 0.7, 0.4, 0.4, 0.84, 0.84, 0.84, 0.58,
        1, 0.78, 0.76, 0.74, 0.83, 0.69, 0.69, 0.82, 0.84, 0.37, 0.37, 0.78, 0.64, 1, 0.84, 0.85,
        0.73, 0.85, 0.77, 0.72, 0.68, 0.81, 0.78, 1.11, 0.77, 0.73, 0.73, 0.46, 0.37, 0.46, 0.84, 0.5,
        0.5, 0.68, 0.72, 0.59, 0.72, 0.68, 0.44, 0.72, 0.71, 0.34, 0.34, 0.67, 0.34, 1.04, 0.71, 0.69,
        0.72, 0.72, 0.5, 0.6, 0.48, 0.71, 0.65, 0.93, 0.65, 0.65, 0.58, 0.71, 0.37, 0.71, 0.84,
    ]

    /// Estimated width in pixels of `text` set in ``ChartStyle/fontFamily`` at `fontSize` pixels.
    ///
    /// SVG has no text metrics at authoring time, so layout uses DejaVu Sans advance widths (the widest face of
    /// the stack, above): ASCII from the tables, the narrow punctuation `°`, `’`, `·` at 0.5 em, accented Latin
    /// letters at 0.8 em, and anything else at a full 1 em, so layouts leave room rather than clip.
    static func estimatedWidth(_ text: String, fontSize: Double, bold: Bool = false) -> Double {
        let table = bold ? boldWidths : regularWidths
        var em = 0.0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v >= 0x20 && v <= 0x7E {
                em += table[Int(v) - 0x20]
            } else if scalar == "°" || scalar == "’" || scalar == "·" {
                em += 0.5
            } else if v >= 0xC0 && v <= 0x17F {
                em += 0.8
            } else {
                em += 1
            }
        }
        return em * fontSize
    }
}

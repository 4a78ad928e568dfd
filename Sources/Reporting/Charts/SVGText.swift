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

    /// Estimated width in pixels of `text` set in a sans-serif font of `fontSize` pixels.
    ///
    /// SVG has no text metrics at authoring time; 0.6 em per character is a slight over-estimate for Helvetica,
    /// Arial and DejaVu Sans, so layouts computed from it leave room rather than overlap.
    static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
        Double(text.count) * fontSize * 0.6
    }
}

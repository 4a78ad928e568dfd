/// Colours, dash patterns, marker shapes and typography shared by all charts.
///
/// The first colours are the Okabe–Ito palette (Okabe & Ito, "Color Universal Design", 2008; also Wong, Nature
/// Methods 8:441, 2011), which stays distinguishable under the common forms of colour-vision deficiency; four
/// darker colours from Paul Tol's "muted" scheme (wine, indigo, olive) and a brown follow, so up to eleven series
/// get colours of their own before yellow, weak on white, and then repeats. Series differ in three ways at once —
/// colour, dash pattern and marker shape, assigned from the series' slot and cycling with periods 12, 6 and 5 — so two series that coincide, or that print in greyscale, still read apart.
enum ChartStyle {
    // MARK: - Palette

    /// Series colours, in the order series use them.
    static let palette: [String] = [
        "#0072B2",  // blue
        "#D55E00",  // vermillion
        "#009E73",  // bluish green
        "#E69F00",  // orange
        "#CC79A7",  // reddish purple
        "#56B4E9",  // sky blue
        "#000000",  // black
        "#882255",  // wine (Tol)
        "#332288",  // indigo (Tol)
        "#999933",  // olive (Tol)
        "#8C564B",  // brown
        "#F0E442",  // yellow
    ]

    /// The colour for a palette index (any integer, wrapped).
    static func color(_ index: Int) -> String {
        palette[((index % palette.count) + palette.count) % palette.count]
    }

    // MARK: - Dash patterns

    /// Line dash patterns by slot: solid, dashed, dotted, dash-dot, long dash, dash-dot-dot (SVG
    /// `stroke-dasharray`, px).
    static let dashPatterns: [String?] = [nil, "7 4", "2 3", "9 3 2 3", "14 4", "9 3 2 3 2 3"]

    /// The dash pattern for a palette index (any integer, wrapped); nil is a solid line.
    static func dashPattern(_ index: Int) -> String? {
        dashPatterns[((index % dashPatterns.count) + dashPatterns.count) % dashPatterns.count]
    }

    // MARK: - Markers

    /// Marker shapes, cycled with the palette index.
    enum Marker: CaseIterable {
        case circle, square, triangleUp, diamond, triangleDown

        /// The shape for a palette index (any integer, wrapped).
        static func forIndex(_ index: Int) -> Marker {
            let count = allCases.count
            return allCases[((index % count) + count) % count]
        }
    }

    /// Half the marker size in pixels.
    static let markerRadius = 4.0

    /// An SVG element drawing `marker` centred at (x, y), filled with `color`.
    static func markerElement(_ marker: Marker, x: Double, y: Double, color: String) -> String {
        let r = markerRadius
        let c = SVGText.coordinate
        let paint = "fill=\"\(color)\" stroke=\"#ffffff\" stroke-width=\"0.75\""
        switch marker {
        case .circle:
            return "<circle cx=\"\(c(x))\" cy=\"\(c(y))\" r=\"\(c(r))\" \(paint)/>"
        case .square:
            let side = r * 1.7
            return "<rect x=\"\(c(x - side / 2))\" y=\"\(c(y - side / 2))\" width=\"\(c(side))\" "
                + "height=\"\(c(side))\" \(paint)/>"
        case .triangleUp:
            let h = r * 1.15
            return "<path d=\"M\(c(x)) \(c(y - h))L\(c(x + h)) \(c(y + h * 0.8))L\(c(x - h)) \(c(y + h * 0.8))Z\" "
                + "\(paint)/>"
        case .diamond:
            let h = r * 1.25
            return "<path d=\"M\(c(x)) \(c(y - h))L\(c(x + h)) \(c(y))L\(c(x)) \(c(y + h))L\(c(x - h)) \(c(y))Z\" "
                + "\(paint)/>"
        case .triangleDown:
            let h = r * 1.15
            return "<path d=\"M\(c(x)) \(c(y + h))L\(c(x + h)) \(c(y - h * 0.8))L\(c(x - h)) \(c(y - h * 0.8))Z\" "
                + "\(paint)/>"
        }
    }

    // MARK: - Typography and lines

    /// Font stack: common sans-serif faces, falling back to the generic family.
    static let fontFamily = "Helvetica, Arial, 'DejaVu Sans', 'Liberation Sans', sans-serif"
    /// Tick labels and legend text.
    static let smallFontSize = 12.0
    /// Axis labels.
    static let labelFontSize = 13.0
    /// Chart title.
    static let titleFontSize = 15.0
    /// Text colour (near-black reads softer than pure black).
    static let textColor = "#222222"
    /// Axis lines and tick marks.
    static let axisColor = "#444444"
    /// Major gridlines.
    static let gridColor = "#e3e3e3"
    /// Minor gridlines (log axes).
    static let minorGridColor = "#f1f1f1"
    /// Dash pattern of series the caller marks `dashed` (a fitted curve, another variant).
    static let dashArray = "6 4"
    /// Colour of limit and reference lines and their labels.
    static let referenceColor = "#555555"
    /// Dash pattern of limit and reference lines.
    static let referenceDashArray = "5 3"
}

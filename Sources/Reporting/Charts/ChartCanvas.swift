/// The SVG document under construction, with the pieces every chart shares: header, title, axes, legend.
///
/// Coordinates are in SVG user units (pixels, y downward). All numbers go through ``SVGText/coordinate(_:)`` and
/// all text through ``SVGText/escaped(_:)``, so output is well-formed and byte-for-byte reproducible.
struct ChartCanvas {
    // MARK: - Types

    /// The rectangle where data is drawn.
    struct PlotArea {
        var left: Double
        var top: Double
        var right: Double
        var bottom: Double
        var width: Double { right - left }
        var height: Double { bottom - top }
        var centerX: Double { (left + right) / 2 }
        var centerY: Double { (top + bottom) / 2 }
    }

    /// The symbol drawn next to a legend entry.
    enum LegendSymbol {
        /// A short line with the series' dash pattern (nil: solid), optionally with a marker in its middle.
        case line(color: String, dash: String?, marker: ChartStyle.Marker?)
        /// A marker alone (scatter series).
        case marker(color: String, marker: ChartStyle.Marker)
        /// A filled square (bar series).
        case swatch(color: String)
    }

    /// One legend entry.
    struct LegendItem {
        var name: String
        var symbol: LegendSymbol
    }

    // MARK: - Layout constants

    /// Outer padding of the canvas.
    static let edge = 12.0
    /// Length of tick marks, outward from the axis.
    static let tickLength = 5.0
    /// Height of one legend row.
    static let legendRowHeight = 18.0
    /// Width of the legend symbol area.
    static let legendSymbolWidth = 26.0

    // MARK: - State

    let width: Int
    let height: Int
    private var elements: [String] = []

    // MARK: - Document

    /// Starts a document: XML declaration, root element and white background come from ``render(title:)``.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Appends one element (already escaped and formatted).
    mutating func add(_ element: String) {
        elements.append(element)
    }

    /// The complete standalone SVG 1.1 document, ending with a newline.
    func render(title: String) -> String {
        let size = "width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" \(size) "
                + "font-family=\"\(ChartStyle.fontFamily)\" "
                + "font-size=\"\(SVGText.coordinate(ChartStyle.smallFontSize))\">",
            "<title>\(SVGText.escaped(title.isEmpty ? "Chart" : title))</title>",
            "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>",
        ]
        lines.append(contentsOf: elements)
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Checks that a chart is big enough to lay out.
    static func validateSize(width: Int, height: Int, chart: String) throws(ReportingError) {
        guard width >= 200, width <= 20_000, height >= 150, height <= 20_000 else {
            throw .invalidValue(
                context: chart,
                reason: "size \(width)×\(height) is outside 200…20000 × 150…20000")
        }
    }

    // MARK: - Primitives

    /// A `<text>` element.
    static func text(
        _ content: String, x: Double, y: Double, size: Double = ChartStyle.smallFontSize,
        anchor: String = "middle", bold: Bool = false, rotation: Double = 0, color: String = ChartStyle.textColor
    ) -> String {
        let c = SVGText.coordinate
        var attributes = "x=\"\(c(x))\" y=\"\(c(y))\""
        if size != ChartStyle.smallFontSize { attributes += " font-size=\"\(c(size))\"" }
        if anchor != "start" { attributes += " text-anchor=\"\(anchor)\"" }
        if bold { attributes += " font-weight=\"bold\"" }
        if rotation != 0 { attributes += " transform=\"rotate(\(c(rotation)) \(c(x)) \(c(y)))\"" }
        return "<text \(attributes) fill=\"\(color)\">\(SVGText.escaped(content))</text>"
    }

    /// A `<line>` element, solid or with the dash pattern `dash` (an SVG `stroke-dasharray`).
    static func line(
        x1: Double, y1: Double, x2: Double, y2: Double, color: String, width: Double = 1, dash: String? = nil
    ) -> String {
        let c = SVGText.coordinate
        let dash = dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
        return "<line x1=\"\(c(x1))\" y1=\"\(c(y1))\" x2=\"\(c(x2))\" y2=\"\(c(y2))\" stroke=\"\(color)\" "
            + "stroke-width=\"\(c(width))\"\(dash)/>"
    }

    // MARK: - Title and axis labels

    /// Height of a second or later title line.
    static let titleLineHeight = 19.0

    /// The title broken at spaces into lines that fit the canvas width (a single word longer than the width
    /// stays whole and is set smaller by ``fittedSize(_:size:bold:available:)``).
    static func titleLines(_ title: String, canvasWidth: Int) -> [String] {
        guard !title.isEmpty else { return [] }
        let available = Double(canvasWidth) - 2 * edge
        var lines: [String] = []
        var current = ""
        for word in title.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if !current.isEmpty
                && SVGText.estimatedWidth(candidate, fontSize: ChartStyle.titleFontSize, bold: true) > available
            {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        lines.append(current)
        return lines
    }

    /// Vertical space above the plot: room for the title's lines, or a small margin without one.
    static func topMargin(title: String, canvasWidth: Int) -> Double {
        let lines = titleLines(title, canvasWidth: canvasWidth).count
        return lines == 0 ? 16 : 44 + titleLineHeight * Double(lines - 1)
    }

    /// The font size at which `text` fits `available` pixels: `size`, or smaller (down to 8 px) when too long.
    static func fittedSize(_ text: String, size: Double, bold: Bool = false, available: Double) -> Double {
        let width = SVGText.estimatedWidth(text, fontSize: size, bold: bold)
        guard width > available, width > 0 else { return size }
        return max(8, (size * available / width * 10).rounded(.down) / 10)
    }

    /// Draws the title's lines centred on the canvas, and the axis labels (x below, y rotated at the left edge),
    /// each set smaller when it would not fit.
    mutating func addTitleAndLabels(title: String, xLabel: String, yLabel: String, plot: PlotArea) {
        let available = Double(width) - 2 * Self.edge
        for (index, line) in Self.titleLines(title, canvasWidth: width).enumerated() {
            let size = Self.fittedSize(line, size: ChartStyle.titleFontSize, bold: true, available: available)
            add(
                Self.text(
                    line, x: Double(width) / 2, y: 27 + Self.titleLineHeight * Double(index), size: size, bold: true))
        }
        if !xLabel.isEmpty {
            let size = Self.fittedSize(xLabel, size: ChartStyle.labelFontSize, available: available)
            // Centred under the plot unless that would push it off the canvas.
            let half = SVGText.estimatedWidth(xLabel, fontSize: size) / 2
            let x = min(max(plot.centerX, Self.edge + half), Double(width) - Self.edge - half)
            add(Self.text(xLabel, x: x, y: plot.bottom + Self.xLabelOffset, size: size))
        }
        if !yLabel.isEmpty {
            let size = Self.fittedSize(yLabel, size: ChartStyle.labelFontSize, available: Double(height) - 2 * Self.edge)
            let half = SVGText.estimatedWidth(yLabel, fontSize: size) / 2
            let y = min(max(plot.centerY, Self.edge + half), Double(height) - Self.edge - half)
            add(Self.text(yLabel, x: Self.edge + 9, y: y, size: size, rotation: -90))
        }
    }

    /// Distance from the plot bottom to the x-label baseline.
    static let xLabelOffset = 40.0

    /// Width reserved left of the y tick labels for the rotated y label.
    static func yLabelBand(_ yLabel: String) -> Double {
        yLabel.isEmpty ? edge : edge + 22
    }

    // MARK: - Axes

    /// Draws horizontal gridlines, the y axis line, its ticks and labels.
    mutating func addYAxis(_ axis: ChartAxis, labels: [String], plot: PlotArea) {
        let c = SVGText.coordinate
        for value in axis.minorTicks {
            let y = plot.bottom - axis.fraction(value) * plot.height
            add(Self.line(x1: plot.left, y1: y, x2: plot.right, y2: y, color: ChartStyle.minorGridColor))
        }
        for (value, label) in zip(axis.ticks, labels) {
            let y = plot.bottom - axis.fraction(value) * plot.height
            add(Self.line(x1: plot.left, y1: y, x2: plot.right, y2: y, color: ChartStyle.gridColor))
            add(Self.line(x1: plot.left - Self.tickLength, y1: y, x2: plot.left, y2: y, color: ChartStyle.axisColor))
            // +4 drops the baseline so the digits sit centred on the tick (cap height of 12 px text ≈ 8.6 px).
            add(Self.text(label, x: plot.left - Self.tickLength - 4, y: y + 4, anchor: "end"))
        }
        add(
            "<line x1=\"\(c(plot.left))\" y1=\"\(c(plot.top))\" x2=\"\(c(plot.left))\" y2=\"\(c(plot.bottom))\" "
                + "stroke=\"\(ChartStyle.axisColor)\" stroke-width=\"1\"/>")
    }

    /// Draws vertical gridlines, the x axis ticks and labels (not the axis line; see ``addXAxisLine(plot:)``).
    mutating func addXAxis(_ axis: ChartAxis, labels: [String], plot: PlotArea) {
        for value in axis.minorTicks {
            let x = plot.left + axis.fraction(value) * plot.width
            add(Self.line(x1: x, y1: plot.top, x2: x, y2: plot.bottom, color: ChartStyle.minorGridColor))
        }
        for (value, label) in zip(axis.ticks, labels) {
            let x = plot.left + axis.fraction(value) * plot.width
            add(Self.line(x1: x, y1: plot.top, x2: x, y2: plot.bottom, color: ChartStyle.gridColor))
            add(
                Self.line(
                    x1: x, y1: plot.bottom, x2: x, y2: plot.bottom + Self.tickLength,
                    color: ChartStyle.axisColor))
            add(Self.text(label, x: x, y: plot.bottom + Self.tickLength + 13))
        }
    }

    /// Draws the break of a zero-and-log x axis: two short slanted strokes across the axis line between the zero
    /// position and the first decade, on a white gap, so the reader sees the scale is not continuous there.
    mutating func addXAxisBreak(_ axis: ChartAxis, plot: PlotArea) {
        guard axis.kind == .log10WithZero else { return }
        let x = plot.left + ChartAxis.zeroBandFraction / 2 * plot.width
        let c = SVGText.coordinate
        add(
            "<rect x=\"\(c(x - 4))\" y=\"\(c(plot.bottom - 6))\" width=\"8\" height=\"12\" fill=\"#ffffff\"/>")
        for dx in [-3.0, 3.0] {
            add(
                Self.line(
                    x1: x + dx - 3, y1: plot.bottom + 6, x2: x + dx + 3, y2: plot.bottom - 6,
                    color: ChartStyle.axisColor))
        }
    }

    /// Draws labelled reference lines (limits, targets) across the plot, dashed and grey.
    ///
    /// A vertical line's label sits at the top of the plot, to the right of the line (to its left in the plot's
    /// right third); a horizontal line's label sits above the line at the plot's right end (below the line when
    /// the line is near the top). Labels get a white halo so gridlines and data do not cut through them.
    mutating func addReferenceLines(
        _ lines: [ChartReferenceLine], xAxis: ChartAxis, yAxis: ChartAxis, plot: PlotArea
    ) {
        for line in lines {
            let size = ChartStyle.smallFontSize
            switch line.orientation {
            case .vertical:
                let x = plot.left + xAxis.fraction(line.value) * plot.width
                add(
                    Self.line(
                        x1: x, y1: plot.top, x2: x, y2: plot.bottom, color: ChartStyle.referenceColor, width: 1.5,
                        dash: ChartStyle.referenceDashArray))
                let textWidth = SVGText.estimatedWidth(line.label, fontSize: size)
                let toTheLeft = x > plot.left + plot.width * 2 / 3 || x + 4 + textWidth > Double(width) - Self.edge
                add(
                    Self.haloText(
                        line.label, x: toTheLeft ? x - 4 : x + 4, y: plot.top + 14, anchor: toTheLeft ? "end" : "start"))
            case .horizontal:
                let y = plot.bottom - yAxis.fraction(line.value) * plot.height
                add(
                    Self.line(
                        x1: plot.left, y1: y, x2: plot.right, y2: y, color: ChartStyle.referenceColor, width: 1.5,
                        dash: ChartStyle.referenceDashArray))
                let below = y - plot.top < 18
                add(Self.haloText(line.label, x: plot.right - 4, y: below ? y + 14 : y - 5, anchor: "end"))
            }
        }
    }

    /// A reference-line label: grey text over a white outline (`paint-order="stroke"` draws the outline first).
    static func haloText(_ content: String, x: Double, y: Double, anchor: String) -> String {
        let c = SVGText.coordinate
        let anchorAttribute = anchor == "start" ? "" : " text-anchor=\"\(anchor)\""
        return "<text x=\"\(c(x))\" y=\"\(c(y))\"\(anchorAttribute) fill=\"\(ChartStyle.referenceColor)\" "
            + "stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">\(SVGText.escaped(content))</text>"
    }

    /// Draws the x axis line along the bottom of the plot.
    mutating func addXAxisLine(plot: PlotArea) {
        add(Self.line(x1: plot.left, y1: plot.bottom, x2: plot.right, y2: plot.bottom, color: ChartStyle.axisColor))
    }

    /// Labels for tick values, formatted with up to 10 significant digits.
    static func tickLabels(_ axis: ChartAxis, context: String) throws(ReportingError) -> [String] {
        var labels: [String] = []
        for value in axis.ticks { labels.append(try Format.number(value, context: context)) }
        return labels
    }

    // MARK: - Legend

    /// Splits legend items into rows that fit `availableWidth`; each entry carries its width.
    static func legendRows(_ items: [LegendItem], availableWidth: Double) -> [[(item: LegendItem, width: Double)]] {
        var rows: [[(item: LegendItem, width: Double)]] = []
        var current: [(item: LegendItem, width: Double)] = []
        var used = 0.0
        for var item in items {
            var textWidth = SVGText.estimatedWidth(item.name, fontSize: ChartStyle.smallFontSize)
            // An entry wider than the canvas is shortened at its end with "…" (the report's text gives it whole).
            let room = availableWidth - legendSymbolWidth - 6
            if textWidth > room {
                let full = item.name
                var keep = full.count
                while keep > 1, textWidth > room {
                    keep -= 1
                    var head = full.prefix(keep)
                    while head.last == " " || head.last == "," { head = head.dropLast() }
                    item.name = head + "…"
                    textWidth = SVGText.estimatedWidth(item.name, fontSize: ChartStyle.smallFontSize)
                }
            }
            let itemWidth = legendSymbolWidth + 6 + textWidth
            let gap = current.isEmpty ? 0 : 18.0
            if !current.isEmpty && used + gap + itemWidth > availableWidth {
                rows.append(current)
                current = []
                used = 0
            }
            used += (current.isEmpty ? 0 : 18) + itemWidth
            current.append((item, itemWidth))
        }
        if !current.isEmpty { rows.append(current) }
        return rows
    }

    /// Height the legend needs below the plot (0 without items).
    static func legendHeight(_ items: [LegendItem], canvasWidth: Int) -> Double {
        let rows = legendRows(items, availableWidth: Double(canvasWidth) - 2 * edge)
        return Double(rows.count) * legendRowHeight
    }

    /// Draws the legend in rows starting at `top`, each row centred under the plot (kept inside the canvas).
    mutating func addLegend(_ items: [LegendItem], top: Double, plot: PlotArea) {
        let rows = Self.legendRows(items, availableWidth: Double(width) - 2 * Self.edge)
        for (rowIndex, row) in rows.enumerated() {
            let rowWidth = row.reduce(0) { $0 + $1.width } + Double(row.count - 1) * 18
            var x = min(max(plot.centerX - rowWidth / 2, Self.edge), Double(width) - Self.edge - rowWidth)
            x = max(x, Self.edge)
            let middle = top + Double(rowIndex) * Self.legendRowHeight + Self.legendRowHeight / 2
            for entry in row {
                addLegendSymbol(entry.item.symbol, left: x, middle: middle)
                add(Self.text(entry.item.name, x: x + Self.legendSymbolWidth + 6, y: middle + 4, anchor: "start"))
                x += entry.width + 18
            }
        }
    }

    /// Draws one legend symbol in the box starting at `left`, vertically centred on `middle`.
    private mutating func addLegendSymbol(_ symbol: LegendSymbol, left: Double, middle: Double) {
        let centre = left + Self.legendSymbolWidth / 2
        switch symbol {
        case .line(let color, let dash, let marker):
            add(
                Self.line(
                    x1: left, y1: middle, x2: left + Self.legendSymbolWidth, y2: middle, color: color,
                    width: 2, dash: dash))
            if let marker { add(ChartStyle.markerElement(marker, x: centre, y: middle, color: color)) }
        case .marker(let color, let marker):
            add(ChartStyle.markerElement(marker, x: centre, y: middle, color: color))
        case .swatch(let color):
            let c = SVGText.coordinate
            add("<rect x=\"\(c(centre - 6))\" y=\"\(c(middle - 6))\" width=\"12\" height=\"12\" fill=\"\(color)\"/>")
        }
    }

    // MARK: - Empty charts

    /// A chart with nothing to plot: the title, an empty light-grey frame and the words "No data".
    static func noDataSVG(title: String, width: Int, height: Int) -> String {
        var canvas = ChartCanvas(width: width, height: height)
        let plot = PlotArea(
            left: edge * 4, top: topMargin(title: title, canvasWidth: width), right: Double(width) - edge * 4,
            bottom: Double(height) - edge * 4)
        canvas.addTitleAndLabels(title: title, xLabel: "", yLabel: "", plot: plot)
        let c = SVGText.coordinate
        canvas.add(
            "<rect x=\"\(c(plot.left))\" y=\"\(c(plot.top))\" width=\"\(c(plot.width))\" "
                + "height=\"\(c(plot.height))\" fill=\"none\" stroke=\"\(ChartStyle.gridColor)\"/>")
        canvas.add(
            text(
                "No data", x: plot.centerX, y: plot.centerY + 5, size: ChartStyle.titleFontSize,
                color: "#777777"))
        return canvas.render(title: title)
    }
}

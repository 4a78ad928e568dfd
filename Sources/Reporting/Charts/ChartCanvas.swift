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
        /// A short line, optionally dashed, optionally with a marker in its middle.
        case line(color: String, dashed: Bool, marker: ChartStyle.Marker?)
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

    /// A `<line>` element.
    static func line(
        x1: Double, y1: Double, x2: Double, y2: Double, color: String, width: Double = 1, dashed: Bool = false
    ) -> String {
        let c = SVGText.coordinate
        let dash = dashed ? " stroke-dasharray=\"\(ChartStyle.dashArray)\"" : ""
        return "<line x1=\"\(c(x1))\" y1=\"\(c(y1))\" x2=\"\(c(x2))\" y2=\"\(c(y2))\" stroke=\"\(color)\" "
            + "stroke-width=\"\(c(width))\"\(dash)/>"
    }

    // MARK: - Title and axis labels

    /// Vertical space above the plot: room for the title, or a small margin without one.
    static func topMargin(title: String) -> Double {
        title.isEmpty ? 16 : 44
    }

    /// Draws the title centred over the plot and the axis labels (x below, y rotated at the left edge).
    mutating func addTitleAndLabels(title: String, xLabel: String, yLabel: String, plot: PlotArea) {
        if !title.isEmpty {
            add(Self.text(title, x: plot.centerX, y: 27, size: ChartStyle.titleFontSize, bold: true))
        }
        if !xLabel.isEmpty {
            add(Self.text(xLabel, x: plot.centerX, y: plot.bottom + Self.xLabelOffset, size: ChartStyle.labelFontSize))
        }
        if !yLabel.isEmpty {
            add(
                Self.text(
                    yLabel, x: Self.edge + 9, y: plot.centerY, size: ChartStyle.labelFontSize,
                    rotation: -90))
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
        for item in items {
            let textWidth = SVGText.estimatedWidth(item.name, fontSize: ChartStyle.smallFontSize)
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
        case .line(let color, let dashed, let marker):
            add(
                Self.line(
                    x1: left, y1: middle, x2: left + Self.legendSymbolWidth, y2: middle, color: color,
                    width: 2, dashed: dashed))
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
            left: edge * 4, top: topMargin(title: title), right: Double(width) - edge * 4,
            bottom: Double(height) - edge * 4)
        if !title.isEmpty {
            canvas.add(text(title, x: plot.centerX, y: 27, size: ChartStyle.titleFontSize, bold: true))
        }
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

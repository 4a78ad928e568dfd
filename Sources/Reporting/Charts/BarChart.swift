import Foundation

/// A grouped bar chart (categories along x, one bar per series in each group), rendered as standalone SVG 1.1.
///
/// The y axis is linear, always includes zero (bars grow from a zero baseline, up for positive values and down for
/// negative ones), and uses "nice" 1-2-5 ticks. Category labels are rotated when they would not fit side by side.
/// The legend lists each series with its colour.
///
/// With no categories or no series a "No data" placeholder is drawn (as for ``LineChart``). Every series must have
/// exactly one value per category; NaN or infinity throws.
package struct BarChart: Sendable, Equatable {
    // MARK: - Properties

    /// Chart title (also the SVG `<title>`).
    package var title: String
    /// X axis label (what the categories are).
    package var xLabel: String
    /// Y axis label, with units.
    package var yLabel: String
    /// Category names, left to right.
    package var categories: [String]
    /// The series, drawn left to right within each group.
    package var series: [BarSeries]
    /// Canvas width in pixels (200…20000).
    package var width: Int
    /// Canvas height in pixels (150…20000).
    package var height: Int
    /// Writes the value above the tallest bar of each category (when positive), so the bars a reader compares
    /// carry their numbers; the axis gets 8% headroom for the label.
    package var labelsTallestBars = false

    // MARK: - Creating

    /// Creates a chart.
    package init(
        title: String, xLabel: String, yLabel: String, categories: [String], series: [BarSeries],
        width: Int = 720, height: Int = 440
    ) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.categories = categories
        self.series = series
        self.width = width
        self.height = height
    }

    /// Creates a chart from (name, values) pairs, colours in order.
    package init(
        title: String, xLabel: String, yLabel: String, categories: [String],
        series: [(name: String, values: [Double])], width: Int = 720, height: Int = 440
    ) {
        self.init(
            title: title, xLabel: xLabel, yLabel: yLabel, categories: categories,
            series: series.map { BarSeries(name: $0.name, values: $0.values) }, width: width, height: height)
    }

    // MARK: - Layout constants

    /// Rotation of category labels that do not fit horizontally, in degrees.
    static let labelRotationDegrees = -35.0
    /// Fraction of each category band filled by its bars (the rest separates groups).
    static let groupFill = 0.8

    // MARK: - Rendering

    /// Renders the chart as a standalone SVG 1.1 document (UTF-8 text ending with a newline).
    ///
    /// - Returns: The SVG text.
    /// - Throws: ``ReportingError/cellCount(context:expected:actual:)`` when a series does not have one value per
    ///   category, ``ReportingError/nonFiniteValue(context:)`` for NaN/∞ values,
    ///   ``ReportingError/invalidValue(context:reason:)`` for an unusable size.
    package func renderSVG() throws(ReportingError) -> String {
        let chartName = "bar chart \"\(title)\""
        try ChartCanvas.validateSize(width: width, height: height, chart: chartName)
        var low = 0.0, high = 0.0
        for entry in series {
            guard entry.values.count == categories.count else {
                throw .cellCount(
                    context: "bar series \"\(entry.name)\"", expected: categories.count,
                    actual: entry.values.count)
            }
            for (value, category) in zip(entry.values, categories) {
                guard value.isFinite else {
                    throw .nonFiniteValue(context: "bar series \"\(entry.name)\", category \"\(category)\"")
                }
                low = min(low, value)
                high = max(high, value)
            }
        }
        if categories.isEmpty || series.isEmpty {
            return ChartCanvas.noDataSVG(title: title, width: width, height: height)
        }
        // All-zero data: show 0…1 rather than a symmetric padding with negative ticks nobody asked for.
        if low == 0 && high == 0 { high = 1 }
        if labelsTallestBars, high > 0 { high *= 1.08 }

        // Category labels: horizontal when they fit their band, rotated otherwise (which needs more depth).
        let estimatedBand = (Double(width) - 100) / Double(categories.count)
        let widestCategory =
            categories.map { SVGText.estimatedWidth($0, fontSize: ChartStyle.smallFontSize) }
            .max() ?? 0
        let rotate = widestCategory > estimatedBand - 6
        let angle = Self.labelRotationDegrees * Double.pi / 180
        let labelDepth = rotate ? widestCategory * Foundation.sin(-angle) + 18 : 18

        let legend = series.enumerated().map { index, entry in
            ChartCanvas.LegendItem(
                name: entry.name,
                symbol: .swatch(color: ChartStyle.color(entry.colorIndex ?? index)))
        }
        let top = ChartCanvas.topMargin(title: title, canvasWidth: width)
        let xLabelOffset = labelDepth + 22
        let legendTop = xLabel.isEmpty ? labelDepth + 12 : xLabelOffset + 12
        let bottomMargin = legendTop + ChartCanvas.legendHeight(legend, canvasWidth: width) + ChartCanvas.edge - 4
        let plotBottom = Double(height) - bottomMargin
        guard plotBottom - top >= 40 else {
            throw .invalidValue(context: chartName, reason: "height \(height) leaves no room for the plot")
        }
        let target = min(max(Int((plotBottom - top) / 60), 2), 10)
        let yAxis = try ChartAxis.linear(
            dataMin: low, dataMax: high, targetTickCount: target,
            context: "\(chartName), y axis")
        let yLabels = try ChartCanvas.tickLabels(yAxis, context: "\(chartName), y tick")
        let widestYLabel = yLabels.map { SVGText.estimatedWidth($0, fontSize: ChartStyle.smallFontSize) }.max() ?? 0
        var left = ChartCanvas.yLabelBand(yLabel) + widestYLabel + ChartCanvas.tickLength + 8
        if rotate {
            // A rotated first label extends left of its band; keep it on the canvas.
            let overhang = widestCategory * Foundation.cos(angle) - estimatedBand / 2
            left = max(left, ChartCanvas.edge + overhang)
        }
        let right = Double(width) - 20
        guard right - left >= 40 else {
            throw .invalidValue(context: chartName, reason: "width \(width) leaves no room for the plot")
        }
        let plot = ChartCanvas.PlotArea(left: left, top: top, right: right, bottom: plotBottom)

        var canvas = ChartCanvas(width: width, height: height)
        canvas.addYAxis(yAxis, labels: yLabels, plot: plot)
        addBars(to: &canvas, yAxis: yAxis, plot: plot)
        addCategoryLabels(to: &canvas, plot: plot, rotate: rotate)
        // Title and y label as for line charts; the x label sits below the (possibly rotated) category labels.
        canvas.addTitleAndLabels(title: title, xLabel: "", yLabel: yLabel, plot: plot)
        if !xLabel.isEmpty {
            canvas.add(
                ChartCanvas.text(
                    xLabel, x: plot.centerX, y: plot.bottom + xLabelOffset,
                    size: ChartStyle.labelFontSize))
        }
        canvas.addLegend(legend, top: plot.bottom + legendTop, plot: plot)
        return canvas.render(title: title)
    }

    // MARK: - Drawing

    /// Draws the bars of every group and the zero baseline.
    private func addBars(to canvas: inout ChartCanvas, yAxis: ChartAxis, plot: ChartCanvas.PlotArea) {
        let c = SVGText.coordinate
        let band = plot.width / Double(categories.count)
        let barWidth = band * Self.groupFill / Double(series.count)
        // A 1 px gap between neighbouring bars when they are wide enough to spare it.
        let drawnWidth = barWidth > 4 ? barWidth - 1 : barWidth
        let zero = plot.bottom - yAxis.fraction(0) * plot.height
        for (seriesIndex, entry) in series.enumerated() {
            let color = ChartStyle.color(entry.colorIndex ?? seriesIndex)
            canvas.add("<g fill=\"\(color)\">")
            for (categoryIndex, value) in entry.values.enumerated() {
                let x =
                    plot.left + band * (Double(categoryIndex) + (1 - Self.groupFill) / 2)
                    + barWidth * Double(seriesIndex)
                let y = plot.bottom - yAxis.fraction(value) * plot.height
                if value == 0 {
                    // A zero bar has no height; a 2 px stub and a "0" above it show the series is there, at zero.
                    canvas.add(
                        "<rect x=\"\(c(x))\" y=\"\(c(zero - 2))\" width=\"\(c(drawnWidth))\" height=\"2\"/>")
                    canvas.add(
                        "<text x=\"\(c(x + drawnWidth / 2))\" y=\"\(c(zero - 4))\" font-size=\"10\" "
                            + "text-anchor=\"middle\">0</text>")
                    continue
                }
                canvas.add(
                    "<rect x=\"\(c(x))\" y=\"\(c(min(y, zero)))\" width=\"\(c(drawnWidth))\" "
                        + "height=\"\(c(abs(zero - y)))\"/>")
            }
            canvas.add("</g>")
        }
        if labelsTallestBars {
            for categoryIndex in categories.indices {
                let values = series.map { $0.values[categoryIndex] }
                guard let top = values.indices.max(by: { values[$0] < values[$1] }), values[top] > 0,
                    let text = try? Format.number(values[top], significantDigits: 2)
                else { continue }
                let x =
                    plot.left + band * (Double(categoryIndex) + (1 - Self.groupFill) / 2) + barWidth * Double(top)
                    + drawnWidth / 2
                let y = plot.bottom - yAxis.fraction(values[top]) * plot.height
                canvas.add(
                    "<text x=\"\(c(x))\" y=\"\(c(y - 4))\" font-size=\"10\" text-anchor=\"middle\" "
                        + "fill=\"\(ChartStyle.textColor)\">\(SVGText.escaped(text))</text>")
            }
        }
        canvas.add(ChartCanvas.line(x1: plot.left, y1: zero, x2: plot.right, y2: zero, color: ChartStyle.axisColor))
        // With negative values the baseline floats; the category ticks still need an axis line to hang from.
        if zero < plot.bottom - 0.5 { canvas.addXAxisLine(plot: plot) }
    }

    /// Draws one label under each category band, rotated when they would overlap.
    private func addCategoryLabels(to canvas: inout ChartCanvas, plot: ChartCanvas.PlotArea, rotate: Bool) {
        let band = plot.width / Double(categories.count)
        for (index, category) in categories.enumerated() {
            let x = plot.left + band * (Double(index) + 0.5)
            canvas.add(
                ChartCanvas.line(
                    x1: x, y1: plot.bottom, x2: x, y2: plot.bottom + ChartCanvas.tickLength,
                    color: ChartStyle.axisColor))
            if rotate {
                canvas.add(
                    ChartCanvas.text(
                        category, x: x + 4, y: plot.bottom + ChartCanvas.tickLength + 10,
                        anchor: "end", rotation: Self.labelRotationDegrees))
            } else {
                canvas.add(ChartCanvas.text(category, x: x, y: plot.bottom + ChartCanvas.tickLength + 13))
            }
        }
    }
}

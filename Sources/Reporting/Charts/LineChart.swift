/// A line chart, scatter plot, or scatter plot with fitted lines, rendered as standalone SVG 1.1.
///
/// Layout: title on top, plot with light-grey gridlines at "nice" ticks (see ``Scale``), axis labels, and a legend
/// below the x label listing each series with its colour, line style and marker. Colours follow the Okabe–Ito
/// palette and markers differ in shape, so series stay distinguishable for colour-blind readers and in greyscale.
///
/// Behaviour at the edges:
/// - No points at all (no series, or only empty ones): a "No data" placeholder with the title is drawn, so a report
///   still shows that the figure exists and is empty, rather than failing the whole report.
/// - A single point or all-equal values: the axis range is padded, nothing divides by zero.
/// - A `.line` series with a single point is drawn as a marker (a one-point line would be invisible).
/// - NaN or infinity anywhere: ``ReportingError/nonFiniteValue(context:)`` naming the series and point.
/// - Zero or negative values on a log axis: ``ReportingError/nonPositiveOnLogAxis(series:axis:)``.
///
/// Output is deterministic: the same chart always renders to the same bytes.
package struct LineChart: Sendable, Equatable {
    // MARK: - Types

    /// Axis mapping.
    package enum Scale: Sendable, Equatable {
        /// Linear, with ticks at 1, 2 or 5 × 10^k steps.
        case linear
        /// Base-10 logarithmic, with ticks at decades; all values must be positive.
        case log10
        /// Base-10 logarithmic for the positive values, with 0 drawn at the start of the axis across a break:
        /// for rates where zero is common and the rest span decades (false alarms an hour). Values must be ≥ 0.
        case log10WithZero
    }

    // MARK: - Properties

    /// Chart title (also the SVG `<title>`).
    package var title: String
    /// X axis label, with units, e.g. "Window length (s)".
    package var xLabel: String
    /// Y axis label, with units.
    package var yLabel: String
    /// X axis mapping.
    package var xScale: Scale
    /// Y axis mapping.
    package var yScale: Scale
    /// The series, drawn in order (later ones on top) and listed in the legend in order.
    package var series: [ChartSeries]
    /// Canvas width in pixels (200…20000).
    package var width: Int
    /// Canvas height in pixels (150…20000).
    package var height: Int
    /// Labelled limit or target lines drawn across the plot (the axes widen to include them).
    package var referenceLines: [ChartReferenceLine]
    /// Log axes end near the data (1, 2 or 5 × 10^k) rather than at whole decades
    /// (``ChartAxis/log10(dataMin:dataMax:maximumLabelledDecades:fitted:context:)``).
    package var fitsLogAxes = false
    /// Series that coincide (the same x values, every y within 2.5% of the data's height of the other's: a marker's size) are drawn
    /// once, under one legend entry naming them all ("naive = hysteresis (within 2.5% of the axis)"), so no line hides another
    /// that the legend promises. The series drawn is the one on the highest layer, else the first.
    package var mergesCoincidentSeries = false

    // MARK: - Creating

    /// Creates a chart.
    ///
    /// Series are told apart by colour, marker shape and dash pattern, all from the series' slot (its
    /// `colorIndex`, else its position). When any series is marked `dashed`, the caller has given dashes a
    /// meaning (a fitted curve, another variant), and lines keep solid/dashed as marked instead.
    package init(
        title: String, xLabel: String, yLabel: String, xScale: Scale = .linear, yScale: Scale = .linear,
        series: [ChartSeries], width: Int = 720, height: Int = 440, referenceLines: [ChartReferenceLine] = []
    ) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.xScale = xScale
        self.yScale = yScale
        self.series = series
        self.width = width
        self.height = height
        self.referenceLines = referenceLines
    }

    // MARK: - Rendering

    /// Renders the chart as a standalone SVG 1.1 document (UTF-8 text ending with a newline).
    ///
    /// - Returns: The SVG text.
    /// - Throws: ``ReportingError/nonFiniteValue(context:)`` for NaN/∞ values,
    ///   ``ReportingError/nonPositiveOnLogAxis(series:axis:)`` for values ≤ 0 on a log axis,
    ///   ``ReportingError/invalidValue(context:reason:)`` for an unusable size or a range too wide to plot.
    package func renderSVG() throws(ReportingError) -> String {
        if mergesCoincidentSeries {
            var merged = self
            merged.mergesCoincidentSeries = false
            merged.series = Self.mergingCoincident(series)
            return try merged.renderSVG()
        }
        let chartName = "line chart \"\(title)\""
        try ChartCanvas.validateSize(width: width, height: height, chart: chartName)
        guard let ranges = try dataRanges() else {
            return ChartCanvas.noDataSVG(title: title, width: width, height: height)
        }

        // Vertical layout first: it fixes the plot height, which sets the number of y ticks.
        let legend = legendItems()
        let top = ChartCanvas.topMargin(title: title, canvasWidth: width)
        let legendTop = xLabel.isEmpty ? 30.0 : 52.0
        let bottomMargin = legendTop + ChartCanvas.legendHeight(legend, canvasWidth: width) + ChartCanvas.edge - 4
        let plotBottom = Double(height) - bottomMargin
        guard plotBottom - top >= 40 else {
            throw .invalidValue(context: chartName, reason: "height \(height) leaves no room for the plot")
        }
        let yAxis = try axis(
            yScale, range: ranges.y, smallestPositive: ranges.yPositive, pixels: plotBottom - top, pixelsPerTick: 60,
            fitted: fitsLogAxes, context: "\(chartName), y axis")
        let yLabels = try ChartCanvas.tickLabels(yAxis, context: "\(chartName), y tick")
        let widestYLabel = yLabels.map { SVGText.estimatedWidth($0, fontSize: ChartStyle.smallFontSize) }.max() ?? 0
        let left = ChartCanvas.yLabelBand(yLabel) + widestYLabel + ChartCanvas.tickLength + 8

        // Horizontal layout: x ticks from the remaining width, right margin from the last tick label.
        let xAxis = try axis(
            xScale, range: ranges.x, smallestPositive: ranges.xPositive, pixels: Double(width) - left - 24,
            pixelsPerTick: 90, fitted: fitsLogAxes, context: "\(chartName), x axis")
        let xLabels = try ChartCanvas.tickLabels(xAxis, context: "\(chartName), x tick")
        let lastXLabel = SVGText.estimatedWidth(xLabels.last ?? "", fontSize: ChartStyle.smallFontSize)
        let right = Double(width) - max(20, lastXLabel / 2 + 6)
        guard right - left >= 40 else {
            throw .invalidValue(context: chartName, reason: "width \(width) leaves no room for the plot")
        }
        let plot = ChartCanvas.PlotArea(left: left, top: top, right: right, bottom: plotBottom)

        var canvas = ChartCanvas(width: width, height: height)
        canvas.addXAxis(xAxis, labels: xLabels, plot: plot)
        canvas.addYAxis(yAxis, labels: yLabels, plot: plot)
        canvas.addXAxisLine(plot: plot)
        canvas.addXAxisBreak(xAxis, plot: plot)
        canvas.addReferenceLines(referenceLines, xAxis: xAxis, yAxis: yAxis, plot: plot)
        for index in drawingOrder {
            addSeries(series[index], index: index, to: &canvas, xAxis: xAxis, yAxis: yAxis, plot: plot)
        }
        canvas.addTitleAndLabels(title: title, xLabel: xLabel, yLabel: yLabel, plot: plot)
        canvas.addLegend(legend, top: plot.bottom + legendTop, plot: plot)
        return canvas.render(title: title)
    }

    /// ``mergesCoincidentSeries``: groups of coincident series, each drawn as its top series renamed for all.
    static func mergingCoincident(_ series: [ChartSeries]) -> [ChartSeries] {
        let ys = series.flatMap { $0.points.map(\.y) }.filter(\.isFinite)
        let tolerance = 0.025 * ((ys.max() ?? 0) - (ys.min() ?? 0))
        func coincide(_ a: ChartSeries, _ b: ChartSeries) -> Bool {
            a.points.count == b.points.count && !a.points.isEmpty
                && zip(a.points, b.points).allSatisfy { $0.x == $1.x && abs($0.y - $1.y) <= tolerance }
        }
        var groups: [[Int]] = []
        for i in series.indices {
            if let g = groups.firstIndex(where: { coincide(series[$0[0]], series[i]) }) {
                groups[g].append(i)
            } else {
                groups.append([i])
            }
        }
        return groups.map { group in
            guard group.count > 1 else { return series[group[0]] }
            let top = group.max { (series[$0].layer, -$0) < (series[$1].layer, -$1) } ?? group[0]
            var drawn = series[top]
            drawn.colorIndex = drawn.colorIndex ?? top
            drawn.name = group.map { series[$0].name }.joined(separator: " = ") + " (within 2.5% of the axis)"
            return drawn
        }
    }

    // MARK: - Data checks

    /// The extents the axes must show: data (error bars included) and reference lines.
    private struct Ranges {
        var x: ClosedRange<Double>
        var y: ClosedRange<Double>
        /// The smallest x and y above zero (for a zero-and-log axis), nil when there is none.
        var xPositive: Double?
        var yPositive: Double?
    }

    /// Validates every value and returns the extents, or nil when there are no points.
    private func dataRanges() throws(ReportingError) -> Ranges? {
        var xs: [Double] = []
        var ys: [Double] = []
        for entry in series {
            for (index, point) in entry.points.enumerated() {
                let context = "series \"\(entry.name)\", point \(index + 1)"
                let values = [("x", point.x), ("y", point.y), ("yLow", point.yLow), ("yHigh", point.yHigh)]
                for case let (name, value?) in values where !value.isFinite {
                    throw .nonFiniteValue(context: "\(context), \(name)")
                }
                try Self.check([point.x], scale: xScale, series: entry.name, axis: "x")
                let pointYs = [point.y, point.yLow, point.yHigh].compactMap { $0 }
                try Self.check(pointYs, scale: yScale, series: entry.name, axis: "y")
                xs.append(point.x)
                ys.append(contentsOf: pointYs)
            }
        }
        guard !xs.isEmpty else { return nil }
        for line in referenceLines {
            let context = "reference line \"\(line.label)\""
            guard line.value.isFinite else { throw .nonFiniteValue(context: context) }
            switch line.orientation {
            case .vertical:
                try Self.check([line.value], scale: xScale, series: context, axis: "x")
                xs.append(line.value)
            case .horizontal:
                try Self.check([line.value], scale: yScale, series: context, axis: "y")
                ys.append(line.value)
            }
        }
        func range(_ v: [Double]) -> ClosedRange<Double> { (v.min() ?? 0)...(v.max() ?? 0) }
        return Ranges(
            x: range(xs), y: range(ys), xPositive: xs.filter { $0 > 0 }.min(), yPositive: ys.filter { $0 > 0 }.min())
    }

    /// Refuses values a log axis cannot show: ≤ 0 on `.log10`, < 0 on `.log10WithZero`.
    private static func check(
        _ values: [Double], scale: Scale, series: String, axis: String
    ) throws(ReportingError) {
        switch scale {
        case .linear: return
        case .log10: if values.contains(where: { $0 <= 0 }) { throw .nonPositiveOnLogAxis(series: series, axis: axis) }
        case .log10WithZero:
            if values.contains(where: { $0 < 0 }) { throw .nonPositiveOnLogAxis(series: series, axis: axis) }
        }
    }

    /// Builds an axis for `range`, with about one tick per `pixelsPerTick` on linear axes.
    private func axis(
        _ scale: Scale, range: ClosedRange<Double>, smallestPositive: Double?, pixels: Double, pixelsPerTick: Double,
        fitted: Bool = false, context: String
    ) throws(ReportingError) -> ChartAxis {
        switch scale {
        case .linear:
            let target = min(max(Int(pixels / pixelsPerTick), 2), 10)
            return try ChartAxis.linear(
                dataMin: range.lowerBound, dataMax: range.upperBound,
                targetTickCount: target, context: context)
        case .log10:
            let decades = min(max(Int(pixels / 45), 2), 12)
            return try ChartAxis.log10(
                dataMin: range.lowerBound, dataMax: range.upperBound,
                maximumLabelledDecades: decades, fitted: fitted, context: context)
        case .log10WithZero:
            let decades = min(max(Int(pixels * (1 - ChartAxis.zeroBandFraction) / 45), 2), 12)
            return try ChartAxis.log10WithZero(
                smallestPositive: smallestPositive, dataMax: range.upperBound, maximumLabelledDecades: decades,
                context: context)
        }
    }

    // MARK: - Drawing

    /// The palette slot of the series at `index`.
    private func slot(_ entry: ChartSeries, index: Int) -> Int {
        entry.colorIndex ?? index
    }

    /// The dash pattern of a series' line: from its slot, unless some series is marked `dashed` (then as marked).
    private func dash(_ entry: ChartSeries, index: Int) -> String? {
        if series.contains(where: \.dashed) { return entry.dashed ? ChartStyle.dashArray : nil }
        return ChartStyle.dashPattern(slot(entry, index: index))
    }

    /// Series indices in drawing order: by layer, then by position.
    private var drawingOrder: [Int] {
        series.indices.sorted { (series[$0].layer, $0) < (series[$1].layer, $1) }
    }

    /// The stroke width of the line of the series at `index`: 2 px with one or two lines; with more, from 4 px
    /// for the first line drawn down to 2 px for the last, so a line drawn over an earlier one with the same
    /// values (two checks that fire alike) leaves the earlier one showing along both edges.
    private func lineWidth(_ index: Int) -> Double {
        let lines = drawingOrder.filter { series[$0].style != .markers }
        guard lines.count > 2, let position = lines.firstIndex(of: index) else { return 2 }
        return 2 + 2 * Double(lines.count - 1 - position) / Double(lines.count - 1)
    }

    /// Legend entries, one per series, in order.
    private func legendItems() -> [ChartCanvas.LegendItem] {
        series.enumerated().filter { $0.element.inLegend }.map { index, entry in
            let slot = slot(entry, index: index)
            let color = ChartStyle.color(slot)
            let marker = ChartStyle.Marker.forIndex(slot)
            switch entry.style {
            case .line:
                return .init(name: entry.name, symbol: .line(color: color, dash: dash(entry, index: index), marker: nil))
            case .markers:
                return .init(name: entry.name, symbol: .marker(color: color, marker: marker))
            case .lineAndMarkers:
                return .init(
                    name: entry.name, symbol: .line(color: color, dash: dash(entry, index: index), marker: marker))
            }
        }
    }

    /// Draws one series: error bars, then the line, then markers, grouped in one `<g>`.
    private func addSeries(
        _ entry: ChartSeries, index: Int, to canvas: inout ChartCanvas, xAxis: ChartAxis, yAxis: ChartAxis,
        plot: ChartCanvas.PlotArea
    ) {
        guard !entry.points.isEmpty else { return }
        let c = SVGText.coordinate
        let slot = slot(entry, index: index)
        let color = ChartStyle.color(slot)
        let px = { (x: Double) in plot.left + xAxis.fraction(x) * plot.width }
        let py = { (y: Double) in plot.bottom - yAxis.fraction(y) * plot.height }

        canvas.add("<g>")
        for point in entry.points where point.yLow != nil || point.yHigh != nil {
            let x = px(point.x)
            let low = py(point.yLow ?? point.y)
            let high = py(point.yHigh ?? point.y)
            canvas.add(ChartCanvas.line(x1: x, y1: low, x2: x, y2: high, color: color, width: 1.2))
            for end in [low, high] {
                canvas.add(ChartCanvas.line(x1: x - 3, y1: end, x2: x + 3, y2: end, color: color, width: 1.2))
            }
        }
        let drawsLine = entry.style != .markers && entry.points.count > 1
        if drawsLine {
            let dash = dash(entry, index: index).map { " stroke-dasharray=\"\($0)\"" } ?? ""
            // On a broken zero-and-log x axis a segment between 0 and a positive x crosses the break, where the
            // scale is not continuous: it is drawn thin and dotted, the runs on either side as usual.
            var runs: [[ChartPoint]] = [[]]
            for point in entry.points {
                if let last = runs[runs.count - 1].last, xAxis.kind == .log10WithZero, (last.x == 0) != (point.x == 0) {
                    canvas.add(
                        ChartCanvas.line(
                            x1: px(last.x), y1: py(last.y), x2: px(point.x), y2: py(point.y), color: color, width: 1,
                            dash: "1 3"))
                    runs.append([])
                }
                runs[runs.count - 1].append(point)
            }
            for run in runs where run.count > 1 {
                let coordinates = run.map { "\(c(px($0.x))),\(c(py($0.y)))" }.joined(separator: " ")
                canvas.add(
                    "<polyline points=\"\(coordinates)\" fill=\"none\" stroke=\"\(color)\" "
                        + "stroke-width=\"\(SVGText.coordinate(lineWidth(index)))\" "
                        + "stroke-linejoin=\"round\" stroke-linecap=\"round\"\(dash)/>")
            }
        }
        if entry.style != .line || !drawsLine {
            let marker = ChartStyle.Marker.forIndex(slot)
            for point in entry.points {
                canvas.add(ChartStyle.markerElement(marker, x: px(point.x), y: py(point.y), color: color))
            }
        }
        canvas.add("</g>")
    }
}

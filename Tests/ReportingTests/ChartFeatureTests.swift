import Foundation
import Testing

@testable import Reporting

/// Series that read apart, limit lines, the broken log axis, zero bars and wrapped titles.
@Suite struct ChartFeatureTests {
    static func points(_ ys: [Double]) -> [ChartPoint] {
        ys.enumerated().map { ChartPoint(x: Double($0.offset + 1), y: $0.element) }
    }

    /// Six identical lines (the geofence checks that fire alike) differ in colour, dash pattern and width, the
    /// first drawn widest so later ones cannot hide it.
    @Test func coincidentSeriesDifferInColourDashAndWidth() throws {
        let series = (0..<6).map { ChartSeries(name: "check \($0)", points: Self.points([0.8, 0.3, 0])) }
        let svg = try LineChart(title: "t", xLabel: "x", yLabel: "y", series: series).renderSVG()
        let lines = SVGInspector(svg).elements(named: "polyline")
        #expect(lines.count == 6)
        #expect(Set(lines.map { $0.attributes["stroke"] ?? "" }).count == 6)
        #expect(Set(lines.map { $0.attributes["stroke-dasharray"] ?? "solid" }).count == 6)
        let widths = lines.compactMap { Double($0.attributes["stroke-width"] ?? "") }
        // 2 + 2 × (5 − i)/5: 4, 3.6, 3.2, 2.8, 2.4, 2 (hand calculation).
        #expect(widths == [4, 3.6, 3.2, 2.8, 2.4, 2])
    }

    /// A series on layer 1 (the assignment's `naive` check) is drawn last, on top, narrowest, while the legend keeps
    /// the series order.
    @Test func higherLayersAreDrawnOnTop() throws {
        var series = (0..<6).map { ChartSeries(name: "check \($0)", points: Self.points([0.8, 0.3, 0])) }
        series[0].layer = 1
        let inspector = SVGInspector(try LineChart(title: "t", xLabel: "x", yLabel: "y", series: series).renderSVG())
        let lines = inspector.elements(named: "polyline")
        #expect(lines.last?.attributes["stroke"] == ChartStyle.color(0))
        #expect(lines.last?.attributes["stroke-width"] == "2")
        #expect(lines.first?.attributes["stroke-width"] == "4")
        let legend = inspector.texts.filter { $0.hasPrefix("check ") }
        #expect(legend == (0..<6).map { "check \($0)" })
    }

    /// Ten series (rms-vs-minutes) get ten different colours.
    @Test func tenSeriesGetTenColours() throws {
        let series = (0..<10).map { ChartSeries(name: "s\($0)", points: Self.points([Double($0), Double($0 + 1)])) }
        let svg = try LineChart(title: "t", xLabel: "x", yLabel: "y", series: series).renderSVG()
        let colours = SVGInspector(svg).elements(named: "polyline").map { $0.attributes["stroke"] ?? "" }
        #expect(Set(colours).count == 10)
    }

    /// A series marked `dashed` keeps the caller's meaning: the others stay solid.
    @Test func explicitDashesAreKept() throws {
        let series = [
            ChartSeries(name: "a", points: Self.points([1, 2])),
            ChartSeries(name: "b", points: Self.points([2, 3]), dashed: true),
            ChartSeries(name: "c", points: Self.points([3, 4])),
        ]
        let lines = SVGInspector(try LineChart(title: "t", xLabel: "x", yLabel: "y", series: series).renderSVG())
            .elements(named: "polyline")
        #expect(lines.map { $0.attributes["stroke-dasharray"] } == [nil, ChartStyle.dashArray, nil])
    }

    /// A limit line is drawn at its value with its label, and the axis widens to include it.
    @Test func referenceLinesAreDrawnAndLabelled() throws {
        let chart = LineChart(
            title: "t", xLabel: "x", yLabel: "y", series: [ChartSeries(name: "a", points: Self.points([10, 20, 30]))],
            referenceLines: [
                ChartReferenceLine(.vertical, at: 5, label: "limit 5 an hour"),
                ChartReferenceLine(.horizontal, at: 90, label: "target 90"),
            ])
        let inspector = SVGInspector(try chart.renderSVG())
        #expect(inspector.texts.contains("limit 5 an hour"))
        #expect(inspector.texts.contains("target 90"))
        // The y axis had to reach 90 (data stop at 30): a tick label of at least 90 exists.
        #expect(inspector.texts.compactMap { Double($0) }.contains { $0 >= 90 })
        let dashed = inspector.elements(named: "line").filter { $0.attributes["stroke-dasharray"] == ChartStyle.referenceDashArray }
        #expect(dashed.count == 2)
    }

    /// The broken log axis puts 0 at the start and the positive values on decades: 0, 0.1, 1, 10, 100 for data
    /// 0…60 with smallest positive 0.5.
    @Test func zeroAndLogAxis() throws {
        let axis = try ChartAxis.log10WithZero(smallestPositive: 0.5, dataMax: 60)
        #expect(axis.ticks == [0, 0.1, 1, 10, 100])
        #expect(axis.fraction(0) == 0)
        #expect(abs(axis.fraction(0.1) - ChartAxis.zeroBandFraction) < 1e-12)
        #expect(abs(axis.fraction(100) - 1) < 1e-12)
        // log10(10) is 2 of the 3 decades above 0.1: 0.1 + 0.9 × 2/3 = 0.7.
        #expect(abs(axis.fraction(10) - 0.7) < 1e-12)
        let chart = LineChart(
            title: "t", xLabel: "x", yLabel: "y", xScale: .log10WithZero,
            series: [ChartSeries(name: "a", points: [ChartPoint(x: 0, y: 1), ChartPoint(x: 60, y: 2)])])
        #expect(SVGInspector(try chart.renderSVG()).texts.contains("0"))
        let negative = LineChart(
            title: "t", xLabel: "x", yLabel: "y", xScale: .log10WithZero,
            series: [ChartSeries(name: "a", points: [ChartPoint(x: -1, y: 1)])])
        #expect(throws: ReportingError.self) { try negative.renderSVG() }
    }

    /// A line does not run solid across the break: the segment from 0 to the first positive x is thin and dotted.
    @Test func linesDoNotRunSolidAcrossTheBreak() throws {
        let chart = LineChart(
            title: "t", xLabel: "x", yLabel: "y", xScale: .log10WithZero,
            series: [ChartSeries(name: "a", points: [0, 1, 10].map { ChartPoint(x: $0, y: $0) })])
        let inspector = SVGInspector(try chart.renderSVG())
        let polylines = inspector.elements(named: "polyline")
        #expect(polylines.count == 1)
        #expect(polylines.first?.attributes["points"]?.split(separator: " ").count == 2)
        #expect(inspector.elements(named: "line").filter { $0.attributes["stroke-dasharray"] == "1 3" }.count == 1)
    }

    /// A bar of 0 draws a 2 px stub and a "0" so the series shows (the recommended setting without false alarms).
    @Test func zeroBarsShow() throws {
        let svg = try BarChart(
            title: "t", xLabel: "x", yLabel: "y", categories: ["a", "b"],
            series: [(name: "recommended", values: [0, 0]), (name: "other", values: [3, 1])]
        ).renderSVG()
        let inspector = SVGInspector(svg)
        #expect(inspector.elements(named: "rect").filter { $0.attributes["height"] == "2" }.count == 2)
        #expect(inspector.texts.filter { $0 == "0" }.count >= 2)
    }

    /// A title wider than the canvas is broken into lines, each within the canvas by the width estimate.
    @Test func longTitlesWrap() {
        let title = "Share of visits that collect McClelland Express, per coordinate variant (urban-canyon)"
        let lines = ChartCanvas.titleLines(title, canvasWidth: 720)
        #expect(lines.count == 2)
        #expect(lines.joined(separator: " ") == title)
        for line in lines {
            #expect(SVGText.estimatedWidth(line, fontSize: ChartStyle.titleFontSize, bold: true) <= 720 - 24)
        }
    }
}

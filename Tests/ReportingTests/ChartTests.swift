import Foundation
import TestSupport
import Testing

@testable import Reporting

/// Structural checks of the SVG charts (well-formed XML, escaping, ticks, errors, determinism) and byte-for-byte
/// golden files. Golden files are re-recorded only with `SENSORBENCH_RECORD_GOLDEN=1`; a recorded file must be
/// looked at (e.g. `rsvg-convert file.svg -o file.png`) before it is committed.
@Suite struct ChartTests {
    // MARK: - Sample charts

    /// A scatter with error bars, its dashed fitted line in the same colour, and a second line series.
    static func sampleLineChart() -> LineChart {
        let measured = ChartSeries(
            name: "Measured false alarms",
            points: [
                ChartPoint(x: 5, y: 2.1, yLow: 1.6, yHigh: 2.7),
                ChartPoint(x: 10, y: 3.9, yLow: 3.2, yHigh: 4.6),
                ChartPoint(x: 20, y: 8.4, yLow: 7.4, yHigh: 9.5),
                ChartPoint(x: 40, y: 15.8, yLow: 14.4, yHigh: 17.3),
                ChartPoint(x: 80, y: 33.0, yLow: 31.0, yHigh: 35.1),
            ],
            style: .markers, colorIndex: 0)
        let fit = ChartSeries(
            name: "Linear fit (0.41 per minute)",
            points: [ChartPoint(x: 0, y: 0), ChartPoint(x: 80, y: 32.8)],
            style: .line, dashed: true, colorIndex: 0)
        let baseline = ChartSeries(
            name: "Baseline detector",
            points: [5, 10, 20, 40, 80].map { ChartPoint(x: $0, y: 0.6 * $0 + 1) },
            style: .lineAndMarkers)
        return LineChart(
            title: "False alarms vs. session length", xLabel: "Session length (min)",
            yLabel: "False alarms", series: [measured, fit, baseline])
    }

    /// Three activities, two detector versions.
    static func sampleBarChart() -> BarChart {
        BarChart(
            title: "False alarms by activity", xLabel: "Activity", yLabel: "False alarms per hour",
            categories: ["Sitting", "Walking", "Running", "Cycling", "Driving"],
            series: [
                (name: "Detector v1", values: [0.4, 2.5, 6.1, 3.3, 1.2]),
                (name: "Detector v2", values: [0.2, 1.1, 2.8, 1.9, 0.7]),
            ])
    }

    // MARK: - Well-formed SVG

    @Test func lineChartIsWellFormedSVG() throws {
        let svg = try Self.sampleLineChart().renderSVG()
        let inspector = SVGInspector(svg)
        #expect(inspector.parseError == nil)
        let root = try #require(inspector.elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(root.attributes["width"] == "720")
        #expect(root.attributes["height"] == "440")
        #expect(root.attributes["viewBox"] == "0 0 720 440")
        #expect(inspector.elements(named: "title").first?.text == "False alarms vs. session length")
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func barChartIsWellFormedSVG() throws {
        let inspector = SVGInspector(try Self.sampleBarChart().renderSVG())
        #expect(inspector.parseError == nil)
        #expect(inspector.elements.first?.name == "svg")
        // Ten bars (5 categories × 2 series) plus the background and two legend swatches.
        #expect(inspector.elements(named: "rect").count == 13)
        for name in ["Sitting", "Driving", "Detector v1", "Detector v2", "False alarms per hour"] {
            #expect(inspector.texts.contains(name))
        }
    }

    @Test func coordinatesHaveAtMostTwoDecimals() throws {
        // Every number inside an attribute value (x, y, points, path data, transforms) has ≤ 2 decimals.
        let pattern = try Regex("[0-9]+\\.[0-9]{3,}")
        for svg in [try Self.sampleLineChart().renderSVG(), try Self.sampleBarChart().renderSVG()] {
            let inspector = SVGInspector(svg)
            for element in inspector.elements {
                for (name, value) in element.attributes {
                    #expect(value.firstMatch(of: pattern) == nil, "\(element.name) \(name)=\"\(value)\"")
                }
            }
        }
    }

    // MARK: - Ticks and labels in the rendered chart

    @Test func linearTicksAppearAsLabels() throws {
        // Data 0…97 on both axes. y: plot height 440 − 44 (title) − 78 (ticks, x label, one legend row) = 318 px,
        // one interval per 60 px → 5; 97 / 5 = 19.4 → step 20 → 0…100. x: about 600 px wide, one interval per
        // 90 px → 6; 97 / 6 = 16.2 → step 20 → 0…100. So each label appears twice, once per axis.
        let chart = LineChart(
            title: "t", xLabel: "x", yLabel: "y",
            series: [
                ChartSeries(name: "s", points: [ChartPoint(x: 0, y: 0), ChartPoint(x: 97, y: 97)])
            ])
        let texts = SVGInspector(try chart.renderSVG()).texts
        for label in ["0", "20", "40", "60", "80", "100"] {
            #expect(texts.filter { $0 == label }.count == 2, "tick \(label)")
        }
        #expect(!texts.contains("120") && !texts.contains("-20"))
    }

    @Test func logAxisLabelsDecades() throws {
        let chart = LineChart(
            title: "Allan deviation", xLabel: "τ (s)", yLabel: "σ (rad/s)",
            xScale: .log10, yScale: .log10,
            series: [
                ChartSeries(name: "gyro x", points: [ChartPoint(x: 0.01, y: 0.003), ChartPoint(x: 100, y: 470)])
            ])
        let inspector = SVGInspector(try chart.renderSVG())
        #expect(inspector.parseError == nil)
        // y: 0.003…470 spans decades -3…3; x: 0.01…100 spans -2…2.
        for label in ["0.001", "0.01", "0.1", "1", "10", "100", "1000"] {
            #expect(inspector.texts.contains(label), "decade \(label)")
        }
    }

    @Test func logAxisRefusesNonPositiveNamingSeries() {
        let chart = LineChart(
            title: "t", xLabel: "x", yLabel: "y", yScale: .log10,
            series: [
                ChartSeries(name: "fine", points: [ChartPoint(x: 1, y: 1)]),
                ChartSeries(name: "has zero", points: [ChartPoint(x: 1, y: 2), ChartPoint(x: 2, y: 0)]),
            ])
        #expect(throws: ReportingError.nonPositiveOnLogAxis(series: "has zero", axis: "y")) {
            try chart.renderSVG()
        }
        let errorBar = LineChart(
            title: "t", xLabel: "x", yLabel: "y", xScale: .log10,
            series: [
                ChartSeries(name: "negative x", points: [ChartPoint(x: -1, y: 2)])
            ])
        #expect(throws: ReportingError.nonPositiveOnLogAxis(series: "negative x", axis: "x")) {
            try errorBar.renderSVG()
        }
    }

    // MARK: - Escaping, determinism, degenerate data

    @Test func escapesMarkupInText() throws {
        let title = "A <&> \"B\""
        let chart = LineChart(
            title: title, xLabel: "x < 1 & y > 2", yLabel: "y",
            series: [
                ChartSeries(name: "<series>", points: [ChartPoint(x: 1, y: 1), ChartPoint(x: 2, y: 3)])
            ])
        let svg = try chart.renderSVG()
        #expect(svg.contains("<title>A &lt;&amp;&gt; &quot;B&quot;</title>"))
        let inspector = SVGInspector(svg)
        #expect(inspector.parseError == nil)
        #expect(inspector.elements(named: "title").first?.text == title)
        #expect(inspector.texts.contains(title))
        #expect(inspector.texts.contains("x < 1 & y > 2"))
        #expect(inspector.texts.contains("<series>"))
    }

    @Test func renderingIsDeterministic() throws {
        #expect(try Self.sampleLineChart().renderSVG() == Self.sampleLineChart().renderSVG())
        #expect(try Self.sampleBarChart().renderSVG() == Self.sampleBarChart().renderSVG())
    }

    @Test func singlePointAndConstantSeriesRender() throws {
        let chart = LineChart(
            title: "t", xLabel: "x", yLabel: "y",
            series: [
                ChartSeries(name: "one point", points: [ChartPoint(x: 3, y: 7)], style: .line),
                ChartSeries(name: "flat", points: [ChartPoint(x: 3, y: 7), ChartPoint(x: 3, y: 7)]),
            ])
        let svg = try chart.renderSVG()
        #expect(SVGInspector(svg).parseError == nil)
        #expect(!svg.lowercased().contains("nan") && !svg.contains("inf"))
        // The one-point `.line` series is drawn as a marker: the first palette colour appears in a marker fill.
        #expect(svg.contains("fill=\"#0072B2\""))
    }

    @Test func emptyChartsDrawNoData() throws {
        let line = LineChart(
            title: "Nothing yet", xLabel: "x", yLabel: "y",
            series: [ChartSeries(name: "empty", points: [])])
        let bar = BarChart(title: "Nothing yet", xLabel: "x", yLabel: "y", categories: [], series: [BarSeries]())
        for svg in [try line.renderSVG(), try bar.renderSVG()] {
            let inspector = SVGInspector(svg)
            #expect(inspector.parseError == nil)
            #expect(inspector.texts.contains("No data"))
        }
    }

    @Test func nonFiniteValuesThrowWithContext() {
        let line = LineChart(
            title: "t", xLabel: "x", yLabel: "y",
            series: [
                ChartSeries(name: "gyro", points: [ChartPoint(x: 1, y: 1), ChartPoint(x: 2, y: 1, yHigh: .infinity)])
            ])
        #expect(throws: ReportingError.nonFiniteValue(context: "series \"gyro\", point 2, yHigh")) {
            try line.renderSVG()
        }
        let bar = BarChart(
            title: "t", xLabel: "x", yLabel: "y", categories: ["a", "b"],
            series: [BarSeries(name: "v1", values: [1, .nan])])
        #expect(throws: ReportingError.nonFiniteValue(context: "bar series \"v1\", category \"b\"")) {
            try bar.renderSVG()
        }
    }

    @Test func barSeriesMustMatchCategories() {
        let bar = BarChart(
            title: "t", xLabel: "x", yLabel: "y", categories: ["a", "b", "c"],
            series: [BarSeries(name: "short", values: [1, 2])])
        #expect(throws: ReportingError.cellCount(context: "bar series \"short\"", expected: 3, actual: 2)) {
            try bar.renderSVG()
        }
    }

    @Test func negativeBarsGrowDownFromZero() throws {
        let bar = BarChart(
            title: "Bias", xLabel: "Axis", yLabel: "Bias (mg)", categories: ["x", "y"],
            series: [BarSeries(name: "bias", values: [-3, 7])])
        let inspector = SVGInspector(try bar.renderSVG())
        #expect(inspector.parseError == nil)
        // Layout by hand: plot top 44 (title); bottom 440 − 78 = 362 (18 category labels + 22 to the x label,
        // 12 to the legend, one 18 px legend row, 8 padding) → 318 px → 5 intervals; range −3…7 → 10 / 5 = 2 →
        // step 2; floor(−3 / 2) = −2, ceil(7 / 2) = 4 → ticks −4…8.
        for label in ["-4", "-2", "0", "2", "4", "6", "8"] { #expect(inspector.texts.contains(label)) }
        // Zero sits at 362 − (4 / 12) × 318 = 256. The −3 bar spans 256…256 + (3 / 12) × 318 = 335.5 (height 79.5);
        // the 7 bar spans 256 − (7 / 12) × 318 = 70.5 … 256 (height 185.5). Bars are the rects without own fill.
        let bars = inspector.elements(named: "rect").filter { $0.attributes["fill"] == nil }
        #expect(bars.map { $0.attributes["y"] } == ["256", "70.5"])
        #expect(bars.map { $0.attributes["height"] } == ["79.5", "185.5"])
    }

    @Test func tooSmallCanvasThrows() {
        var chart = Self.sampleLineChart()
        chart.width = 50
        #expect(throws: ReportingError.self) { try chart.renderSVG() }
    }

    // MARK: - Golden files

    @Test func lineChartMatchesGolden() throws {
        try Self.compareWithGolden(try Self.sampleLineChart().renderSVG(), name: "line_chart.svg")
    }

    @Test func barChartMatchesGolden() throws {
        try Self.compareWithGolden(try Self.sampleBarChart().renderSVG(), name: "bar_chart.svg")
    }

    /// Compares `svg` byte for byte with the fixture `name`, or records it when SENSORBENCH_RECORD_GOLDEN=1.
    static func compareWithGolden(_ svg: String, name: String, testFile: StaticString = #filePath) throws {
        let url = Fixtures.url(name, testFile: testFile)
        if ProcessInfo.processInfo.environment["SENSORBENCH_RECORD_GOLDEN"] == "1" {
            try AtomicFile.write(svg, to: url)
            Issue.record("Recorded golden file \(url.path); inspect it before committing.", severity: .warning)
            return
        }
        let golden = try Fixtures.data(name, testFile: testFile)
        #expect(
            golden == Data(svg.utf8),
            "\(name) differs from the golden file; if intended, re-record with SENSORBENCH_RECORD_GOLDEN=1")
    }
}

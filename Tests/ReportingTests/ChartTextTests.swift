import Foundation
import Testing

@testable import Reporting

/// No clipped text: every `<text>` of a chart, set by a real SVG renderer, lies inside the canvas.
///
/// The renderer is `rsvg-convert` (librsvg, Debian's `librsvg2-bin`, installed by `scripts/bootstrap`). Its EPS
/// output carries a `%%BoundingBox` of the ink actually drawn (cairo measures it), in points (1 px = 0.75 pt at
/// rsvg's 96 dpi). Each chart's text elements alone are drawn on a canvas enlarged by a margin on every side
/// (shifted by the margin), so ink outside the original canvas lands in the margin and shows in the box. The
/// charts are the awkward cases of the shipped reports: the geofence variant chart's long title, the
/// 51-character rotated y label, ten series with long legend entries, a broken log axis with a limit line near
/// the right edge, rotated bar labels and zero bars.
@Suite struct ChartTextTests {
    static let margin = 200.0

    /// The rsvg-convert binary, or nil.
    static var renderer: String? {
        ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Renders `svg` to EPS and returns its bounding box in px, top-down: (left, top, right, bottom).
    static func inkBox(_ svg: String) throws -> (left: Double, top: Double, right: Double, bottom: Double)? {
        guard let renderer else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: renderer)
        process.arguments = ["-f", "eps"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(svg.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data.prefix(2000), as: UTF8.self)
        func box(_ key: String) -> [Double]? {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else { return nil }
            let numbers = line.dropFirst(key.count).split(separator: " ").compactMap { Double($0) }
            return numbers.count == 4 ? numbers : nil
        }
        guard let bounds = box("%%BoundingBox: ") else { return nil }
        // EPS y runs upward from the page bottom; the page is the SVG's height.
        guard let heightAttribute = svg.firstMatch(of: /height="([0-9.]+)"/)?.1, let height = Double(heightAttribute)
        else { return nil }
        let toPx = 1 / 0.75
        return (bounds[0] * toPx, height - bounds[3] * toPx, bounds[2] * toPx, height - bounds[1] * toPx)
    }

    /// The chart's `<text>` elements alone, on a canvas enlarged by ``margin`` on every side.
    static func textsOnly(_ svg: String) -> (svg: String, width: Double, height: Double) {
        let width = Double(svg.firstMatch(of: /width="([0-9]+)"/).map { String($0.1) } ?? "0") ?? 0
        let height = Double(svg.firstMatch(of: /height="([0-9]+)"/).map { String($0.1) } ?? "0") ?? 0
        let texts = svg.split(separator: "\n").filter { $0.hasPrefix("<text ") }.joined(separator: "\n")
        let w = width + 2 * margin
        let h = height + 2 * margin
        let document = """
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(SVGText.coordinate(w))" \
            height="\(SVGText.coordinate(h))" font-family="\(ChartStyle.fontFamily)" \
            font-size="\(SVGText.coordinate(ChartStyle.smallFontSize))">
            <g transform="translate(\(SVGText.coordinate(margin)),\(SVGText.coordinate(margin)))">
            \(texts)
            </g>
            </svg>
            """
        return (document, width, height)
    }

    static var charts: [(name: String, svg: String)] {
        get throws {
            let tenSeries = (0..<10).map { k in
                ChartSeries(
                    name: "\(2 * k) turns", points: (1...5).map { ChartPoint(x: Double($0 * 4), y: Double($0 * (k + 1))) })
            }
            let geofence = (["naive", "accuracy-gated", "consecutive", "dwell", "hysteresis", "accuracy-aware"])
                .enumerated().map { i, name in
                    ChartSeries(
                        name: name,
                        points: [20, 40, 55, 60, 70, 80, 100, 150].map {
                            ChartPoint(x: $0, y: max(0, 1 - $0 / 90) * (i == 0 || i == 4 ? 1 : 0.7), yLow: 0, yHigh: 1)
                        })
                }
            let variants = (0..<6).map { i in
                ChartSeries(
                    name: "\(i < 3 ? "base" : "mcclelland-old"), \(["naive", "consecutive", "accuracy-aware"][i % 3])",
                    points: [5, 15, 30].map { ChartPoint(x: $0, y: i < 3 ? 1 : 0, yLow: 0.76, yHigh: 1) },
                    dashed: i >= 3, colorIndex: i % 3)
            }
            let roc = [
                ChartSeries(
                    name: "threshold-count",
                    points: [0, 4.5, 20, 35, 60, 112].map { ChartPoint(x: $0, y: 20 + $0 / 1.6, yLow: 10, yHigh: 99) }),
                ChartSeries(name: "recommended", points: [ChartPoint(x: 0, y: 44)], style: .markers, colorIndex: 3),
            ]
            return [
                (
                    "variant title",
                    try LineChart(
                        title: "Share of visits that collect McClelland Express, per coordinate variant (urban-canyon)",
                        xLabel: "true distance from the real place (m)", yLabel: "P(collected), 95% Wilson interval",
                        series: variants
                    ).renderSVG()
                ),
                (
                    "false triggers",
                    try LineChart(
                        title: "False-trigger probability per visit against true distance (urban-canyon)",
                        xLabel: "true distance from the place (m)",
                        yLabel: "P(at least one false trigger), 95% Wilson interval", series: geofence
                    ).renderSVG()
                ),
                (
                    "ten series",
                    try LineChart(
                        title: "RMS drift against walk duration, one line per number of turns",
                        xLabel: "walk duration (minutes)", yLabel: "RMS drift (°), 95% χ² interval", series: tenSeries
                    ).renderSVG()
                ),
                (
                    "broken log axis with limits",
                    try LineChart(
                        title: "Recall against false alarms an hour (best trade-off of each family)",
                        xLabel: "false alarms per hour of non-shake motion (0, then a log scale)",
                        yLabel: "recall (%), 95% interval", xScale: .log10WithZero, series: roc,
                        referenceLines: [
                            ChartReferenceLine(.vertical, at: 100, label: "limit 100 false alarms an hour (upper 95% bound)"),
                            ChartReferenceLine(.horizontal, at: 99, label: "recall target 99%"),
                        ]
                    ).renderSVG()
                ),
                (
                    "log-log",
                    try LineChart(
                        title: "Allan deviation", xLabel: "τ (s)", yLabel: "σ(τ) (°/s)", xScale: .log10, yScale: .log10,
                        series: [
                            ChartSeries(
                                name: "x", points: [0.01, 0.1, 1, 10, 100].map { ChartPoint(x: $0, y: 0.005 / sqrt($0)) })
                        ], width: 360, height: 300
                    ).renderSVG()
                ),
                (
                    "bars",
                    try BarChart(
                        title: "False alarms per hour of each activity", xLabel: "activity",
                        yLabel: "false alarms per hour of that activity",
                        categories: ["still", "walking", "pocket-walk", "running", "pick-up", "put-down", "tapping", "vehicle"],
                        series: [
                            (name: "window-fraction at 1.5 g, requiredFraction 0.5 (recommended)", values: Array(repeating: 0, count: 8)),
                            (name: "threshold-count at 2.5 g, requiredCount 3", values: [0, 0, 0, 97.5, 0, 1, 0, 0]),
                        ]
                    ).renderSVG()
                ),
                (
                    "rotated hall names",
                    try BarChart(
                        title: "Halls collected from 60 m or more away (campus)", xLabel: "hall", yLabel: "share of tours",
                        categories: ["1920 Commons", "Accenture Café", "Falk Kosher Dining", "Hill House", "Houston Market"],
                        series: [(name: "naive", values: [0.1, 0.2, 0, 0.05, 0.3])], width: 420, height: 360
                    ).renderSVG()
                ),
                (
                    "no data",
                    try LineChart(
                        title: "Nothing to plot here, with a title long enough to wrap", xLabel: "x", yLabel: "y", series: [], width: 300,
                        height: 200
                    ).renderSVG()
                ),
            ]
        }
    }

    @Test func rsvgConvertIsInstalled() {
        #expect(Self.renderer != nil, "rsvg-convert is missing: run scripts/bootstrap (installs librsvg2-bin)")
    }

    /// Every chart's text ink stays at least 2 px inside the canvas edges (text touching the edge reads as cut
    /// off; the old variant chart's title ended 1.3 px beyond it). The EPS box is rounded outward to whole points,
    /// up to 1.34 px, which is allowed for.
    @Test func noTextLeavesTheCanvas() throws {
        try #require(Self.renderer != nil, "rsvg-convert is missing: run scripts/bootstrap (installs librsvg2-bin)")
        let inset = 2 - 1.34
        for (name, svg) in try Self.charts {
            let (document, width, height) = Self.textsOnly(svg)
            let box = try #require(try Self.inkBox(document), "\(name): no bounding box from rsvg-convert")
            let m = Self.margin
            #expect(box.left >= m + inset, "\(name): text ink starts \(box.left - m) px from the left edge")
            #expect(box.top >= m + inset, "\(name): text ink starts \(box.top - m) px from the top edge")
            #expect(box.right <= m + width - inset, "\(name): text ink ends \(m + width - box.right) px from the right edge")
            #expect(
                box.bottom <= m + height - inset, "\(name): text ink ends \(m + height - box.bottom) px from the bottom edge")
        }
    }

    /// The layout's width estimate is never narrower than what the renderer draws, and not wildly wider (within
    /// 25%, or 4 px for short labels), on a sample of the strings charts set: digits, tick labels, titles in bold,
    /// legends with symbols.
    @Test func widthEstimateBoundsTheRenderedWidth() throws {
        try #require(Self.renderer != nil, "rsvg-convert is missing: run scripts/bootstrap (installs librsvg2-bin)")
        let samples: [(String, Double, Bool)] = [
            ("1920 Commons", 12, false), ("recommended", 12, false), ("0.0001", 12, false), ("500", 12, false),
            ("Share of visits that collect McClelland Express, per coordinate variant (campus)", 15, true),
            ("P(at least one false trigger), 95% Wilson interval", 13, false), ("RMS drift (°), 95% χ² interval", 13, false),
            ("window-fraction at 1.5 g, requiredFraction 0.5 (recommended)", 12, false), ("MMWW mmww", 12, true),
        ]
        for (text, size, bold) in samples {
            let svg = """
                <svg xmlns="http://www.w3.org/2000/svg" width="2000" height="100" font-family="\(ChartStyle.fontFamily)">
                <text x="10" y="60" font-size="\(SVGText.coordinate(size))"\(bold ? " font-weight=\"bold\"" : "")>\(SVGText.escaped(text))</text>
                </svg>
                """
            let box = try #require(try Self.inkBox(svg))
            // Ink from the text origin: the advance of the first glyph's side bearing is inside the estimate.
            let rendered = box.right - 10
            let estimate = SVGText.estimatedWidth(text, fontSize: size, bold: bold)
            #expect(estimate >= rendered - 1.5, "\"\(text)\": estimated \(estimate) px, rendered \(rendered) px")
            #expect(estimate <= max(rendered * 1.25, rendered + 4), "\"\(text)\": estimated \(estimate) px, rendered \(rendered) px")
        }
    }
}

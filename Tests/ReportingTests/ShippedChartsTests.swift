import Foundation
import Testing

@testable import Reporting

/// Every chart of the shipped reports (Reports/**/*.svg), set by the real renderer (`rsvg-convert`, as in
/// ``ChartTextTests``): its text stays inside the canvas, its title is one line (a wrapped title is a second bold
/// line), and it has something drawn in its plot (a line, a marker or a bar besides the grid and axes).
@Suite struct ShippedChartsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// (path relative to the package, SVG text) of every shipped chart.
    static func charts() throws -> [(name: String, svg: String)] {
        let reports = root.appendingPathComponent("Reports")
        let paths = (FileManager.default.enumerator(atPath: reports.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".svg") }.sorted()
        return try paths.map { ("Reports/" + $0, try String(contentsOf: reports.appendingPathComponent($0), encoding: .utf8)) }
    }

    @Test func everyShippedChartRendersCleanly() throws {
        try #require(ChartTextTests.renderer != nil, "rsvg-convert is missing: run scripts/bootstrap (installs librsvg2-bin)")
        let charts = try Self.charts()
        #expect(charts.count >= 20, "found \(charts.count) charts under Reports/")
        let inset = 2 - 1.34
        for (name, svg) in charts {
            let (document, width, height) = ChartTextTests.textsOnly(svg)
            let box = try #require(try ChartTextTests.inkBox(document), "\(name): no bounding box from rsvg-convert")
            let m = ChartTextTests.margin
            #expect(box.left >= m + inset && box.top >= m + inset, "\(name): text leaves the canvas at the left or top")
            #expect(
                box.right <= m + width - inset && box.bottom <= m + height - inset,
                "\(name): text leaves the canvas at the right or bottom")
            let titleLines = svg.split(separator: "\n").filter { $0.hasPrefix("<text ") && $0.contains("font-weight=\"bold\"") }
            #expect(titleLines.count == 1, "\(name): the title takes \(titleLines.count) lines")
            // Data are drawn: a polyline or path (lines), a marker shape, or a bar rectangle other than the canvas.
            let drawn = svg.split(separator: "\n").filter {
                $0.hasPrefix("<polyline") || $0.hasPrefix("<path") || $0.hasPrefix("<circle") || $0.hasPrefix("<polygon")
                    || ($0.hasPrefix("<rect") && !$0.contains("fill=\"#ffffff\""))
            }
            #expect(!drawn.isEmpty, "\(name): nothing drawn in the plot")
        }
    }
}

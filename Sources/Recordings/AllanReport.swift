import Foundation
import Reporting
import Stats

/// Renders an ``AllanAnalysis``: `allan.csv`, `allan.svg` and `summary.md`, in memory.
package enum AllanReport {
    static let degrees = 180 / Double.pi

    package static func render(_ a: AllanAnalysis) throws -> ReportFiles {
        var files = ReportFiles()
        files.add("allan.csv", try curveCSV(a))
        files.add("allan.svg", try chart(a))
        files.add("summary.md", try summary(a))
        return files
    }

    static func curveCSV(_ a: AllanAnalysis) throws -> String {
        var table = CSVTable(header: [
            "axis", "m", "tau_s", "oadev_deg_per_s", "ci_low_deg_per_s", "ci_high_deg_per_s",
            "terms", "edf",
        ])
        for axis in a.axes {
            for p in axis.curve.points {
                try table.append([
                    .text(axis.name), .integer(p.averagingFactor), .number(p.tauSeconds),
                    .number(p.deviation * degrees), .number(p.interval.low * degrees),
                    .number(p.interval.high * degrees), .integer(p.terms),
                    .number(p.equivalentDegreesOfFreedom),
                ])
            }
        }
        return table.render()
    }

    static func chart(_ a: AllanAnalysis) throws -> String {
        let series = a.axes.enumerated().map { index, axis in
            ChartSeries(
                name: "\(axis.name) axis",
                points: axis.curve.points.map {
                    ChartPoint(
                        x: $0.tauSeconds, y: $0.deviation * degrees, yLow: $0.interval.low * degrees,
                        yHigh: $0.interval.high * degrees)
                }, style: .lineAndMarkers, colorIndex: index)
        }
        let chart = LineChart(
            title: "Overlapping Allan deviation", xLabel: "averaging time τ (s)",
            yLabel: "Allan deviation (°/s), 95% interval", xScale: .log10, yScale: .log10,
            series: series)
        return try chart.renderSVG()
    }

    static func n3(_ x: Double) throws -> String { try Format.number(x, significantDigits: 3) }

    /// "0.00512 (0.00498 to 0.00527)".
    static func termText(_ t: AllanNoiseTerms.Term, _ convert: (Double) -> Double) throws -> String {
        "\(try n3(convert(t.value))) (\(try n3(convert(t.interval.low))) to \(try n3(convert(t.interval.high))))"
    }

    static func summary(_ a: AllanAnalysis) throws -> String {
        var doc = MarkdownDocument()
        let info = a.info
        doc.heading("Allan deviation: \(URL(fileURLWithPath: info.file).lastPathComponent)", level: 1)
        let hours = (info.lastTimeSeconds - info.firstTimeSeconds) / 3600
        doc.paragraph(
            "\(info.sampleCount) samples (\(info.format.rawValue) format, unit \(info.unit.rawValue) from "
                + "\(info.unitSource)) over \(try n3(hours)) h at \(try n3(1 / a.sampleIntervalSeconds)) Hz "
                + "(τ₀ = \(try n3(a.sampleIntervalSeconds)) s, the mean interval).")
        if a.irregularSampling {
            doc.paragraph(
                "**Warning:** the largest step between samples is \(try n3(info.largestStepSeconds)) s, more "
                    + "than 1.5 τ₀. The Allan deviation assumes even sampling; gaps distort the curve.")
        }
        doc.heading("Noise terms (IEEE Std 952)", level: 2)
        var table = MarkdownTable(columns: [
            ("axis", .left), ("angle random walk N (°/s/√Hz)", .right), ("N (°/√h)", .right),
            ("bias instability B (°/h)", .right), ("at τ (s)", .right), ("rate random walk K (°/s/√s)", .right),
        ])
        var notes: [String] = []
        for axis in a.axes {
            let t = axis.terms
            let k =
                try t.rateRandomWalk.map { try termText($0, AllanAnalysis.rateRandomWalkDegPerSecPerRootSec) }
                ?? "not visible"
            try table.append([
                axis.name, try termText(t.angleRandomWalk, AllanAnalysis.noiseDensityDegPerSecPerRootHz),
                try n3(AllanAnalysis.noiseDensityDegPerSecPerRootHz(t.angleRandomWalk.value) * 60),
                try termText(t.biasInstability, AllanAnalysis.biasInstabilityDegPerHour),
                try n3(t.minimumTauSeconds), k,
            ])
            for (label, term) in [("N", t.angleRandomWalk), ("B", t.biasInstability)] {
                if let note = term.note { notes.append("\(axis.name) axis, \(label): \(note).") }
            }
        }
        doc.table(table)
        doc.paragraph(
            "Values with their 95% intervals in brackets. N is read off the slope −½ line at τ = 1 s "
                + "(from the point of that slope nearest 1 s), B is the curve's minimum ÷ 0.664 and K the "
                + "slope +½ line at τ = 3 s; each interval is the χ² interval of the Allan deviation at the "
                + "point used, with SP 1065's simple equivalent degrees of freedom (the smallest of the white, "
                + "flicker and random-walk FM values: conservative). \"not visible\": the curve has no +½ "
                + "region within this record.")
        if !notes.isEmpty { doc.bullets(notes) }
        doc.heading("Curve", level: 2)
        doc.image(alt: "Allan deviation against averaging time, log–log, one line per axis", path: "allan.svg")
        doc.paragraph("`allan.csv` holds every point: axis, m, τ, deviation in °/s with its interval, terms, edf.")
        return doc.render()
    }
}

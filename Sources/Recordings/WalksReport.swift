import FileFormats
import Foundation
import Reporting
import Stats
import Studies

/// Renders a ``WalksAnalysis``: `walks.csv`, `profile.csv`, `regression.csv`, `walks.svg` and `summary.md`.
package enum WalksReport {
    package static func render(_ a: WalksAnalysis) throws -> ReportFiles {
        var files = ReportFiles()
        files.add("walks.csv", try walksCSV(a))
        files.add("profile.csv", try profileCSV(a))
        files.add("regression.csv", try regressionCSV(a))
        files.add("walks.svg", try chart(a))
        files.add("summary.md", try summary(a))
        return files
    }

    static func walksCSV(_ a: WalksAnalysis) throws -> String {
        var t = CSVTable(header: [
            "entry", "line", "id", "name", "date_s_since_2001", "minutes", "drift_deg", "abs_drift_deg",
            "profile_median_deg", "profile_band_low_deg", "profile_band_high_deg", "profile_percentile",
        ])
        for e in a.log.entries {
            let p = a.prediction(minutes: e.minutes)
            try t.append([
                .integer(e.index), .integer(e.line), .text(e.id ?? ""), .text(e.name ?? ""),
                e.dateSecondsSince2001.map(CSVCell.number) ?? .missing, .number(e.minutes),
                .number(e.driftDegrees), .number(abs(e.driftDegrees)),
                p.map { .number($0.medianAbsDriftDeg) } ?? .missing, p.map { .number($0.bandLowDeg) } ?? .missing,
                p.map { .number($0.bandHighDeg) } ?? .missing,
                p.map { .number($0.percentile(of: abs(e.driftDegrees))) } ?? .missing,
            ])
        }
        return t.render()
    }

    static func profileCSV(_ a: WalksAnalysis) throws -> String {
        var t = CSVTable(header: ["minutes", "trials", "median_abs_drift_deg", "band_low_deg", "band_high_deg", "rms_drift_deg"])
        for p in a.predictions {
            try t.append([
                .number(p.minutes), .integer(p.trials), .number(p.medianAbsDriftDeg), .number(p.bandLowDeg),
                .number(p.bandHighDeg), .number(p.rmsDriftDeg),
            ])
        }
        return t.render()
    }

    static func regressionCSV(_ a: WalksAnalysis) throws -> String {
        var t = CSVTable(header: [
            "model", "formula", "term", "estimate", "std_error", "t_value", "p_value", "ci_low",
            "ci_high", "n", "r_squared", "note",
        ])
        for m in a.models {
            guard let fit = m.fit else {
                try t.append([
                    .text(m.id), .text(m.formula), "", .missing, .missing, .missing, .missing, .missing,
                    .missing, .missing, .missing, .text(m.note ?? ""),
                ])
                continue
            }
            for c in fit.coefficients {
                try t.append([
                    .text(m.id), .text(m.formula), .text(c.name), .number(c.estimate), .number(c.standardError),
                    c.tValue.map(CSVCell.number) ?? .missing, c.pValue.map(CSVCell.number) ?? .missing,
                    .number(c.ciLow), .number(c.ciHigh), .integer(fit.observations), .number(fit.rSquared), "",
                ])
            }
        }
        return t.render()
    }

    static func chart(_ a: WalksAnalysis) throws -> String {
        let measured = a.log.entries.map { ChartPoint(x: $0.minutes, y: abs($0.driftDegrees)) }
        let median = a.predictions.map {
            ChartPoint(x: $0.minutes, y: $0.medianAbsDriftDeg, yLow: $0.bandLowDeg, yHigh: $0.bandHighDeg)
        }
        let chart = LineChart(
            title: "Measured drift against the profile's prediction", xLabel: "walk duration (minutes)",
            yLabel: "|heading drift| (°)",
            series: [
                ChartSeries(name: "measured walks", points: measured, style: .markers, colorIndex: 0),
                ChartSeries(
                    name: "\(a.profile.name): median, bars = central 95% of \(a.predictions.first?.trials ?? 0) simulated walks",
                    points: median, style: .lineAndMarkers, dashed: true, colorIndex: 1),
            ])
        return try chart.renderSVG()
    }

    static func summary(_ a: WalksAnalysis) throws -> String {
        let d = DriftReport.deg
        var doc = MarkdownDocument()
        doc.heading("TurnBack walks: \(URL(fileURLWithPath: a.log.file).lastPathComponent) against `\(a.profile.name)`", level: 1)
        doc.heading("The answer", level: 2)
        let n = a.log.entries.count
        let outside = a.aboveBand + a.belowBand
        // Under the profile, each walk falls outside its central 95% band with probability 0.05.
        let expected = 0.05 * Double(n)
        var headline =
            "\(outside) of \(n) measured walks fall outside the profile's central 95% band "
            + "(\(a.aboveBand) above, \(a.belowBand) below; about \(try d(expected)) expected if the profile is right)."
        // Under the profile each walk falls outside its central 95% band with probability 0.05: compare with the
        // exact (Clopper–Pearson) 95% interval of the observed fraction.
        let ci = try Proportion(successes: outside, trials: n).clopperPearson(confidence: 0.95)
        let range = "95% CI \(try Format.percent(ci.low)) to \(try Format.percent(ci.high)) outside"
        if ci.low > 0.05 {
            headline += " More than chance allows (\(range)): this phone does not drift as `\(a.profile.name)` says."
        } else if ci.high < 0.05 {
            headline += " Fewer than the 5% the profile allows (\(range)): the profile is pessimistic for this phone."
        } else {
            headline += " Consistent with the profile (\(range), which includes 5%)."
        }
        doc.paragraph("**\(headline)**")
        var findings: [String] = []
        if let fit = a.models.first(where: { $0.id == DriftAnalysis.ModelID.time })?.fit,
            let c = fit.coefficient(named: "minutes")
        {
            findings.append("Measured |drift| grows by \(try DriftReport.estimateText(c)) per minute (OLS on \(fit.observations) walks).")
        }
        if let m = a.models.first(where: { $0.id == DriftAnalysis.ModelID.growthMinutes }) {
            if let c = m.fit?.coefficient(named: "log_minutes") {
                findings.append("Growth exponent \(try DriftReport.estimateText(c, unit: "")): \(DriftReport.exponentMeaning(c)).")
            } else if let note = m.note {
                findings.append("Growth exponent: \(note).")
            }
        }
        doc.bullets(findings)
        doc.heading("How it was measured", level: 2)
        doc.paragraph(
            "Measured: \(n) walks from the drift log. Predicted: for each distinct duration, "
                + "\(a.predictions.first?.trials ?? 0) simulated \(a.walkShape) walks on the `\(a.profile.name)` profile "
                + "through the drift study's pipeline (a fresh phone per walk), summarised as the median and the "
                + "2.5–97.5% range of |drift|. `walks.csv` gives each measured walk's percentile among them.")
        if !a.log.skipped.isEmpty || !a.log.notes.isEmpty {
            doc.heading("Import", level: 2)
            doc.bullets(
                a.log.skipped.map { "skipped the entry at \(a.log.isOneLine ? "entry" : "line") \($0.place): \($0.reason)" } + a.log.notes)
        }
        var table = MarkdownTable(columns: [
            ("minutes", .right), ("measured walks", .right), ("median |drift| (°)", .right),
            ("95% band (°)", .right), ("measured |drift| (°)", .left),
        ])
        for p in a.predictions {
            let measured = a.log.entries.filter { $0.minutes == p.minutes }.map { abs($0.driftDegrees) }
            try table.append([
                Format.exact(p.minutes), String(measured.count), try d(p.medianAbsDriftDeg),
                "\(try d(p.bandLowDeg)) to \(try d(p.bandHighDeg))",
                try measured.prefix(8).map { try d($0) }.joined(separator: ", ") + (measured.count > 8 ? ", …" : ""),
            ])
        }
        doc.table(table)
        doc.image(alt: "measured |drift| against minutes with the profile's median and 95% band", path: "walks.svg")
        return doc.render()
    }
}

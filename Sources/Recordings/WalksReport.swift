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
            "entry", "line", "id", "name", "date_s_since_2001", "minutes", "turned_deg", "net_turn_deg", "drift_deg",
            "abs_drift_deg",
            "profile_median_deg", "profile_band_low_deg", "profile_band_high_deg", "profile_percentile",
        ])
        for (i, e) in a.log.entries.enumerated() {
            let p = a.prediction(for: e)
            try t.append([
                .integer(e.index), .integer(e.line), .text(e.id ?? ""), .text(e.name ?? ""),
                e.dateSecondsSince2001.map(CSVCell.number) ?? .missing, .number(e.minutes),
                e.turnedDegrees.map(CSVCell.number) ?? .missing, e.netTurnDegrees.map(CSVCell.number) ?? .missing,
                .number(e.driftDegrees), .number(abs(e.driftDegrees)),
                p.map { .number($0.medianAbsDriftDeg) } ?? .missing, p.map { .number($0.bandLowDeg) } ?? .missing,
                p.map { .number($0.bandHighDeg) } ?? .missing,
                i < a.percentiles.count ? .number(a.percentiles[i]) : .missing,
            ])
        }
        return t.render()
    }

    static func profileCSV(_ a: WalksAnalysis) throws -> String {
        // The turning columns only when some walk is simulated with its own logged turning.
        let turning = a.simulatesLoggedTurning
        var t = CSVTable(
            header: ["minutes"] + (turning ? ["turned_deg", "net_turn_deg"] : [])
                + ["trials", "median_abs_drift_deg", "band_low_deg", "band_high_deg", "rms_drift_deg"])
        for p in a.predictions {
            let turningCells: [CSVCell] =
                turning
                ? [p.key.turnedDegrees.map(CSVCell.number) ?? .missing, p.key.netTurnDegrees.map(CSVCell.number) ?? .missing] : []
            try t.append(
                [.number(p.minutes)] + turningCells + [
                    .integer(p.trials), .number(p.medianAbsDriftDeg), .number(p.bandLowDeg), .number(p.bandHighDeg),
                    .number(p.rmsDriftDeg),
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
        let typical = "a \(Format.exact(TimeOrTurning.typicalMinutes))-minute loop"
        if let t = a.timeOrTurning {
            let total = t.timePart.estimate + t.turningPart.estimate
            let most: String
            switch t.verdict {
            case .time: most = "most of that is time (the phone's bias), not turning"
            case .turning: most = "most of that is turning (the phone's scale factor), not time"
            case .both: most = "both time and turning add to it, neither clearly more"
            case .cannotTell: most = "these walks cannot yet tell whether time or turning causes it"
            }
            doc.paragraph(
                "**On your phone, after \(typical) the arrow will be off by about \(try d(abs(total)))°; \(most). "
                    + "Time adds \(try d(t.timePart.estimate))° (95% CI \(try d(t.timePart.interval.low)) to "
                    + "\(try d(t.timePart.interval.high))), turning adds \(try d(t.turningPart.estimate))° (95% CI "
                    + "\(try d(t.turningPart.interval.low)) to \(try d(t.turningPart.interval.high))).**")
            doc.paragraph(
                "From your \(n) walks: signed drift = b·minutes + k·degrees turned (least squares without intercept, HC3 "
                    + "standard errors, t intervals on Bell and McCaffrey's small-sample degrees of freedom: "
                    + "\(try Format.number(t.timeDegreesOfFreedom, significantDigits: 3)) for time, "
                    + "\(try Format.number(t.turningDegreesOfFreedom, significantDigits: 3)) for turning), evaluated for "
                    + "\(Format.exact(TimeOrTurning.typicalMinutes)) minutes and \(Format.exact(TimeOrTurning.typicalTurnDegrees))° "
                    + "of turning. A part dominates when the smallest size in its interval exceeds the largest in the other's.")
        } else {
            let model = PhoneDriftModel(profile: a.profile)
            let t0 = TimeOrTurning.typicalMinutes * 60, theta0 = TimeOrTurning.typicalTurnDegrees
            let meanPart = model.biasMeanDegPerSec * t0 + model.turnErrorMean * theta0
            let rms =
                (meanPart * meanPart + pow(model.biasSDDegPerSec * t0, 2) + pow(model.turnErrorSD * theta0, 2)
                + model.inRunVariance(minutes: TimeOrTurning.typicalMinutes)).squareRoot()
            let lead =
                a.timeOrTurningProblem.map {
                    "**Your log has turning, but its walks cannot separate time from turning (\($0)).**"
                }
                ?? ("**Your log has no turning (no `turnedDegrees` in its entries), so it cannot say whether the drift grows "
                    + "with time or with turning.**")
            doc.paragraph(
                lead + " By the profile, after \(typical) the arrow would be off by about \(try d(rms))° (RMS).")
        }
        if let plan = a.plan {
            let minutesShort = Format.exact(WalkingPlan.shortMinutes), minutesLong = Format.exact(WalkingPlan.longMinutes)
            let power = try Format.percent(plan.power)
            let ci = "\(try Format.percent(plan.powerInterval.low)) to \(try Format.percent(plan.powerInterval.high))"
            doc.paragraph(
                "**A walking plan that answers it\(plan.reachesTarget ? "" : " as far as 100 walks can")**: with the app "
                    + "logging its turning (docs/recordings.md), walk \(plan.walksPerKind) times each of: "
                    + "\(minutesShort) minutes straight; \(minutesShort) minutes with \(WalkingPlan.fullTurns) full turns on the "
                    + "spot to the left; \(minutesLong) minutes straight; \(minutesLong) minutes with \(WalkingPlan.fullTurns) full "
                    + "turns to the left (\(plan.totalWalks) walks, in any order), pressing Mark at the start and facing the "
                    + "marked direction at the end. Simulated from `\(a.profile.name)`, \(power) of "
                    + "\(WalkingPlan.replications) such logs answered the question (95% CI \(ci))"
                    + (plan.reachesTarget
                        ? "."
                        : "; no plan of up to 25 walks of each kind reaches 95% for this phone: its time and turning "
                            + "errors are too close, or too small against its noise, to tell apart."))
        }

        doc.heading("Your walks against the profile", level: 2)
        let against =
            a.profile.kind == .device
            ? "one phone: the device profile `\(a.profile.name)` (its measured errors, drawn from their values ± "
                + "standard errors once per simulated log)"
            : "a class of phones: the class profile `\(a.profile.name)` (your log as one phone of the class: a phone "
                + "drawn from its spreads once per simulated log)"
        func pText(_ p: Double) throws -> String {
            let text = try Format.pValue(p)
            return text.hasPrefix("<") ? text : "= \(text)"
        }
        let adP = try pText(a.andersonDarling.pValue)
        let signP = try pText(a.signTestPValue)
        let calibratedP = try pText(a.calibratedPValue)
        var verdict =
            "Compared against \(against). Anderson–Darling on the walks' percentiles in the predicted distribution: "
            + "A² = \(try d(a.andersonDarling.statistic)) (p \(adP) if the walks were independent); \(a.aboveMedian) of "
            + "\(a.percentiles.count) walks above the predicted median (exact sign test, p \(signP) if independent). "
            + "Your walks share one phone's errors, so the verdict is calibrated on \(a.calibrationLogs) simulated logs of "
            + "the same walks, one phone each: p \(calibratedP) (the share of them whose smaller p-value is at most "
            + "yours). "
        if a.rejected {
            verdict += "**Your walks do not drift as `\(a.profile.name)` predicts"
            if let gap = a.gap {
                verdict +=
                    ": they drift \(gap.worse ? "more" : "less"); \(gap.error) would explain the gap best (\(gap.size)).**"
            } else {
                verdict += ".**"
            }
        } else {
            verdict +=
                "Consistent with the profile (the calibrated test does not reject at 5%; with \(a.percentiles.count) walks of one "
                + "phone only a large gap would show)."
            if a.rejectedTakingWalksAsIndependent {
                let why =
                    a.profile.kind == .device
                    ? "this phone's errors are one draw within their measured uncertainty, and all its walks move with it."
                    : "one phone's fixed errors move all its walks together, so a phone of this class can sit at one end "
                        + "of the class's spread on every walk. To test this phone itself, measure it (`sensorbench "
                        + "calibrate`) and compare the log with its device profile."
                verdict +=
                    " Taken as \(a.percentiles.count) independent phones the walks would not fit; as one phone they do: \(why)"
            }
        }
        doc.paragraph(verdict)
        let outside = a.aboveBand + a.belowBand
        doc.paragraph(
            "\(outside) of \(n) measured walks fall outside the profile's central 95% band (\(a.aboveBand) above, "
                + "\(a.belowBand) below; about \(try d(0.05 * Double(n))) expected if the profile is right).")
        if !a.unmeasured.isEmpty {
            var lines: [String] = []
            for u in a.unmeasured {
                lines.append(
                    "`\(u.field)` (not measured): at the class profile's \(try d(u.classValue)), the RMS drift of a "
                        + "\(Format.exact(u.minutes))-minute walk would be \(try d(u.rmsWithDeg))° instead of "
                        + "\(try d(u.rmsWithoutDeg))°.")
            }
            doc.paragraph("What the terms this phone's profile did not measure could change (each re-simulated alone):")
            doc.bullets(lines)
        }
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
        doc.heading("How |drift| grows with minutes", level: 2)
        doc.bullets(findings)
        doc.heading("How it was measured", level: 2)
        doc.paragraph(
            "Measured: \(n) walks from the drift log. Predicted: for each distinct duration"
                + (a.simulatesLoggedTurning ? " and logged turning (total and net rotation)" : "") + ", "
                + "\(a.predictions.first?.trials ?? 0) simulated \(a.walkShape) walks on the `\(a.profile.name)` profile "
                + "through the drift study's pipeline ("
                + (a.profile.kind == .device
                    ? "this one phone, its fixed errors drawn per walk within their uncertainty" : "a fresh phone per walk")
                + "), summarised as the median and the 2.5–97.5% range of |drift|. `walks.csv` gives each measured "
                + "walk's percentile among them (mid-rank). The comparison's p-value comes from "
                + "\(a.calibrationLogs) further simulated logs of the same walks, one phone drawn per log, each compared "
                + "with the same predictions (a Monte Carlo test).")
        if !a.log.skipped.isEmpty || !a.log.notes.isEmpty {
            doc.heading("Import", level: 2)
            doc.bullets(
                a.log.skipped.map { "skipped the entry at \(a.log.isOneLine ? "entry" : "line") \($0.place): \($0.reason)" } + a.log.notes)
        }
        let turning = a.simulatesLoggedTurning
        let first: [(title: String, alignment: MarkdownTable.Alignment)] =
            [("minutes", .right)] + (turning ? [("turned, net (°)", .right)] : [])
        var table = MarkdownTable(
            columns: first + [
                ("measured walks", .right), ("median |drift| (°)", .right), ("95% band (°)", .right),
                ("measured |drift| (°)", .left),
            ])
        for p in a.predictions {
            let measured = a.log.entries.filter { WalksAnalysis.WalkKey($0) == p.key }.map { abs($0.driftDegrees) }
            let turned =
                turning
                ? [
                    p.key.turnedDegrees.map { t in "\(Format.exact(t)), \(Format.exact(p.key.netTurnDegrees ?? 0))" }
                        ?? (a.walkShape.contains("straight") ? "straight" : "loop")
                ] : []
            try table.append(
                [Format.exact(p.minutes)] + turned + [
                    String(measured.count), try d(p.medianAbsDriftDeg),
                    "\(try d(p.bandLowDeg)) to \(try d(p.bandHighDeg))",
                    try measured.prefix(8).map { try d($0) }.joined(separator: ", ") + (measured.count > 8 ? ", …" : ""),
                ])
        }
        doc.table(table)
        doc.image(alt: "measured |drift| against minutes with the profile's median and 95% band", path: "walks.svg")
        return doc.render()
    }
}

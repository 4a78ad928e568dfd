import FileFormats
import Foundation
import Reporting
import SensorSim
import Stats

extension DriftReport {
    // MARK: - Number words

    /// Degrees with three significant digits ("0.0123", "1.23", "123").
    package static func deg(_ x: Double) throws -> String { try Format.number(x, significantDigits: 3) }

    /// "1.23° (95% CI 1.10 to 1.36; p < 0.001)".
    package static func estimateText(_ c: LinearModelFit.Coefficient, scale: Double = 1, unit: String = "°") throws -> String {
        var text = "\(try deg(c.estimate * scale))\(unit) (95% CI \(try deg(c.ciLow * scale)) to \(try deg(c.ciHigh * scale))"
        if let p = c.pValue { text += "; p \(try pText(p))" }
        return text + ")"
    }

    static func pText(_ p: Double) throws -> String {
        let formatted = try Format.pValue(p)
        return formatted.hasPrefix("<") ? formatted : "= \(formatted)"
    }

    /// Whether a coefficient is positive with its 95% interval above zero.
    static func grows(_ c: LinearModelFit.Coefficient?) -> Bool { (c?.ciLow ?? 0) > 0 }

    /// What a growth exponent and its interval say about the error source.
    package static func exponentMeaning(_ c: LinearModelFit.Coefficient) -> String {
        let hasHalf = c.ciLow <= 0.5 && 0.5 <= c.ciHigh
        let hasOne = c.ciLow <= 1 && 1 <= c.ciHigh
        switch (hasHalf, hasOne) {
        case (true, true): return "these trials cannot tell a random walk (0.5) from a bias (1)"
        case (false, true): return "close to 1, the signature of a bias: drift proportional to time"
        case (true, false): return "close to 0.5, the signature of white noise integrating into a random walk: drift proportional to √time"
        default:
            if c.ciLow > 1 { return "above 1: a wandering bias (bias instability or rate random walk) dominates" }
            if c.ciHigh < 0.5 { return "below 0.5: drift hardly grows with time; an error that does not accumulate with time dominates" }
            return "between 0.5 (random walk) and 1 (bias): both white noise and bias contribute"
        }
    }

    // MARK: - The summary

    static func summary(_ s: DriftScenario, _ a: DriftAnalysis, charts: [RenderedChart]) throws -> String {
        var doc = MarkdownDocument()
        doc.heading("TurnBack drift: \(s.name)", level: 1)
        if !s.description.isEmpty { doc.paragraph(s.description) }
        doc.heading("The answer", level: 2)
        doc.paragraph("**\(try headline(s, a))**")
        doc.bullets(try findings(s, a))
        if let typical = try typicalWalk(s, a) { doc.paragraph(typical) }

        doc.heading("How it was measured", level: 2)
        let profiles = Array(Set(s.cells.map(\.profile.name))).sorted()
        doc.paragraph(
            "\(s.totalTrials) simulated walks: \(s.cells.count) cells × \(s.trialsPerCell) trials, seed \(s.seed), "
                + "gyro profile\(profiles.count > 1 ? "s" : "") \(profiles.map { "`\($0)`" }.joined(separator: ", ")). "
                + (s.sameDevice
                    ? "Every trial uses the same phone (one device drawn once), so its bias and scale factor repeat. "
                    : "Each trial draws its own phone (bias and scale factor) from the profile's spread. ")
                + "Drift is the tracker's accumulated yaw minus the true yaw when the walker faces the marked direction again; "
                + "the arrow shows it wrapped to ±180°. Reproduce with `sensorbench run \(s.file) --seed \(s.seed) --trials \(s.trialsPerCell)`."
        )
        doc.table(try profileTable(s))

        doc.heading("Drift per cell", level: 2)
        doc.table(try cellTable(a))
        doc.heading("Regressions", level: 2)
        doc.paragraph(
            "Ordinary least squares on every trial (GSL). Estimates in degrees of |drift| per unit of the term; "
                + "growth models regress log|drift| on logs, so their slopes are exponents.")
        doc.table(try regressionTable(a))
        doc.table(try fitTable(a))

        doc.heading("Charts", level: 2)
        for chart in charts { doc.image(alt: chart.alt, path: chart.path) }
        return doc.render()
    }

    static func headline(_ s: DriftScenario, _ a: DriftAnalysis) throws -> String {
        let minutes = s.cells.map(\.walk.minutes)
        let turns = s.cells.map { Double($0.walk.turns) }
        let both = a.model(DriftAnalysis.ModelID.timeAndTurns)?.fit
        let timeCoef = both?.coefficient(named: "minutes") ?? a.model(DriftAnalysis.ModelID.time)?.fit?.coefficient(named: "minutes")
        let turnCoef = both?.coefficient(named: "turns") ?? a.model(DriftAnalysis.ModelID.turns)?.fit?.coefficient(named: "turns")
        let timeGrows = grows(timeCoef)
        let turnGrows = grows(turnCoef)
        // A linear turn effect can come from turning at all (0 turns against a loop's 360°) while more turns add
        // nothing: the growth model over walks with turns tells the two apart.
        if turnGrows, let k = a.model(DriftAnalysis.ModelID.growthTurns)?.fit?.coefficient(named: "log_turns"), k.ciLow <= 0 {
            let exponent = "turns exponent \(try deg(k.estimate)), 95% CI \(try deg(k.ciLow)) to \(try deg(k.ciHigh))"
            let base =
                (timeGrows ? "Drift grows with time." : "Drift does not grow with time.")
                + " Turning at all adds drift (the walk's net rotation), but more turns do not (\(exponent))."
            return try strongestOtherFactor(s, a).map { base + " " + $0 } ?? base
        }
        let timeSpan = (timeCoef?.estimate ?? 0) * ((minutes.max() ?? 0) - (minutes.min() ?? 0))
        let turnSpan = (turnCoef?.estimate ?? 0) * ((turns.max() ?? 0) - (turns.min() ?? 0))
        let minutesVary = Set(minutes).count > 1
        let turnsVary = Set(turns).count > 1
        var text: String
        switch (minutesVary, turnsVary) {
        case (true, true): text = try timeAndTurnsHeadline(timeGrows, turnGrows, timeSpan, turnSpan)
        case (true, false):
            text = timeGrows ? "Drift grows with time" : "Drift does not grow measurably with time"
            text += " (every walk here has \(Int(turns[0])) turn\(turns[0] == 1 ? "" : "s"))."
        case (false, true):
            text = turnGrows ? "Drift grows with the number of turns" : "Drift does not grow measurably with the number of turns"
            text += " (every walk here lasts \(Format.exact(minutes[0])) minutes)."
        case (false, false): text = ""
        }
        if let factor = try strongestOtherFactor(s, a) { text += (text.isEmpty ? "" : " ") + factor }
        return text
    }

    /// "Holding tilt matters most: RMS drift goes from 4.79° (tilt 0°) to 53° (tilt 45°)." when some factor other
    /// than time and turns changes RMS drift by at least a factor of 2.
    static func strongestOtherFactor(_ s: DriftScenario, _ a: DriftAnalysis) throws -> String? {
        var best: (ratio: Double, text: String)?
        for factor in varying(s) where ![.minutes, .turns].contains(factor) {
            let levels = pooledLevels(a, by: factor)
            guard let low = levels.min(by: { $0.rms < $1.rms }), let high = levels.max(by: { $0.rms < $1.rms }),
                low.rms > 0
            else { continue }
            let ratio = high.rms / low.rms
            if ratio >= 2, ratio > (best?.ratio ?? 0) {
                best = (
                    ratio,
                    "The \(factorName(factor)) matters: RMS drift goes from \(try deg(low.rms))° (\(low.level)) to \(try deg(high.rms))° (\(high.level))."
                )
            }
        }
        return best?.text
    }

    static func timeAndTurnsHeadline(_ timeGrows: Bool, _ turnGrows: Bool, _ timeSpan: Double, _ turnSpan: Double) throws -> String {
        switch (timeGrows, turnGrows) {
        case (true, true):
            if turnSpan < 0.1 * timeSpan {
                return
                    "Drift grows with time; turning adds only a little (\(try deg(turnSpan))° across the grid's turn counts, against \(try deg(timeSpan))° across its durations)."
            }
            if timeSpan < 0.1 * turnSpan {
                return
                    "Drift grows with turning; time adds only a little (\(try deg(timeSpan))° across the grid's durations, against \(try deg(turnSpan))° across its turn counts)."
            }
            return
                "Drift grows with both time and turning (\(try deg(timeSpan))° across the grid's durations, \(try deg(turnSpan))° across its turn counts)."
        case (true, false):
            return "Drift grows with time, not with the number of turns."
        case (false, true):
            return "Drift grows with the number of turns, not with time."
        case (false, false):
            return "Neither time nor the number of turns changes drift measurably in this scenario."
        }
    }

    static func findings(_ s: DriftScenario, _ a: DriftAnalysis) throws -> [String] {
        var items: [String] = []
        if let fit = a.model(DriftAnalysis.ModelID.timeAndTurns)?.fit {
            if let c = fit.coefficient(named: "minutes") {
                items.append("Time: each extra minute adds \(try estimateText(c)) to |drift|, with the number of turns held fixed.")
            }
            if let c = fit.coefficient(named: "turns") {
                items.append("Turning: each extra turn adds \(try estimateText(c)) to |drift|, with the duration held fixed.")
            }
        } else {
            for id in [DriftAnalysis.ModelID.time, DriftAnalysis.ModelID.turns] {
                guard let fit = a.model(id)?.fit, let c = fit.coefficients.last else { continue }
                items.append(
                    "\(c.name == "minutes" ? "Time: each extra minute" : "Turning: each extra turn") adds \(try estimateText(c)) to |drift|."
                )
            }
        }
        if let c = a.model(DriftAnalysis.ModelID.growthMinutes)?.fit?.coefficient(named: "log_minutes") {
            let scope =
                a.model(DriftAnalysis.ModelID.growthMinutes)?.formula.contains("without turns") == true ? " (walks without turns)" : ""
            items.append(
                "Growth with time\(scope): |drift| grows like minutes^k with k = \(try estimateText(c, unit: "")): \(exponentMeaning(c)).")
        }
        if let c = a.model(DriftAnalysis.ModelID.growthTurns)?.fit?.coefficient(named: "log_turns") {
            let meaning: String
            if c.ciHigh < 0.1 && c.ciLow > -0.1 {
                meaning = "flat: the number of turns does not matter"
            } else if c.ciLow > 0 {
                meaning = "more turns, more drift"
            } else if c.ciHigh < 0 {
                meaning = "more turns, less drift (the turns' errors cancel)"
            } else {
                meaning = "no measurable effect of the number of turns"
            }
            items.append("Growth with turning: |drift| grows like turns^k with k = \(try estimateText(c, unit: "")): \(meaning).")
        }
        if let fit = a.model(DriftAnalysis.ModelID.rotation)?.fit,
            let net = fit.coefficient(named: "abs_net_rotation_deg"), let total = fit.coefficient(named: "total_rotation_deg")
        {
            items.append(
                "Rotation: every 360° of net rotation (a loop) adds \(try estimateText(net, scale: 360)) to |drift|; "
                    + "every 360° of back-and-forth turning that cancels out adds \(try estimateText(total, scale: 360)). "
                    + (grows(net) && !grows(total)
                        ? "What drifts is the net rotation, through the scale-factor error, not the number of turns."
                        : grows(net) && grows(total) && total.estimate > 0
                            ? "Net rotation drifts \(try deg(net.estimate / total.estimate)) times as much per degree as turns that cancel (scale factor against left/right asymmetry)."
                            : ""))
        }
        if s.sameDevice, let fit = a.model(DriftAnalysis.ModelID.signed)?.fit,
            let bias = fit.coefficient(named: "minutes"), let scale = fit.coefficient(named: "net_rotation_deg")
        {
            items.append(
                "This one phone: its signed drift is \(try estimateText(bias)) per minute (its bias) and \(try estimateText(scale, scale: 100, unit: "%")) of the net rotation (its scale-factor error)."
            )
        }
        for factor in varying(s) where ![.minutes, .turns].contains(factor) {
            items.append("By \(factorName(factor)): " + (try pooledRMS(s, a, by: factor)) + ".")
        }
        return items
    }

    static func factorName(_ f: Factor) -> String {
        switch f {
        case .profile: return "gyro profile"
        case .input: return "input mode"
        case .tilt: return "holding tilt"
        case .shape: return "walk shape"
        case .minutes: return "duration"
        case .turns: return "turns"
        }
    }

    /// RMS drift per level of a factor, pooled over the other factors: √(Σ nᵢ·rmsᵢ² / Σ nᵢ), in grid order.
    static func pooledLevels(_ a: DriftAnalysis, by factor: Factor) -> [(level: String, rms: Double)] {
        var order: [String] = []
        var sums: [String: (n: Int, ss: Double)] = [:]
        for c in a.cells {
            let key = factor.value(c.cell)
            if sums[key] == nil { order.append(key) }
            let prior = sums[key] ?? (0, 0)
            sums[key] = (prior.n + c.count, prior.ss + Double(c.count) * c.rmsDriftDeg * c.rmsDriftDeg)
        }
        return order.map { key in
            let v = sums[key] ?? (1, 0)
            return (key, (v.ss / Double(v.n)).squareRoot())
        }
    }

    /// "0° → 1.2° RMS, 30° → 48° RMS".
    static func pooledRMS(_ s: DriftScenario, _ a: DriftAnalysis, by factor: Factor) throws -> String {
        try pooledLevels(a, by: factor).map { "\($0.level) → \(try deg($0.rms))° RMS" }.joined(separator: ", ")
    }

    /// "After a 10-minute walk with 8 turns, expect about X°; 95% of walks end within Y°."
    static func typicalWalk(_ s: DriftScenario, _ a: DriftAnalysis) throws -> String? {
        func distance(_ c: DriftAnalysis.CellSummary) -> Double {
            abs(log(c.cell.walk.minutes / 10)) + abs(log(Double(c.cell.walk.turns + 1) / 9))
        }
        guard let best = a.cells.min(by: { distance($0) < distance($1) }) else { return nil }
        let w = best.cell.walk
        let turns = w.turns == 1 ? "1 turn" : "\(w.turns) turns"
        var text =
            "**What it means for a TurnBack user:** after a \(Format.exact(w.minutes))-minute \(w.shape.rawValue) walk with \(turns)"
        let context = varying(s).filter { ![.minutes, .turns, .shape].contains($0) }.map { $0.value(best.cell) }
        if !context.isEmpty { text += " (\(context.joined(separator: ", ")))" }
        text +=
            ", expect the arrow to be off by about \(try deg(best.rmsDriftDeg))° (RMS); half of the walks end within \(try deg(best.medianAbsDriftDeg))° and 95% within \(try deg(best.p95AbsDriftDeg))°."
        if best.arrowBeyond90Fraction > 0.05 {
            text +=
                " The arrow wraps at ±180°, so at this size of drift it is close to useless: in \(try Format.percent(best.arrowBeyond90Fraction, decimals: 0)) of these walks it points more than 90° away from the mark."
        }
        return text
    }

    // MARK: - Tables

    static func profileTable(_ s: DriftScenario) throws -> MarkdownTable {
        var seen = Set<String>()
        let profiles = s.cells.map(\.profile).filter { seen.insert($0.name).inserted }
        var t = MarkdownTable(
            columns: [MarkdownTable.Column("profile")]
                + [
                    "rate (Hz)", "noise (°/s/√Hz)", "turn-on bias 1σ (°/s)", "bias instability (°/h)", "τ (s)",
                    "rate random walk (°/s/√s)", "scale factor 1σ (%)", "asymmetry 1σ (%)",
                ].map { MarkdownTable.Column($0, alignment: .right) })
        for p in profiles {
            try t.append(
                [p.name]
                    + (try [
                        p.sampleRateHz, p.noiseDensityDegPerSecPerRootHz, p.turnOnBiasDegPerSec, p.biasInstabilityDegPerHour,
                        p.biasCorrelationTimeSeconds, p.rateRandomWalkDegPerSecPerRootSec, p.scaleFactorErrorPercent,
                        p.scaleFactorAsymmetryPercent,
                    ].map { try Format.number($0, significantDigits: 4) }))
        }
        return t
    }

    static func cellTable(_ a: DriftAnalysis) throws -> MarkdownTable {
        let right = MarkdownTable.Alignment.right
        var t = MarkdownTable(columns: [
            MarkdownTable.Column("profile"), MarkdownTable.Column("input"), MarkdownTable.Column("tilt (°)", alignment: right),
            MarkdownTable.Column("shape"), MarkdownTable.Column("minutes", alignment: right),
            MarkdownTable.Column("turns", alignment: right), MarkdownTable.Column("n", alignment: right),
            MarkdownTable.Column("mean drift (°)", alignment: right), MarkdownTable.Column("RMS (°)", alignment: right),
            MarkdownTable.Column("RMS 95% CI", alignment: right), MarkdownTable.Column("median abs (°)", alignment: right),
            MarkdownTable.Column("p95 abs (°)", alignment: right),
        ])
        for c in a.cells {
            try t.append([
                c.cell.profile.name, c.cell.input.rawValue, Format.exact(c.cell.tiltDegrees), c.cell.walk.shape.rawValue,
                Format.exact(c.cell.walk.minutes), String(c.cell.walk.turns), String(c.count), try deg(c.meanDriftDeg),
                try deg(c.rmsDriftDeg), "\(try deg(c.rmsInterval.low))–\(try deg(c.rmsInterval.high))",
                try deg(c.medianAbsDriftDeg), try deg(c.p95AbsDriftDeg),
            ])
        }
        return t
    }

    static func regressionTable(_ a: DriftAnalysis) throws -> MarkdownTable {
        let right = MarkdownTable.Alignment.right
        var t = MarkdownTable(columns: [
            MarkdownTable.Column("model"), MarkdownTable.Column("term"), MarkdownTable.Column("estimate", alignment: right),
            MarkdownTable.Column("std. error", alignment: right), MarkdownTable.Column("t", alignment: right),
            MarkdownTable.Column("p", alignment: right), MarkdownTable.Column("95% CI", alignment: right),
        ])
        for m in a.models {
            guard let fit = m.fit else { continue }
            for c in fit.coefficients {
                try t.append([
                    m.id, c.name, try Format.number(c.estimate, significantDigits: 4),
                    try Format.number(c.standardError, significantDigits: 3),
                    try c.tValue.map { try Format.number($0, significantDigits: 3) } ?? "—",
                    try c.pValue.map { try Format.pValue($0) } ?? "—",
                    "\(try Format.number(c.ciLow, significantDigits: 4)) to \(try Format.number(c.ciHigh, significantDigits: 4))",
                ])
            }
        }
        return t
    }

    static func fitTable(_ a: DriftAnalysis) throws -> MarkdownTable {
        let right = MarkdownTable.Alignment.right
        var t = MarkdownTable(columns: [
            MarkdownTable.Column("model"), MarkdownTable.Column("formula"), MarkdownTable.Column("n", alignment: right),
            MarkdownTable.Column("R²", alignment: right), MarkdownTable.Column("adj. R²", alignment: right),
            MarkdownTable.Column("residual SE", alignment: right), MarkdownTable.Column("F", alignment: right),
            MarkdownTable.Column("p(F)", alignment: right),
        ])
        for m in a.models {
            guard let fit = m.fit else {
                try t.append([m.id, m.formula, "—", "—", "—", "—", "—", m.note ?? ""])
                continue
            }
            try t.append([
                m.id, "`\(m.formula)`", String(fit.observations), try Format.number(fit.rSquared, significantDigits: 3),
                try Format.number(fit.adjustedRSquared, significantDigits: 3),
                try Format.number(fit.residualStandardError, significantDigits: 3),
                try fit.fStatistic.map { try Format.number($0, significantDigits: 4) } ?? "—",
                try fit.fPValue.map { try Format.pValue($0) } ?? "—",
            ])
        }
        return t
    }
}

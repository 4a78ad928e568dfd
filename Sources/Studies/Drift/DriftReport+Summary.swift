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

    /// What a growth exponent and its interval say about the error source, or `nil` when the interval singles out
    /// none of the pure cases: 0 (a fixed error, such as tilt), 0.5 (white noise integrating into a random walk)
    /// and 1 (a bias). An exponent between them says only that several errors mix, in proportions that change
    /// with duration; the error budget tells which.
    package static func exponentReading(_ c: LinearModelFit.Coefficient) -> String? {
        let references: [(Double, String)] = [
            (0, "close to 0: drift does not grow with time; a fixed error (such as holding tilt) dominates"),
            (0.5, "close to 0.5, the signature of white noise integrating into a random walk: drift proportional to √time"),
            (1, "close to 1, the signature of a bias: drift proportional to time"),
        ]
        let inside = references.filter { c.ciLow <= $0.0 && $0.0 <= c.ciHigh }
        if inside.count == 1 { return inside[0].1 }
        if inside.count > 1 { return "these trials cannot tell the pure cases (0 fixed, 0.5 random walk, 1 bias) apart" }
        if c.ciLow > 1 { return "above 1: a wandering bias (bias instability or rate random walk) grows faster than a constant bias" }
        return nil
    }

    /// ``exponentReading(_:)``, or a sentence that claims no source when the interval singles out none.
    package static func exponentMeaning(_ c: LinearModelFit.Coefficient) -> String {
        exponentReading(c)
            ?? "between the pure cases (0 fixed, 0.5 random walk, 1 bias): several errors mix, in proportions that change with duration"
    }

    // MARK: - The summary

    static func summary(_ s: DriftScenario, _ a: DriftAnalysis, charts: [RenderedChart]) throws -> String {
        var doc = MarkdownDocument()
        doc.heading("TurnBack drift: \(s.name)", level: 1)
        if !s.description.isEmpty { doc.paragraph(s.description) }
        doc.heading("The answer", level: 2)
        doc.paragraph("**\(try headline(s, a))**")
        doc.bullets(try decompositionFindings(s, a) + (try findings(s, a)))
        if let typical = try typicalWalk(s, a) { doc.paragraph(typical) }
        try decompositionSection(&doc, s, a)

        doc.heading("How it was measured", level: 2)
        let profiles = Array(Set(s.cells.map(\.profile.name))).sorted()
        doc.paragraph(
            "\(s.totalTrials) simulated walks: \(s.cells.count) cells × \(s.trialsPerCell) trials, seed \(s.seed), "
                + "gyro profile\(profiles.count > 1 ? "s" : "") \(profiles.map { "`\($0)`" }.joined(separator: ", ")). "
                + (s.cells.contains { $0.profile.kind == .device }
                    ? "Every trial uses the same phone, the one the device profile measured: its fixed errors (bias, scale "
                        + "factor, asymmetry) are drawn once from their measured values ± standard errors, so a rerun with "
                        + "another seed carries their uncertainty; fresh noise every walk. "
                    : s.sameDevice
                        ? "Every trial uses the same phone, one drawn once from the class profile's spreads (a random phone of "
                            + "the class, not a measured one), so its bias and scale factor repeat. "
                        : "Each trial draws its own phone (bias and scale factor) from the profile's spread. ")
                + "Drift is the tracker's accumulated yaw minus the true yaw when the walker faces the marked direction again; "
                + "the arrow shows it wrapped to ±180°. Reproduce with `sensorbench run \(s.file) --seed \(s.seed) --trials \(s.trialsPerCell)`."
                + (a.keptWalksPerCell.map {
                    " The error budget was fitted on the first \($0) walks of each cell; every other figure uses all \(s.totalTrials)."
                } ?? "")
        )
        doc.table(try profileTable(s))
        if let device = try deviceTable(s) {
            doc.table(device)
            let unmeasured = try unmeasuredTerms(s)
            if !unmeasured.isEmpty {
                doc.paragraph(
                    "Terms the device profile did not measure are simulated as 0. What each could change, at the class "
                        + "profile's value (closed form of the gyro model, at the grid's longest walk with the most turning):")
                doc.bullets(unmeasured)
            }
            try deviceUncertainty(&doc, s)
        }

        doc.heading("Drift per cell", level: 2)
        let unionCells = s.cells.filter { DriftAnalysis.rmsDriftIsZeroMeanGaussian(s, $0) }.count
        doc.paragraph(
            "RMS 95% CI: the square root of a "
                + (s.trialsPerCell >= Bootstrap.studentizedMinimumCount
                    ? "log-scale studentized bootstrap interval"
                    : "BCa bootstrap interval (from \(Bootstrap.studentizedMinimumCount) walks a cell on, a log-scale "
                        + "studentized one, which can overflow with fewer)")
                + " of the cell's mean-square drift "
                + "(\(DriftAnalysis.rmsReplicates) replicates, seeded per cell), valid whatever the drift's mean and shape"
                + DriftAnalysis.rmsUnionClause(unionCells: unionCells, cells: s.cells.count) + "."
                + (DriftAnalysis.rmsCoverageNote(trialsPerCell: s.trialsPerCell, unionCells: unionCells, cells: s.cells.count) ?? "")
                + (a.keptWalksPerCell.map {
                    " Cells with more than \($0) walks: the square root of the large-sample (delta-method) interval of the "
                        + "mean square, m₂ ± 1.96·√(s²(drift²)/n), which needs no resampling; so are the charts' points that pool such a cell."
                } ?? ""))
        doc.table(try cellTable(a))
        doc.heading("Regressions", level: 2)
        doc.paragraph(
            "Ordinary least squares on every trial (GSL), with heteroscedasticity-robust HC3 standard errors (the spread of "
                + "drift grows with duration, so the classical errors would be too small); t tests and intervals on n − p "
                + "degrees of freedom, F the robust Wald test of all slopes. These linear fits of |drift| are descriptive: "
                + "the answer above rests on the error budget, not on them. Estimates in degrees of |drift| per unit of the term; "
                + "growth models regress log|drift| on logs over walks that differ only in duration (or turn count), so their slopes are exponents."
                + DriftReport.growthPivotClause(a)
        )
        doc.table(try regressionTable(a))
        doc.table(try fitTable(a))

        doc.heading("Charts", level: 2)
        for chart in charts { doc.image(alt: chart.alt, path: chart.path) }
        return doc.render()
    }

    /// The answer: the error budget's verdict, then the grid factor other than time and turns that changes RMS
    /// drift most (when it does by a factor of 2).
    static func headline(_ s: DriftScenario, _ a: DriftAnalysis) throws -> String {
        var text = try decompositionHeadline(s, a)
        if let factor = try strongestOtherFactor(s, a) { text += " " + factor }
        if let warning = try fewWalksWarning(s) { text = warning + " " + text }
        let unmeasured = try unmeasuredTerms(s)
        if !unmeasured.isEmpty {
            text +=
                " Some of this phone's errors were not measured (simulated as 0); at the class profile's values they "
                + "could change this answer (\(unmeasured.count) listed under How it was measured): measure them before "
                + "trusting it."
        }
        return text
    }

    /// Fewest walks per cell for which the headline is stated without a warning.
    static let minimumWalksForHeadline = 20

    /// "Too few walks to support this answer: …" when a cell has fewer than ``minimumWalksForHeadline`` walks (the
    /// quick start's `--trials 2`), with how loosely that many walks pin a cell's spread: the 95% χ² interval of a
    /// standard deviation from n walks is s·√((n − 1)/χ²₀.₉₇₅(n − 1)) to s·√((n − 1)/χ²₀.₀₂₅(n − 1)).
    static func fewWalksWarning(_ s: DriftScenario) throws -> String? {
        let n = s.trialsPerCell
        guard n < minimumWalksForHeadline else { return nil }
        let lead = "Too few walks to support this answer: \(n) per cell (at least \(minimumWalksForHeadline) are needed"
        guard n >= 2 else { return lead + "; one walk per cell shows no spread at all)." }
        let df = Double(n - 1)
        let low = (df / (try ChiSquared.quantile(0.975, degreesOfFreedom: df))).squareRoot()
        let high = (df / (try ChiSquared.quantile(0.025, degreesOfFreedom: df))).squareRoot()
        return lead + "; from \(n) walks a cell's spread is known only within ×\(try deg(low)) to ×\(try deg(high)) of its "
            + "estimate, 95%). Rerun with more trials before reading it."
    }

    /// "The holding tilt matters for loops (rotation-rate): RMS drift goes from 4.79° (tilt 0°) to 105° (tilt 45°); for
    /// zigzags and loops (attitude-yaw) it changes RMS drift by less than a factor of 2." when some factor other than
    /// time and turns changes RMS drift by at least a factor of 2 among walks that differ only in it (and in duration
    /// and turns, pooled): the levels are never pooled over the other factors, which would mix walks the factor
    /// affects with walks it does not.
    static func strongestOtherFactor(_ s: DriftScenario, _ a: DriftAnalysis) throws -> String? {
        var best: (ratio: Double, text: String)?
        for factor in varying(s) where ![.minutes, .turns].contains(factor) {
            let effects = factorEffects(s, a, of: factor)
            guard let strongest = effects.first, strongest.ratio >= 2, strongest.ratio > (best?.ratio ?? 0) else { continue }
            func change(_ e: FactorEffect) throws -> String {
                "RMS drift goes from \(try deg(e.low.rms))° (\(e.low.level)) to \(try deg(e.high.rms))° (\(e.high.level))"
            }
            let strong = effects.filter { $0.ratio >= 2 }
            let weak = effects.filter { $0.ratio < 2 }
            var text = "The \(factorName(factor)) matters"
            if strongest.context.isEmpty {
                text += ": " + (try change(strongest))
            } else {
                text += " for \(strongest.context): " + (try change(strongest))
                for e in strong.dropFirst() { text += "; for \(e.context), from \(try deg(e.low.rms))° to \(try deg(e.high.rms))°" }
                if weak.count > 2 {
                    text += "; for the other \(weak.count) kinds of walk here it changes RMS drift by less than a factor of 2"
                } else if !weak.isEmpty {
                    text += "; for \(list(weak.map(\.context))) it changes RMS drift by less than a factor of 2"
                }
            }
            best = (strongest.ratio, text + ".")
        }
        return best?.text
    }

    /// How much one factor changes RMS drift among walks that differ only in it: for each combination of the other
    /// factors (duration and turns pooled), the level with the lowest and the highest RMS; strongest first.
    struct FactorEffect {
        let context: String
        let low: (level: String, rms: Double)
        let high: (level: String, rms: Double)
        var ratio: Double { low.rms > 0 ? high.rms / low.rms : (high.rms > 0 ? .infinity : 1) }
    }

    static func factorEffects(_ s: DriftScenario, _ a: DriftAnalysis, of factor: Factor) -> [FactorEffect] {
        let others = varying(s).filter { ![.minutes, .turns, factor].contains($0) }
        var order: [String] = []
        var groups: [String: (context: String, cells: [DriftAnalysis.CellSummary])] = [:]
        for c in a.cells {
            let key = others.map { $0.value(c.cell) }.joined(separator: "|")
            if groups[key] == nil {
                order.append(key)
                var words = others.filter { $0 != .shape }.map { $0.value(c.cell) }.joined(separator: ", ")
                if others.contains(.shape) {
                    words = shapeNoun(c.cell.walk.shape) + (words.isEmpty ? "" : " (\(words))")
                }
                groups[key] = (words, [])
            }
            groups[key]?.cells.append(c)
        }
        var effects: [FactorEffect] = []
        for key in order {
            guard let g = groups[key] else { continue }
            let levels = pooledLevels(g.cells, by: factor)
            guard let low = levels.min(by: { $0.rms < $1.rms }), let high = levels.max(by: { $0.rms < $1.rms }) else { continue }
            effects.append(FactorEffect(context: g.context, low: low, high: high))
        }
        return effects.enumerated().sorted { ($0.element.ratio, -$0.offset) > ($1.element.ratio, -$1.offset) }.map(\.element)
    }

    /// The sentence the regressions' method adds when some growth models' intervals join the log|Z| pivot's
    /// (``DriftAnalysis/joinsLogGaussianPivot(_:_:)``); empty when none does.
    static func growthPivotClause(_ a: DriftAnalysis) -> String {
        let growth = a.models.filter {
            $0.id.hasPrefix(DriftAnalysis.ModelID.growthMinutes) || $0.id.hasPrefix(DriftAnalysis.ModelID.growthTurns)
        }
        let joined = growth.filter { $0.fit != nil && $0.joinsLogGaussianPivot }.count
        guard joined > 0 else { return "" }
        let which =
            joined == growth.count
            ? "Every growth model's intervals here are" : "The intervals of \(joined) of the \(growth.count) growth models here are"
        return " \(which) that t interval joined (the lower of the two lows, the higher of the two highs) with the one from the exact "
            + "law of the t statistic when the walks' drift is Gaussian with mean 0, as the gyro model makes it there (a fresh "
            + "phone of a class profile, planned turns, no tilt under-read): each log|drift| is then log σ(cell) + log|Z|, Z "
            + "standard normal, whose left skew the t interval alone does not absorb where few walks carry a coefficient "
            + "(the intercept, at the shortest walks); the law's quantiles come from 20 000 draws for the design (docs/drift.md part u)."
    }

    /// The linear fits' findings (descriptive, HC3 errors) and the growth exponents of comparable walks.
    static func findings(_ s: DriftScenario, _ a: DriftAnalysis) throws -> [String] {
        var items: [String] = []
        let proxy = "Linear fit of |drift| (OLS, HC3 errors): "
        if let fit = a.model(DriftAnalysis.ModelID.timeAndTurns)?.fit {
            var parts: [String] = []
            if let c = fit.coefficient(named: "minutes") { parts.append("each extra minute adds \(try estimateText(c))") }
            if let c = fit.coefficient(named: "turns") { parts.append("each extra turn adds \(try estimateText(c))") }
            if !parts.isEmpty {
                items.append(
                    proxy + parts.joined(separator: "; ")
                        + ", each with the other held fixed. A turn count cannot see the scale factor, which every loop adds "
                        + "whatever its number of turns, so this fit does not answer which error dominates.")
            }
        } else {
            for id in [DriftAnalysis.ModelID.time, DriftAnalysis.ModelID.turns] {
                guard let fit = a.model(id)?.fit, let c = fit.coefficients.last else { continue }
                items.append(proxy + "\(c.name == "minutes" ? "each extra minute" : "each extra turn") adds \(try estimateText(c)).")
            }
        }
        let growth = a.models.filter { $0.id.hasPrefix(DriftAnalysis.ModelID.growthMinutes) }
        let turnGrowth = a.models.filter { $0.id.hasPrefix(DriftAnalysis.ModelID.growthTurns) }
        for m in growth where growth.count <= 4 || m.id.hasSuffix("straight)") {
            guard let c = m.fit?.coefficient(named: "log_minutes") else { continue }
            let scope = m.id.dropFirst(DriftAnalysis.ModelID.growthMinutes.count)
            var text = "Growth with time\(scope): |drift| grows like minutes^k with k = \(try estimateText(c, unit: ""))"
            if let meaning = exponentReading(c) {
                text += ": \(meaning)."
            } else {
                text += ", between the pure cases: several errors mix here (see where the drift comes from)."
            }
            items.append(text)
        }
        if growth.count > 4 {
            items.append("Growth exponents of the other walk kinds (\(growth.count) in all) are in the regression table.")
        }
        for m in turnGrowth where turnGrowth.count <= 4 {
            guard let c = m.fit?.coefficient(named: "log_turns") else { continue }
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
            let scope = m.id.dropFirst(DriftAnalysis.ModelID.growthTurns.count)
            items.append("Growth with turning\(scope): |drift| grows like turns^k with k = \(try estimateText(c, unit: "")): \(meaning).")
        }
        // Pooled levels mix walks that differ in the other factors (`drift-holding-tilt`'s tilt 45° mixes loops that
        // drift 105° with zigzags that do not): say so.
        let factors = varying(s).filter { ![.minutes, .turns].contains($0) }
        for factor in factors {
            let others = varying(s).filter { $0 != factor }
            let pooled =
                others.isEmpty
                ? ""
                : ", pooled over the other factors (walks of different kinds mixed: not the effect of the \(factorName(factor)) on "
                    + "any one kind of walk)"
            items.append("By \(factorName(factor))\(pooled): " + (try pooledRMS(s, a, by: factor)) + ".")
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
        pooledLevels(a.cells, by: factor)
    }

    /// ``pooledLevels(_:by:)`` over some cells.
    static func pooledLevels(_ cells: [DriftAnalysis.CellSummary], by factor: Factor) -> [(level: String, rms: Double)] {
        var order: [String] = []
        var sums: [String: (n: Int, ss: Double)] = [:]
        for c in cells {
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

    /// The device profiles' answer in closed form with the measurement's uncertainty carried in (``DeviceAnswer``):
    /// per group of walks that differ only in duration, where time overtakes turning and time's share at the shortest
    /// and longest walk, each with its projected 95% interval over the measured values ± SE.
    static func deviceUncertainty(_ doc: inout MarkdownDocument, _ s: DriftScenario) throws {
        var seen = Set<String>()
        for p in s.cells.map(\.profile) where p.kind == .device && seen.insert(p.name).inserted {
            let answer = try DeviceAnswer(scenario: s, profile: p)
            func pct(_ x: Double) throws -> String { try Format.percent(x) }
            var lines: [String] = []
            for c in answer.crossovers {
                let w = c.representative.walk
                let range = "\(try minutesText(c.interval.low)) to \(try minutesText(c.interval.high)) min"
                var line = "\(shapeNoun(w.shape).prefix(1).uppercased() + shapeNoun(w.shape).dropFirst()) with \(w.turns) turns: "
                switch c.status {
                case .timeEverywhere: line += "time dominates from \(try minutesText(c.minimumMinutes)) min on"
                case .turningEverywhere: line += "turning dominates up to \(try minutesText(c.maximumMinutes)) min"
                case .crosses(let m, _, _): line += "time overtakes turning at \(try minutesText(m)) min"
                // Not made by a device's closed-form answer, which has every term.
                case .turningNotIdentified(let m): line += "time overtakes turning at most at \(try minutesText(m)) min"
                }
                line += " (over the measurement's uncertainty: \(range))"
                let group = answer.shares.filter {
                    $0.cell.input == c.representative.input && $0.cell.tiltDegrees == c.representative.tiltDegrees
                        && $0.cell.walk.shape == w.shape && $0.cell.walk.turns == w.turns
                }
                var ends: [DeviceAnswer.Share] = []
                if let shortest = group.min(by: { $0.cell.walk.minutes < $1.cell.walk.minutes }) { ends.append(shortest) }
                if let longest = group.max(by: { $0.cell.walk.minutes < $1.cell.walk.minutes }),
                    longest.cell.index != ends.first?.cell.index
                {
                    ends.append(longest)
                }
                let shares = try ends.map { e in
                    "\(try pct(e.timeShare)) (\(try pct(e.interval.low)) to \(try pct(e.interval.high))) at "
                        + "\(Format.exact(e.cell.walk.minutes)) min"
                }
                if !shares.isEmpty { line += "; time's share " + shares.joined(separator: ", ") }
                lines.append(line + ".")
            }
            guard !lines.isEmpty else { continue }
            doc.paragraph(
                "The phone's measurement uncertainty, carried into the answer: for `\(p.name)` in closed form (bias·T, scale "
                    + "factor·θ_net + asymmetry/2·θ_total and the in-run noise of docs/drift.md), with a 95% interval in "
                    + "parentheses: the answer over the measured bias ± \(try Format.number(try DeviceAnswer.projectionQuantile(), significantDigits: 3)) "
                    + "SE and the turning error (scale factor and asymmetry) ± as many SE, each holding its truth with "
                    + "probability √0.95, so the interval holds the phone's answer in at least 95% of measurements. The "
                    + "simulated phone above is one draw of the phone from its measured values ± standard errors.")
            doc.bullets(lines)
        }
    }

    /// One row per measured term of each device profile: value, standard error, source; nil without device profiles.
    static func deviceTable(_ s: DriftScenario) throws -> MarkdownTable? {
        var seen = Set<String>()
        let devices = s.cells.map(\.profile).filter { $0.kind == .device && seen.insert($0.name).inserted }
        guard !devices.isEmpty else { return nil }
        var t = MarkdownTable(columns: [
            MarkdownTable.Column("device profile"), MarkdownTable.Column("term"),
            MarkdownTable.Column("value", alignment: .right), MarkdownTable.Column("standard error", alignment: .right),
            MarkdownTable.Column("source"),
        ])
        for p in devices {
            for field in GyroProfile.deviceFixedFields + GyroProfile.deviceNoiseFields {
                let m = p.measurements[field] ?? .notMeasured()
                try t.append([
                    p.name, field, try m.value.map { try Format.number($0, significantDigits: 4) } ?? "—",
                    m.value == nil ? "—" : try Format.number(m.standardError, significantDigits: 3), m.source,
                ])
            }
        }
        return t
    }

    /// A walk's planned net and total rotation, degrees, by the shapes' rules (docs/drift.md, "Shapes"); for `random`
    /// the expected total, n·(15° + max)/2, and one full turn net.
    static func rotation(_ w: WalkParameters) -> (net: Double, total: Double) {
        let n = Double(w.turns)
        guard w.turns > 0 else { return (0, 0) }
        switch w.shape {
        case .loop: return (360, 360)
        case .outAndBack: return (0, n * 180)
        case .zigzag: return (0, n * w.zigzagAngleDegrees)
        case .random: return (360, n * (15 + w.randomTurnMaxDegrees) / 2)
        }
    }

    /// For each device profile's unmeasured term with a class value, the RMS drift it would add at the grid's longest
    /// walk with the most turning (T, θ_net, θ_total): a fixed error of class spread σ adds σ·T (bias), σ·θ_net (scale
    /// factor) or σ·θ_total/2 (asymmetry); a noise term adds √(N²T), √(σ_GM²·2τ²(T/τ − 1 + e^(−T/τ))) or √(K²T³/3)
    /// (docs/drift.md, "What a drift report says").
    static func unmeasuredTerms(_ s: DriftScenario) throws -> [String] {
        var lines: [String] = []
        var seen = Set<String>()
        for p in s.cells.map(\.profile) where p.kind == .device && seen.insert(p.name).inserted {
            let cells = s.cells.filter { $0.profile.name == p.name }
            guard let cell = cells.max(by: { ($0.walk.minutes, rotation($0.walk).total) < ($1.walk.minutes, rotation($1.walk).total) })
            else { continue }
            let t = cell.walk.minutes * 60
            let (net, total) = rotation(cell.walk)
            for field in GyroProfile.deviceFixedFields + GyroProfile.deviceNoiseFields
            where p.measurements[field]?.value == nil && field != "biasCorrelationTimeSeconds" {
                guard let c = p.classValues[field], c > 0 else { continue }
                let added: Double
                switch field {
                case "biasDegPerSec": added = c * t
                case "scaleFactorErrorPercent": added = c / 100 * abs(net)
                case "scaleFactorAsymmetryPercent": added = c / 100 * total / 2
                case "noiseDensityDegPerSecPerRootHz": added = c * t.squareRoot()
                case "biasInstabilityDegPerHour":
                    let tau = p.classValues["biasCorrelationTimeSeconds"] ?? 100
                    added = c / 3600 * (2 * tau * tau * (t / tau - 1 + exp(-t / tau))).squareRoot()
                default: added = c * (t * t * t / 3).squareRoot()
                }
                lines.append(
                    "`\(p.name)`: \(field) not measured; at the class profile `\(p.classProfileName ?? "")`'s "
                        + "\(try Format.number(c, significantDigits: 3)) it would add about \(try deg(added))° RMS to a "
                        + "\(Format.exact(cell.walk.minutes))-minute walk turning \(Format.exact(total))° "
                        + "(net \(Format.exact(net))°).")
            }
        }
        return lines
    }

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
            MarkdownTable.Column("HC3 std. error", alignment: right), MarkdownTable.Column("t", alignment: right),
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

import DetectionCore
import FileFormats
import Foundation
import MonteCarlo
import Reporting
import SensorSim
import Stats

extension GeofenceReport {
    // MARK: - Number words

    static func pctCI(_ x: Double, _ ci: ConfidenceInterval?) throws -> String {
        guard let ci else { return try Format.percentKeepingSmall(x) }
        return
            "\(try Format.percentKeepingSmall(x)) (95% CI \(try Format.percentKeepingSmall(ci.low))–\(try Format.percentKeepingSmall(ci.high)))"
    }
    static func num(_ x: Double) throws -> String { try Format.number(x, significantDigits: 3) }
    static func seconds(_ x: Double?) throws -> String { try x.map { "\(try num($0)) s" } ?? "never" }

    /// "`naive` (50 m)" and so on.
    static func checkName(_ s: GeofenceScenario, _ c: Int) -> String {
        let cfg = s.checks[c].configuration
        // The kind's own label, from its declaration ("2 fixes in a row", "inside for 10 s").
        let detail = "\(Format.exact(cfg.radiusMeters)) m, \(cfg.kind.label(cfg, number: Format.exact))"
        return "`\(s.checks[c].label)` (\(detail))"
    }

    /// The check the headline compares against: the assignment's one-fix check at the rule radius, if present.
    static func referenceCheck(_ s: GeofenceScenario) -> Int {
        s.checks.firstIndex { $0.configuration.kind == .naive && $0.configuration.radiusMeters == s.ruleRadiusMeters }
            ?? s.checks.firstIndex { $0.configuration.kind == .naive } ?? 0
    }

    /// The environment the headline speaks about: `campus` when present (the scavenger hunt's), else the first.
    static func mainEnvironment(_ s: GeofenceScenario) -> String {
        let names = orderedUnique(s.cells.map(\.environment.name))
        return names.contains("campus") ? "campus" : names[0]
    }

    static func visitWords(_ s: GeofenceScenario, distance d: Double, place: String) -> String {
        let m = s.movement
        switch m.kind {
        case .loiter: return "sitting \(Format.exact(d)) m from \(place) collects it in %@ of \(Format.exact(m.minutes))-minute visits"
        case .passBy: return "walking past \(place) at \(Format.exact(d)) m collects it on %@ of walks"
        case .approach:
            return "stopping \(Format.exact(d)) m from \(place) for \(Format.exact(m.minutes)) minutes collects it in %@ of visits"
        case .tour: return "touring past \(place) collects it in %@ of tours"
        case .path: return "walking the GPX path past \(place) collects it on %@ of walks"
        }
    }

    // MARK: - The summary

    static func summary(_ s: GeofenceScenario, _ a: GeofenceAnalysis, charts: [RenderedChart]) throws -> String {
        var doc = MarkdownDocument()
        doc.heading("Geofence check: \(s.name)", level: 1)
        if !s.description.isEmpty { doc.paragraph(s.description) }
        doc.heading("The answer", level: 2)
        let answer = s.isTour ? try tourAnswer(s, a) : try visitAnswer(s, a)
        doc.paragraph("**\(answer.headline)**")
        if !answer.bullets.isEmpty { doc.bullets(answer.bullets) }
        if let recommendation = answer.recommendation { doc.paragraph(recommendation) }

        doc.heading("How it was measured", level: 2)
        doc.paragraph(try measuredText(s, a))
        doc.table(try environmentTable(s))
        doc.heading(s.isTour ? "Per hall" : "Rates", level: 2)
        for env in orderedUnique(s.cells.map(\.environment.name)) {
            for variant in orderedUnique(s.cells.map(\.variant)) {
                doc.heading("\(env)\(variant == PlaceSet.baseVariant ? "" : ", coordinates `\(variant)`")", level: 3)
                doc.table(try ratesTable(s, a, env: env, variant: variant))
            }
        }
        doc.heading("Overlapping places", level: 2)
        doc.paragraph(try overlapText(s))
        if !charts.isEmpty {
            doc.heading("Charts", level: 2)
            for chart in charts { doc.image(alt: chart.alt, path: chart.path) }
        }
        return doc.render()
    }

    struct Answer {
        var headline: String
        var bullets: [String]
        var recommendation: String?
    }

    /// Loiter, pass-by and approach: false triggers beyond the radius, misses and delay inside.
    static func visitAnswer(_ s: GeofenceScenario, _ a: GeofenceAnalysis) throws -> Answer {
        let env = mainEnvironment(s)
        let variants = orderedUnique(s.cells.map(\.variant))
        let ref = referenceCheck(s)
        let target = s.placeSet.places[s.targetIndex].name
        let rule = s.ruleRadiusMeters
        func row(_ variant: String, _ d: Double, _ c: Int) -> GeofenceAnalysis.Row? {
            a.rows.first {
                $0.cell.variant == variant && $0.cell.environment.name == env && $0.cell.distanceMeters == d && $0.checkIndex == c
            }
        }
        var bullets: [String] = []
        var headline = ""
        let distances = orderedUnique(s.cells.map(\.distanceMeters)).sorted()
        let variant = variants[0]

        if variants.count > 1, let d = distances.first {
            // Different coordinates for the same hall: what the student standing at the real place gets.
            var parts: [String] = []
            for v in variants {
                guard let r = row(v, d, ref) else { continue }
                let label = v == PlaceSet.baseVariant ? "the current coordinates" : "the `\(v)` coordinates"
                let appDistance = Geodesic.distanceMeters(
                    s.placeSet.places[s.targetIndex].coordinate,
                    (s.placeSet.places(variant: v) ?? s.placeSet.places)[s.targetIndex].coordinate)
                parts.append(
                    "\(try pctCI(r.collectProbability, r.collectInterval)) with \(label) (\(try num(appDistance)) m from the hall)"
                )
            }
            headline =
                "A student \(visitWords(s, distance: d, place: "the real \(target)").replacingOccurrences(of: "%@", with: "the following share")) (\(env), \(checkName(s, ref))): "
                + parts.joined(separator: "; ") + "."
            for v in variants where v != PlaceSet.baseVariant {
                if let text = s.placeSet.variantDescriptions[v], !text.isEmpty { bullets.append("`\(v)`: \(text)") }
            }
        }

        // The reference distance beyond the radius: the grid's closest to R + 10 m among those beyond R.
        let beyond = distances.filter { $0 > rule }
        let insideDistances = distances.filter { $0 < rule }
        let probe = beyond.min { abs($0 - (rule + 10)) < abs($1 - (rule + 10)) }
        let insideProbe = insideDistances.min { abs($0 - (rule - 10)) < abs($1 - (rule - 10)) }
        let recommended = try visitRecommendation(s, a)?.check
        if let d = probe, let r = row(variant, d, ref), let p = r.falseTriggerProbability {
            var text =
                "With the assignment's \(Format.exact(rule)) m check (\(checkName(s, ref))), a student "
                + visitWords(s, distance: d, place: target).replacingOccurrences(of: "%@", with: try pctCI(p, r.falseTriggerInterval))
                + " on \(env) GPS (\(try num(r.falseTriggersPerHour ?? 0)) false triggers per hour)"
            if let best = recommended, best != ref, let rb = row(variant, d, best), let pb = rb.falseTriggerProbability {
                text += "; \(checkName(s, best)) cuts that to \(try pctCI(pb, rb.falseTriggerInterval))"
                if let di = insideProbe, let ri = row(variant, di, best), let rr = row(variant, di, ref) {
                    let cost = (ri.timeToTriggerMedianSeconds ?? .nan) - (rr.timeToTriggerMedianSeconds ?? .nan)
                    let tailCost = (ri.timeToTriggerP95Seconds ?? .nan) - (rr.timeToTriggerP95Seconds ?? .nan)
                    if cost.isFinite, tailCost.isFinite {
                        let figures =
                            "time to trigger at \(Format.exact(di)) m: median \(try seconds(ri.timeToTriggerMedianSeconds)) against \(try seconds(rr.timeToTriggerMedianSeconds)), 95th percentile \(try seconds(ri.timeToTriggerP95Seconds)) against \(try seconds(rr.timeToTriggerP95Seconds)); missed in \(try Format.percentKeepingSmall(ri.missProbability ?? 0)) of visits"
                        // "As quick" only when neither the median nor the slow tail is more than a second later.
                        if cost <= Self.sameLatencySeconds, tailCost <= Self.sameLatencySeconds {
                            text += " and is as quick inside (\(figures))"
                        } else {
                            text += " and is slower inside (\(figures))"
                        }
                    }
                }
            }
            text += "."
            // Correlated errors: a run of consecutive fixes shares most of its error, so it filters little.
            if let k = s.checks.firstIndex(where: { $0.configuration.kind == .consecutive }), k != ref,
                let rk = row(variant, d, k), let pk = rk.falseTriggerProbability, p > 0, pk > 0.5 * p
            {
                let tau = s.cells.first { $0.environment.name == env }?.environment.correlationTimeSeconds ?? 0
                bullets.append(
                    "Fix errors on \(env) GPS persist for about \(Format.exact(tau)) s, so consecutive fixes share them: "
                        + "\(checkName(s, k)) still collects in \(try Format.percentKeepingSmall(pk)) of these visits against \(try Format.percentKeepingSmall(p)) for one fix."
                )
            }
            if headline.isEmpty { headline = text } else { bullets.insert(text, at: 0) }
        }
        if headline.isEmpty, let di = insideDistances.first, let r = row(variant, di, ref) {
            headline =
                "With \(checkName(s, ref)) on \(env) GPS, a student \(Format.exact(di)) m from \(target) is missed in \(try pctCI(r.missProbability ?? 0, r.missInterval)) of visits (no trigger within \(Format.exact(s.timeLimitSeconds)) s); median time to trigger \(try seconds(r.timeToTriggerMedianSeconds))."
        }
        if headline.isEmpty {
            headline = "No visit in this scenario came within or beyond the rule radius in a way the summary can describe; see rates.csv."
        }

        // One line per check at the probe distances.
        for c in s.checks.indices {
            var parts: [String] = []
            if let d = probe, let r = row(variant, d, c), let p = r.falseTriggerProbability {
                parts.append(
                    "at \(Format.exact(d)) m false trigger in \(try pctCI(p, r.falseTriggerInterval)) of visits, \(try num(r.falseTriggersPerHour ?? 0))/h"
                )
            }
            if let di = insideProbe, let r = row(variant, di, c), let m = r.missProbability {
                parts.append(
                    "at \(Format.exact(di)) m missed in \(try Format.percentKeepingSmall(m)), time to trigger median \(try seconds(r.timeToTriggerMedianSeconds)), p95 \(try seconds(r.timeToTriggerP95Seconds)), \(try num(r.flappingCyclesPerHour)) enter/exit cycles per hour"
                )
            }
            if !parts.isEmpty { bullets.append("\(checkName(s, c)): " + parts.joined(separator: "; ") + ".") }
        }
        var recommendation: String?
        if let best = recommended {
            let holds = try failures(s, a, check: best, environment: env, variant: variant).isEmpty
            recommendation =
                "**Recommended check:** \(checkName(s, best)): the fewest false triggers at \(Format.exact(probe ?? 0)) m on \(env) GPS"
                + (holds
                    ? " among the checks that miss at most \(try Format.percentKeepingSmall(maximumMissShare)) of visits and trigger within "
                        + "\(Format.exact(maximumLatencySeconds(s))) s (95th percentile) at every distance up to "
                        + "\(Format.exact(insideLimitMeters(s))) m"
                    : " (no check holds there: every one misses or is slow somewhere inside)") + "."
            recommendation! += try environmentAdvice(s, a, recommended: best, variant: variant, probe: probe)
            let confirmation = try GeofenceConfirmation.run(
                s, recommended: best, environment: env, variant: variant, probe: probe,
                runner: MonteCarloRunner(jobs: MonteCarloRunner.defaultJobs))
            recommendation! += " " + (try confirmationText(s, confirmation, probe: probe))
        }
        return Answer(headline: headline, bullets: bullets, recommendation: recommendation)
    }

    /// The check a visit answer recommends, with where it was chosen: the fewest false triggers at the probe (the
    /// grid's distance beyond the rule radius closest to radius + 10 m) on the main environment and first variant,
    /// among the checks that hold there (``failures(_:_:check:environment:variant:)``). Nil when none holds, without a
    /// probe, or without outside visits of the reference check there.
    static func visitRecommendation(
        _ s: GeofenceScenario, _ a: GeofenceAnalysis
    ) throws -> (check: Int, environment: String, variant: String, probe: Double)? {
        let env = mainEnvironment(s)
        let variant = orderedUnique(s.cells.map(\.variant))[0]
        let ref = referenceCheck(s)
        let rule = s.ruleRadiusMeters
        let beyond = orderedUnique(s.cells.map(\.distanceMeters)).sorted().filter { $0 > rule }
        func row(_ d: Double, _ c: Int) -> GeofenceAnalysis.Row? {
            a.rows.first {
                $0.cell.variant == variant && $0.cell.environment.name == env && $0.cell.distanceMeters == d && $0.checkIndex == c
            }
        }
        guard let d = beyond.min(by: { abs($0 - (rule + 10)) < abs($1 - (rule + 10)) }),
            row(d, ref)?.falseTriggerProbability != nil
        else { return nil }
        // Fewest false triggers among those that hold on this environment's GPS (``failures``): the same test the
        // advice per environment uses.
        let candidates = try s.checks.indices.filter { c in
            try failures(s, a, check: c, environment: env, variant: variant).isEmpty
        }
        let best = candidates.min { x, y in
            (row(d, x)?.falseTriggerProbability ?? 1, x) < (row(d, y)?.falseTriggerProbability ?? 1, y)
        }
        return best.map { ($0, env, variant, d) }
    }

    /// Two latencies within this many seconds are "as quick".
    static let sameLatencySeconds = 1.0
    /// A check fails an environment when it misses more than this share of inside visits at any inside distance …
    static let maximumMissShare = 0.05

    /// Inside distances a check is judged at: up to the rule radius minus the tolerance (the band within the
    /// tolerance of the circle is where GPS error makes either answer fair, as for false enters beyond it), or
    /// every distance inside the radius when the grid has none that deep.
    static func insideLimitMeters(_ s: GeofenceScenario) -> Double {
        let deep = s.ruleRadiusMeters - s.toleranceMeters
        return s.cells.contains { $0.distanceMeters <= deep && $0.distanceMeters < s.ruleRadiusMeters }
            ? deep : s.ruleRadiusMeters.nextDown
    }

    /// … or when its 95th-percentile time to trigger exceeds half the time limit.
    static func maximumLatencySeconds(_ s: GeofenceScenario) -> Double { s.timeLimitSeconds / 2 }

    /// One check's rows in one environment at the inside distances (nearest first) that have a miss share, with it.
    static func insideRows(
        _ s: GeofenceScenario, _ a: GeofenceAnalysis, check c: Int, environment env: String, variant: String
    ) -> [(distance: Double, row: GeofenceAnalysis.Row, miss: Double)] {
        let inside = orderedUnique(s.cells.map(\.distanceMeters)).sorted().filter { $0 <= insideLimitMeters(s) }
        return inside.compactMap { d in
            guard
                let r = a.rows.first(where: {
                    $0.cell.variant == variant && $0.cell.environment.name == env && $0.cell.distanceMeters == d
                        && $0.checkIndex == c
                }), let miss = r.missProbability
            else { return nil }
            return (d, r, miss)
        }
    }

    /// Where a check fails in one environment: every inside distance where it misses more than the stated share,
    /// or triggers slower than the stated latency at the 95th percentile; empty when it holds.
    static func failures(
        _ s: GeofenceScenario, _ a: GeofenceAnalysis, check c: Int, environment env: String, variant: String
    ) throws -> [String] {
        var out: [String] = []
        for (d, r, miss) in insideRows(s, a, check: c, environment: env, variant: variant) {
            var parts: [String] = []
            if miss > maximumMissShare { parts.append("misses \(try pctCI(miss, r.missInterval)) of visits") }
            if let p95 = r.timeToTriggerP95Seconds, p95 > maximumLatencySeconds(s) {
                parts.append("95th-percentile time to trigger \(try seconds(p95))")
            }
            if !parts.isEmpty { out.append("at \(Format.exact(d)) m " + parts.joined(separator: ", ")) }
        }
        return out
    }

    /// Where a check fails in one environment, as reasons without figures so that fresh days can count them
    /// ("misses more than 5.0% of visits at 40 m"); the same limits as ``failures(_:_:check:environment:variant:)``.
    static func failureReasons(
        _ s: GeofenceScenario, _ a: GeofenceAnalysis, check c: Int, environment env: String, variant: String
    ) throws -> [String] {
        var out: [String] = []
        for (d, r, miss) in insideRows(s, a, check: c, environment: env, variant: variant) {
            if miss > maximumMissShare {
                out.append("misses more than \(try Format.percentKeepingSmall(maximumMissShare)) of visits at \(Format.exact(d)) m")
            }
            if let p95 = r.timeToTriggerP95Seconds, p95 > maximumLatencySeconds(s) {
                out.append(
                    "takes more than \(Format.exact(maximumLatencySeconds(s))) s to trigger at the 95th percentile at \(Format.exact(d)) m")
            }
        }
        return out
    }

    /// "**Confirmed on fresh visits:** …" (a tour: "**Confirmed on fresh tours:** …"): where the check was chosen,
    /// where it was confirmed, and what the fresh days show, claiming reliability only when the 95% lower bound of
    /// the share of fresh days on which it holds reaches ``GeofenceConfirmation/reliableShare``; otherwise it names
    /// the check that held most often and what stopped it most often (or the number of days, when it held on all of
    /// them). With `confirm.days` 0 it says the choice was not confirmed.
    static func confirmationText(_ s: GeofenceScenario, _ c: GeofenceConfirmation, probe: Double?) throws -> String {
        let best = c.recommended
        let unit = c.isTour ? "tours" : "visits"
        guard c.days > 0 else {
            return "**Not confirmed on fresh \(unit):** `confirm.days` is 0, so the choice rests on this report's "
                + "\(s.trialsPerCell) \(unit) a cell alone and may owe its place to them."
        }
        let ci = try c.holdInterval(best)
        func share(_ k: Int) throws -> String { try Format.percentKeepingSmall(Double(k) / Double(max(1, c.days))) }
        let distancesText = c.distances.map(Format.exact).joined(separator: ", ")
        var text: String
        if c.isTour {
            text =
                "**Confirmed on fresh tours:** chosen on this report's \(s.trialsPerCell) tours; re-run on \(c.days) fresh "
                + "days of \(s.trialsPerCell) tours each on \(c.environment) GPS (trials the report never used), "
                + "\(checkName(s, best)) had the fewest early plus missed collections per tour (ties included) on "
                + "\(c.holdDays[best]) of \(c.days) days (\(try share(c.holdDays[best])), 95% CI "
                + "\(try Format.percentKeepingSmall(ci.low))–\(try Format.percentKeepingSmall(ci.high)))"
                + (c.chosenDays[best] != c.holdDays[best]
                    ? " and was the one chosen (ties to the first check) on \(c.chosenDays[best]) of \(c.days)" : "") + "."
        } else {
            text =
                "**Confirmed on fresh visits:** chosen on this report's \(s.trialsPerCell) visits a cell; re-run on "
                + "\(c.days) fresh days of \(s.trialsPerCell) visits at each of \(distancesText) m on \(c.environment) GPS (trials the "
                + "report never used), \(checkName(s, best)) held (missed at most "
                + "\(try Format.percentKeepingSmall(maximumMissShare)) of visits and triggered within "
                + "\(Format.exact(maximumLatencySeconds(s))) s at the 95th percentile up to \(Format.exact(insideLimitMeters(s))) m) "
                + "on \(c.holdDays[best]) of \(c.days) days (\(try share(c.holdDays[best])), 95% CI "
                + "\(try Format.percentKeepingSmall(ci.low))–\(try Format.percentKeepingSmall(ci.high)))"
                + (probe.map { d in
                    " and was again the one with the fewest false triggers at \(Format.exact(d)) m among the checks that held on "
                        + "\(c.chosenDays[best]) of \(c.days)"
                } ?? "") + "."
        }
        let rule =
            "the 95% lower bound of the share of fresh days on which it holds is at least "
            + (try Format.percentKeepingSmall(GeofenceConfirmation.reliableShare))
        if try c.isReliable() {
            text += " It holds reliably by the shake study's rule (\(rule))."
            return text
        }
        text += " It is not shown to hold reliably (\(rule); here \(try Format.percentKeepingSmall(ci.low)))"
        let closest = c.closest
        if closest != best {
            text +=
                "; the check that held on the most fresh days is \(checkName(s, closest)) (\(c.holdDays[closest]) of "
                + "\(c.days), \(try share(c.holdDays[closest])))"
        }
        if c.holdDays[closest] == c.days {
            // It held every day: only more days could show the share reaches the bar.
            text +=
                "; what stops \(closest == best ? "it" : "that one") is the number of days: even \(c.days) of \(c.days) "
                + "cannot show \(try Format.percentKeepingSmall(GeofenceConfirmation.reliableShare)) (at least "
                + "\(ConfirmationPlan.fewestDaysToShowReliable) are needed; `confirm.days`)"
        } else if let why = c.commonestFailure[closest] {
            text += "; what stops \(closest == best ? "it" : "that one") most often: it \(why.reason) (on \(why.days) of \(c.days) days)"
        }
        return text + "."
    }

    /// A check's false-trigger probability at the probe distance (0 without a probe or such a row), for ranking.
    static func probeProbability(
        _ a: GeofenceAnalysis, check c: Int, environment env: String, variant: String, probe: Double?
    ) -> Double {
        probe.flatMap { d in
            a.rows.first {
                $0.cell.variant == variant && $0.cell.environment.name == env && $0.cell.distanceMeters == d
                    && $0.checkIndex == c
            }?.falseTriggerProbability
        } ?? 0
    }

    /// The best check of one environment: the fewest false triggers at the probe distance among the checks that
    /// hold there (``failures`` empty); nil when none holds.
    static func bestCheck(
        _ s: GeofenceScenario, _ a: GeofenceAnalysis, environment env: String, variant: String, probe: Double?
    ) throws -> Int? {
        var best: (Int, Double)?
        for c in s.checks.indices where try failures(s, a, check: c, environment: env, variant: variant).isEmpty {
            let p = probeProbability(a, check: c, environment: env, variant: variant, probe: probe)
            if best == nil || p < best!.1 { best = (c, p) }
        }
        return best?.0
    }

    /// The recommended check in every environment: where it fails, with the figures, and the check to use there
    /// instead (or the one check that holds in all).
    static func environmentAdvice(
        _ s: GeofenceScenario, _ a: GeofenceAnalysis, recommended: Int, variant: String, probe: Double?
    ) throws -> String {
        let environments = orderedUnique(s.cells.map(\.environment.name))
        let limits =
            "misses more than \(try Format.percentKeepingSmall(maximumMissShare)) of visits up to \(Format.exact(insideLimitMeters(s))) m "
            + "or takes more than \(Format.exact(maximumLatencySeconds(s))) s to trigger at the 95th percentile"
        var failing: [String] = []
        var perEnvironment: [String] = []
        var holdsEverywhere: [Int] = s.checks.indices.map { $0 }
        for env in environments {
            let f = try failures(s, a, check: recommended, environment: env, variant: variant)
            if !f.isEmpty { failing.append("\(env): " + f.joined(separator: "; ")) }
            holdsEverywhere = try holdsEverywhere.filter {
                try failures(s, a, check: $0, environment: env, variant: variant).isEmpty
            }
            let best = try bestCheck(s, a, environment: env, variant: variant, probe: probe)
            perEnvironment.append("\(env): " + (best.map { checkName(s, $0) } ?? "no check holds"))
        }
        var text = ""
        if failing.isEmpty {
            text += " It holds in every environment simulated (none where it \(limits))."
        } else {
            text += " **Where it fails** (it \(limits)): " + failing.joined(separator: "; ") + "."
        }
        if environments.count > 1 {
            if let one = holdsEverywhere.first {
                let others = holdsEverywhere.count - 1
                text +=
                    " The check that holds in all \(environments.count) environments"
                    + (others > 0 ? " with the fewest false triggers on \(mainEnvironment(s)) GPS" : "") + ": "
                    + checkName(s, try bestAmong(s, a, holdsEverywhere, variant: variant, probe: probe) ?? one) + "."
            } else {
                text +=
                    " No check holds in all \(environments.count) environments; per environment, the fewest "
                    + "false triggers among the checks that hold there: " + perEnvironment.joined(separator: "; ") + "."
            }
        }
        return text
    }

    /// The fewest false triggers at the probe on the main environment among `checks`.
    static func bestAmong(
        _ s: GeofenceScenario, _ a: GeofenceAnalysis, _ checks: [Int], variant: String, probe: Double?
    ) throws -> Int? {
        let env = mainEnvironment(s)
        return checks.min { x, y in
            func p(_ c: Int) -> Double { probeProbability(a, check: c, environment: env, variant: variant, probe: probe) }
            return (p(x), x) < (p(y), y)
        }
    }

    /// The campus tour: which halls get collected, and which before the walker reached them.
    static func tourAnswer(_ s: GeofenceScenario, _ a: GeofenceAnalysis) throws -> Answer {
        let env = mainEnvironment(s)
        let variant = s.cells[0].variant
        let d = s.cells[0].distanceMeters
        let rows = a.rows.filter { $0.cell.environment.name == env && $0.cell.variant == variant && $0.cell.distanceMeters == d }
        guard let visits = rows.first?.visits, visits > 0 else { return Answer(headline: "No tours were simulated.", bullets: []) }
        let ref = referenceCheck(s)
        let scores = tourScores(s, a, environment: env, variant: variant, distance: d)
        var bullets: [String] = []
        for (c, wrong, missed) in scores {
            let mine = rows.filter { $0.checkIndex == c }
            let worst = mine.filter { $0.wronglyCollectedProbability > 0 }
                .sorted { ($1.wronglyCollectedProbability, $0.placeIndex) < ($0.wronglyCollectedProbability, $1.placeIndex) }
            let names = try worst.prefix(3).map {
                "\(s.placeSet.places[$0.placeIndex].name) (\(try Format.percentKeepingSmall($0.wronglyCollectedProbability)))"
            }
            bullets.append(
                "\(checkName(s, c)): \(try num(wrong)) halls per tour collected from \(Format.exact(s.ruleRadiusMeters + s.toleranceMeters)) m or more"
                    + (names.isEmpty ? "" : ", most often " + names.joined(separator: ", "))
                    + "; \(try num(missed)) of \(s.stops.count) halls missed (no trigger within \(Format.exact(s.timeLimitSeconds)) s of arriving)."
            )
        }
        let r = scores[ref]
        var headline =
            "On a \(env) tour of \(s.stops.count) places with pauses of \(Format.exact(s.movement.pauseSeconds)) s, "
            + "the assignment's check (\(checkName(s, ref))) collects \(try num(r.wrong)) halls per tour while the student is still at least \(Format.exact(s.ruleRadiusMeters + s.toleranceMeters)) m from them and misses \(try num(r.missed))"
        let best = tourChoice(scores).map { scores[$0] } ?? r
        if best.check != ref {
            headline += "; \(checkName(s, best.check)) gives \(try num(best.wrong)) early and \(try num(best.missed)) missed"
        }
        headline += "."
        var recommendation = "**Recommended check:** \(checkName(s, best.check)): the fewest early plus missed collections per tour."
        let confirmation = try GeofenceConfirmation.runTour(
            s, recommended: best.check, environment: env, variant: variant, distance: d,
            runner: MonteCarloRunner(jobs: MonteCarloRunner.defaultJobs))
        recommendation += " " + (try confirmationText(s, confirmation, probe: nil))
        return Answer(headline: headline, bullets: bullets, recommendation: recommendation)
    }

    /// Per check (in order): early collections (from radius + tolerance or more away) and missed halls per tour, over
    /// the tours of one cell.
    static func tourScores(
        _ s: GeofenceScenario, _ a: GeofenceAnalysis, environment env: String, variant: String, distance d: Double
    ) -> [(check: Int, wrong: Double, missed: Double)] {
        let rows = a.rows.filter { $0.cell.environment.name == env && $0.cell.variant == variant && $0.cell.distanceMeters == d }
        let visits = Double(max(1, rows.first?.visits ?? 0))
        return s.checks.indices.map { c in
            let mine = rows.filter { $0.checkIndex == c }
            let wrong = Double(mine.reduce(0) { $0 + $1.wronglyCollectedVisits }) / visits
            let missed = Double(mine.reduce(0) { $0 + $1.missedVisits }) / visits
            return (c, wrong, missed)
        }
    }

    /// The tour's recommendation: the fewest early plus missed collections per tour, ties to the first check.
    static func tourChoice(_ scores: [(check: Int, wrong: Double, missed: Double)]) -> Int? {
        scores.min { ($0.wrong + $0.missed, $0.check) < ($1.wrong + $1.missed, $1.check) }?.check
    }

    static func measuredText(_ s: GeofenceScenario, _ a: GeofenceAnalysis) throws -> String {
        let m = s.movement
        let walk: String
        switch m.kind {
        case .loiter:
            walk =
                "a student stands at true distance d from \(s.placeSet.places[s.targetIndex].name) (random bearing) for \(Format.exact(m.minutes)) minutes, wandering up to \(Format.exact(m.wanderMeters)) m"
        case .passBy:
            walk =
                "a student walks straight past \(s.placeSet.places[s.targetIndex].name) at \(Format.exact(m.speedMetersPerSecond)) m/s with closest approach d, starting and ending \(Format.exact(m.passHalfLengthMeters)) m from that point"
        case .approach:
            walk =
                "a student walks straight towards \(s.placeSet.places[s.targetIndex].name) from \(Format.exact(m.approachFromMeters)) m at \(Format.exact(m.speedMetersPerSecond)) m/s and stops at d for \(Format.exact(m.minutes)) minutes"
        case .tour:
            walk =
                "a student walks from place to place at \(Format.exact(m.speedMetersPerSecond)) m/s on straight legs, pausing \(Format.exact(m.pauseSeconds)) s at distance d from each"
        case .path:
            walk =
                "a student walks the GPX file's path (\(Format.exact((m.plannedPath?.durationSeconds ?? 0) / 60)) minutes, \(m.plannedPath?.timesSeconds.count ?? 0) points) past \(s.placeSet.places[s.targetIndex].name)"
        }
        return
            "\(s.totalTrials) simulated visits: \(s.cells.count) cell\(s.cells.count == 1 ? "" : "s") × \(s.trialsPerCell) trials, seed \(s.seed). In each, \(walk). "
            + "The phone's fixes come from the GPS jitter model below; each trial's fixes are generated once and fed to one "
            + "`ProximityMonitor` per check, so the checks see identical data. A visit is *outside* when the student never came truly within "
            + "\(Format.exact(s.ruleRadiusMeters)) m of the place (every enter is then a false trigger) and *inside* otherwise; an inside visit is "
            + "missed without an enter within \(Format.exact(s.timeLimitSeconds)) s of the true entry. Intervals: for shares of "
            + "visits (a false trigger, a miss, a collection) the modified Wilson 95% interval of Brown, Cai and DasGupta: Wilson's, "
            + "but with 1–3 visits counted (or 1–3 not counted) the bound on that side is the Poisson one; quasi-Poisson 95% over visits for rates per hour (Garwood's exact interval on the effective count: false triggers come in bursts within a visit, so each visit is a cluster), "
            + (try floorText(s, a)) + ". Places: \(s.placeSet.source). Reproduce with "
            + "`sensorbench run \(s.file) --seed \(s.seed) --trials \(s.trialsPerCell)`."
    }

    /// "with the dispersion floor φ₀ of each environment, the median dispersion of its rows with at least 20 false
    /// triggers (campus 4.1, …; 1 where no row has that many, which assumes triggers do not cluster)": the floors
    /// from the analysis, in the scenario's order of environments (variants apart when there are several).
    static func floorText(_ s: GeofenceScenario, _ a: GeofenceAnalysis) throws -> String {
        let floors = try GeofenceAnalysis.dispersionFloors(a.rows)
        let variants = orderedUnique(s.cells.map(\.variant))
        var parts: [String] = []
        var seen: Set<String> = []
        var unclustered = false
        for cell in s.cells where seen.insert(GeofenceAnalysis.floorKey(cell)).inserted {
            let floor = floors[GeofenceAnalysis.floorKey(cell)] ?? 1
            if floor <= 1 { unclustered = true }
            parts.append("\(floorLabel(cell, variants: variants)) \(try Format.number(floor, significantDigits: 3))")
        }
        let n = ClusteredRate.eventsToShowDispersion
        return "with the dispersion floor φ₀ of each environment, the median dispersion φ̂·(t/z)² of its rows with at "
            + "least \(n) false triggers, because a check's few triggers cannot show how they cluster ("
            + parts.joined(separator: ", ")
            + (unclustered ? "; 1 means no row fired that often, and the interval then assumes triggers do not cluster" : "")
            + "; coverage: `sensorbench dev geofence-coverage`)"
    }

    static func floorLabel(_ cell: GeofenceCell, variants: [String]) -> String {
        variants.count > 1 ? "\(cell.variant) \(cell.environment.name)" : cell.environment.name
    }

    static func environmentTable(_ s: GeofenceScenario) throws -> MarkdownTable {
        var t = MarkdownTable(columns: [
            ("environment", .left), ("σ per axis (m)", .right), ("R95 (m)", .right), ("τ (s)", .right), ("fix every (s)", .right),
            ("accuracy factor", .right), ("outliers/h", .right), ("outlier mean (m)", .right), ("dropouts/h", .right),
        ])
        for e in orderedUnique(s.cells.map(\.environment)) {
            try t.append([
                e.name, try num(e.sigmaMeters), try num(e.sigmaMeters * GPSEnvironment.r95PerSigma),
                try num(e.correlationTimeSeconds), try num(e.fixIntervalSeconds), try num(e.accuracyConfidenceFactor),
                try num(e.outlierRatePerHour), try num(e.outlierMeanMagnitudeMeters), try num(e.dropoutRatePerHour),
            ])
        }
        return t
    }

    static func ratesTable(_ s: GeofenceScenario, _ a: GeofenceAnalysis, env: String, variant: String) throws -> MarkdownTable {
        var t = MarkdownTable(columns: [
            (s.isTour ? "place" : "d (m)", .left), ("check", .left), ("collected", .right), ("P(false trigger)", .right),
            ("false/h", .right), ("missed", .right), ("time to trigger median (s)", .right), ("p95 (s)", .right),
            ("cycles/h", .right),
        ])
        for r in a.rows where r.cell.environment.name == env && r.cell.variant == variant {
            let missed: String = try r.missProbability.map { p throws(ReportingError) in try Format.percentKeepingSmall(p) } ?? ""
            try t.append([
                s.isTour ? s.placeSet.places[r.placeIndex].name : Format.exact(r.cell.distanceMeters),
                s.checks[r.checkIndex].label, try Format.percentKeepingSmall(r.collectProbability),
                try r.falseTriggerProbability.map { try pctCI($0, r.falseTriggerInterval) } ?? "",
                try r.falseTriggersPerHour.map(num) ?? "", missed,
                try r.timeToTriggerMedianSeconds.map(num) ?? "", try r.timeToTriggerP95Seconds.map(num) ?? "",
                try num(r.flappingCyclesPerHour),
            ])
        }
        return t
    }

    /// Pairs of places (as the app knows them) closer than twice the rule radius.
    static func overlapText(_ s: GeofenceScenario) throws -> String {
        var lines: [String] = []
        for variant in orderedUnique(s.cells.map(\.variant)) {
            let places = s.placeSet.places(variant: variant) ?? s.placeSet.places
            var pairs: [(String, String, Double)] = []
            for i in places.indices {
                for j in places.indices where j > i {
                    let d = Geodesic.distanceMeters(places[i].coordinate, places[j].coordinate)
                    if d < 2 * s.ruleRadiusMeters { pairs.append((places[i].name, places[j].name, d)) }
                }
            }
            pairs.sort { $0.2 < $1.2 }
            let label = variant == PlaceSet.baseVariant ? "" : " (coordinates `\(variant)`)"
            if pairs.isEmpty {
                lines.append("No two places\(label) are closer than \(Format.exact(2 * s.ruleRadiusMeters)) m.")
            } else {
                let list = try pairs.map { "\($0.0)–\($0.1) \(try num($0.2)) m" }.joined(separator: ", ")
                lines.append("Places closer than 2 × \(Format.exact(s.ruleRadiusMeters)) m\(label), whose circles overlap: \(list).")
            }
        }
        return lines.joined(separator: " ")
    }
}

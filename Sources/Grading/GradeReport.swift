import DetectionCore
import Foundation
import Reporting
import Stats
import Studies

/// Renders `<team>.md` per graded team, `summary.csv` and `summary.md`.
package enum GradeReport {
    /// Team names (case-folded) whose `<team>.md` would be one of the report's own files.
    static let reservedNames: Set<String> = ["summary"]

    /// Every file of a grading run, rendered in memory.
    package static func render(_ rubric: Rubric, grades: [TeamGrade], failures: [SubmissionFailure]) throws -> ReportFiles {
        var files = ReportFiles()
        for g in grades { files.add("\(g.submission.team).md", try team(g, rubric: rubric)) }
        files.add("summary.csv", try summaryCSV(rubric, grades: grades, failures: failures))
        files.add("summary.md", try summaryMarkdown(rubric, grades: grades, failures: failures))
        return files
    }

    // MARK: - One team

    static func team(_ g: TeamGrade, rubric: Rubric) throws -> String {
        let s = g.submission
        var doc = MarkdownDocument()
        doc.heading("Grade: \(s.team)", level: 1)
        doc.paragraph("Rubric **\(rubric.name)** (`\(rubric.file)`), submission `\(s.file)`.")
        let simulated = g.results.filter { !rubric.criteria[$0.criterionIndex].isManual }
        let manual = g.results.filter { rubric.criteria[$0.criterionIndex].isManual }
        func sum(_ r: [CriterionResult]) -> Double { r.reduce(0) { $0 + ($1.points ?? 0) } }
        func available(_ r: [CriterionResult]) -> Double {
            r.reduce(0) { $0 + ($1.verdict == .notApplicable ? 0 : rubric.criteria[$1.criterionIndex].points) }
        }
        doc.paragraph(
            "**Total: \(try pts(g.total)) / \(try pts(g.maximum(rubric)))** (simulated "
                + "\(try pts(sum(simulated))) / \(try pts(available(simulated))), manual \(try pts(sum(manual))) / "
                + "\(try pts(available(manual)))"
                + (manual.contains { $0.verdict == .notEntered } ? "; some manual points not entered yet" : "") + ").")
        if let source = s.source {
            try sourceSection(&doc, s, source, g.source)
        } else {
            doc.paragraph(
                "Choices: \(GradeAdvice.settingText(s.detector)) (`\(detectorJSON(s.detector))`); proximity "
                    + "check \(s.check.kind.rawValue), radius \(try GradeAdvice.meters(s.check.radiusMeters))"
                    + (try checkOptions(s.check)) + ".")
        }

        doc.heading("Simulated criteria", level: 2)
        var table = MarkdownTable(columns: [
            ("criterion", .left), ("measured", .right), ("95% interval", .right),
            ("rule", .left), ("result", .left), ("points", .right), ("note", .left),
        ])
        for r in simulated {
            let c = rubric.criteria[r.criterionIndex]
            guard case .simulated(let sc) = c.kind else { continue }
            try table.append([
                c.id, try valueText(r.value, sc.metric), try intervalText(r.interval, r.value, sc.metric),
                try ruleText(sc), r.verdict.rawValue,
                r.points.map { "\(try pts($0)) / \(try pts(c.points))" } ?? "–", r.note,
            ])
        }
        doc.table(table)
        doc.bullets(
            simulated.map { r in
                let c = rubric.criteria[r.criterionIndex]
                return "**\(c.id)**: \(c.description)"
            })

        if !manual.isEmpty {
            doc.heading("Manual criteria (entered by staff)", level: 2)
            var m = MarkdownTable(columns: [("criterion", .left), ("description", .left), ("points", .right)])
            for r in manual {
                let c = rubric.criteria[r.criterionIndex]
                try m.append([
                    c.id, c.description,
                    r.verdict == .notEntered
                        ? "not entered / \(try pts(c.points))"
                        : "\(try pts(r.points ?? 0)) / \(try pts(c.points))",
                ])
            }
            doc.table(m)
        }

        doc.heading("Advice", level: 2)
        doc.bullets(try GradeAdvice.advice(g, rubric: rubric))

        doc.heading("Evidence", level: 2)
        doc.paragraph(
            "Every team is graded on the same simulated visits and timelines (generated once per suite), "
                + "so differences come from the teams' choices. A hall is collected only when the gesture fires "
                + "while the proximity check is in range of the team's coordinates, both streams on one clock. "
                + "Intervals: Wilson 95% for shares (on the effective sample size over timelines for the share of "
                + "gestures firing once), quasi-Poisson 95% over timelines for false-alarm rates (false alarms "
                + "cluster in timelines; Garwood's exact interval when they do not); a result whose "
                + "interval straddles the threshold is borderline. Same rubric, submission and seeds give this "
                + "file byte for byte.")
        var evidence = MarkdownTable(columns: [
            ("suite", .left), ("source", .left), ("trials", .right), ("seed", .right),
            ("conditions", .left), ("criteria", .left),
        ])
        for (i, suite) in rubric.suites.enumerated() {
            let ids = rubric.criteria.filter {
                if case .simulated(let sc) = $0.kind { return sc.suiteIndex == i }
                return false
            }.map(\.id)
            try evidence.append([
                suite.id, suite.source, String(suite.trialCount), String(suite.seed), suite.conditions,
                ids.joined(separator: ", "),
            ])
        }
        doc.table(evidence)
        return doc.render()
    }

    /// A source team's choices, the isolation its code ran under, and its outcome when the code did not run.
    static func sourceSection(
        _ doc: inout MarkdownDocument, _ s: Submission, _ source: Submission.Source, _ run: SourceAnswers?
    ) throws {
        let check: String
        if let own = source.types.proximityCheck {
            check = "the team's own proximity check `\(own)`"
        } else {
            check =
                "proximity check \(s.check.kind.rawValue), radius \(try GradeAdvice.meters(s.check.radiusMeters))"
                + (try checkOptions(s.check))
        }
        let fed =
            run?.rawAccelerometer.map {
                $0 ? " (it asked for raw accelerometer readings, gravity included)" : " (it asked for user acceleration, gravity removed)"
            } ?? ""
        doc.paragraph(
            "Choices: \(GradeAdvice.settingText(s.detector))\(fed); \(check). Source submission: the team's own "
                + "code (\(source.files.map { "`\($0)`" }.joined(separator: ", "))), compiled with the harness and "
                + "run on the same streams as every other team.")
        doc.paragraph("Isolation: " + sentence(run?.isolation ?? "none (the code was not run)"))
        if let f = run?.failure {
            doc.paragraph(
                "**Outcome: \(f.outcome)**: \(f.summary). The criteria that need the team's code are not measured "
                    + "(no points); the coordinate check and manual points are graded as usual.")
            if !f.diagnostics.isEmpty { doc.code(f.diagnostics) }
        }
    }

    /// `text` ending with one full stop.
    static func sentence(_ text: String) -> String { text.hasSuffix(".") ? text : text + "." }

    // MARK: - Class summary

    static func summaryCSV(_ rubric: Rubric, grades: [TeamGrade], failures: [SubmissionFailure]) throws -> String {
        var csv = CSVTable(header: ["team", "file", "gesture"] + rubric.criteria.map(\.id) + ["total", "maximum", "error"])
        for g in grades {
            try csv.append(
                [.text(g.submission.team), .text(g.submission.file), .text(g.submission.detector.gesture.rawValue)]
                    + g.results.map { r in r.points.map { CSVCell.number($0) } ?? .missing }
                    + [
                        .number(g.total), .number(g.maximum(rubric)),
                        g.source?.failure.map { .text("\($0.outcome): \($0.summary)") } ?? .missing,
                    ])
        }
        for f in failures {
            try csv.append(
                [.missing, .text(f.file), .missing] + rubric.criteria.map { _ in CSVCell.missing }
                    + [.missing, .missing, .text(f.error.description)])
        }
        return csv.render()
    }

    static func summaryMarkdown(_ rubric: Rubric, grades: [TeamGrade], failures: [SubmissionFailure]) throws -> String {
        var doc = MarkdownDocument()
        doc.heading("Grades: \(rubric.name)", level: 1)
        if !rubric.description.isEmpty { doc.paragraph(rubric.description) }
        doc.paragraph(
            "\(grades.count) submission\(grades.count == 1 ? "" : "s") graded"
                + (failures.isEmpty ? "." : ", \(failures.count) could not be graded (below)."))

        if !failures.isEmpty {
            doc.heading("Submissions that could not be graded", level: 2)
            doc.bullets(failures.map { "`\($0.error.description)`" })
        }
        let sources = grades.filter { $0.submission.source != nil }
        if !sources.isEmpty {
            doc.heading("Source submissions", level: 2)
            doc.paragraph(
                "Teams graded on their own Swift code, compiled and run in a harness on the same streams. "
                    + "Isolation: " + sentence(sources[0].source?.isolation ?? "none"))
            var t = MarkdownTable(columns: [("team", .left), ("outcome", .left)])
            for g in sources {
                try t.append([
                    g.submission.team,
                    g.source?.failure.map { "\($0.outcome): \($0.summary)" } ?? "ran; graded on its events",
                ])
            }
            doc.table(t)
        }

        doc.heading("Scores", level: 2)
        var scores = MarkdownTable(columns: [
            ("team", .left), ("gesture", .left), ("total", .right), ("of", .right),
            ("passed", .right), ("borderline", .right), ("failed", .right),
        ])
        for g in grades {
            func count(_ v: Verdict) -> String {
                String(g.results.filter { $0.verdict == v || (v == .fail && $0.verdict == .notMeasurable) }.count)
            }
            try scores.append([
                g.submission.team, g.submission.detector.gesture.rawValue, try pts(g.total),
                try pts(g.maximum(rubric)), count(.pass), count(.borderline), count(.fail),
            ])
        }
        doc.table(scores)

        if !grades.isEmpty {
            doc.heading("Score distribution", level: 2)
            let shares = grades.map { $0.total / max($0.maximum(rubric), 1e-12) }.sorted()
            let mean = shares.reduce(0, +) / Double(shares.count)
            let median =
                shares.count % 2 == 1
                ? shares[shares.count / 2]
                : (shares[shares.count / 2 - 1] + shares[shares.count / 2]) / 2
            doc.paragraph(
                "Share of available points: mean \(try GradeAdvice.percent(mean)), median "
                    + "\(try GradeAdvice.percent(median)), lowest \(try GradeAdvice.percent(shares[0])), highest "
                    + "\(try GradeAdvice.percent(shares[shares.count - 1])).")
            var bins = MarkdownTable(columns: [("share of points", .left), ("teams", .right)])
            for b in 0..<5 {
                let low = Double(b) * 0.2, high = Double(b + 1) * 0.2
                let n = shares.filter { $0 >= low && (b == 4 ? $0 <= high : $0 < high) }.count
                try bins.append(["\(b * 20)–\((b + 1) * 20)%\(b == 4 ? "" : " (excl.)")", String(n)])
            }
            doc.table(bins)

            doc.heading("Criteria most often failed", level: 2)
            var failed = MarkdownTable(columns: [
                ("criterion", .left), ("failed", .right), ("borderline", .right),
                ("applicable teams", .right), ("mean points", .right),
            ])
            let order = rubric.criteria.indices.filter { !rubric.criteria[$0].isManual }.sorted { a, b in
                let fa = grades.filter { [.fail, .notMeasurable].contains($0.results[a].verdict) }.count
                let fb = grades.filter { [.fail, .notMeasurable].contains($0.results[b].verdict) }.count
                return fa != fb ? fa > fb : a < b
            }
            for i in order {
                let applicable = grades.filter { $0.results[i].verdict != .notApplicable }
                let fails = applicable.filter { [.fail, .notMeasurable].contains($0.results[i].verdict) }.count
                let border = applicable.filter { $0.results[i].verdict == .borderline }.count
                let mean = applicable.isEmpty ? 0 : applicable.reduce(0) { $0 + ($1.results[i].points ?? 0) } / Double(applicable.count)
                try failed.append([
                    rubric.criteria[i].id, String(fails), String(border), String(applicable.count),
                    "\(try pts(mean)) / \(try pts(rubric.criteria[i].points))",
                ])
            }
            doc.table(failed)

            doc.heading("Common causes", level: 2)
            doc.bullets(try causes(rubric, grades))
        }
        return doc.render()
    }

    /// Causes shared by several teams, counted from the numbers.
    static func causes(_ rubric: Rubric, _ grades: [TeamGrade]) throws -> [String] {
        var out: [String] = []
        // Halls whose coordinates are off.
        for (i, place) in rubric.places.enumerated() {
            let off = grades.filter { g in
                guard let c = g.submission.halls[i] else { return true }
                return Geodesic.distanceMeters(c, place.coordinate) > 10
            }
            if !off.isEmpty {
                out.append(
                    "\(place.name): \(off.count) team\(off.count == 1 ? "" : "s") submitted coordinates more than "
                        + "10 m off or none (\(off.prefix(6).map(\.submission.team).joined(separator: ", ")))")
            }
        }
        // Check kinds and gesture families among teams that failed each simulated criterion.
        for (i, c) in rubric.criteria.enumerated() where !c.isManual && !c.isCoordinateCheck {
            let failing = grades.filter { [.fail, .notMeasurable].contains($0.results[i].verdict) }
            guard !failing.isEmpty else { continue }
            var kinds: [String: Int] = [:]
            for g in failing {
                let key: String
                switch rubric.criteria[i].kind {
                case .simulated(let sc) where rubric.suites[sc.suiteIndex].isHallVisits:
                    key = "\(g.submission.check.kind.rawValue) check, radius \(Format.label(g.submission.check.radiusMeters)) m"
                default:
                    key = GradeAdvice.settingText(g.submission.detector)
                }
                kinds[key, default: 0] += 1
            }
            let sorted = kinds.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            let teams = "\(c.id): failed by \(failing.count) team\(failing.count == 1 ? "" : "s")"
            // "Most often" only for a choice two or more failing teams share.
            if let top = sorted.first, top.value >= 2 {
                out.append(
                    "\(teams); most often with \(top.key) (\(top.value) of \(failing.count))"
                        + (sorted.count > 1
                            ? "; also " + sorted.dropFirst().prefix(2).map { "\($0.key) (\($0.value))" }.joined(separator: "; ") : ""))
            } else if failing.count == 1, let only = sorted.first {
                out.append("\(teams), with \(only.key)")
            } else {
                out.append(
                    "\(teams), each with a different choice: "
                        + sorted.prefix(3).map(\.key).joined(separator: "; ") + (sorted.count > 3 ? "; …" : ""))
            }
        }
        if out.isEmpty { out.append("No criterion was failed.") }
        return out
    }

    // MARK: - Text

    package static func pts(_ x: Double) throws -> String { try Format.number(x, significantDigits: 4) }

    static func valueText(_ v: Double?, _ m: GradingMetric) throws -> String {
        guard let v else { return "–" }
        if m.isProportion { return "\(try Format.fixed(v * 100, decimals: 1))%" }
        return "\(try Format.number(v, significantDigits: 3))\(m.unit)"
    }

    static func intervalText(_ ci: ConfidenceInterval?, _ v: Double?, _ m: GradingMetric) throws -> String {
        guard let ci else { return v == nil ? "–" : "exact" }
        if m.isProportion {
            return "\(try Format.fixed(ci.low * 100, decimals: 1))–\(try Format.fixed(ci.high * 100, decimals: 1))%"
        }
        return "\(try Format.number(ci.low, significantDigits: 3))–\(try Format.number(ci.high, significantDigits: 3))\(m.unit)"
    }

    static func ruleText(_ sc: SimulatedCriterion) throws -> String {
        let t =
            sc.metric.isProportion
            ? "\(try Format.number(sc.rule.threshold * 100, significantDigits: 4))%"
            : "\(try Format.number(sc.rule.threshold, significantDigits: 4))\(sc.metric.unit)"
        var text = (sc.rule.direction == .atLeast ? "≥ " : "≤ ") + t
        if sc.aggregation != .pooled { text += " (\(sc.aggregation.rawValue))" }
        if let p = sc.partialCredit {
            text += "; partial \(try valueText(p.zeroAt, sc.metric))→\(try valueText(p.fullAt, sc.metric))"
        }
        return text + "; borderline \(sc.borderline.rawValue)"
    }

    /// The check kind's own option, from its declaration (", exit margin 10 m"); empty for a kind without one.
    static func checkOptions(_ c: ProximityCheckConfiguration) throws -> String {
        c.kind.optionLabel(c, number: { Format.label($0, significantDigits: 3) }).map { ", \($0)" } ?? ""
    }

    /// The detector in the core's JSON vocabulary, on one line with sorted keys.
    static func detectorJSON(_ d: Submission.Detector) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data?
        switch d {
        case .shake(let c): data = try? encoder.encode(c)
        case .scribble(let c): data = try? encoder.encode(c)
        case .source: data = nil
        }
        return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}

extension GradingSuite {
    var isHallVisits: Bool {
        if case .hallVisits = body { return true }
        return false
    }
}

extension GradingCriterion {
    /// Whether the criterion is the coordinate check (its causes are listed hall by hall).
    var isCoordinateCheck: Bool {
        if case .simulated(let s) = kind { return s.metric == .worstCoordinateErrorMeters }
        return false
    }
}

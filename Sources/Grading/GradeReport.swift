import DetectionCore
import FileFormats
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
        for g in grades {
            files.add("\(g.submission.team).md", try team(g, rubric: rubric))
            files.add("gradescope/\(g.submission.team)/results.json", try gradescopeResults(g, rubric: rubric))
        }
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
            doc.paragraph(feedText(s, rubric: rubric, run: g.source))
        } else {
            doc.paragraph(
                "Choices: \(GradeAdvice.settingText(s.detector)) (`\(detectorJSON(s.detector))`); proximity "
                    + "check \(s.check.kind.rawValue), radius \(try GradeAdvice.meters(s.check.radiusMeters))"
                    + (try checkOptions(s.check)) + ".")
            doc.paragraph(feedText(s, rubric: rubric))
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
                + "so differences come from the teams' choices. A hall is collected when the app's first collection "
                + "of the visit (the detector firing while the proximity check is in range of the team's coordinates, "
                + "both streams on one clock) falls within a deliberate gesture's window; without one it is a false "
                + "collection. "
                + "Intervals: Wilson 95% for shares (on the effective sample size over timelines for recall and the "
                + "share of gestures firing once), quasi-Poisson 95% over timelines for false-alarm rates (false alarms "
                + "cluster in timelines; Garwood's exact interval when they do not), with the dispersion floor of "
                + "every setting run on the suite's timelines, as the shake study takes it over its sweep; a result whose "
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

    /// The team's detector as the grader read and fed it: each setting its kind reads, with its unit, and the
    /// stream and rate of every suite that fed it. An app-style source team (its own `CMMotionManager`) is fed at
    /// the rate its app set, so the line gives that rate first and the suites' stream second (issue 26).
    ///
    /// - Parameters:
    ///   - s: the submission.
    ///   - rubric: the rubric whose suites fed it.
    ///   - run: a source team's harness answers (the intervals its app started its updates with), or nil.
    static func feedText(_ s: Submission, rubric: Rubric, run: SourceAnswers? = nil) -> String {
        var settings = ""
        switch s.detector {
        case .shake(let c):
            let read = c.kind.readings.filter { r in
                guard let flag = r.onlyWhen else { return true }
                if case .flag(true)? = c[flag] { return true }
                return false
            }
            .compactMap { r -> String? in
                let v: Double
                switch c[r.parameter.key] {
                case .real(let x)?: v = x
                case .count(let n)?: v = Double(n)
                default: return nil  // flags (which stream) are said below
                }
                return "\(r.parameter.key) \(Format.label(v))\(r.parameter.unit.isEmpty ? "" : " \(r.parameter.unit)")"
            }
            settings = "its \(c.kind.rawValue) detector read \(read.joined(separator: ", ")); "
        case .scribble(let c):
            settings =
                "its scribble detector read requiredReversals \(c.requiredReversals), minimumTravelPoints "
                + "\(Format.label(c.minimumTravelPoints)) pt, windowSeconds \(Format.label(c.windowSeconds)) s, cooldownSeconds "
                + "\(Format.label(c.cooldownSeconds)) s; "
        case .source: break
        }
        var rates: [Double] = []
        for suite in rubric.suites {
            switch (suite.body, s.detector.gesture) {
            case (.hallVisits(let h), .shake): rates.append(h.motion.sensor.sampleRateHz)
            case (.hallVisits(let h), .scribble): rates.append(h.touch.touchRateHz)
            case (.shakeTimelines(let t), .shake): rates.append(t.parameters.sensor.sampleRateHz)
            case (.scribbleTimelines(let t), .scribble): rates.append(t.parameters.touchRateHz)
            default: continue
            }
        }
        let distinct = Array(Set(rates)).sorted().map { "\(Format.label($0)) Hz" }
        let stream: String
        switch s.detector {
        case .shake(let c):
            stream = c.kind.thresholdsRawReadings ? "raw accelerometer readings (gravity included)" : "userAcceleration (gravity removed)"
        case .scribble: stream = "touch points"
        case .source(let g, _, _): stream = g == .shake ? "accelerometer samples" : "touch points"
        }
        if case .source(.shake, _, _) = s.detector, let app = run.flatMap(appFeed) {
            return "As graded: its app ran \(app.sensor) at `\(app.property)` = \(SourceAnswers.number(app.seconds)) s, so "
                + "it was fed \(app.stream) at \(SourceAnswers.number(1 / app.seconds)) Hz (its own rate, taken from the "
                + "grader's \(distinct.joined(separator: " and ")) stream) in every suite that measures it."
        }
        return "As graded: \(settings)it was fed \(stream) at \(distinct.joined(separator: " and ")) in every suite that "
            + "measures it."
    }

    /// The sensor an app-style team's shake code listened to, at the interval its app set (the accelerometer
    /// first, then device motion: the order the harness reads them in), or nil for a detector type.
    static func appFeed(
        _ run: SourceAnswers
    ) -> (sensor: String, property: String, seconds: Double, stream: String)? {
        let i = run.intervals
        if i.accelerometerSeconds > 0 {
            return (
                "its accelerometer", "accelerometerUpdateInterval", i.accelerometerSeconds,
                "raw accelerometer readings (gravity included)"
            )
        }
        if i.deviceMotionSeconds > 0 {
            return (
                "device motion", "deviceMotionUpdateInterval", i.deviceMotionSeconds,
                "device-motion userAcceleration (gravity removed)"
            )
        }
        return nil
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
        // How the team's app ran (its update rate, what it printed): nothing for a detector type that printed
        // nothing, so those reports are unchanged.
        if let run {
            for note in run.runNotes(delivery: source.types.lowRateDelivery) { doc.paragraph(note) }
            if !run.printed.isEmpty { doc.code(printedText(run.shownLog)) }
        }
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
        var csv = CSVTable(
            header: ["team", "student", "file", "gesture"] + rubric.criteria.map(\.id) + ["total", "maximum", "error"])
        for g in grades {
            try csv.append(
                [
                    .text(g.submission.team), .text(g.submission.student), .text(g.submission.file),
                    .text(g.submission.detector.gesture.rawValue),
                ]
                    + (try g.results.map { r in try r.points.map { CSVCell.text(try points2($0)) } ?? .missing })
                    + [
                        .text(try points2(g.total)), .text(try points2(g.maximum(rubric))),
                        g.source?.failure.map { .text("\($0.outcome): \($0.summary)") } ?? .missing,
                    ])
        }
        for f in failures {
            try csv.append(
                [.missing, .text(Self.student(ofFile: f.file)), .text(f.file), .missing] + rubric.criteria.map { _ in CSVCell.missing }
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
        if let secret = rubric.streamSecret {
            let text = Rubric.secretText(secret)
            doc.paragraph(
                "Stream secret: `\(text)`, mixed into every suite's seed for this run (the seeds in the teams' reports "
                    + "are the mixed ones) and shown only now that every run has answered; `sensorbench grade --secret "
                    + "\(text)` with the same rubric and submissions reproduces this grade byte for byte.")
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

    /// Causes named from each criterion's evidence: for each failing team the cause its own numbers show (why
    /// its visits went uncollected, the activity behind most of its false alarms, …), teams grouped by cause; and
    /// each team's wrong coordinates on one line.
    static func causes(_ rubric: Rubric, _ grades: [TeamGrade]) throws -> [String] {
        var out: [String] = []
        let limit =
            rubric.criteria.compactMap { c -> Double? in
                if case .simulated(let sc) = c.kind, sc.metric == .worstCoordinateErrorMeters { return sc.rule.threshold }
                return nil
            }.first ?? 10
        // Wrong coordinates: one line per team.
        for g in grades {
            var halls: [String] = []
            for (i, place) in rubric.places.enumerated() {
                guard let c = g.submission.halls[i] else {
                    halls.append("\(place.name) missing")
                    continue
                }
                let error = Geodesic.distanceMeters(c, place.coordinate)
                if error > limit { halls.append("\(place.name) \(try GradeAdvice.meters(error)) off") }
            }
            if !halls.isEmpty {
                out.append(
                    "\(g.submission.team): coordinates more than \(Format.exact(limit)) m off or missing: \(halls.joined(separator: ", "))")
            }
        }
        for (i, c) in rubric.criteria.enumerated() where !c.isManual && !c.isCoordinateCheck {
            guard case .simulated(let sc) = c.kind else { continue }
            let failing = grades.filter { [.fail, .notMeasurable].contains($0.results[i].verdict) }
            guard !failing.isEmpty else { continue }
            var groups: [(cause: String, teams: [String])] = []
            for g in failing {
                let cause = evidenceCause(g, sc, rubric: rubric)
                if let k = groups.firstIndex(where: { $0.cause == cause }) {
                    groups[k].teams.append(g.submission.team)
                } else {
                    groups.append((cause, [g.submission.team]))
                }
            }
            groups.sort { $0.teams.count != $1.teams.count ? $0.teams.count > $1.teams.count : $0.cause < $1.cause }
            out.append(
                "\(c.id): failed by \(failing.count) team\(failing.count == 1 ? "" : "s"): "
                    + groups.map { group in
                        let shown = group.teams.prefix(4).joined(separator: ", ") + (group.teams.count > 4 ? ", …" : "")
                        return "\(group.cause) (\(group.teams.count): \(shown))"
                    }.joined(separator: "; "))
        }
        if out.isEmpty { out.append("No criterion was failed.") }
        return out
    }

    /// What a failing team's own evidence on one criterion shows, in words shared by teams with the same cause.
    static func evidenceCause(_ g: TeamGrade, _ sc: SimulatedCriterion, rubric: Rubric) -> String {
        let gesture = g.submission.detector.gesture == .shake ? "shake" : "scribble"
        switch g.outcomes[sc.suiteIndex] {
        case .notRun:
            // Its outcome (compile error, crash, …) is in the source submissions table.
            return "the team's code did not run"
        case .visits(let v):
            switch sc.metric {
            case .collectRate:
                guard let top = GradeAdvice.visitCauses(v).first else { return "too few visits collected" }
                return "most uncollected visits: \(top.cause.text(gesture))"
            case .falseCollectionRate:
                return "the detector fires on everyday motion while in range, before the first \(gesture)"
            default:
                if g.submission.source?.types.proximityCheck != nil { return "the team's own check lets distant fixes in" }
                let check = g.submission.check
                return "a \(check.kind.rawValue) check (radius \(Format.label(check.radiusMeters)) m) lets fixes from that far in"
            }
        case .gestures(let t):
            switch sc.metric {
            case .recall:
                return t.truePositives == 0
                    ? "the detector caught no deliberate \(gesture)"
                    : "the detector misses deliberate \(gesture)s"
                        + (gesture == "shake" ? " (each team's report gives the peaks of those it missed)" : "")
            case .falseAlarmsPerHour:
                guard let top = GradeAdvice.activitiesThatFired(t, gesture: g.submission.detector.gesture).first else {
                    return "false alarms"
                }
                return "fires most on \(top.phrase)"
            default:
                return t.truePositives == 0
                    ? "no \(gesture) detected, so none fired once" : "fires twice or more inside one \(gesture)"
            }
        default:
            return "not measured"
        }
    }

    /// The student identifier of a file that could not be read: its folder (a `submission.json`) or file name.
    static func student(ofFile file: String) -> String {
        let url = URL(fileURLWithPath: file)
        if url.lastPathComponent == "submission.json" { return url.deletingLastPathComponent().lastPathComponent }
        return url.deletingPathExtension().lastPathComponent
    }

    /// Points for a gradebook: rounded to two decimals, always written with two ("50.50").
    static func points2(_ x: Double) throws -> String { try Format.fixed(x, decimals: 2) }

    // MARK: - Gradescope

    /// A Gradescope autograder `results.json` for one team (the format of Gradescope's autograder specification:
    /// `score`, `output`, and `tests`, each with `name`, `score`, `max_score` and `output`): one test per applicable
    /// criterion, simulated and manual, points rounded to two decimals; the total is the sum of the rounded scores,
    /// so Gradescope's own sum agrees with it.
    static func gradescopeResults(_ g: TeamGrade, rubric: Rubric) throws -> String {
        struct Test: Encodable {
            let name: String
            let score: Double
            let maxScore: Double
            let output: String
            enum CodingKeys: String, CodingKey {
                case name, score, output
                case maxScore = "max_score"
            }
        }
        struct Results: Encodable {
            let score: Double
            let output: String
            let tests: [Test]
        }
        func rounded(_ x: Double) -> Double { (x * 100).rounded() / 100 }
        var tests: [Test] = []
        for r in g.results where r.verdict != .notApplicable {
            let c = rubric.criteria[r.criterionIndex]
            var output = c.description
            if case .simulated(let sc) = c.kind {
                output +=
                    " Measured \(try valueText(r.value, sc.metric)) (95% interval \(try intervalText(r.interval, r.value, sc.metric))); "
                    + "rule \(try ruleText(sc)): \(r.verdict.rawValue)."
                if !r.note.isEmpty { output += " \(sentence(r.note))" }
            } else if r.verdict == .notEntered {
                output += " Staff have not entered points yet."
            }
            tests.append(Test(name: c.id, score: rounded(r.points ?? 0), maxScore: c.points, output: output))
        }
        var output = try GradeAdvice.advice(g, rubric: rubric)
        if let f = g.source?.failure { output.insert("Outcome: \(f.outcome): \(f.summary).", at: 0) }
        let results = Results(
            score: rounded(tests.reduce(0) { $0 + $1.score }), output: output.joined(separator: "\n"), tests: tests)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(results), as: UTF8.self) + "\n"
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

    /// A team's printed log as its report shows it: line by line, each control character (an escape sequence, a
    /// carriage return, a NUL) written as `\u{…}`, so what a team prints cannot drive a terminal or a viewer that
    /// shows the report; the code block around it is fenced longer than any run of backticks in it.
    static func printedText(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { InputError.escapingControlCharacters(String($0)) }.joined(separator: "\n")
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

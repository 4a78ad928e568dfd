import DetectionCore
import FileFormats
import Foundation
import MonteCarlo
import Stats

/// What one unit of grading work gave: one hall visit or one gesture timeline, for every team at once.
package enum GradingUnitResult: Sendable, Equatable {
    /// A hall visit: what happened for each submission (in order).
    case visit([VisitResult])
    /// A gesture timeline: the tally of each distinct detector setting of the suite (``GradingPlan/settings``).
    case timeline([GestureTally])
}

/// The grading work of a run, numbered by one global index so that it splits into shards.
///
/// Units are the (suite, trial) pairs of every simulated suite in rubric order: suite s owns the global indices
/// `offsets[s] ..< offsets[s] + trialCount`. A unit's result depends only on the rubric, the submissions and its
/// index (its random streams come from `TrialSeed(suite seed, trial)`), so where it runs does not matter, and
/// a ``Reduction`` of every unit in index order gives exactly the unsharded outcomes.
package struct GradingPlan: Sendable {
    package let rubric: Rubric
    package let submissions: [Submission]
    /// Per suite: the distinct detector settings fed its timelines (the teams' settings in order of first
    /// appearance, then the ladders' variants); empty for hall visits and coordinates.
    package let settings: [[Submission.Detector]]
    /// Per suite and submission: the index of the submission's setting in `settings[suite]`, nil when the suite
    /// is not about the submission's gesture or does not feed settings.
    let settingOf: [[Int?]]
    /// Per suite: its first global unit index.
    package let offsets: [Int]
    /// Units in all.
    package let totalUnits: Int
    /// Per submission: its ladder of alternative settings (``DetectorLadder``), evaluated alongside.
    let ladders: [[LadderRung]]
    /// Per submission: a source team's harness answers (nil for JSON teams), set by ``SourceGrading`` before the
    /// units are computed.
    package var sourceAnswers: [SourceAnswers?] = []

    /// Plans the grading of `submissions` against `rubric`.
    package init(_ rubric: Rubric, _ submissions: [Submission]) {
        self.rubric = rubric
        self.submissions = submissions
        let ladders = DetectorLadder.rungs(rubric, submissions)
        var settings: [[Submission.Detector]] = []
        var settingOf: [[Int?]] = []
        var offsets: [Int] = []
        var total = 0
        for (s, suite) in rubric.suites.enumerated() {
            offsets.append(total)
            total += suite.trialCount
            let gesture: GestureChoice?
            switch suite.body {
            case .shakeTimelines: gesture = .shake
            case .scribbleTimelines: gesture = .scribble
            default: gesture = nil
            }
            var list: [Submission.Detector] = []
            func index(_ d: Submission.Detector) -> Int {
                if let i = list.firstIndex(of: d) { return i }
                list.append(d)
                return list.count - 1
            }
            let of = submissions.map { sub -> Int? in
                guard let gesture, sub.detector.gesture == gesture else { return nil }
                return index(sub.detector)
            }
            // The ladders' variants only where a recall or false-alarm criterion measures them; a variant equal
            // to a team's setting (or another team's ladder) is fed once.
            if gesture != nil && DetectorLadder.suiteJudgesLadder(rubric, suite: s) {
                for rungs in ladders { for r in rungs where r.detector.gesture == gesture { _ = index(r.detector) } }
            }
            settings.append(list)
            settingOf.append(of)
        }
        self.settings = settings
        self.settingOf = settingOf
        self.offsets = offsets
        self.totalUnits = total
        self.ladders = ladders
    }

    // MARK: - Units

    /// The suite and trial of global unit `g`.
    func locate(_ g: Int) -> (suite: Int, trial: Int)? {
        guard g >= 0, g < totalUnits else { return nil }
        for s in rubric.suites.indices.reversed() where offsets[s] <= g && rubric.suites[s].trialCount > 0 {
            return (s, g - offsets[s])
        }
        return nil
    }

    /// Computes one unit.
    func unit(_ g: Int) throws -> GradingUnitResult {
        guard let (s, k) = locate(g) else {
            throw InputError(file: nil, field: "grade", problem: "unit \(g) is outside 0..<\(totalUnits)")
        }
        let suite = rubric.suites[s]
        switch suite.body {
        case .hallVisits(let h):
            return .visit(
                try GradingEngine.visit(
                    h, seed: suite.seed, index: k, submissions, suiteIndex: s, sources: try sourceAnswersOrThrow()))
        case .shakeTimelines(let t):
            let configs = try settings[s].compactMap { d -> FedSetting<ShakeDetectorConfiguration>? in
                switch d {
                case .shake(let c): return .shipped(c)
                case .source(.shake, let team, _): return .answered(try answered(team, suite: s, trial: k))
                default: return nil
                }
            }
            return .timeline(try GradingEngine.shakeTimeline(t, seed: suite.seed, index: k, configs))
        case .scribbleTimelines(let t):
            let configs = try settings[s].compactMap { d -> FedSetting<ScribbleDetectorConfiguration>? in
                switch d {
                case .scribble(let c): return .shipped(c)
                case .source(.scribble, let team, _): return .answered(try answered(team, suite: s, trial: k))
                default: return nil
                }
            }
            return .timeline(try GradingEngine.scribbleTimeline(t, seed: suite.seed, index: k, configs))
        case .coordinates:
            throw InputError(file: nil, field: "grade", problem: "the coordinate check has no units")
        }
    }

    /// The source teams' harness answers, or a throw when a source team has none (a sharded run).
    private func sourceAnswersOrThrow() throws(InputError) -> [SourceAnswers?] {
        for (i, sub) in submissions.enumerated() where sub.source != nil {
            guard i < sourceAnswers.count, sourceAnswers[i] != nil else {
                throw InputError(
                    file: sub.file, field: "source",
                    problem: "source submissions are graded in one run only (not in shards): no harness answers")
            }
        }
        return sourceAnswers
    }

    /// A source team's firing times on one trial.
    private func answered(_ team: String, suite s: Int, trial k: Int) throws(InputError) -> [Double] {
        let all = try sourceAnswersOrThrow()
        guard let i = submissions.firstIndex(where: { $0.team == team }), let a = all[i] else { return [] }
        return a.times(suite: s, trial: k)
    }

    // MARK: - Reduction

    /// The reduction of a plan's units as they arrive in global index order: per suite, each submission's
    /// collected visits per place and each setting's tally, so memory is O(suites × (submissions × places +
    /// settings)) whatever the trial counts, and no array of units exists.
    package struct Reduction: Sendable {
        private let plan: GradingPlan
        /// Per suite (hall visits): per submission, its visits place by place.
        private var collected: [[VisitTally]]
        /// Per suite (timelines): per setting, the total tally.
        private var totals: [[GestureTally]]
        /// Units added so far: the next unit's global index.
        package private(set) var count = 0

        package init(_ plan: GradingPlan) {
            self.plan = plan
            collected = plan.rubric.suites.map { suite in
                guard case .hallVisits(let h) = suite.body else { return [] }
                return Array(
                    repeating: VisitTally(places: h.places.count, visitsPerPlace: h.visitsPerPlace),
                    count: plan.submissions.count)
            }
            totals = plan.rubric.suites.indices.map { s in
                switch plan.rubric.suites[s].body {
                case .shakeTimelines, .scribbleTimelines: Array(repeating: GestureTally(), count: plan.settings[s].count)
                default: []
                }
            }
        }

        /// Adds the unit of global index ``count``.
        ///
        /// - Throws: ``InputError`` when the unit does not fit its suite.
        package mutating func add(_ u: GradingUnitResult) throws(InputError) {
            let g = count
            count += 1
            // Units beyond the plan are counted only; ``finish()`` refuses the count.
            guard let (s, k) = plan.locate(g) else { return }
            switch plan.rubric.suites[s].body {
            case .hallVisits(let h):
                guard case .visit(let got) = u, got.count == plan.submissions.count else { throw plan.misfit(s, k) }
                for i in plan.submissions.indices { collected[s][i].add(got[i], place: k / h.visitsPerPlace) }
            case .shakeTimelines, .scribbleTimelines:
                guard case .timeline(let tallies) = u, tallies.count == plan.settings[s].count else { throw plan.misfit(s, k) }
                for j in tallies.indices { totals[s][j].add(tallies[j]) }
            case .coordinates:
                throw plan.misfit(s, k)
            }
        }

        /// The evaluation of every unit added.
        ///
        /// - Throws: ``InputError`` when fewer or more units than the plan's were added.
        package func finish() throws(InputError) -> GradingEvaluation {
            guard count == plan.totalUnits else {
                throw InputError(file: nil, field: "grade", problem: "\(count) units, the plan has \(plan.totalUnits)")
            }
            let rubric = plan.rubric
            let submissions = plan.submissions
            var table = Array(repeating: [SuiteOutcome](), count: submissions.count)
            for (s, suite) in rubric.suites.enumerated() {
                let column: [SuiteOutcome]
                switch suite.body {
                case .coordinates:
                    column = submissions.map { sub in
                        .coordinates(
                            zip(rubric.places, sub.halls).map { place, c in
                                c.map { Geodesic.distanceMeters($0, place.coordinate) }
                            })
                    }
                case .hallVisits:
                    column = collected[s].map { .visits($0) }
                case .shakeTimelines, .scribbleTimelines:
                    column = plan.settingOf[s].map { j in j.map { .gestures(totals[s][$0]) } ?? .notApplicable }
                }
                for i in submissions.indices { table[i].append(column[i]) }
            }
            return GradingEvaluation(outcomes: table, settingTotals: totals)
        }
    }

    fileprivate func misfit(_ s: Int, _ k: Int) -> InputError {
        InputError(
            file: nil, field: "grade",
            problem: "trial \(k) of suite \(rubric.suites[s].id) does not fit the suite (another rubric or submissions?)")
    }
}

/// The reduced results of a grading run.
package struct GradingEvaluation: Sendable {
    /// Outcomes per submission (outer) and suite (inner).
    package let outcomes: [[SuiteOutcome]]
    /// Per suite: the total tally of each setting in ``GradingPlan/settings`` (empty for other suites).
    package let settingTotals: [[GestureTally]]

    /// The dispersion floor φ₀ of suite `s`'s false-alarm intervals: ``ClusteredRate/dispersionFloor(of:minimumEvents:confidence:)``
    /// over every setting fed its timelines (the teams' and their ladders'), as a sweep's floor is taken over its
    /// settings; 1 for a suite without settings or without a setting that fired often enough to show clustering.
    ///
    /// - Throws: ``StatsError`` from GSL (not expected).
    package func dispersionFloor(suite s: Int) throws -> Double {
        guard s < settingTotals.count else { return 1 }
        return try ClusteredRate.dispersionFloor(of: settingTotals[s].map(\.falseAlarmClusters))
    }
}

import FileFormats
import Foundation
import MonteCarlo
import SourceSubmissions

/// One team's grade.
package struct TeamGrade: Sendable {
    package let submission: Submission
    /// One result per rubric criterion, in rubric order.
    package let results: [CriterionResult]
    /// The suite outcomes the results came from (rubric suite order).
    package let outcomes: [SuiteOutcome]
    /// The team's detector with one parameter moved along a ladder, judged on the rubric's recall and false-alarm
    /// criteria on the same timelines (``DetectorLadder``).
    package internal(set) var alternatives: [AlternativeSetting] = []
    /// A source team's run: the isolation in force and its failure, if any (nil for a JSON team).
    package internal(set) var source: SourceAnswers?
    /// The ladder's suggestion re-run on fresh days (``LadderConfirmation``), nil when the advice names no rung.
    package internal(set) var ladderConfirmation: LadderConfirmation?

    /// Points earned over every applicable criterion.
    package var total: Double { results.reduce(0) { $0 + ($1.points ?? 0) } }

    /// Points available to this team (criteria for the other gesture left out).
    package func maximum(_ rubric: Rubric) -> Double {
        results.reduce(0) { $0 + ($1.verdict == .notApplicable ? 0 : rubric.criteria[$1.criterionIndex].points) }
    }
}

/// A submission file that could not be graded, with the reason.
package struct SubmissionFailure: Sendable, Equatable {
    package let file: String
    package let error: InputError
}

/// Grades submissions against a rubric.
package enum Grader {
    /// Reads every submission (a bad one is recorded, not fatal), simulates every suite once, and scores.
    ///
    /// - Parameters:
    ///   - rubric: the validated rubric.
    ///   - files: submission files, in the order reports list them.
    ///   - runner: worker threads (results do not depend on their number).
    ///   - teamBudgetSeconds: wall-clock seconds of one source team's harness runs together (nil: the default,
    ///     ``SourceToolchain/defaultTeamBudgetSeconds``); source teams' runs use `runner.jobs` slots.
    /// - Returns: grades of the good submissions (in file order) and the failures.
    package static func grade(
        _ rubric: Rubric, files: [String],
        runner: MonteCarloRunner, teamBudgetSeconds: Double? = nil
    ) throws -> (grades: [TeamGrade], failures: [SubmissionFailure]) {
        let (submissions, failures) = load(rubric, files: files)
        return (
            try grade(rubric, submissions: submissions, runner: runner, teamBudgetSeconds: teamBudgetSeconds), failures
        )
    }

    /// Reads every submission file; a bad one (or a second file of the same team) is recorded, not fatal.
    ///
    /// - Returns: the good submissions in file order and the failures.
    package static func load(_ rubric: Rubric, files: [String]) -> (submissions: [Submission], failures: [SubmissionFailure]) {
        var submissions: [Submission] = []
        var failures: [SubmissionFailure] = []
        var teams: [String: (team: String, file: String)] = [:]
        for file in files {
            do throws(InputError) {
                let s =
                    Submission.isSourceFolder(file)
                    ? try Submission.load(folder: file, rubric: rubric) : try Submission.load(path: file, rubric: rubric)
                // Case-folded: `Team-A.md` and `team-a.md` are one file on macOS and Windows file systems.
                if let (otherTeam, other) = teams[s.team.lowercased()] {
                    let same = otherTeam == s.team ? "is also the team of" : "and \"\(otherTeam)\" differ only in case, the team of"
                    throw InputError(
                        file: file, field: "team",
                        problem: "\"\(s.team)\" \(same) \(other); their reports would collide")
                }
                teams[s.team.lowercased()] = (s.team, file)
                submissions.append(s)
            } catch {
                failures.append(SubmissionFailure(file: file, error: error))
            }
        }
        return (submissions, failures)
    }

    /// Scores parsed submissions.
    ///
    /// Source submissions are compiled and their harnesses run first (``SourceGrading``), with `toolchain` or,
    /// when nil, the one found at run time (``SourceToolchain/locate(launcher:environment:)``).
    /// `teamBudgetSeconds` applies to the toolchain found at run time (whose harness runs use `runner.jobs`
    /// slots); a given `toolchain` keeps its own.
    package static func grade(
        _ rubric: Rubric, submissions: [Submission], runner: MonteCarloRunner, toolchain: SourceToolchain? = nil,
        teamBudgetSeconds: Double? = nil
    ) throws -> [TeamGrade] {
        let plan = try preparedPlan(
            rubric, submissions: submissions, runner: runner, toolchain: toolchain, teamBudgetSeconds: teamBudgetSeconds)
        return try score(plan, try GradingEngine.evaluation(plan, runner: runner), runner: runner)
    }

    /// The grading plan of parsed submissions with every source team's answers (compiled and run in the sandbox, as
    /// ``grade(_:submissions:runner:toolchain:teamBudgetSeconds:)`` describes): what the evaluation and the scores
    /// are computed from.
    package static func preparedPlan(
        _ rubric: Rubric, submissions: [Submission], runner: MonteCarloRunner, toolchain: SourceToolchain? = nil,
        teamBudgetSeconds: Double? = nil
    ) throws -> GradingPlan {
        var plan = GradingPlan(rubric, submissions)
        if submissions.contains(where: { $0.source != nil }) {
            do {
                var t: SourceToolchain
                if let toolchain {
                    t = toolchain
                } else {
                    t = try SourceToolchain.forGrading()
                    t.jobs = runner.jobs
                    if let teamBudgetSeconds { t.teamBudgetSeconds = teamBudgetSeconds }
                }
                try SourceGrading.run(&plan, toolchain: t)
            } catch let error as SourceSubmissionError {
                // The grader's own disk is never a team's outcome: the whole grade stops (exit 74 or 73).
                if case .graderDisk = error { throw error }
                plan.sourceAnswers = notRunAnswers(submissions, error)
            }
        }
        return plan
    }

    /// Every source team's answers when the grader could not run any code (no swiftc, no sandbox, broken
    /// libraries): the outcome "grader error" with the one line.
    static func notRunAnswers(_ submissions: [Submission], _ error: SourceSubmissionError) -> [SourceAnswers?] {
        submissions.map { s in
            guard s.source != nil else { return nil }
            var a = SourceAnswers(isolation: "none (the code was not run)")
            a.failure = SourceFailure(outcome: "grader error", summary: error.description, diagnostics: "")
            return a
        }
    }

    /// Scores a plan's reduced results (an unsharded run's, or merged parts'), and re-runs each team's ladder
    /// suggestion on fresh days (``LadderConfirmation``; a merge simulates them at merge time, on `runner`).
    package static func score(
        _ plan: GradingPlan, _ evaluation: GradingEvaluation,
        runner: MonteCarloRunner = MonteCarloRunner(jobs: MonteCarloRunner.defaultJobs)
    ) throws -> [TeamGrade] {
        let rubric = plan.rubric
        let submissions = plan.submissions
        let names = rubric.places.map(\.name)
        // A source team whose code did not run: every simulated suite but the coordinate check is not measured.
        let outcomes = evaluation.outcomes.enumerated().map { i, row in
            guard i < plan.sourceAnswers.count, let failure = plan.sourceAnswers[i]?.failure else { return row }
            return zip(rubric.suites, row).map { suite, o -> SuiteOutcome in
                if case .coordinates = suite.body { return o }
                if case .notApplicable = o { return o }
                return .notRun(failure.outcome)
            }
        }
        let floors = try rubric.suites.indices.map { try evaluation.dispersionFloor(suite: $0) }
        var grades = try zip(submissions, outcomes).map { s, suiteOutcomes in
            let results = try rubric.criteria.enumerated().map { i, c in
                var outcome: SuiteOutcome?
                var floor = 1.0
                if case .simulated(let sc) = c.kind {
                    outcome = suiteOutcomes[sc.suiteIndex]
                    floor = floors[sc.suiteIndex]
                    if let g = sc.gesture, g != s.detector.gesture { outcome = .notApplicable }
                }
                return try Scoring.score(
                    c, index: i, outcome: outcome, placeNames: names, manual: s.manualPoints, dispersionFloor: floor)
            }
            return TeamGrade(submission: s, results: results, outcomes: suiteOutcomes)
        }.enumerated().map { i, g in
            var g = g
            g.alternatives = try DetectorLadder.alternatives(plan, evaluation, submission: i)
            g.source = i < plan.sourceAnswers.count ? plan.sourceAnswers[i] : nil
            return g
        }
        // Every team's suggestion confirmed on the same fresh days, each timeline generated once for all of them.
        let requests = grades.enumerated().compactMap { i, g -> LadderConfirmation.Request? in
            guard let (index, claim) = GradeAdvice.ladderChoice(g) else { return nil }
            return LadderConfirmation.Request(
                submission: i, alternative: g.alternatives[index], index: index, claim: claim)
        }
        for (request, confirmation) in zip(
            requests, try LadderConfirmation.run(plan, evaluation, requests: requests, runner: runner))
        {
            grades[request.submission].ladderConfirmation = confirmation
        }
        return grades
    }
}

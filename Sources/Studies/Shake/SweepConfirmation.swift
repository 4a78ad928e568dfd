import FileFormats
import MonteCarlo
import Stats

/// How a sweep's choice is checked on timelines it was not chosen from: `confirm.timelines` fresh timelines for
/// the confirmation, and `confirm.days` fresh days of the scenario's own size for how often a day meets the targets.
package struct ConfirmationPlan: Sendable, Equatable {
    /// Fresh timelines the chosen settings are measured on (M; default: the selection's count).
    package let timelines: Int
    /// Fresh days of the scenario's size the chosen settings are judged on (K; 0: none).
    package let days: Int

    /// The default number of fresh days: 20, so that a setting meeting the targets on every day has a 95% lower
    /// bound (``FreshDayShare``) of 0.025^(1/20) = 0.832, above the 0.8 a reliable setting needs (19 of 20 gives
    /// 0.751: one failing day in 20 is too many to call it reliable). 20 days keep the shipped scenarios' confirmation to about
    /// 20 s each on 2 cores.
    package static let defaultDays = 20
    /// A choice is reliable when the 95% lower bound of the share of fresh days meeting every target
    /// (``FreshDayShare``, Clopper–Pearson) reaches this.
    package static let reliableShare = 0.8
    /// The fewest days that can show a setting reliable, all of them met: the smallest n whose n of n has a 95%
    /// lower bound of at least ``reliableShare``, 0.025^(1/n) ≥ 0.8, n ≥ ln 0.025 / ln 0.8 = 16.5: 17.
    package static let fewestDaysToShowReliable = FreshDayShare.fewestDaysToShow(reliableShare)
    /// The most settings confirmed: the choice and its runners-up by the same rule.
    package static let candidateCount = 5

    /// The global trial index of the first confirmation timeline: 2³¹, half the seed period (``TrialSeed``), so the
    /// confirmation stream never meets the selection's timelines 0…10⁶ − 1, and it is derived from the scenario's
    /// seed alone (the same fresh timelines for every run of the scenario, whatever its shards or threads).
    package static let streamBase: UInt64 = 1 << 31

    package init(timelines: Int, days: Int) {
        self.timelines = timelines
        self.days = days
    }

    /// The defaults for a scenario of `selectionTimelines` timelines.
    package static func defaults(selectionTimelines: Int) -> ConfirmationPlan {
        ConfirmationPlan(timelines: selectionTimelines, days: defaultDays)
    }

    /// The global trial index of confirmation timeline `j`.
    package func confirmationIndex(_ j: Int) -> Int { Int(Self.streamBase) + j }

    /// The global trial index of timeline `i` of fresh day `d`, days of `dayTimelines` timelines each.
    package func dayIndex(day d: Int, timeline i: Int, dayTimelines: Int) -> Int {
        Int(Self.streamBase) + timelines + d * dayTimelines + i
    }

    /// `confirm`: `timelines` (1…10⁶, default the selection's `timelines` after `--trials`) and `days` (0…1000,
    /// default 20); the fresh timelines of both, with the selection's, must stay below 2³¹ in number.
    ///
    /// - Throws: ``InputError`` naming the field.
    package static func read(_ r: JSONObjectReader, selectionTimelines: Int) throws(InputError) -> ConfirmationPlan {
        var plan = defaults(selectionTimelines: selectionTimelines)
        guard let o = try r.optional("confirm")?.object() else { return plan }
        var timelines = plan.timelines
        var days = plan.days
        if let f = o.optional("timelines") { timelines = try f.integer(in: 1...ShakeScenario.maximumTimelines) }
        if let f = o.optional("days") {
            days = try f.integer(in: 0...1000)
            guard Double(days) * Double(selectionTimelines) < 1e9 else {
                throw f.error("\(days) days of \(selectionTimelines) timelines is more than 10⁹ fresh timelines")
            }
        }
        try o.finish()
        plan = ConfirmationPlan(timelines: timelines, days: days)
        return plan
    }
}

/// A sweep's choice checked on fresh timelines from its own seed stream (``ConfirmationPlan``): the chosen setting
/// and its runners-up measured on M fresh timelines, then judged day by day on K fresh days of the scenario's size,
/// with how often each meets each target.
///
/// The selection picks the best of many settings on the same timelines that measure it, so its numbers are biased
/// in its favour (the winner's curse); the fresh timelines are drawn after the choice, from a stream the choice
/// never saw, so their numbers are not. Every interval of the confirmation assumes the selection's dispersion floor
/// (a property of the motions, not of the choice).
package struct SweepConfirmation: Sendable {
    /// What a fresh day showed for one setting: on how many of the days it met each target.
    package struct DayCount: Sendable, Equatable {
        package var days = 0
        package var recall = 0
        package var falseAlarms = 0
        package var singleEvent = 0
        package var all = 0
    }

    package let plan: ConfirmationPlan
    /// Timelines a fresh day has (the scenario's, after `--trials`).
    package let dayTimelines: Int
    /// The settings confirmed (sweep indices), the selection's choice first, then its runners-up in order.
    package let candidates: [Int]
    /// The candidates on the M fresh timelines (its settings are the candidates, in the same order).
    package let fresh: SweepAnalysis
    /// Per candidate, the fresh days that met each target (empty without days or without targets).
    package let dayCounts: [DayCount]

    /// Runs the confirmation of `selection`.
    ///
    /// - Parameters:
    ///   - selection: the sweep's statistics on its own timelines.
    ///   - plan: how many fresh timelines and days.
    ///   - dayTimelines: timelines of a fresh day (the scenario's).
    ///   - activityCount: the activities the labels index.
    ///   - runner: the jobs (the result does not depend on them).
    ///   - runTimeline: the timeline with a global index fed to the settings with the given sweep indices, in that
    ///     order.
    /// - Throws: what the timelines or the statistics throw.
    package static func run(
        selection: SweepAnalysis, plan: ConfirmationPlan, dayTimelines: Int, activityCount: Int, runner: MonteCarloRunner,
        runTimeline: @escaping @Sendable (Int, [Int]) throws -> GestureTrialOutcome
    ) throws -> SweepConfirmation {
        let candidates = Array(([selection.recommended] + selection.runnersUp).prefix(ConfirmationPlan.candidateCount))
        let settings = candidates.map { selection.settings[$0] }
        func accumulator() -> SweepAnalysis.Accumulator {
            SweepAnalysis.Accumulator(
                settings: settings, activityCount: activityCount,
                toleranceBeforeSeconds: selection.toleranceBeforeSeconds,
                toleranceAfterSeconds: selection.toleranceAfterSeconds, rule: selection.rule,
                dispersionFloor: selection.dispersionFloor)
        }
        var confirmation = accumulator()
        try runner.forEach(count: plan.timelines) { j in
            try runTimeline(plan.confirmationIndex(j), candidates)
        } consume: { _, outcome in
            try confirmation.add(outcome)
        }
        let fresh = try confirmation.finish()

        let judged: Bool
        if case .bestF1 = selection.rule { judged = false } else { judged = plan.days > 0 && dayTimelines > 0 }
        let counts =
            judged
            ? try days(
                selection: selection, settings: candidates, days: plan.days, dayTimelines: dayTimelines,
                firstIndex: plan.dayIndex(day: 0, timeline: 0, dayTimelines: dayTimelines), activityCount: activityCount,
                runner: runner, runTimeline: runTimeline) : []
        return SweepConfirmation(
            plan: plan, dayTimelines: dayTimelines, candidates: candidates, fresh: fresh,
            dayCounts: counts)
    }

    /// Judges `settings` (sweep indices) on `days` fresh days of `dayTimelines` timelines each, day d's timeline i
    /// being global trial `firstIndex + d·dayTimelines + i`, each day as the report judges its own timelines (the
    /// selection's rule and dispersion floor): per setting, on how many days it met each target.
    ///
    /// - Throws: what the timelines or the statistics throw.
    package static func days(
        selection: SweepAnalysis, settings: [Int], days: Int, dayTimelines: Int, firstIndex: Int, activityCount: Int,
        runner: MonteCarloRunner, runTimeline: @escaping @Sendable (Int, [Int]) throws -> GestureTrialOutcome
    ) throws -> [DayCount] {
        var counts = [DayCount](repeating: DayCount(), count: settings.count)
        guard days > 0, dayTimelines > 0 else { return counts }
        func accumulator() -> SweepAnalysis.Accumulator {
            SweepAnalysis.Accumulator(
                settings: settings.map { selection.settings[$0] }, activityCount: activityCount,
                toleranceBeforeSeconds: selection.toleranceBeforeSeconds,
                toleranceAfterSeconds: selection.toleranceAfterSeconds, rule: selection.rule,
                dispersionFloor: selection.dispersionFloor)
        }
        var day = accumulator()
        try runner.forEach(count: days * dayTimelines) { k in
            try runTimeline(firstIndex + k, settings)
        } consume: { k, outcome in
            try day.add(outcome)
            guard k % dayTimelines == dayTimelines - 1 else { return }
            let a = try day.finish()
            for i in settings.indices {
                let c = targetCheck(a.metrics[i], a.rule)
                counts[i].days += 1
                if c.recall { counts[i].recall += 1 }
                if c.falseAlarms { counts[i].falseAlarms += 1 }
                if c.singleEvent { counts[i].singleEvent += 1 }
                if c.all { counts[i].all += 1 }
            }
            day = accumulator()
        }
        return counts
    }

    /// The targets of `rule` on `m`: a `targets` rule's three; a `max-recall` rule's one limit (recall and
    /// single-event count as met); best-F1 has none (all met).
    package static func targetCheck(_ m: DetectionMetrics, _ rule: RecommendationRule) -> SweepAnalysis.TargetCheck {
        switch rule {
        case .targets(let recall, let limit, let share):
            return SweepAnalysis.check(m, minRecall: recall, maxFalseAlarmsPerHour: limit, minSingleEventShare: share)
        case .maxRecall, .bestF1:
            return SweepAnalysis.TargetCheck(recall: true, falseAlarms: SweepAnalysis.satisfies(m, rule), singleEvent: true)
        }
    }

    /// The 95% interval (``FreshDayShare``) of the share of fresh days on which candidate `i` met every target; nil
    /// without days.
    package func allTargetsInterval(_ i: Int) throws -> ConfidenceInterval? {
        guard dayCounts.indices.contains(i), dayCounts[i].days > 0 else { return nil }
        return try FreshDayShare.interval(held: dayCounts[i].all, days: dayCounts[i].days)
    }

    /// Whether candidate `i` meets every target on fresh days reliably: the 95% lower bound of the share of days
    /// reaches ``ConfirmationPlan/reliableShare``.
    package func isReliable(_ i: Int) throws -> Bool {
        guard let ci = try allTargetsInterval(i) else { return false }
        return ci.low >= ConfirmationPlan.reliableShare
    }

    /// The first reliable candidate in the selection's order (the choice itself when it is reliable); nil when none.
    package func reliableCandidate() throws -> Int? {
        for i in candidates.indices where try isReliable(i) { return i }
        return nil
    }

    /// The candidate that comes closest when none is reliable: the most days meeting every target, then the most
    /// days meeting its least-met target, then the selection's order.
    package func closestCandidate() -> Int? {
        guard !dayCounts.isEmpty else { return nil }
        return dayCounts.indices.min { a, b in
            let ka = dayCounts[a], kb = dayCounts[b]
            let leastA = min(ka.recall, ka.falseAlarms, ka.singleEvent)
            let leastB = min(kb.recall, kb.falseAlarms, kb.singleEvent)
            return (-ka.all, -leastA, a) < (-kb.all, -leastB, b)
        }
    }
}

import Foundation
import SourceSubmissions

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Every team's harness runs, in parallel, each team within its wall-clock budget

/// One harness run a team makes: the request and how its answers are kept.
struct PlannedRun: Sendable {
    let request: HarnessRequest
    let store: @Sendable (inout SourceAnswers, [HarnessStreamAnswer]) -> Void
}

/// Runs every source team's harness runs: a team's runs one after another, in the order they were planned, the
/// teams in parallel over `jobs` slots; each team's runs together within its wall-clock budget.
///
/// **Order.** A free slot takes the ready run with the lowest (run number, team index): every team's first run
/// comes before any team's second, so a slow team starts early and its budget runs beside the others' work rather
/// than after it. Answers are kept per team in run order and stored after every run has ended, so nothing depends
/// on the slots, the timing or the completion order.
///
/// **Idle runs give their slot back.** A slot stands for a core. A run whose processes together used less than
/// ``idleCoreShare`` of a core in each of ``idleTicks`` one-second ticks (read from `/proc/<pid>/stat` of the run's
/// sandbox and its descendants) is waiting, not computing (a `sleep`, a blocked `read`): its slot goes to the next
/// run and it goes on off-slot until it ends or its budget does. A team runs one run at a time, so at most one
/// off-slot run per team.
///
/// **Budget.** Each run gets the per-run wall-clock limit or what is left of its team's budget, whichever is
/// smaller; a run stopped by what was left of the budget, or a team with nothing left, ends with the outcome
/// "over time budget". Time spent waiting for a slot is not counted.
enum TeamRuns {
    /// A run below this share of one core over a tick is idle.
    static let idleCoreShare = 0.2
    /// Consecutive idle one-second ticks before a run gives its slot back.
    static let idleTicks = 2

    /// What one team's runs gave: the answers of its runs in order (up to its first failure), and the failure.
    struct TeamResult: Sendable {
        var answers: [HarnessAnswer] = []
        var failure: SourceFailure?
        /// The grader's own disk failed during one of its runs.
        var graderDisk: SourceSubmissionError?
    }

    /// Runs every team's planned runs.
    ///
    /// - Parameters:
    ///   - plans: per team (index as in the plan's submissions) its runs; empty for a team that does not run.
    ///   - executables: per team its harness (nil: not compiled, not run).
    ///   - toolchain: the launcher.
    ///   - jobs: slots (runs computing at once).
    ///   - budgetSeconds: wall-clock seconds of one team's runs together.
    /// - Returns: per team its answers and failure.
    static func run(
        _ plans: [[PlannedRun]], executables: [URL?], toolchain: SourceToolchain, jobs: Int, budgetSeconds: Double
    ) -> [TeamResult] {
        let state = State(plans: plans, executables: executables, slots: max(1, jobs))
        state.dispatch(toolchain: toolchain, budgetSeconds: budgetSeconds)
        return state.results
    }

    /// A run in progress (its fields under the dispatcher's lock).
    final class Running: @unchecked Sendable {
        let team: Int
        var pid: pid_t?
        var holdsSlot = true
        var lastCPUSeconds = 0.0
        var idle = 0
        init(team: Int) { self.team = team }
    }

    /// The dispatcher's state; every field under `condition`.
    final class State: @unchecked Sendable {
        let condition = NSCondition()
        let plans: [[PlannedRun]]
        let executables: [URL?]
        var results: [TeamResult]
        var next: [Int]
        var busy: [Bool]
        var finished: [Bool]
        var spent: [Double]
        var freeSlots: Int
        var running: [Running] = []

        init(plans: [[PlannedRun]], executables: [URL?], slots: Int) {
            self.plans = plans
            self.executables = executables
            results = Array(repeating: TeamResult(), count: plans.count)
            next = Array(repeating: 0, count: plans.count)
            busy = Array(repeating: false, count: plans.count)
            finished = plans.indices.map { plans[$0].isEmpty || executables[$0] == nil }
            spent = Array(repeating: 0, count: plans.count)
            freeSlots = slots
        }

        /// The ready team whose next run has the lowest (run number, team index).
        func ready() -> Int? {
            var best: Int?
            for i in plans.indices where !busy[i] && !finished[i] {
                if best == nil || next[i] < next[best!] { best = i }
            }
            return best
        }

        func dispatch(toolchain: SourceToolchain, budgetSeconds: Double) {
            condition.lock()
            var lastTick = Date()
            while true {
                if freeSlots > 0, let i = ready() {
                    let left = budgetSeconds - spent[i]
                    if left <= 0 {
                        results[i].failure = TeamRuns.overBudget(budgetSeconds, diagnostics: "")
                        finished[i] = true
                        continue
                    }
                    busy[i] = true
                    freeSlots -= 1
                    let run = Running(team: i)
                    running.append(run)
                    let planned = plans[i][next[i]]
                    let executable = executables[i]!
                    let perRun = toolchain.launcher.wallSeconds
                    Thread.detachNewThread {
                        let started = Date()
                        let result = SourceGrading.runOne(
                            planned.request, executable, toolchain: toolchain, wallSeconds: left
                        ) { pid in
                            self.condition.lock()
                            run.pid = pid
                            self.condition.unlock()
                        }
                        self.finish(run, result, seconds: Date().timeIntervalSince(started), budgetCut: left < perRun, budgetSeconds)
                    }
                    continue
                }
                if running.isEmpty && ready() == nil { break }
                _ = condition.wait(until: Date().addingTimeInterval(0.25))
                if Date().timeIntervalSince(lastTick) >= 1 {
                    lastTick = Date()
                    releaseIdleSlots()
                }
            }
            condition.unlock()
        }

        /// Called with the lock held: one tick of the idle check over the runs holding a slot.
        func releaseIdleSlots() {
            let watched = running.filter { $0.holdsSlot && $0.pid != nil }
            guard !watched.isEmpty else { return }
            condition.unlock()
            let table = ProcessTable.read()
            condition.lock()
            for run in watched where run.holdsSlot {
                guard let pid = run.pid, let cpu = table.cpuSeconds(under: pid) else { continue }
                let used = cpu - run.lastCPUSeconds
                run.lastCPUSeconds = cpu
                run.idle = used < TeamRuns.idleCoreShare ? run.idle + 1 : 0
                if run.idle >= TeamRuns.idleTicks {
                    run.holdsSlot = false
                    freeSlots += 1
                }
            }
        }

        func finish(
            _ run: Running, _ result: Result<HarnessAnswer, SourceFailureBox>, seconds: Double, budgetCut: Bool,
            _ budgetSeconds: Double
        ) {
            condition.lock()
            defer {
                condition.broadcast()
                condition.unlock()
            }
            let i = run.team
            spent[i] += seconds
            if run.holdsSlot { freeSlots += 1 }
            running.removeAll { $0 === run }
            busy[i] = false
            switch result {
            case .success(let answer):
                results[i].answers.append(answer)
                next[i] += 1
                if next[i] == plans[i].count { finished[i] = true }
            case .failure(let box):
                var failure = box.failure
                if budgetCut && failure.outcome == "time limit" {
                    failure = TeamRuns.overBudget(budgetSeconds, diagnostics: failure.diagnostics)
                }
                results[i].failure = failure
                results[i].graderDisk = box.graderDisk
                finished[i] = true
            }
        }
    }

    static func overBudget(_ seconds: Double, diagnostics: String) -> SourceFailure {
        SourceFailure(
            outcome: "over time budget",
            summary: "its harness runs together took more than the team's wall-clock budget of "
                + "\(seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)) s, so it "
                + "was stopped",
            diagnostics: diagnostics)
    }
}

import DetectionCore
import Foundation
import MonteCarlo
import SensorSim
import Stats
import Studies

/// Detection counts of one detector over gesture timelines.
package struct GestureTally: Sendable, Equatable {
    package var truth = 0
    package var truePositives = 0
    package var falseAlarms = 0
    package var misses = 0
    package var fragments = 0
    /// Detected gestures that fired more than once (a fragment inside them).
    package var gesturesWithFragments = 0
    /// Time outside true gestures, seconds.
    package var exposureSeconds = 0.0
    /// False alarms by the activity under way (indices of `MotionActivity.allCases` or `TouchGestureKind.allCases`).
    package var falseAlarmsByActivity: [Int] = []
    /// False alarms over hours outside gestures, one cluster per timeline (for the clustering-aware interval).
    package var falseAlarmClusters = ClusteredRate.empty
    /// Detected gestures that fired once out of those detected, one cluster per timeline.
    package var singleEventClusters = ClusteredProportion.empty

    package init() {}

    /// Makes this one timeline's tally a cluster of its own (after its counts are set).
    mutating func makeCluster() {
        falseAlarmClusters = ClusteredRate(events: falseAlarms, exposure: exposureSeconds / 3600)
        singleEventClusters = ClusteredProportion(successes: truePositives - gesturesWithFragments, trials: truePositives)
    }

    mutating func add(_ other: GestureTally) {
        truth += other.truth
        truePositives += other.truePositives
        falseAlarms += other.falseAlarms
        misses += other.misses
        fragments += other.fragments
        gesturesWithFragments += other.gesturesWithFragments
        exposureSeconds += other.exposureSeconds
        if falseAlarmsByActivity.count < other.falseAlarmsByActivity.count {
            falseAlarmsByActivity += Array(repeating: 0, count: other.falseAlarmsByActivity.count - falseAlarmsByActivity.count)
        }
        for (i, n) in other.falseAlarmsByActivity.enumerated() { falseAlarmsByActivity[i] += n }
        falseAlarmClusters = falseAlarmClusters + other.falseAlarmClusters
        singleEventClusters = singleEventClusters + other.singleEventClusters
    }
}

/// What one submission gave on one suite.
package enum SuiteOutcome: Sendable, Equatable {
    /// Collected visits per reference place (each place had `visitsPerPlace` visits).
    case visits(collected: [Int], visitsPerPlace: Int)
    case gestures(GestureTally)
    /// Distance from each submitted hall to its reference, metres (nil: the hall is missing).
    case coordinates([Double?])
    /// The suite is about the other gesture.
    case notApplicable
    /// A source team whose code produced no events (compile error, crash, timeout, …): the outcome's name.
    case notRun(String)
}

/// Runs every suite once and evaluates every submission on the same generated data.
///
/// Each trial (a hall visit or a gesture timeline) is generated once from its own seed
/// (`TrialSeed(suite seed, trial index)`; the motion and touch streams of a visit from the suite seed + 1 and + 2),
/// then every submission is evaluated on it; trials run on all cores and are reduced in index order, so the
/// results do not depend on `jobs` (nor on how a sharded run splits them: ``GradingPlan``).
package enum GradingEngine {
    /// Outcomes per submission (outer) and suite (inner).
    package static func evaluate(
        _ rubric: Rubric, _ submissions: [Submission],
        runner: MonteCarloRunner
    ) throws -> [[SuiteOutcome]] {
        try evaluation(GradingPlan(rubric, submissions), runner: runner).outcomes
    }

    /// Every unit of the plan, reduced: the outcomes and every setting's totals.
    static func evaluation(_ plan: GradingPlan, runner: MonteCarloRunner) throws -> GradingEvaluation {
        var reduction = GradingPlan.Reduction(plan)
        try runner.forEach(count: plan.totalUnits) { g in
            try plan.unit(g)
        } consume: { _, u in
            try reduction.add(u)
        }
        return try reduction.finish()
    }

    // MARK: - Hall visits

    /// Visit `index`: the student stands at d from hall ⌊index / visitsPerPlace⌋; returns, per submission, whether
    /// that hall was collected (the gesture fired while the team's check was in range of the team's coordinates).
    static func visit(
        _ h: HallVisitSuite, seed: UInt64, index: Int, _ submissions: [Submission],
        suiteIndex: Int = 0, sources: [SourceAnswers?] = []
    ) throws -> [Bool] {
        let placeIndex = index / h.visitsPerPlace
        let place = h.places[placeIndex]
        let fixes = try visitFixes(h, seed: seed, index: index)

        // The gesture streams, generated only when some team uses them; their own seeds keep them identical
        // whichever other streams are generated.
        let needsMotion = submissions.contains { $0.detector.isShippedShake }
        let needsTouch = submissions.contains { $0.detector.isShippedScribble }
        let motion = needsMotion ? try visitMotion(h, seed: seed, index: index) : nil
        let touch = needsTouch ? try visitTouch(h, seed: seed, index: index) : nil

        var cache = DetectionCache()
        var result: [Bool] = []
        result.reserveCapacity(submissions.count)
        for (i, s) in submissions.enumerated() {
            guard let coordinate = s.halls[placeIndex] else {
                result.append(false)
                continue
            }
            let answers = i < sources.count ? sources[i] : nil
            let inside: [(start: Double, end: Double)]
            if s.source?.types.proximityCheck != nil {
                guard let answers else { throw SimulationError("hall-visits: no answers of \(s.team)'s harness") }
                inside = answers.inside(suite: suiteIndex, trial: index)
            } else {
                inside = try insideIntervals(fixes, place: Place(name: place.name, coordinate: coordinate), check: s.check)
            }
            guard !inside.isEmpty else {
                result.append(false)
                continue
            }
            let detections: [Double]
            switch s.detector {
            case .shake(let c):
                guard let motion else { throw SimulationError("hall-visits: no motion stream") }
                detections = try cache.shake(c) { try ProtocolFeed.shakeTimes(motion, c) }
            case .scribble(let c):
                guard let touch else { throw SimulationError("hall-visits: no touch stream") }
                detections = try cache.scribble(c) { try ProtocolFeed.scribbleTimes(touch, c, rateHz: h.touch.touchRateHz) }
            case .source:
                guard let answers else { throw SimulationError("hall-visits: no answers of \(s.team)'s harness") }
                detections = answers.times(suite: suiteIndex, trial: index)
            }
            result.append(firstCollection(detections, inside) != nil)
        }
        return result
    }

    /// The GPS fixes of visit `index` (its stream from `TrialSeed(suite seed, index)`).
    static func visitFixes(_ h: HallVisitSuite, seed: UInt64, index: Int) throws -> [LocationFix] {
        let place = h.places[index / h.visitsPerPlace]
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: UInt64(index)))
        let plane = LocalTangentPlane(origin: place.coordinate)
        var parameters = MovementParameters(kind: .loiter)
        parameters.minutes = h.minutes
        parameters.wanderMeters = h.wanderMeters
        let env = h.environment
        guard
            let movement = Movement(
                parameters: parameters, distanceMeters: h.distanceMeters, placeOffsets: [(0, 0)],
                intervalSeconds: env.fixIntervalSeconds, stream: stream)
        else { throw SimulationError("hall-visits: could not plan the visit") }
        var visitFixes = GPSFixStream(movement: movement, environment: env, plane: plane, stream: stream)
        var fixes: [LocationFix] = []
        fixes.reserveCapacity(visitFixes.fixCount)
        while let step = visitFixes.next(stream) {
            if let fix = step.fix { fixes.append(fix) }
        }
        return fixes
    }

    /// The motion timeline of visit `index` (seed + 1).
    static func visitMotion(_ h: HallVisitSuite, seed: UInt64, index: Int) throws -> MotionTimeline {
        MotionTimelineGenerator.generate(
            h.motion, stream: try RandomStream(seed: TrialSeed(scenarioSeed: seed &+ 1, trialIndex: UInt64(index))))
    }

    /// The touch timeline of visit `index` (seed + 2).
    static func visitTouch(_ h: HallVisitSuite, seed: UInt64, index: Int) throws -> TouchTimeline {
        TouchTimelineGenerator.generate(
            h.touch, stream: try RandomStream(seed: TrialSeed(scenarioSeed: seed &+ 2, trialIndex: UInt64(index))))
    }

    /// The intervals [enter, exit) in which the check says "in range" of `place`, seconds (exit +∞ when the visit
    /// ends inside).
    static func insideIntervals(
        _ fixes: [LocationFix], place: Place,
        check: ProximityCheckConfiguration
    ) throws -> [(start: Double, end: Double)] {
        var monitor = try ProximityMonitor(places: [place], configuration: check)
        return ProtocolFeed.insideIntervals(fixes, &monitor)
    }

    /// The first detection time t with start ≤ t < end for some interval (both lists ascending), or nil.
    ///
    /// A detection at the instant of an enter fix counts (the fix is processed first); one at the instant of the
    /// exit fix does not.
    package static func firstCollection(_ detections: [Double], _ inside: [(start: Double, end: Double)]) -> Double? {
        var j = 0
        for t in detections {
            while j < inside.count && inside[j].end <= t { j += 1 }
            guard j < inside.count else { return nil }
            if t >= inside[j].start { return t }
        }
        return nil
    }

    // MARK: - Gesture timelines

    /// Timeline `index` of a shake suite, tallied for each distinct setting (nothing is generated without one).
    static func shakeTimeline(
        _ g: ShakeTimelineSuite, seed: UInt64, index: Int,
        _ configs: [FedSetting<ShakeDetectorConfiguration>]
    ) throws -> [GestureTally] {
        guard !configs.isEmpty else { return [] }
        let timeline = try shakeTimelineMotion(g, seed: seed, index: index)
        let fs = timeline.sensor.sampleRateHz
        let truth = timeline.shakes.map {
            TruthEvent(startSeconds: Double($0.startSample) / fs, endSeconds: Double($0.endSample) / fs)
        }
        let activities = MotionActivity.allCases
        return try configs.map { c in
            let detections: [Double]
            switch c {
            case .shipped(let c): detections = try ProtocolFeed.shakeTimes(timeline, c)
            case .answered(let times): detections = times
            }
            return tally(
                truth: truth, detections: detections, duration: timeline.durationSeconds,
                before: g.toleranceBeforeSeconds, after: g.toleranceAfterSeconds,
                activityCount: activities.count
            ) { t in
                let k = min(timeline.sampleCount - 1, max(0, Int((t * fs).rounded())))
                return timeline.segment(containing: k).flatMap { activities.firstIndex(of: $0.activity) }
            }
        }
    }

    /// The motion of timeline `index` of a shake suite (its stream from `TrialSeed(suite seed, index)`).
    static func shakeTimelineMotion(_ g: ShakeTimelineSuite, seed: UInt64, index: Int) throws -> MotionTimeline {
        MotionTimelineGenerator.generate(
            g.parameters, stream: try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: UInt64(index))))
    }

    /// Timeline `index` of a scribble suite, tallied for each distinct setting (nothing is generated without one).
    static func scribbleTimeline(
        _ g: ScribbleTimelineSuite, seed: UInt64, index: Int,
        _ configs: [FedSetting<ScribbleDetectorConfiguration>]
    ) throws -> [GestureTally] {
        guard !configs.isEmpty else { return [] }
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: UInt64(index)))
        let timeline = TouchTimelineGenerator.generate(g.parameters, stream: stream)
        let truth = timeline.gestures.filter { $0.kind == .scribble }
            .map { TruthEvent(startSeconds: $0.startSeconds, endSeconds: $0.endSeconds) }
        let kinds = TouchGestureKind.allCases
        let starts = timeline.gestures.map(\.startSeconds)
        return try configs.map { c in
            let detections: [Double]
            switch c {
            case .shipped(let c): detections = try ProtocolFeed.scribbleTimes(timeline, c, rateHz: g.parameters.touchRateHz)
            case .answered(let times): detections = times
            }
            return tally(
                truth: truth, detections: detections, duration: timeline.durationSeconds,
                before: g.toleranceBeforeSeconds, after: g.toleranceAfterSeconds,
                activityCount: kinds.count
            ) { t in
                // The gesture under way: the last one starting at or before t.
                var low = 0, high = starts.count
                while low < high {
                    let mid = (low + high) / 2
                    if starts[mid] <= t { low = mid + 1 } else { high = mid }
                }
                return low > 0 ? kinds.firstIndex(of: timeline.gestures[low - 1].kind) : nil
            }
        }
    }

    /// Matches one timeline's detections (``GestureMatcher``) and counts them.
    static func tally(
        truth: [TruthEvent], detections: [Double], duration: Double, before: Double, after: Double,
        activityCount: Int, activity: (Double) -> Int?
    ) -> GestureTally {
        let m = GestureMatcher.match(
            truth: truth, detections: detections, toleranceBeforeSeconds: before,
            toleranceAfterSeconds: after)
        var t = GestureTally()
        t.truth = truth.count
        t.truePositives = m.truePositives
        t.misses = m.misses
        t.fragments = m.fragments
        t.falseAlarms = m.falseAlarms
        var fragmented = Set<Int>()
        t.falseAlarmsByActivity = Array(repeating: 0, count: activityCount)
        for (j, status) in m.detectionStatus.enumerated() {
            switch status {
            case .fragment: if let i = m.detectionEvent[j] { fragmented.insert(i) }
            case .falseAlarm: if let a = activity(detections[j]), a < activityCount { t.falseAlarmsByActivity[a] += 1 }
            case .truePositive: break
            }
        }
        t.gesturesWithFragments = fragmented.count
        t.exposureSeconds = max(0, duration - truth.reduce(0) { $0 + ($1.endSeconds - $1.startSeconds) })
        t.makeCluster()
        return t
    }
}

/// One setting fed a timeline: a shipped detector's configuration (run here, through the protocol), or a source
/// team's firing times (its harness ran the same timeline).
enum FedSetting<Configuration> {
    case shipped(Configuration)
    case answered([Double])
}

/// Detection times per distinct detector configuration, within one trial (teams that chose the same setting
/// share one run).
struct DetectionCache {
    private var shakes: [(ShakeDetectorConfiguration, [Double])] = []
    private var scribbles: [(ScribbleDetectorConfiguration, [Double])] = []

    mutating func shake(_ c: ShakeDetectorConfiguration, _ run: () throws -> [Double]) rethrows -> [Double] {
        if let hit = shakes.first(where: { $0.0 == c }) { return hit.1 }
        let times = try run()
        shakes.append((c, times))
        return times
    }

    mutating func scribble(_ c: ScribbleDetectorConfiguration, _ run: () throws -> [Double]) rethrows -> [Double] {
        if let hit = scribbles.first(where: { $0.0 == c }) { return hit.1 }
        let times = try run()
        scribbles.append((c, times))
        return times
    }
}

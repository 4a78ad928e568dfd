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
    /// Detected gestures out of the gestures, one cluster per timeline.
    package var recallClusters = ClusteredProportion.empty
    /// The deliberate shakes the detector missed, by their peak userAcceleration magnitude: bin b counts peaks in
    /// [b, b + 1) × ``missedPeakBinG`` g (the last bin open-ended); empty for scribbles.
    package var missedPeakBins: [Int] = []
    /// Width of a missed-peak bin, g.
    package static let missedPeakBinG = 0.25

    package init() {}

    /// Recall's trials in clusters: the timelines' when they hold every gesture (truth = true positives + misses, the
    /// matcher's split of the same gestures), else the tally as one cluster, which gives the plain Wilson interval.
    var recallProportion: ClusteredProportion {
        recallClusters.trials == truth ? recallClusters : ClusteredProportion(successes: truePositives, trials: truth)
    }

    /// Makes this one timeline's tally a cluster of its own (after its counts are set).
    mutating func makeCluster() {
        falseAlarmClusters = ClusteredRate(events: falseAlarms, exposure: exposureSeconds / 3600)
        singleEventClusters = ClusteredProportion(successes: truePositives - gesturesWithFragments, trials: truePositives)
        recallClusters = ClusteredProportion(successes: truePositives, trials: truth)
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
        if missedPeakBins.count < other.missedPeakBins.count {
            missedPeakBins += Array(repeating: 0, count: other.missedPeakBins.count - missedPeakBins.count)
        }
        for (i, n) in other.missedPeakBins.enumerated() { missedPeakBins[i] += n }
        falseAlarmClusters = falseAlarmClusters + other.falseAlarmClusters
        singleEventClusters = singleEventClusters + other.singleEventClusters
        recallClusters = recallClusters + other.recallClusters
    }
}

/// What happened in one hall visit for one team, as four flags (one hexadecimal digit in a part file).
package struct VisitResult: Sendable, Equatable, Hashable {
    package var rawValue: UInt8

    package init(rawValue: UInt8) { self.rawValue = rawValue & 0xF }

    /// The app's first collection of the visit fell within the matching window of a deliberate gesture.
    static let collected = VisitResult(rawValue: 1)
    /// The app's first collection of the visit came without a deliberate gesture (a false collection).
    static let falseCollection = VisitResult(rawValue: 2)
    /// The detector fired within a deliberate gesture's window at least once, in range or not.
    static let gestureDetected = VisitResult(rawValue: 4)
    /// The check said "in range" at some time of the visit.
    static let entered = VisitResult(rawValue: 8)

    package func contains(_ flag: VisitResult) -> Bool { rawValue & flag.rawValue != 0 }
    mutating func insert(_ flag: VisitResult) { rawValue |= flag.rawValue }
}

/// A suite's hall visits for one team: per reference place, how many visits ended with each ``VisitResult``.
package struct VisitTally: Sendable, Equatable {
    /// Per place: 16 counts, indexed by ``VisitResult/rawValue``.
    package var byPlace: [[Int]]
    package let visitsPerPlace: Int

    package init(places: Int, visitsPerPlace: Int) {
        byPlace = Array(repeating: Array(repeating: 0, count: 16), count: places)
        self.visitsPerPlace = visitsPerPlace
    }

    mutating func add(_ r: VisitResult, place: Int) { byPlace[place][Int(r.rawValue)] += 1 }

    /// Per place, the visits with every flag of `all` (0: any visit).
    package func count(_ all: UInt8) -> [Int] {
        byPlace.map { counts in counts.indices.filter { UInt8($0) & all == all }.reduce(0) { $0 + counts[$1] } }
    }

    /// Per place, the visits a metric counts (successes) out of the visits it selects (trials).
    package func counts(_ metric: GradingMetric, _ selection: VisitSelection) -> (successes: [Int], trials: [Int]) {
        let among: UInt8 = selection == .gestureDetected ? VisitResult.gestureDetected.rawValue : 0
        let trials = among == 0 ? byPlace.map { _ in visitsPerPlace } : count(among)
        let collected = count(VisitResult.collected.rawValue | among)
        let falsely = count(VisitResult.falseCollection.rawValue | among)
        switch metric {
        case .falseCollectionRate: return (falsely, trials)
        case .anyCollectionRate: return (zip(collected, falsely).map { $0 + $1 }, trials)
        default: return (collected, trials)
        }
    }

    /// Per place, visits collected by a deliberate gesture.
    package var collected: [Int] { count(VisitResult.collected.rawValue) }
    /// Per place, visits falsely collected.
    package var falselyCollected: [Int] { count(VisitResult.falseCollection.rawValue) }
}

/// What one submission gave on one suite.
package enum SuiteOutcome: Sendable, Equatable {
    /// The hall visits, place by place.
    case visits(VisitTally)
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

    /// Visit `index`: the student (walking up first when the suite says so) stands at d from hall
    /// ⌊index / visitsPerPlace⌋; returns, per submission, what happened: the app's first collection (its detector
    /// firing while the team's check is in range of the team's coordinates) is a collection when it falls within a
    /// deliberate gesture's matching window, a false collection otherwise; and whether the detector caught a
    /// gesture at all and the check ever entered.
    static func visit(
        _ h: HallVisitSuite, seed: UInt64, index: Int, _ submissions: [Submission],
        suiteIndex: Int = 0, sources: [SourceAnswers?] = []
    ) throws -> [VisitResult] {
        let placeIndex = index / h.visitsPerPlace
        let place = h.places[placeIndex]
        let fixes = try visitFixes(h, seed: seed, index: index)

        // The gesture streams, generated only when some team uses them; their own seeds keep them identical
        // whichever other streams are generated.
        // The ground truth (which detections a deliberate gesture caused) needs them for source teams too.
        let needsMotion = submissions.contains { $0.detector.gesture == .shake }
        let needsTouch = submissions.contains { $0.detector.gesture == .scribble }
        let motion = needsMotion ? try visitMotion(h, seed: seed, index: index) : nil
        let touch = needsTouch ? try visitTouch(h, seed: seed, index: index) : nil
        // The gesture streams start on arrival, after the walk-up; times below are on the visit's clock.
        let offset = h.approachSeconds
        let shakeWindows: [(Double, Double)] =
            motion.map { m in
                let fs = m.sensor.sampleRateHz
                return m.shakes.map {
                    (
                        offset + Double($0.startSample) / fs - h.toleranceBeforeSeconds,
                        offset + Double($0.endSample) / fs + h.toleranceAfterSeconds
                    )
                }
            } ?? []
        let scribbleWindows: [(Double, Double)] =
            touch.map { t in
                t.gestures.filter { $0.kind == .scribble }.map {
                    (offset + $0.startSeconds - h.toleranceBeforeSeconds, offset + $0.endSeconds + h.toleranceAfterSeconds)
                }
            } ?? []

        var cache = DetectionCache()
        var motionSamples = motion.map(ShakeSamples.init)
        var result: [VisitResult] = []
        result.reserveCapacity(submissions.count)
        for (i, s) in submissions.enumerated() {
            guard let coordinate = s.halls[placeIndex] else {
                result.append(VisitResult(rawValue: 0))
                continue
            }
            let answers = i < sources.count ? sources[i] : nil
            let inside: [(start: Double, end: Double)]
            if s.source?.types.proximityCheck != nil {
                guard let answers else { throw SimulationError("hall-visits: no answers of \(s.team)'s harness") }
                inside = answers.inside(suite: suiteIndex, trial: index)
            } else {
                inside = try insideIntervals(
                    h.hasLocationConditions ? fixes.filter { h.fixAvailable(at: $0.timestampSeconds) } : fixes,
                    place: Place(name: place.name, coordinate: coordinate), check: s.check)
            }
            var r = VisitResult(rawValue: 0)
            if !inside.isEmpty { r.insert(.entered) }
            let streamTimes: [Double]
            switch s.detector {
            case .shake(let c):
                streamTimes = try cache.shake(c) {
                    guard let times = try motionSamples?.times(c) else {
                        throw SimulationError("hall-visits: no motion stream")
                    }
                    return times
                }
            case .scribble(let c):
                guard let touch else { throw SimulationError("hall-visits: no touch stream") }
                streamTimes = try cache.scribble(c) { try ProtocolFeed.scribbleTimes(touch, c, rateHz: h.touch.touchRateHz) }
            case .source:
                guard let answers else { throw SimulationError("hall-visits: no answers of \(s.team)'s harness") }
                streamTimes = answers.times(suite: suiteIndex, trial: index)
            }
            let detections = offset == 0 ? streamTimes : streamTimes.map { $0 + offset }
            let windows = s.detector.gesture == .shake ? shakeWindows : scribbleWindows
            func caused(_ t: Double) -> Bool { windows.contains { w in w.0 <= t && t <= w.1 } }
            if detections.contains(where: caused) { r.insert(.gestureDetected) }
            if let first = firstCollection(detections, inside) {
                r.insert(caused(first) ? .collected : .falseCollection)
            }
            result.append(r)
        }
        return result
    }

    /// The GPS fixes of visit `index` (its stream from `TrialSeed(suite seed, index)`), on the visit's clock: from
    /// the start of the walk-up, if any. Every fix the GPS model makes, whether or not the phone has it
    /// (``HallVisitSuite/fixAvailable(at:)``): the same stream under any location condition.
    static func visitFixes(_ h: HallVisitSuite, seed: UInt64, index: Int) throws -> [LocationFix] {
        let place = h.places[index / h.visitsPerPlace]
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: UInt64(index)))
        let plane = LocalTangentPlane(origin: place.coordinate)
        // A walk-up is the geofence study's approach: straight in from approachFromMeters, then the stay.
        var parameters = MovementParameters(kind: h.approachFromMeters == nil ? .loiter : .approach)
        parameters.minutes = h.minutes
        parameters.wanderMeters = h.wanderMeters
        if let from = h.approachFromMeters {
            parameters.approachFromMeters = from
            parameters.speedMetersPerSecond = h.approachSpeedMetersPerSecond
        }
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

    /// The motion timeline of visit `index` (seed + 1), on the stream's clock: it starts on arrival,
    /// ``HallVisitSuite/approachSeconds`` into the visit.
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
        // Each shake's peak userAcceleration magnitude, g, for the report's "the shakes it missed peaked at …".
        let peaks = timeline.shakes.map { shake in
            var peak: Float = 0
            for k in shake.startSample..<min(shake.endSample, timeline.sampleCount) {
                peak = max(
                    peak, (timeline.x[k] * timeline.x[k] + timeline.y[k] * timeline.y[k] + timeline.z[k] * timeline.z[k]).squareRoot())
            }
            return Double(peak)
        }
        var samples = ShakeSamples(timeline)
        return try configs.map { c in
            let detections: [Double]
            switch c {
            case .shipped(let c): detections = try samples.times(c)
            case .answered(let times): detections = times
            }
            var t = tally(
                truth: truth, detections: detections, duration: timeline.durationSeconds,
                before: g.toleranceBeforeSeconds, after: g.toleranceAfterSeconds,
                activityCount: activities.count
            ) { t in
                let k = min(timeline.sampleCount - 1, max(0, Int((t * fs).rounded())))
                return timeline.segment(containing: k).flatMap { activities.firstIndex(of: $0.activity) }
            }
            let m = GestureMatcher.match(
                truth: truth, detections: detections, toleranceBeforeSeconds: g.toleranceBeforeSeconds,
                toleranceAfterSeconds: g.toleranceAfterSeconds)
            var caught = Set<Int>()
            for (j, status) in m.detectionStatus.enumerated() where status == .truePositive {
                if let e = m.detectionEvent[j] { caught.insert(e) }
            }
            t.missedPeakBins = Array(repeating: 0, count: 33)
            for (e, peak) in peaks.enumerated() where !caught.contains(e) {
                t.missedPeakBins[min(32, Int(peak / GestureTally.missedPeakBinG))] += 1
            }
            return t
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

import DetectionCore
import Foundation
import Stats

@testable import Grading
@testable import MonteCarlo
@testable import SensorSim

/// A reference shake detector graded as a team: an oracle, a shipped setting, or a baseline that ignores what a
/// shake looks like. Each is fed through the grader's own protocol feed (``ProtocolFeed/shakeTimes(_:_:)``), one
/// fresh value per stream, exactly as a team's detector is.
struct ReferenceShakeDetector: ShakeDetecting {
    enum Behaviour {
        /// Fires once at the middle of each deliberate shake of the stream (it reads the ground truth: test only).
        case oracle
        /// A shipped detector setting.
        case shipped(ShakeDetectorConfiguration)
        /// Fires at the first sample of every new second, whatever the motion.
        case onceASecond
        /// Fires on every sample whose raw magnitude (gravity included) is over this many g.
        case everySampleOverRawG(Double)
        /// Never fires.
        case never
        /// Fires at random, on average this many times a minute (a seeded SplitMix64 stream per trial).
        case randomPerMinute(Double)
    }

    let behaviour: Behaviour
    private var shipped: ShakeDetector?
    private var fireAt: [Double]
    private var next = 0
    private var lastSecond = -1.0
    private var random: UInt64
    private let sampleRateHz: Double

    /// A fresh detector for one stream: `shakes` are its deliberate shakes (start, end) in seconds, `seed` the
    /// stream's random seed (for the random baseline).
    init(_ behaviour: Behaviour, shakes: [(start: Double, end: Double)], sampleRateHz: Double, seed: UInt64) throws {
        self.behaviour = behaviour
        self.sampleRateHz = sampleRateHz
        fireAt = shakes.map { ($0.start + $0.end) / 2 }
        random = seed
        if case .shipped(let c) = behaviour {
            shipped = try ShakeDetector(configuration: c, maximumSampleRateHz: min(1000, sampleRateHz))
        }
    }

    var accelerationInput: AccelerationInput {
        switch behaviour {
        case .shipped: return shipped?.accelerationInput ?? .userAcceleration
        case .everySampleOverRawG: return .rawAccelerometer
        default: return .userAcceleration
        }
    }

    mutating func consume(_ sample: AccelerationSample) -> Bool {
        let t = sample.timestampSeconds
        switch behaviour {
        case .oracle:
            guard next < fireAt.count, t >= fireAt[next] else { return false }
            next += 1
            return true
        case .shipped:
            return shipped?.consume(sample) ?? false
        case .onceASecond:
            let second = t.rounded(.down)
            guard second > lastSecond else { return false }
            lastSecond = second
            return true
        case .everySampleOverRawG(let g):
            return (sample.x * sample.x + sample.y * sample.y + sample.z * sample.z).squareRoot() > g
        case .never:
            return false
        case .randomPerMinute(let rate):
            // SplitMix64 (Steele, Lea and Flood 2014), one draw a sample: P(fire) = rate / 60 / fs.
            random &+= 0x9E37_79B9_7F4A_7C15
            var z = random
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Double(z >> 11) / 9_007_199_254_740_992 < rate / 60 / sampleRateHz
        }
    }
}

/// Grades reference shake detectors on a rubric as if each were a source team (its firing times are the team's
/// answers), with the rubric's reference hall coordinates and the assignment's naive 50 m check.
enum ReferenceGrading {
    /// The halls at their reference coordinates.
    static func halls(_ rubric: Rubric) -> [Coordinate?] { rubric.places.map(\.coordinate) }

    /// Grades each named behaviour on every suite of `rubric`.
    static func grade(
        _ rubric: Rubric, _ teams: [(name: String, behaviour: ReferenceShakeDetector.Behaviour)], jobs: Int = 2
    ) throws -> [TeamGrade] {
        let submissions = teams.map { t in
            Submission(
                team: t.name, file: "\(t.name).json", detector: .source(.shake, team: t.name, type: t.name),
                check: ProximityCheckConfiguration(kind: .naive), halls: halls(rubric), manualPoints: [:])
        }
        var plan = GradingPlan(rubric, submissions)
        var answers = teams.map { _ in SourceAnswers(isolation: "in-process reference detector") }
        let runner = MonteCarloRunner(jobs: jobs)
        for (s, suite) in rubric.suites.enumerated() {
            let streams: @Sendable (Int) throws -> MotionTimeline?
            switch suite.body {
            case .hallVisits(let h): streams = { k in try GradingEngine.visitMotion(h, seed: suite.seed, index: k) }
            case .shakeTimelines(let g): streams = { k in try GradingEngine.shakeTimelineMotion(g, seed: suite.seed, index: k) }
            default: continue
            }
            let seed = suite.seed
            try runner.forEach(count: suite.trialCount) { k -> [[Double]] in
                guard let timeline = try streams(k) else { return [] }
                let fs = timeline.sensor.sampleRateHz
                let shakes = timeline.shakes.map { (start: Double($0.startSample) / fs, end: Double($0.endSample) / fs) }
                return try teams.map { t in
                    var d = try ReferenceShakeDetector(
                        t.behaviour, shakes: shakes, sampleRateHz: fs, seed: seed ^ UInt64(k) &* 0x9E37_79B9)
                    return ProtocolFeed.shakeTimes(timeline, &d)
                }
            } consume: { _, times in
                for i in teams.indices { answers[i].times[s, default: []].append(times[i]) }
            }
        }
        plan.sourceAnswers = answers
        return try Grader.score(plan, try GradingEngine.evaluation(plan, runner: runner))
    }

    /// Points earned on the simulated criteria, and the most a shake team can earn on them.
    static func simulated(_ g: TeamGrade, _ rubric: Rubric) -> (points: Double, maximum: Double) {
        var points = 0.0
        var maximum = 0.0
        for r in g.results where !rubric.criteria[r.criterionIndex].isManual && r.verdict != .notApplicable {
            points += r.points ?? 0
            maximum += rubric.criteria[r.criterionIndex].points
        }
        return (points, maximum)
    }
}

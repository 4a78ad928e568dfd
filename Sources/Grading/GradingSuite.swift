import DetectionCore
import FileFormats
import Foundation
import Reporting
import SensorSim
import Studies

/// The simulated conditions a criterion is judged under: generated once per grading run and fed to every
/// submission (common random numbers), so differences between teams come from their choices alone.
package struct GradingSuite: Sendable {
    /// What is simulated.
    package enum Body: Sendable {
        /// Students standing near each hall while performing the gesture: GPS fixes and the gesture stream on one
        /// clock; a hall is collected when the gesture fires while the proximity check says "in range".
        case hallVisits(HallVisitSuite)
        /// Everyday phone motion with deliberate shakes (the shake study's timelines).
        case shakeTimelines(ShakeTimelineSuite)
        /// Everyday touch gestures with scribbles (the scribble study's timelines).
        case scribbleTimelines(ScribbleTimelineSuite)
        /// No simulation: the team's hall coordinates against the reference places.
        case coordinates
    }

    /// The suite's name in the rubric (the key in `suites`, or the criterion id for an inline suite).
    package let id: String
    /// Where the suite came from: "inline" or the scenario path as written in the rubric.
    package let source: String
    /// Seed of the suite's random streams.
    package let seed: UInt64
    package let body: Body

    /// Number of trials (visits or timelines); 0 for the coordinate check.
    package var trialCount: Int {
        switch body {
        case .hallVisits(let h): return h.visitsPerPlace * h.places.count
        case .shakeTimelines(let s): return s.timelines
        case .scribbleTimelines(let s): return s.timelines
        case .coordinates: return 0
        }
    }

    /// A short description of the conditions for the evidence table.
    package var conditions: String {
        switch body {
        case .hallVisits(let h):
            return "\(h.visitsPerPlace) visits per hall × \(h.places.count) halls, standing \(Format.exact(h.distanceMeters)) m "
                + "from the hall (±\(Format.exact(h.wanderMeters)) m) for \(Format.exact(h.minutes)) min, "
                + "\(h.environment.name) GPS, \(h.motion.shakesCount) shakes or ~half the touch gestures scribbles per visit"
        case .shakeTimelines(let s):
            return "\(s.timelines) timelines of \(Format.exact(s.parameters.durationSeconds / 60)) min of everyday motion"
        case .scribbleTimelines(let s):
            return "\(s.timelines) touch timelines of \(Format.exact(s.parameters.durationSeconds / 60)) min"
        case .coordinates:
            return "the submitted coordinates against the reference places (WGS-84 geodesic)"
        }
    }
}

/// Visits to every reference hall: the student stands `distanceMeters` from it for `minutes` and performs the
/// gesture repeatedly.
package struct HallVisitSuite: Sendable {
    /// The true halls (the rubric's reference places).
    package let places: [Place]
    /// d: the true distance from the hall where the student stands, metres.
    package let distanceMeters: Double
    /// Length of each visit, minutes.
    package let minutes: Double
    /// Visits simulated per hall.
    package let visitsPerPlace: Int
    package let environment: GPSEnvironment
    /// Radius of the disc the student wanders in around the standing point, metres.
    package let wanderMeters: Double
    /// The accelerometer stream of a shake team (shakes inserted between everyday motion).
    package let motion: MotionTimelineParameters
    /// The touch stream of a scribble team.
    package let touch: TouchTimelineParameters
}

/// Shake-study timelines used as a grading suite.
package struct ShakeTimelineSuite: Sendable {
    package let timelines: Int
    package let parameters: MotionTimelineParameters
    package let toleranceBeforeSeconds: Double
    package let toleranceAfterSeconds: Double
}

/// Scribble-study timelines used as a grading suite.
package struct ScribbleTimelineSuite: Sendable {
    package let timelines: Int
    package let parameters: TouchTimelineParameters
    package let toleranceBeforeSeconds: Double
    package let toleranceAfterSeconds: Double
}

extension MotionTimelineParameters {
    /// The fixed shake count (0 for a Poisson schedule), for descriptions.
    var shakesCount: Int {
        if case .count(let c) = shakes { return c }
        return 0
    }
}

// MARK: - Parsing

extension GradingSuite {
    /// The suite kinds an inline suite may name.
    static let kinds = ["hall-visits", "shake-timelines", "scribble-timelines", "coordinates"]

    /// Reads a suite: a path (a shake or scribble scenario file, relative to the rubric's folder) or an inline
    /// object with `kind`.
    ///
    /// - Parameters:
    ///   - field: the suite's JSON value.
    ///   - id: the suite's name.
    ///   - rubricSeed: the rubric's seed; an inline suite without `seed` uses it mixed with the suite's name.
    ///   - places: the reference places.
    ///   - folder: the rubric's folder.
    /// - Throws: ``InputError`` naming the file, line and field.
    static func read(
        _ field: JSONField, id: String, rubricSeed: UInt64, places: [Place],
        folder: URL
    ) throws(InputError) -> GradingSuite {
        if case .string(let path) = field.node.value {
            guard !path.isEmpty else { throw field.error("must not be empty") }
            let lookup = ReferenceSearchPath.resolve(path, beside: folder)
            guard let found = lookup.found else {
                throw InputError(
                    .missingFile, file: field.file, line: field.node.line, field: field.path,
                    problem: "no scenario file \"\(path)\" (looked for \(lookup.lookedIn))")
            }
            let shown = found.relativePath
            let scenario: Scenario
            do {
                scenario = try ScenarioFile.load(path: shown)
            } catch {
                throw InputError(
                    error.kind, file: field.file, line: field.node.line, field: field.path,
                    problem: "the scenario cannot be used: \(error.description)")
            }
            if let s = scenario.study as? ShakeScenario {
                return GradingSuite(
                    id: id, source: path, seed: s.seed,
                    body: .shakeTimelines(
                        ShakeTimelineSuite(
                            timelines: s.timelines, parameters: s.timeline, toleranceBeforeSeconds: s.toleranceBeforeSeconds,
                            toleranceAfterSeconds: s.toleranceAfterSeconds)))
            }
            if let s = scenario.study as? ScribbleScenario {
                return GradingSuite(
                    id: id, source: path, seed: s.seed,
                    body: .scribbleTimelines(
                        ScribbleTimelineSuite(
                            timelines: s.timelines, parameters: s.timeline, toleranceBeforeSeconds: s.toleranceBeforeSeconds,
                            toleranceAfterSeconds: s.toleranceAfterSeconds)))
            }
            throw field.error(
                "names a \(scenario.kind) scenario; a suite file must be a shake or scribble "
                    + "scenario (write hall visits inline)")
        }
        let o = try field.object()
        let kind = try o.required("kind").choice(kinds)
        let seed = try o.optional("seed")?.unsigned64() ?? derivedSeed(rubricSeed, id)
        let body: Body
        switch kind {
        case "hall-visits": body = .hallVisits(try readHallVisits(o, places: places))
        case "shake-timelines":
            var p = MotionTimelineParameters()
            let timelines = try o.required("timelines").integer(in: 1...100_000)
            if let f = o.optional("minutes") { p.durationSeconds = try f.positive(atMost: 24 * 60) * 60 }
            if let f = o.optional("shakesPerTimeline") { p.shakes = .count(try f.integer(in: 0...10_000)) }
            if let f = o.optional("minimumGapSeconds") { p.minimumGapSeconds = try f.nonNegative(atMost: 3600) }
            if let f = o.optional("weights") { p.weights = try GestureScenarioReader.motionWeights(f) }
            if case .count(let c) = p.shakes, c > p.maximumShakesThatFit {
                throw InputError(
                    file: o.file, line: o.line, field: "\(o.path).shakesPerTimeline",
                    problem: "\(c) shakes do not fit (at most \(p.maximumShakesThatFit))")
            }
            let (before, after) = try GestureScenarioReader.matching(o)
            body = .shakeTimelines(
                ShakeTimelineSuite(
                    timelines: timelines, parameters: p,
                    toleranceBeforeSeconds: before, toleranceAfterSeconds: after))
        case "scribble-timelines":
            var p = TouchTimelineParameters()
            let timelines = try o.required("timelines").integer(in: 1...100_000)
            if let f = o.optional("minutes") { p.durationSeconds = try f.positive(atMost: 24 * 60) * 60 }
            if let f = o.optional("weights") { p.weights = try GestureScenarioReader.touchWeights(f) }
            let (before, after) = try GestureScenarioReader.matching(o)
            body = .scribbleTimelines(
                ScribbleTimelineSuite(
                    timelines: timelines, parameters: p,
                    toleranceBeforeSeconds: before, toleranceAfterSeconds: after))
        default:
            body = .coordinates
        }
        try o.finish()
        return GradingSuite(id: id, source: "inline", seed: seed, body: body)
    }

    /// `hall-visits`: `distanceMeters` (required), `minutes` (1), `visitsPerPlace` (40), `environment` ("campus"),
    /// `wanderMeters` (3), `shakesPerVisit` (3), `minimumGapSeconds` (5), `motionWeights`, `touchWeights`.
    static func readHallVisits(_ o: JSONObjectReader, places: [Place]) throws(InputError) -> HallVisitSuite {
        let distance = try o.required("distanceMeters").nonNegative(atMost: 5000)
        let minutes = try o.optional("minutes")?.positive(atMost: 120) ?? 1
        let visits = try o.optional("visitsPerPlace")?.integer(in: 1...100_000) ?? 40
        var environment = GPSEnvironment.campus
        if let f = o.optional("environment") { environment = try GeofenceScenario.readEnvironment(f) }
        let wander = try o.optional("wanderMeters")?.nonNegative(atMost: 100) ?? 3
        var motion = MotionTimelineParameters(durationSeconds: minutes * 60, shakes: .count(3), minimumGapSeconds: 5)
        let shakesField = o.optional("shakesPerVisit")
        if let f = shakesField { motion.shakes = .count(try f.integer(in: 0...10_000)) }
        if let f = o.optional("minimumGapSeconds") { motion.minimumGapSeconds = try f.nonNegative(atMost: 3600) }
        if let f = o.optional("motionWeights") { motion.weights = try GestureScenarioReader.motionWeights(f) }
        if motion.shakesCount > motion.maximumShakesThatFit {
            throw InputError(
                file: o.file, line: shakesField?.node.line ?? o.line, field: "\(o.path).shakesPerVisit",
                problem: "\(motion.shakesCount) shakes of up to 2 s with "
                    + "\(Format.exact(motion.minimumGapSeconds)) s gaps do not fit in a "
                    + "\(Format.exact(minutes))-minute visit (at most \(motion.maximumShakesThatFit))")
        }
        // A student trying to collect scribbles about every other gesture (an assumption; the rest are taps).
        var touch = TouchTimelineParameters(durationSeconds: minutes * 60, weights: [.scribble: 1, .tap: 1])
        if let f = o.optional("touchWeights") { touch.weights = try GestureScenarioReader.touchWeights(f) }
        return HallVisitSuite(
            places: places, distanceMeters: distance, minutes: minutes, visitsPerPlace: visits,
            environment: environment, wanderMeters: wander, motion: motion, touch: touch)
    }

    /// The rubric seed mixed with the suite's name (FNV-1a 64 of the name, XOR the seed), so suites draw
    /// independent streams and renaming nothing changes nothing.
    static func derivedSeed(_ seed: UInt64, _ id: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in id.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01B3
        }
        return seed ^ h
    }
}

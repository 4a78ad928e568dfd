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
    /// Seed of the suite's random streams (the rubric's, or mixed with a run's stream secret:
    /// ``Rubric/mixingStreams(secret:)``).
    package internal(set) var seed: UInt64
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
            let approach =
                h.approachFromMeters.map {
                    "walking up from \(Format.exact($0)) m at \(Format.exact(h.approachSpeedMetersPerSecond)) m/s, then "
                } ?? ""
            return "\(h.visitsPerPlace) visits per hall × \(h.places.count) halls, \(approach)standing "
                + "\(Format.exact(h.distanceMeters)) m from the hall (±\(Format.exact(h.wanderMeters)) m) for "
                + "\(Format.exact(h.minutes)) min, "
                + "\(h.environment.name) GPS, \(h.motion.shakesCount) shakes or ~half the touch gestures scribbles per visit"
                + h.locationConditionsText
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
    /// Where the visit starts: walking straight up from this distance (metres) to the standing point, fixes all the
    /// way, the gesture stream starting on arrival; nil: the visit starts at the standing point.
    package var approachFromMeters: Double?
    /// Walking speed of the walk-up, m/s.
    package var approachSpeedMetersPerSecond = 1.4
    /// A detection counts as caused by a deliberate gesture from this long before its start…
    package var toleranceBeforeSeconds = 0.0
    /// …to this long after its end (the shake study's matching window).
    package var toleranceAfterSeconds = 0.5
    /// What the simulated user answered the app's location prompt: "When In Use" (the default) or denied (no
    /// team gets a fix; an app's Core Location calls fail with `CLError(.denied)`).
    package var locationDenied = false
    /// The phone has no fix for this long from the start of each visit (walk-up included), seconds: no team gets
    /// the fixes made before then, and an app's Core Location reports `CLError(.locationUnknown)`, then recovers.
    package var locationFailsSeconds = 0.0

    /// Whether the suite sets a location condition (then source teams get the `0x34` location stream).
    package var hasLocationConditions: Bool { locationDenied || locationFailsSeconds > 0 }

    /// Whether the phone has the fix made at `t` (visit clock, s): not when denied, nor before
    /// ``locationFailsSeconds``.
    package func fixAvailable(at t: Double) -> Bool { !locationDenied && t >= locationFailsSeconds }

    /// The conditions for the evidence table ("" without any, so existing reports read as before).
    var locationConditionsText: String {
        if locationDenied { return ", location permission denied (no fixes; Core Location fails with denied)" }
        guard locationFailsSeconds > 0 else { return "" }
        return ", no GPS fix for the first \(Format.exact(locationFailsSeconds)) s of each visit "
            + "(Core Location reports locationUnknown, then recovers)"
    }

    /// How long the walk-up takes, s: (approachFromMeters − d) / speed, 0 without one. The gesture stream (and
    /// the time limit to collect) starts then.
    package var approachSeconds: Double {
        approachFromMeters.map { max(0, $0 - distanceMeters) / approachSpeedMetersPerSecond } ?? 0
    }
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
    static let kinds = ["hall-visits", "shake-timelines", "scribble-timelines", "coordinates", "scenario"]

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
            return try readScenario(field, id: id, path: path, folder: folder)
        }
        let o = try field.object()
        let kind = try o.required("kind").choice(kinds)
        if kind == "scenario" { return try readScenarioObject(o, id: id, folder: folder) }
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

    /// A shake or scribble scenario file as a suite: its timelines, seed, timeline count and matching tolerances
    /// (its sweep is ignored).
    static func readScenario(
        _ field: JSONField, id: String, path: String, folder: URL, motionWeights: [MotionActivity: Double]? = nil,
        weightsField: JSONField? = nil
    ) throws(InputError) -> GradingSuite {
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
            var parameters = s.timeline
            var source = path
            if let motionWeights {
                for (activity, weight) in motionWeights { parameters.weights[activity] = weight }
                guard parameters.weights.values.contains(where: { $0 > 0 }) else {
                    throw (weightsField ?? field).error("leaves no everyday activity a weight above 0")
                }
                source +=
                    " with "
                    + motionWeights.sorted { $0.key.rawValue < $1.key.rawValue }
                    .map { "\($0.key.rawValue) \(Format.exact($0.value))" }.joined(separator: ", ")
            }
            return GradingSuite(
                id: id, source: source, seed: s.seed,
                body: .shakeTimelines(
                    ShakeTimelineSuite(
                        timelines: s.timelines, parameters: parameters, toleranceBeforeSeconds: s.toleranceBeforeSeconds,
                        toleranceAfterSeconds: s.toleranceAfterSeconds)))
        }
        if let s = scenario.study as? ScribbleScenario {
            if let f = weightsField { throw f.error("applies to shake scenarios only (a scribble scenario has touch weights)") }
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

    /// `{"kind": "scenario", "path": …, "motionWeights": {…}}`: a scenario file whose everyday-motion weights are
    /// overridden activity by activity (a course weighing pocket walking or running into the false-alarm suite; the
    /// scenario's own weights where none is given). Only a shake scenario has motion weights.
    static func readScenarioObject(_ o: JSONObjectReader, id: String, folder: URL) throws(InputError) -> GradingSuite {
        let pathField = try o.required("path")
        let path = try pathField.string()
        let weightsField = o.optional("motionWeights")
        var weights: [MotionActivity: Double]?
        if let f = weightsField {
            let w = try f.object()
            var read: [MotionActivity: Double] = [:]
            for key in w.keys {
                guard let v = w.optional(key) else { continue }
                guard let activity = MotionActivity(rawValue: key), activity != .shake else {
                    throw v.error(
                        "is not an everyday activity (known: "
                            + MotionActivity.everyday.map(\.rawValue).joined(separator: ", ") + ")")
                }
                read[activity] = try v.nonNegative(atMost: 1e6)
            }
            weights = read
        }
        try o.finish()
        return try readScenario(pathField, id: id, path: path, folder: folder, motionWeights: weights, weightsField: weightsField)
    }

    /// `hall-visits`: `distanceMeters` (required), `minutes` (1), `visitsPerPlace` (40), `environment` ("campus"),
    /// `wanderMeters` (3), `shakesPerVisit` (3), `minimumGapSeconds` (5), `motionWeights`, `touchWeights`,
    /// `approachFromMeters` (none), `approachSpeedMetersPerSecond` (1.4), `matching` (0 s before, 0.5 s after),
    /// `locationAuthorization` (`"authorizedWhenInUse"` or `"denied"`), `locationFailsSeconds` (0).
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
        var suite = HallVisitSuite(
            places: places, distanceMeters: distance, minutes: minutes, visitsPerPlace: visits,
            environment: environment, wanderMeters: wander, motion: motion, touch: touch)
        if let f = o.optional("approachFromMeters") {
            let from = try f.nonNegative(atMost: 5000)
            guard from > distance else {
                throw f.error(
                    "must be farther than distanceMeters (\(Format.exact(distance)) m) to walk up from, got "
                        + Format.exact(from))
            }
            suite.approachFromMeters = from
        }
        if let f = o.optional("approachSpeedMetersPerSecond") {
            guard suite.approachFromMeters != nil else { throw f.error("needs approachFromMeters (the walk-up it paces)") }
            suite.approachSpeedMetersPerSecond = try f.positive(atMost: 10)
        }
        (suite.toleranceBeforeSeconds, suite.toleranceAfterSeconds) = try GestureScenarioReader.matching(o)
        if let f = o.optional("locationAuthorization") {
            suite.locationDenied = try f.choice(["authorizedWhenInUse", "denied"]) == "denied"
        }
        if let f = o.optional("locationFailsSeconds") {
            guard !suite.locationDenied else {
                throw f.error("has no effect when locationAuthorization is \"denied\" (no fix ever comes); leave one out")
            }
            suite.locationFailsSeconds = try f.nonNegative(atMost: 7200)
        }
        return suite
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

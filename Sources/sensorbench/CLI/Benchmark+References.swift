import CBenchReference
import DetectionCore
import Foundation
import MonteCarlo
import SensorSim
import Stats
import Studies

/// The plain C + GSL drift loop (`CBenchReference`), set up with the constants the Swift pipeline derives from the
/// scenario's one cell: the same profile, one device and one walk plan drawn as trial 0 draws them.
struct CDriftReference {
    private var model: cbr_drift_model
    private let turns: [cbr_turn]

    init(scenario: DriftScenario) throws {
        let cell = scenario.cells[0]
        let profile = cell.profile
        let stream = try RandomStream(seed: TrialSeed(scenarioSeed: scenario.seed, trialIndex: 0))
        let device = GyroDevice.draw(from: profile, stream: stream)
        let plan = try WalkPlan(parameters: cell.walk, sampleRateHz: profile.sampleRateHz, stream: stream)
        let toRad = Double.pi / 180
        let interval = 1 / profile.sampleRateHz
        let instability = GaussMarkov(
            sigma: profile.biasInstabilityDegPerHour / 3600 * toRad,
            correlationTimeSeconds: profile.biasCorrelationTimeSeconds, intervalSeconds: interval)
        let swayOmega = 2 * Double.pi * cell.walk.swayFrequencyHz
        model = cbr_drift_model(
            samples: plan.sampleCount, dt: interval, tilt_factor: cos(cell.tiltDegrees * toRad),
            max_gap: scenario.tracker.maximumGapSeconds,
            bias: device.turnOnBiasRadPerSec, scale_error: device.scaleFactorError,
            asymmetry: device.scaleFactorAsymmetry,
            white_sigma: profile.whiteNoiseSigmaRadPerSec, gm_phi: instability.phi, gm_sigma: instability.sigma,
            gm_driving_sigma: instability.drivingSigma,
            rw_step_sigma: profile.rateRandomWalkDegPerSecPerRootSec * toRad * interval.squareRoot(),
            quant_step: profile.quantizationStepDegPerSec * toRad, range: profile.rangeDegPerSec * toRad,
            sway_peak_rate: cell.walk.swayAmplitudeDegrees * toRad * swayOmega,
            step_cos: cos(swayOmega / profile.sampleRateHz), step_sin: sin(swayOmega / profile.sampleRateHz))
        turns = plan.turns.map { cbr_turn(start: $0.startSample, count: $0.sampleCount, rate: $0.rateRadPerSec) }
    }

    /// Runs `walks` walks; returns the sum of their drifts, radians.
    func run(walks: Int) -> Double {
        var model = model
        return turns.withUnsafeBufferPointer { cbr_drift_walks(&model, $0.baseAddress, $0.count, 1, Int32(walks)) }
    }
}

extension Benchmark {
    // MARK: - Shake

    /// `Scenarios/shake-threshold-tuning.json`: generating timelines; feeding one timeline to every setting of the
    /// sweep; and the per-update cost of each detector kind against the plain C loop of the same arithmetic on the
    /// same samples, which must fire at the Swift detector's very samples for every setting of that kind
    /// (`cCheckedSettings`) before anything is timed.
    static func shakeRows(folder: URL, plan: Plan, into rows: inout [Row]) throws {
        let s = try loadScenario(folder: folder, file: "shake-threshold-tuning.json", as: ShakeScenario.self, kind: "shake")
        let first = MotionTimelineGenerator.generate(
            s.timeline, stream: try RandomStream(seed: TrialSeed(scenarioSeed: s.seed, trialIndex: 0)))
        let samples = Double(first.sampleCount)
        // The samples as the study feeds them: built once per timeline (with gravity for a setting that reads raw
        // readings), then fed to every setting.
        let plain = TimelineSamples(first, includesGravity: false)
        let withGravity = TimelineSamples(first, includesGravity: true)
        func input(_ c: ShakeDetectorConfiguration) -> TimelineSamples { c.inputIncludesGravity ? withGravity : plain }
        let plainC = CShakeInput(plain)
        let withGravityC = CShakeInput(withGravity)
        func cInput(_ c: ShakeDetectorConfiguration) -> CShakeInput { c.inputIncludesGravity ? withGravityC : plainC }
        var generated: UInt64 = 0
        var workloads: [() throws -> Double] = [
            {
                generated += 1
                let seed = TrialSeed(scenarioSeed: s.seed, trialIndex: generated)
                let timeline = MotionTimelineGenerator.generate(s.timeline, stream: try RandomStream(seed: seed))
                try use(Double(timeline.x[timeline.sampleCount / 2]), "timeline generation")
                return Double(timeline.sampleCount)
            },
            {
                for c in s.configurations { try use(Double(try ShakeTrial.detect(input(c), c).count), "the shake sweep") }
                return samples * Double(s.configurations.count)
            },
        ]
        // One setting of each kind, timed: the first its C loop is checked on (else the first of the sweep, and no C
        // loop).
        let kinds = ShakeDetectorKind.allCases.compactMap {
            kind -> (setting: ShakeDetectorConfiguration, checked: [ShakeDetectorConfiguration])? in
            let checked = cCheckedSettings(s, kind: kind)
            guard let setting = checked.first ?? s.configurations.first(where: { $0.kind == kind }) else { return nil }
            return (setting, checked)
        }
        for (c, _) in kinds {
            workloads.append {
                try use(Double(try ShakeTrial.detect(input(c), c).count), "a shake detector")
                return samples
            }
        }
        // Then each kind's C loop, after the check that it fires where the Swift detector does.
        var references: [(kind: Int, events: Int, identical: Int, settings: Int)] = []
        for (i, (c, settings)) in kinds.enumerated() where !settings.isEmpty {
            let identical = try checkAgainstC(settings, samples: input, input: cInput)
            let events = try ShakeTrial.detect(input(c), c).count
            let rateHz = input(c).sampleRateHz
            workloads.append {
                try use(Double(try cInput(c).firingTimes(c, rateHz: rateHz).count), "the C \(c.kind.rawValue) loop")
                return samples
            }
            references.append((i, events, identical, settings.count))
        }
        let t = try interleaved(plan, workloads)
        rows.append(
            Row(
                label: "shake timeline generation, 1 core (\(f(s.timeline.durationSeconds / 60, 0))-min timelines)",
                rates: t[0], unit: 1e6, " M accelerometer samples/s"))
        rows.append(
            Row(
                label: "shake sweep feeding, 1 core (one timeline × \(s.configurations.count) settings)", rates: t[1],
                unit: 1e6, " M samples × settings/s"))
        for (i, (c, _)) in kinds.enumerated() {
            rows.append(
                Row(
                    label: "\(c.kind.rawValue) update (ShakeDetector.consume, one setting), 1 core",
                    median: f(t[2 + i].median * 1e9) + " ns", best: f(t[2 + i].best * 1e9) + " ns"))
        }
        for (n, r) in references.enumerated() {
            let kind = kinds[r.kind].setting.kind.rawValue
            let c = t[2 + kinds.count + n]
            rows.append(
                Row(
                    label: "C loop of the \(kind) arithmetic, 1 core", median: f(c.median * 1e9) + " ns",
                    best: f(c.best * 1e9) + " ns"))
            let ratio = c.ratio(of: t[2 + r.kind])
            rows.append(
                Row(
                    label:
                        "\(kind) update ÷ C loop (\(r.events) events each; \(r.identical) in \(r.settings) settings identical)",
                    median: f(ratio.median) + "×", best: f(ratio.best) + "×", target: "≤ 1.5×"))
        }
    }

    // MARK: - Geofence

    /// `Scenarios/geofence-false-triggers.json`'s trials in order (cycling through its cells, then trials): each
    /// generates one movement and its fixes once and feeds every fix to every check, as the study does. Its
    /// reference is the one geodesic per fix and place the checks share, timed alone on points around the target.
    static func geofenceRows(folder: URL, plan: Plan, into rows: inout [Row]) throws {
        let s = try loadScenario(folder: folder, file: "geofence-false-triggers.json", as: GeofenceScenario.self, kind: "geofence")
        var trials = 0
        let places = s.placesOfInterest.count
        // Points 0–400 m from the target at every bearing, as a visit's fixes are.
        let target = s.placeSet.places[s.stops[0]].coordinate
        let plane = LocalTangentPlane(origin: target)
        let points = (0..<1000).compactMap { k -> Coordinate? in
            let bearing = Double(k) * 2.399963  // the golden angle, radians: spreads the bearings
            let r = 400 * Double(k) / 1000
            return plane.coordinate(eastMeters: r * sin(bearing), northMeters: r * cos(bearing))
        }
        let t = try interleaved(
            plan,
            [
                {
                    let cell = trials % s.cells.count
                    let index = cell * s.trialsPerCell + (trials / s.cells.count) % s.trialsPerCell
                    let o = try GeofenceTrial.run(
                        cell: s.cells[index / s.trialsPerCell], trialInCell: index % s.trialsPerCell,
                        globalIndex: index, scenario: s)
                    try use(Double(o.enters.reduce(0, +)), "the geofence trials")
                    trials += 1
                    return Double(o.fixesDelivered)
                },
                {
                    var sum = 0.0
                    for p in points { sum += Geodesic.distanceMeters(p, target) }
                    try use(sum, "the geodesic")
                    return Double(points.count)
                },
            ])
        let trial = t[0]
        let distance = t[1]
        rows.append(
            Row(
                label:
                    "geofence trials, 1 core (\(s.name): \(s.checks.count) checks, \(places) place\(places == 1 ? "" : "s") of interest)",
                median: f(1 / trial.median * Double(s.checks.count) / 1e6, 3) + " M fixes × checks/s",
                best: f(1 / trial.best * Double(s.checks.count) / 1e6, 3) + " M fixes × checks/s"))
        rows.append(
            Row(
                label: "geofence: one fix through the whole trial (movement, GPS, \(s.checks.count) checks)",
                median: f(trial.median * 1e9, 0) + " ns", best: f(trial.best * 1e9, 0) + " ns"))
        rows.append(
            Row(
                label: "one Karney distance (Geodesic.distanceMeters) alone", median: f(distance.median * 1e9, 0) + " ns",
                best: f(distance.best * 1e9, 0) + " ns"))
        let ratio = distance.ratio(of: trial, scale: 1 / Double(max(places, 1)))
        rows.append(
            Row(
                label: "geofence fix ÷ its \(places) distance\(places == 1 ? "" : "s") (the floor: one per fix and place)",
                median: f(ratio.median) + "×", best: f(ratio.best) + "×"))
    }
}

import DetectionCore
import Foundation
import MonteCarlo
import SensorSim
import Stats
import Studies

/// The walks that would answer "time or turning?" for one phone at 95%: how many of each kind, found by simulating
/// logs of that plan from the phone's ``PhoneDriftModel`` and answering each with ``TimeOrTurning``.
///
/// Four kinds of walk, the same number of each: ``shortMinutes`` and ``longMinutes`` long, each straight (no turn)
/// and with ``fullTurns`` full turns on the spot to the left (counter-clockwise, so net and total rotation are both
/// 360°·turns). Durations and turning vary independently, so the regression can tell them apart. For each candidate
/// count (``candidateCounts``) ``replications`` logs are simulated: every log is one phone drawn from the model
/// (its uncertainty, and the class spread of what was not measured, carried in), fresh in-run noise per walk. The
/// plan is the smallest count whose logs are answered (verdict time, turning or both) in at least ``targetPower``
/// of the replications; the power stated is that fraction, with its Wilson 95% interval.
///
/// The closed form picks the plan; ``checkWithSimulator(profile:walksPerKind:replications:seed:runner:)`` checks it
/// with the full simulator (the drift study's trial: walk, gyro error model, heading tracker), the turning walks laid
/// out as ``fullTurns`` full turns on the spot to the left (``simulatedWalks``), one phone drawn per log.
package struct WalkingPlan: Sendable {
    package static let shortMinutes = 5.0
    package static let longMinutes = 15.0
    package static let fullTurns = 4
    package static let targetPower = 0.95
    package static let candidateCounts = [2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25]
    package static let replications = 400

    /// Walks of each kind (4 kinds).
    package let walksPerKind: Int
    /// Fraction of simulated logs that answered the question, and its 95% interval.
    package let power: Double
    package let powerInterval: ConfidenceInterval
    /// Whether the target power was reached within the largest candidate count.
    package let reachesTarget: Bool

    package var totalWalks: Int { 4 * walksPerKind }

    /// The plan for `model`, simulated with streams seeded from (`seed`, replication).
    package static func make(model: PhoneDriftModel, seed: UInt64) throws -> WalkingPlan {
        var last: (Int, Int) = (0, 0)
        for count in candidateCounts {
            let answered = try answeredLogs(model: model, walksPerKind: count, seed: seed, replications: replications)
            last = (count, answered)
            if Double(answered) >= targetPower * Double(replications) { break }
        }
        let ci = try Proportion(successes: last.1, trials: replications).wilson(confidence: 0.95)
        let power = Double(last.1) / Double(replications)
        return WalkingPlan(walksPerKind: last.0, power: power, powerInterval: ci, reachesTarget: power >= targetPower)
    }

    /// The plan's walks as (minutes, total degrees turned), in log order.
    package static func walks(perKind: Int) -> [(minutes: Double, turnedDegrees: Double)] {
        var out: [(Double, Double)] = []
        for _ in 0..<perKind {
            for minutes in [shortMinutes, longMinutes] {
                out.append((minutes, 0))
                out.append((minutes, 360 * Double(fullTurns)))
            }
        }
        return out
    }

    /// How many of `replications` simulated logs of the plan are answered.
    package static func answeredLogs(model: PhoneDriftModel, walksPerKind: Int, seed: UInt64, replications: Int) throws -> Int {
        try closedFormLogs(model: model, walksPerKind: walksPerKind, seed: seed, replications: replications)
            .filter { $0.answer?.verdict.answered == true }.count
    }

    /// One log of the plan drawn from the closed form: the phone's own time and turning parts of a
    /// ``TimeOrTurning/typicalMinutes``-minute loop (its bias × T₀, its turning error × θ₀) and the log's answer
    /// (`nil` when the walks could not be fitted).
    package struct ClosedFormLog: Sendable {
        package let timePart: Double
        package let turningPart: Double
        package let answer: TimeOrTurning?
    }

    /// `replications` logs of the plan, log r one phone drawn from `model` on the stream of index r (bias, then
    /// turning error, then each walk's in-run noise, in ``walks(perKind:)``'s order).
    package static func closedFormLogs(
        model: PhoneDriftModel, walksPerKind: Int, seed: UInt64, replications: Int
    ) throws -> [ClosedFormLog] {
        let plan = walks(perKind: walksPerKind)
        return try (0..<replications).map { r in
            let stream = try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: UInt64(r)))
            let bias = model.biasMeanDegPerSec + model.biasSDDegPerSec * stream.standardNormal()
            let turnError = model.turnErrorMean + model.turnErrorSD * stream.standardNormal()
            let drifts = plan.map { walk in
                bias * 60 * walk.minutes + turnError * walk.turnedDegrees
                    + model.inRunVariance(minutes: walk.minutes).squareRoot() * stream.standardNormal()
            }
            return ClosedFormLog(
                timePart: bias * 60 * TimeOrTurning.typicalMinutes,
                turningPart: turnError * TimeOrTurning.typicalTurnDegrees,
                answer: try? TimeOrTurning(
                    minutes: plan.map(\.minutes), turnedDegrees: plan.map(\.turnedDegrees), driftDegrees: drifts))
        }
    }

    // MARK: - The plan checked with the full simulator

    /// The plan's four kinds of walk for the simulator, in ``walks(perKind:)``'s order: per duration, straight, then
    /// ``fullTurns`` full turns on the spot to the left (net and total rotation 360°·turns).
    package static var simulatedWalks: [WalkParameters] {
        [shortMinutes, longMinutes].flatMap { minutes in
            [
                WalkParameters(minutes: minutes, turns: 0, shape: .loop),
                WalkParameters.turning(
                    minutes: minutes, totalDegrees: 360 * Double(fullTurns), netDegrees: 360 * Double(fullTurns)),
            ]
        }
    }

    /// The profile a log of the plan is simulated on, with ``PhoneDriftModel``'s reading of it: a device profile's
    /// unmeasured fixed error drawn per phone from the class profile's spread (mean 0), an unmeasured noise term at
    /// the class profile's value; a class profile as it is.
    package static func planningProfile(_ p: GyroProfile) -> GyroProfile {
        guard p.kind == .device else { return p }
        var q = p
        for field in GyroProfile.deviceFixedFields where p.measurements[field]?.value == nil {
            q.measurements[field] = GyroMeasurement(value: 0, standardError: p.classValues[field] ?? 0, source: "class spread")
        }
        func unmeasured(_ field: String) -> Double? { p.measurements[field]?.value == nil ? p.classValues[field] : nil }
        if let v = unmeasured("noiseDensityDegPerSecPerRootHz") { q.noiseDensityDegPerSecPerRootHz = v }
        if let v = unmeasured("biasInstabilityDegPerHour") { q.biasInstabilityDegPerHour = v }
        if let v = unmeasured("biasCorrelationTimeSeconds") { q.biasCorrelationTimeSeconds = v }
        if let v = unmeasured("rateRandomWalkDegPerSecPerRootSec") { q.rateRandomWalkDegPerSecPerRootSec = v }
        return q
    }

    /// The plan's power measured with the full simulator.
    package struct SimulatorCheck: Sendable {
        package let walksPerKind: Int
        package let replications: Int
        /// Simulated logs the walks answered (``TimeOrTurning/Verdict/answered``).
        package let answered: Int
        package var power: Double { Double(answered) / Double(replications) }
        /// Wilson 95% interval of the power, from the replications.
        package let powerInterval: ConfidenceInterval

        /// Whether the advertised power (``targetPower``) lies within the replication interval or below it: the
        /// simulator does not show the plan to fall short.
        package var holds: Bool { powerInterval.high >= WalkingPlan.targetPower }
        /// Logs ``TimeOrTurning`` could fit, and how many of their 95% intervals of the time part and of the turning
        /// part held the phone's own: its bias × ``TimeOrTurning/typicalMinutes`` and its turning error (scale factor
        /// plus half the asymmetry, the plan turning left) × ``TimeOrTurning/typicalTurnDegrees``.
        package var fitted = 0
        package var timePartCovered = 0
        package var turningPartCovered = 0
    }

    /// Simulates `replications` logs of the plan with `walksPerKind` walks of each kind through ``DriftTrial`` and
    /// answers each with ``TimeOrTurning`` from the simulated minutes, total rotation and drift.
    ///
    /// Each log is one phone: replication r draws its device (``GyroDevice/draw(from:stream:)`` on
    /// ``planningProfile(_:)``) from the stream of global index r·(w + 1), w = 4·`walksPerKind`, and its walks use
    /// indices r·(w + 1) + 1 … r·(w + 1) + w, each a fresh stream (fresh noise per walk), all seeded from `seed`.
    /// Replications run in parallel and are reduced in index order, so the count does not depend on `runner`'s jobs.
    package static func checkWithSimulator(
        profile: GyroProfile, walksPerKind: Int, replications: Int, seed: UInt64, runner: MonteCarloRunner
    ) throws -> SimulatorCheck {
        let planning = planningProfile(profile)
        let cells = simulatedWalks.enumerated().map { index, walk in
            DriftCell(index: index, profile: planning, input: .rotationRate, tiltDegrees: 0, walk: walk)
        }
        let perLog = cells.count * walksPerKind
        let scenario = DriftScenario(
            name: "walking-plan", description: "", file: "", seed: seed, trialsPerCell: walksPerKind * replications,
            sameDevice: true, cells: cells, tracker: HeadingTracker.Configuration(), straightAheadToleranceDegrees: 5)
        let logs = try runner.run(count: replications) { r -> (answered: Bool, fitted: Bool, time: Bool, turning: Bool) in
            let base = r * (perLog + 1)
            let device = GyroDevice.draw(
                from: planning, stream: try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: UInt64(base))))
            var minutes: [Double] = [], turned: [Double] = [], drifts: [Double] = []
            for i in 0..<perLog {
                let cell = cells[i % cells.count]
                let o = try DriftTrial.run(
                    cell: cell, trialInCell: r * walksPerKind + i / cells.count, globalIndex: base + 1 + i,
                    scenario: scenario, sharedDevice: device)
                minutes.append(cell.walk.minutes)
                turned.append(o.totalRotationRadians * 180 / .pi)
                drifts.append(o.driftRadians * 180 / .pi)
            }
            guard let answer = try? TimeOrTurning(minutes: minutes, turnedDegrees: turned, driftDegrees: drifts) else {
                return (false, false, false, false)
            }
            let timePart = device.turnOnBiasRadPerSec * 180 / .pi * 60 * TimeOrTurning.typicalMinutes
            let turningPart = (device.scaleFactorError + device.scaleFactorAsymmetry / 2) * TimeOrTurning.typicalTurnDegrees
            return (
                answer.verdict.answered, true, answer.timePart.interval.contains(timePart),
                answer.turningPart.interval.contains(turningPart)
            )
        }
        let count = logs.filter(\.answered).count
        var check = SimulatorCheck(
            walksPerKind: walksPerKind, replications: replications, answered: count,
            powerInterval: try Proportion(successes: count, trials: replications).wilson(confidence: 0.95))
        check.fitted = logs.filter(\.fitted).count
        check.timePartCovered = logs.filter(\.time).count
        check.turningPartCovered = logs.filter(\.turning).count
        return check
    }
}

import Foundation
import MonteCarlo
import Stats

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
        let plan = walks(perKind: walksPerKind)
        var answered = 0
        for r in 0..<replications {
            let stream = try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: UInt64(r)))
            let bias = model.biasMeanDegPerSec + model.biasSDDegPerSec * stream.standardNormal()
            let turnError = model.turnErrorMean + model.turnErrorSD * stream.standardNormal()
            let drifts = plan.map { walk in
                bias * 60 * walk.minutes + turnError * walk.turnedDegrees
                    + model.inRunVariance(minutes: walk.minutes).squareRoot() * stream.standardNormal()
            }
            guard
                let answer = try? TimeOrTurning(
                    minutes: plan.map(\.minutes), turnedDegrees: plan.map(\.turnedDegrees), driftDegrees: drifts)
            else { continue }
            if answer.verdict.answered { answered += 1 }
        }
        return answered
    }
}

import DetectionCore
import Foundation
import MonteCarlo
import SensorSim
import Stats
import Studies

/// How often `walks` calls a log inconsistent with its profile when the log does come from it (the comparison's
/// level, which should be at most 5%), or when the phone's fixed errors are `errorScale` times larger (its power).
///
/// A replication is one phone drawn from the profile (``GyroDevice/draw(from:stream:)``, its turn-on bias, scale
/// factor and asymmetry then multiplied by `errorScale`) walking the walks of a given log (their durations and
/// logged turning, else the `straight` or loop walk `walks` would simulate), through the drift study's trial; the
/// log of those walks is then analysed as `walks` does (``WalksAnalysis``, a fresh seed per replication). Counted:
/// the calibrated verdict the report gives, and the rule it used before (either test at 5%, the walks taken as
/// independent phones).
package enum WalksLevel {
    package struct Result: Sendable, Equatable {
        package let replications: Int
        package let walks: Int
        package let errorScale: Double
        /// Logs the calibrated comparison rejected at 5%.
        package let rejected: Int
        /// Logs either uncalibrated test rejected at 5% (the rule before the calibration).
        package let rejectedTakingWalksAsIndependent: Int
    }

    /// The first trial index of the replications' own walks (3·2³⁰): apart from the predictions' and the
    /// calibration's (``WalksAnalysis``) under the same seed.
    static let firstTrial = 3 << 30

    /// - Parameters:
    ///   - log: the walks to simulate (their durations and turning; their drifts are not used).
    ///   - errorScale: the simulated phones' fixed errors are this many times the profile's draw (1: the level).
    /// - Throws: `StatsError`, `SimulationError` from the walks and the analysis.
    package static func run(
        log: DriftLog, profile: GyroProfile, trials: Int, replications: Int, seed: UInt64, straight: Bool,
        errorScale: Double, runner: MonteCarloRunner
    ) throws -> Result {
        let (keys, cells) = WalksAnalysis.cells(log, profile: profile, straight: straight)
        let keyIndex = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element, $0.offset) })
        let entries = log.entries.filter { keyIndex[WalksAnalysis.WalkKey($0)] != nil }
        let scenario = DriftScenario(
            name: "walks-level", description: "", file: log.file, seed: seed, trialsPerCell: replications,
            sameDevice: true, cells: cells, tracker: HeadingTracker.Configuration(), straightAheadToleranceDegrees: 5)
        var rejected = 0
        var independent = 0
        for r in 0..<replications {
            let base = firstTrial + r * (entries.count + 1)
            var phone = GyroDevice.draw(
                from: profile, stream: try RandomStream(seed: TrialSeed(scenarioSeed: seed, trialIndex: UInt64(base))))
            phone.turnOnBiasRadPerSec *= errorScale
            phone.scaleFactorError *= errorScale
            phone.scaleFactorAsymmetry *= errorScale
            var simulated: [DriftLogEntry] = []
            for (i, e) in entries.enumerated() {
                guard let k = keyIndex[WalksAnalysis.WalkKey(e)] else { continue }
                let o = try DriftTrial.run(
                    cell: cells[k], trialInCell: r, globalIndex: base + 1 + i, scenario: scenario, sharedDevice: phone)
                simulated.append(
                    DriftLogEntry(
                        index: e.index, line: e.line, id: nil, emoji: nil, name: nil, dateSecondsSince2001: nil,
                        minutes: e.minutes, driftDegrees: o.driftRadians * 180 / .pi, turnedDegrees: e.turnedDegrees,
                        netTurnDegrees: e.netTurnDegrees))
            }
            let replicate = DriftLog(file: log.file, entries: simulated, skipped: [], notes: [], isOneLine: log.isOneLine)
            let a = try WalksAnalysis(
                log: replicate, profile: profile, trials: trials, seed: seed &+ UInt64(r) &+ 1, straight: straight,
                runner: runner)
            if a.rejected { rejected += 1 }
            if a.rejectedTakingWalksAsIndependent { independent += 1 }
        }
        return Result(
            replications: replications, walks: entries.count, errorScale: errorScale, rejected: rejected,
            rejectedTakingWalksAsIndependent: independent)
    }
}

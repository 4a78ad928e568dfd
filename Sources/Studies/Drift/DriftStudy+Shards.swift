import Foundation
import Reporting
import SensorSim
import Stats

extension DriftScenario {
    /// A fingerprint of everything that determines the trials' results (not the file's path or description).
    public var contentHash: String {
        var h = ContentHash()
        h.add("drift")
        h.add(String(seed))
        h.add(trialsPerCell)
        h.add(sameDevice ? "same-device" : "device-per-trial")
        h.add(tracker.maximumGapSeconds)
        h.add(straightAheadToleranceDegrees)
        for c in cells {
            let p = c.profile
            h.add(p.name)
            for v in [
                p.sampleRateHz, p.noiseDensityDegPerSecPerRootHz, p.turnOnBiasDegPerSec, p.biasInstabilityDegPerHour,
                p.biasCorrelationTimeSeconds, p.rateRandomWalkDegPerSecPerRootSec, p.scaleFactorErrorPercent,
                p.scaleFactorAsymmetryPercent, p.quantizationStepDegPerSec, p.rangeDegPerSec,
            ] { h.add(v) }
            h.add(c.input.rawValue)
            h.add(c.tiltDegrees)
            let w = c.walk
            h.add(w.shape.rawValue)
            h.add(w.turns)
            h.add(w.pauses)
            for v in [
                w.minutes, w.turnRateDegPerSec, w.zigzagAngleDegrees, w.randomTurnMaxDegrees, w.pauseSeconds,
                w.swayAmplitudeDegrees, w.swayFrequencyHz,
            ] { h.add(v) }
        }
        return h.hex
    }
}

extension DriftStudy {
    static let recordColumns = "index,cell,trial,seed,net_rotation,total_rotation,drift,arrow_turn,skipped"

    /// One record line per trial of `range`, doubles as exact bit patterns.
    static func shardRecords(_ s: DriftScenario, range: Range<Int>, runner: MonteCarloRunner) throws -> [String] {
        let outcomes = try simulate(s, runner: runner, range: range)
        return zip(range, outcomes).map { index, o in
            [
                String(index), String(o.cellIndex), String(o.trialInCell), String(o.seed.value),
                ExactDouble.encode(o.netRotationRadians), ExactDouble.encode(o.totalRotationRadians),
                ExactDouble.encode(o.driftRadians), ExactDouble.encode(o.arrowTurnRadians), String(o.skippedSamples),
            ]
            .joined(separator: ",")
        }
    }

    /// Rebuilds the outcomes from merged records (in global index order) and renders the full report.
    static func report(_ s: DriftScenario, records: [(file: String, line: Int, text: String)]) throws -> ReportFiles {
        var outcomes: [DriftOutcome] = []
        outcomes.reserveCapacity(records.count)
        for (position, r) in records.enumerated() {
            let f = r.text.split(separator: ",", omittingEmptySubsequences: false)
            guard f.count == 9, Int(f[0]) == position, let cell = Int(f[1]), cell >= 0, cell < s.cells.count,
                let trial = Int(f[2]), trial == position % s.trialsPerCell, cell == position / s.trialsPerCell,
                let seed = UInt32(f[3]), let net = ExactDouble.decode(f[4]), let total = ExactDouble.decode(f[5]),
                let drift = ExactDouble.decode(f[6]), let arrow = ExactDouble.decode(f[7]), let skipped = PartCount.decode(f[8]),
                seed == TrialSeed(scenarioSeed: s.seed, trialIndex: UInt64(position)).value
            else {
                throw InputError(file: r.file, line: r.line, field: "records", problem: "malformed or inconsistent trial record")
            }
            outcomes.append(
                DriftOutcome(
                    cellIndex: cell, trialInCell: trial, seed: TrialSeed(scenarioSeed: s.seed, trialIndex: UInt64(position)),
                    netRotationRadians: net, totalRotationRadians: total, driftRadians: drift,
                    arrowTurnRadians: arrow, skippedSamples: skipped))
        }
        let analysis = try DriftAnalysis(scenario: s, outcomes: outcomes)
        return try DriftReport.render(scenario: s, outcomes: outcomes, analysis: analysis)
    }
}

import FileFormats
import Foundation
import MonteCarlo
import Reporting
import Stats

/// The drift study as a ``Study``: one record a trial, `index,cell,trial,seed,net_rotation,total_rotation,drift,
/// arrow_turn,skipped`, doubles as exact bit patterns.
extension DriftScenario: Study {
    package static let kind = "drift"

    package static let outputs: [StudyOutput] = [
        .always("trials.csv"), .always("cells.csv"), .always("regression.csv"), .always("fits.csv"),
        .always("summary.md"), .always("rms-vs-minutes.svg"), .always("rms-vs-turns.svg"), .always("drift-scatter.svg"),
        StudyOutput(
            shown: "turning-share.svg", pattern: "turning-share.svg",
            when: "with an error budget of at most four walk kinds: turning's share against minutes, the crossover marked"),
    ]
    package static let recordColumns = "index,cell,trial,seed,net_rotation,total_rotation,drift,arrow_turn,skipped"

    package static func parse(_ r: JSONObjectReader, source: ScenarioSource) throws(InputError) -> DriftScenario {
        try parse(r, file: source.file, folder: source.folder, overrides: source.overrides)
    }

    package var cellCount: Int { cells.count }

    package func simulate(_ range: Range<Int>, runner: MonteCarloRunner) throws -> [DriftOutcome] {
        try DriftStudy.simulate(self, runner: runner, range: range)
    }

    package func record(_ o: DriftOutcome, index: Int) -> String {
        [
            String(index), String(o.cellIndex), String(o.trialInCell), String(o.seed.value),
            ExactDouble.encode(o.netRotationRadians), ExactDouble.encode(o.totalRotationRadians),
            ExactDouble.encode(o.driftRadians), ExactDouble.encode(o.arrowTurnRadians), String(o.skippedSamples),
        ]
        .joined(separator: ",")
    }

    package func outcome(record: String, index position: Int) -> DriftOutcome? {
        let f = record.split(separator: ",", omittingEmptySubsequences: false)
        let seed = TrialSeed(scenarioSeed: self.seed, trialIndex: UInt64(position))
        guard f.count == 9, Int(f[0]) == position, let cell = Int(f[1]), cell >= 0, cell < cells.count,
            let trial = Int(f[2]), trial == position % trialsPerCell, cell == position / trialsPerCell,
            UInt32(f[3]) == seed.value, let net = ExactDouble.decode(f[4]), let total = ExactDouble.decode(f[5]),
            let drift = ExactDouble.decode(f[6]), let arrow = ExactDouble.decode(f[7]), let skipped = PartCount.decode(f[8])
        else { return nil }
        return DriftOutcome(
            cellIndex: cell, trialInCell: trial, seed: seed, netRotationRadians: net, totalRotationRadians: total,
            driftRadians: drift, arrowTurnRadians: arrow, skippedSamples: skipped)
    }

    package func simulate(_ range: Range<Int>, runner: MonteCarloRunner, each: (Int, DriftOutcome) throws -> Void) throws {
        try DriftStudy.simulate(self, runner: runner, range: range, each: each)
    }

    package func report(feed: ((DriftOutcome) throws -> Void) throws -> Void) throws -> ReportFiles {
        try DriftReport.render(scenario: self, feed: feed)
    }

    package func report(_ outcomes: [DriftOutcome]) throws -> ReportFiles {
        let analysis = try DriftAnalysis(scenario: self, outcomes: outcomes)
        return try DriftReport.render(scenario: self, outcomes: outcomes, analysis: analysis)
    }
}

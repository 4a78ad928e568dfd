import Foundation
import MonteCarlo
import Reporting

/// A validated scenario of any study, with the content hash of everything it read.
package struct Scenario: Sendable {
    /// The study's own validated scenario (`DriftScenario`, `ShakeScenario`, …).
    package let study: any Study
    /// The scenario file, as the command named it.
    package let file: String
    /// ``ContentHash`` of the bytes of every file the scenario read, plus the seed and trials after overrides:
    /// parts of different content never merge.
    package let contentHash: String

    package init(study: any Study, file: String, contentHash: String) {
        self.study = study
        self.file = file
        self.contentHash = contentHash
    }

    package var name: String { study.name }
    /// The study's name as scenario files write it.
    package var kind: String { study.kind }
    package var seed: UInt64 { study.seed }
    package var trialsPerCell: Int { study.trialsPerCell }
    /// Trials the scenario runs in all.
    package var totalTrials: Int { study.totalTrials }
    /// Grid cells (parameter combinations) of the scenario.
    package var cellCount: Int { study.cellCount }

    /// Runs the scenario and returns its report files (nothing is written here).
    package func report(runner: MonteCarloRunner) throws -> ReportFiles { try study.report(runner: runner) }

    /// The header of this scenario's part files.
    package var partHeader: PartHeader {
        PartHeader(
            study: kind, source: file, name: name, contentHash: contentHash, seed: seed, trialsPerCell: trialsPerCell,
            files: [], totalTrials: totalTrials)
    }

    /// Writes one shard's part file to `url` as its trials finish, in index order, atomically
    /// (``PartFile/write(to:program:header:shard:trials:columns:records:)``).
    ///
    /// - Returns: the shard's trials.
    @discardableResult
    package func writePart(_ shard: ShardSpec, runner: MonteCarloRunner, to url: URL) throws -> Range<Int> {
        let range = shard.range(total: totalTrials)
        try PartFile.write(
            to: url, program: SensorBenchVersion.current, header: partHeader, shard: shard, trials: range,
            columns: study.recordColumns
        ) { sink in try study.records(range, runner: runner, sink: sink) }
        return range
    }

    /// The file name of this scenario's part of `shard`.
    package func partFileName(_ shard: ShardSpec) -> String {
        PartFile(program: "", header: partHeader, shard: shard, trials: 0..<0, columns: "", records: []).fileName
    }

    /// The full report from the records `feed` hands to its sink, in global index order (streamed).
    package func report(recordFeed feed: ((PartRecord) throws -> Void) throws -> Void) throws -> ReportFiles {
        try study.report(recordFeed: feed)
    }

    /// The full report from every trial's record, in global index order: identical to an unsharded run's.
    package func report(records: [PartRecord]) throws -> ReportFiles { try study.report(records: records) }
}

import FileFormats
import Foundation
import Reporting

/// One kind of study: how its scenarios are read, how one trial runs from its global index, how a trial's outcome
/// is written to and read back from a part file, and how the report is made from every outcome.
///
/// A new study is one conforming type plus one line in the registry (`StudyRegistry`, in Studies); the runner,
/// `run --shard`, `merge`, `validate` and `list` then serve it with no switch to extend.
package protocol Study: Sendable {
    /// One trial's result.
    associatedtype Outcome: Sendable

    /// The study's name, as scenario files write it in their `study` field and part files in their header.
    static var kind: String { get }

    /// The header line of a part file's records (column names, for a reader).
    static var recordColumns: String { get }

    /// The files its report writes, for `run --help` (checked against the shipped reports by `StudyOutputsTests`).
    static var outputs: [StudyOutput] { get }

    /// Reads and validates a scenario of this study; the `study` field has been read already.
    ///
    /// - Throws: ``InputError`` naming the file, line and field of the first problem.
    static func parse(_ reader: JSONObjectReader, source: ScenarioSource) throws(InputError) -> Self

    var name: String { get }
    /// The scenario's seed, after the command line's override.
    var seed: UInt64 { get }
    /// Trials of one grid cell (gesture studies: the timelines every setting sees), after the override.
    var trialsPerCell: Int { get }
    /// Grid cells (parameter combinations, or detector settings).
    var cellCount: Int { get }
    /// Trials the scenario runs in all; global trial indices are `0..<totalTrials`.
    var totalTrials: Int { get }

    /// Simulates the trials with global indices in `range`, in index order.
    func simulate(_ range: Range<Int>, runner: MonteCarloRunner) throws -> [Outcome]

    /// One part-file record of trial `index`, doubles as exact bit patterns (``ExactDouble``).
    func record(_ outcome: Outcome, index: Int) -> String

    /// The outcome a record of trial `index` holds; `nil` when the record does not fit this scenario.
    func outcome(record: String, index: Int) -> Outcome?

    /// Analyses every trial's outcome (in global index order) and renders the report, without writing it.
    func report(_ outcomes: [Outcome]) throws -> ReportFiles

    /// Simulates the trials with global indices in `range` and hands each outcome to `each`, in index order.
    ///
    /// The default collects ``simulate(_:runner:)``; a study whose report is reduced as outcomes arrive streams
    /// them (``MonteCarloRunner/forEach(count:inFlight:_:consume:)``), so no array of every outcome exists.
    func simulate(_ range: Range<Int>, runner: MonteCarloRunner, each: (Int, Outcome) throws -> Void) throws

    /// The report of the outcomes that `feed` hands to its sink, in global index order: identical to
    /// ``report(_:)`` of the same outcomes.
    ///
    /// The default collects them and calls ``report(_:)``; a streaming study accumulates per-cell statistics
    /// as they arrive and writes `trials.csv` to a ``SpoolFile``, so its memory does not grow with the trials.
    func report(feed: ((Outcome) throws -> Void) throws -> Void) throws -> ReportFiles
}

extension Study {
    package var kind: String { Self.kind }
    package var recordColumns: String { Self.recordColumns }

    package func simulate(_ range: Range<Int>, runner: MonteCarloRunner, each: (Int, Outcome) throws -> Void) throws {
        for (index, outcome) in zip(range, try simulate(range, runner: runner)) { try each(index, outcome) }
    }

    package func report(feed: ((Outcome) throws -> Void) throws -> Void) throws -> ReportFiles {
        var outcomes: [Outcome] = []
        try feed { outcomes.append($0) }
        return try report(outcomes)
    }

    /// Runs every trial and returns the report's files (nothing is written here).
    package func report(runner: MonteCarloRunner) throws -> ReportFiles {
        try report { sink in try simulate(0..<totalTrials, runner: runner) { _, outcome in try sink(outcome) } }
    }

    /// The full report from every trial's record, in global index order: identical to an unsharded run's.
    ///
    /// - Throws: ``InputError`` naming the file and line of the first record that does not fit the scenario.
    package func report(records: [PartRecord]) throws -> ReportFiles {
        // Every record is decoded before the report starts, so a bad record is named before any work.
        for (index, r) in records.enumerated() where outcome(record: r.text, index: index) == nil {
            throw Self.malformed(r)
        }
        return try report(recordFeed: { sink in for r in records { try sink(r) } })
    }

    /// The full report from the records `feed` hands to its sink, in global index order, each decoded as it
    /// arrives and fed to ``report(feed:)``: no array of records or outcomes exists. A record that does not fit
    /// the scenario stops the report with its file and line; nothing is written here either way.
    ///
    /// - Throws: ``InputError`` naming the file and line of the first record that does not fit the scenario, or
    ///   what `feed` throws.
    package func report(recordFeed feed: ((PartRecord) throws -> Void) throws -> Void) throws -> ReportFiles {
        try report(feed: { sink in
            try withoutActuallyEscaping(sink) { sink in
                var index = 0
                try feed { r in
                    guard let o = outcome(record: r.text, index: index) else { throw Self.malformed(r) }
                    index += 1
                    try sink(o)
                }
            }
        })
    }

    /// The error for a record that does not decode as trial outcome of this scenario.
    static func malformed(_ r: PartRecord) -> InputError {
        InputError(file: r.file, line: r.line, field: "records", problem: "malformed or inconsistent trial record")
    }

    /// Simulates the trials of `range` and hands each one's record to `sink`, in index order, as they finish
    /// (through ``simulate(_:runner:each:)``, so a streaming study holds no array of outcomes).
    package func records(_ range: Range<Int>, runner: MonteCarloRunner, sink: (String) throws -> Void) throws {
        try simulate(range, runner: runner) { index, outcome in try sink(record(outcome, index: index)) }
    }
}

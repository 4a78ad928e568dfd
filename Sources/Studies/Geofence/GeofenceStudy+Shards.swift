import FileFormats
import Foundation
import MonteCarlo
import Reporting
import Stats

/// Part-file records for geofence trials, so sharded runs merge bit for bit.
///
/// One line a trial: `index;cell;trial;seed;duration;delivered;dropped;` then seven space-separated lists (one
/// entry per watched check or place, as ``GeofenceOutcome`` holds them): true first-inside time, true minimum
/// distance, enters, exits, false enters, first enter time, first enter was false. Doubles are exact hex bit
/// patterns; an absent optional time is `-`.
extension GeofenceOutcome {
    static let recordColumns =
        "index;cell;trial;seed;duration;delivered;dropped;first_inside;min_distance;enters;exits;false_enters;first_enter;first_enter_false"

    func record(index: Int) -> String {
        let e = ExactDouble.encode
        func optional(_ values: [Double?]) -> String { values.map { $0.map(e) ?? "-" }.joined(separator: " ") }
        func ints(_ values: [Int]) -> String { values.map(String.init).joined(separator: " ") }
        return [
            String(index), String(cellIndex), String(trialInCell), String(seed.value), e(durationSeconds),
            String(fixesDelivered), String(fixesDropped), optional(trueFirstInsideSeconds),
            trueMinimumDistanceMeters.map(e).joined(separator: " "), ints(enters), ints(exits), ints(falseEnters),
            optional(firstEnterSeconds), firstEnterWasFalse.map { $0 ? "1" : "0" }.joined(separator: " "),
        ].joined(separator: ";")
    }

    /// Parses a record of trial `index`; `nil` when anything does not fit the scenario.
    init?(record: String, index: Int, scenario s: GeofenceScenario) {
        let f = record.split(separator: ";", omittingEmptySubsequences: false)
        let seed = TrialSeed(scenarioSeed: s.seed, trialIndex: UInt64(index))
        guard f.count == 14, Int(f[0]) == index, let cell = Int(f[1]), cell == index / s.trialsPerCell,
            let trial = Int(f[2]), trial == index % s.trialsPerCell, UInt32(f[3]) == seed.value,
            let duration = ExactDouble.decode(f[4]), let delivered = PartCount.decode(f[5]), let dropped = PartCount.decode(f[6])
        else { return nil }
        func items(_ text: Substring) -> [Substring] { text.isEmpty ? [] : text.split(separator: " ") }
        func optional(_ text: Substring) -> [Double?]? {
            var out: [Double?] = []
            for item in items(text) {
                if item == "-" { out.append(nil) } else if let x = ExactDouble.decode(item) { out.append(x) } else { return nil }
            }
            return out
        }
        func doubles(_ text: Substring) -> [Double]? {
            var out: [Double] = []
            for item in items(text) {
                guard let x = ExactDouble.decode(item) else { return nil }
                out.append(x)
            }
            return out
        }
        func ints(_ text: Substring) -> [Int]? {
            var out: [Int] = []
            for item in items(text) {
                guard let x = PartCount.decode(item) else { return nil }
                out.append(x)
            }
            return out
        }
        guard let firstInside = optional(f[7]), let minimum = doubles(f[8]), let enters = ints(f[9]), let exits = ints(f[10]),
            let falseEnters = ints(f[11]), let firstEnter = optional(f[12]), let wasFalse = ints(f[13])
        else { return nil }
        self.init(
            cellIndex: cell, trialInCell: trial, seed: seed, durationSeconds: duration, fixesDelivered: delivered,
            fixesDropped: dropped, trueFirstInsideSeconds: firstInside, trueMinimumDistanceMeters: minimum,
            enters: enters, exits: exits, falseEnters: falseEnters, firstEnterSeconds: firstEnter,
            firstEnterWasFalse: wasFalse.map { $0 != 0 })
    }
}

/// The geofence study as a ``Study``: one record a visit (``GeofenceOutcome/record(index:)``).
extension GeofenceScenario: Study {
    package static let kind = "geofence"

    package static let outputs: [StudyOutput] = [
        .always("trials.csv"), .always("rates.csv"), .always("summary.md"),
        StudyOutput(
            shown: "wrong-collections[-<variant>]-<environment>.svg", pattern: "wrong-collections-*.svg", when: "tours"),
        StudyOutput(
            shown: "false-triggers[-<variant>]-<environment>.svg", pattern: "false-triggers-*.svg",
            when: "two or more distances"),
        StudyOutput(
            shown: "collected-by-variant-<environment>.svg", pattern: "collected-by-variant-*.svg",
            when: "two or more place variants"),
    ]
    package static let recordColumns = GeofenceOutcome.recordColumns

    package static func parse(_ r: JSONObjectReader, source: ScenarioSource) throws(InputError) -> GeofenceScenario {
        try parse(r, file: source.file, folder: source.folder, overrides: source.overrides)
    }

    package var cellCount: Int { cells.count }

    package func simulate(_ range: Range<Int>, runner: MonteCarloRunner) throws -> [GeofenceOutcome] {
        try GeofenceStudy.simulate(self, runner: runner, range: range)
    }

    package func record(_ outcome: GeofenceOutcome, index: Int) -> String { outcome.record(index: index) }

    package func outcome(record: String, index: Int) -> GeofenceOutcome? { GeofenceOutcome(record: record, index: index, scenario: self) }

    package func simulate(_ range: Range<Int>, runner: MonteCarloRunner, each: (Int, GeofenceOutcome) throws -> Void) throws {
        try GeofenceStudy.simulate(self, runner: runner, range: range, each: each)
    }

    package func report(feed: ((GeofenceOutcome) throws -> Void) throws -> Void) throws -> ReportFiles {
        try GeofenceReport.render(scenario: self, feed: feed)
    }

    package func report(_ outcomes: [GeofenceOutcome]) throws -> ReportFiles {
        let analysis = try GeofenceAnalysis(scenario: self, outcomes: outcomes)
        return try GeofenceReport.render(scenario: self, outcomes: outcomes, analysis: analysis)
    }
}

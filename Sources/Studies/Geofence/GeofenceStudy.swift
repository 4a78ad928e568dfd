import DetectionCore
import FileFormats
import Foundation
import MonteCarlo
import Reporting

/// Runs a geofence scenario end to end: trials on all cores, metrics, report files.
package enum GeofenceStudy {
    /// Simulates the trials with global indices in `range` (default: all), in global trial order.
    package static func simulate(
        _ s: GeofenceScenario, runner: MonteCarloRunner, range: Range<Int>? = nil
    ) throws -> [GeofenceOutcome] {
        let perCell = s.trialsPerCell
        let range = range ?? 0..<s.totalTrials
        return try runner.run(count: range.count) { offset in
            let index = range.lowerBound + offset
            return try GeofenceTrial.run(cell: s.cells[index / perCell], trialInCell: index % perCell, globalIndex: index, scenario: s)
        }
    }

    /// Simulates the trials with global indices in `range` and hands each outcome to `each` in index order, as
    /// the runner finishes them (at most a few per job held at once).
    package static func simulate(
        _ s: GeofenceScenario, runner: MonteCarloRunner, range: Range<Int>, each: (Int, GeofenceOutcome) throws -> Void
    ) throws {
        let perCell = s.trialsPerCell
        try runner.forEach(count: range.count) { offset in
            let index = range.lowerBound + offset
            return try GeofenceTrial.run(cell: s.cells[index / perCell], trialInCell: index % perCell, globalIndex: index, scenario: s)
        } consume: { offset, outcome in
            try each(range.lowerBound + offset, outcome)
        }
    }

    /// Simulates, analyses and renders, streaming (``GeofenceReport/render(scenario:feed:)``); returns the
    /// report's files without writing them.
    package static func report(_ s: GeofenceScenario, runner: MonteCarloRunner) throws -> ReportFiles {
        try GeofenceReport.render(scenario: s) { sink in
            try simulate(s, runner: runner, range: 0..<s.totalTrials) { _, outcome in try sink(outcome) }
        }
    }

    /// The fixes of the scenario's first cell's first trial (with its jitter and accuracy), as a GPX track.
    package static func exportGPX(_ s: GeofenceScenario) throws -> String {
        var sink = CollectFixes()
        guard let cell = s.cells.first else { throw InputError(file: s.file, field: "grid", problem: "has no cells") }
        _ = try GeofenceTrial.run(cell: cell, trialInCell: 0, globalIndex: 0, scenario: s, sink: &sink)
        let points = sink.fixes.map {
            GPXWriter.Point(
                coordinate: $0.coordinate, timeSeconds: $0.timestampSeconds,
                horizontalAccuracyMeters: $0.horizontalAccuracyMeters)
        }
        return try GPXWriter.renderTrack(
            points, creator: "sensorbench \(SensorBenchVersion.current) (\(s.name))",
            trackName: "\(s.name), first trial (simulated)")
    }
}

/// Keeps every fix (for the GPX export of one trial).
struct CollectFixes: GeofenceFixSink {
    var fixes: [LocationFix] = []
    mutating func receive(_ fix: LocationFix) { fixes.append(fix) }
}

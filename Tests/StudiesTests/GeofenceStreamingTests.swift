import Foundation
import MonteCarlo
import TestSupport
import Testing

@testable import Studies

@Suite struct GeofenceStreamingTests {
    func load(_ json: String) throws -> (URL, GeofenceScenario) {
        let (folder, path) = try geofenceScenarioFile(json)
        let s = try #require(try ScenarioFile.load(path: path).study as? GeofenceScenario)
        return (folder, s)
    }

    /// The streamed report (trials reduced as they finish, `trials.csv` on a spool) is byte for byte the report
    /// of the whole array of outcomes, and identical for 1 and 4 jobs.
    @Test func streamedReportEqualsTheInMemoryOneForAnyJobs() throws {
        let (folder, s) = try load(smallGeofenceScenario(trials: 9, distances: "[20, 45, 80]"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcomes = try GeofenceStudy.simulate(s, runner: MonteCarloRunner(jobs: 1))
        let reference = try GeofenceReport.render(
            scenario: s, outcomes: outcomes, analysis: try GeofenceAnalysis(scenario: s, outcomes: outcomes))
        for jobs in [1, 4] {
            let streamed = try s.report(runner: MonteCarloRunner(jobs: jobs))
            #expect(streamed.paths == reference.paths)
            for path in reference.paths {
                #expect(streamed.contents(of: path) == reference.contents(of: path), "\(path) differs, \(jobs) jobs")
            }
        }
        // One row per visit and place of interest (the target only, here), after the header.
        #expect(reference.contents(of: "trials.csv")?.split(separator: "\n").count == 1 + 27 * s.placesOfInterest.count)
    }

    /// Times to trigger spilled to disk after one value give the same rows as kept in memory: every median and
    /// 95th percentile bit for bit (the 20 m cell triggers in most visits, so there are times to select from).
    @Test func spilledTimesGiveTheSameRows() throws {
        let (folder, s) = try load(smallGeofenceScenario(trials: 12, distances: "[20, 30]"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcomes = try GeofenceStudy.simulate(s, runner: MonteCarloRunner(jobs: 2))
        var spilled = GeofenceAnalysis.Accumulator(scenario: s, memoryLimit: 1)
        for o in outcomes { try spilled.add(o) }
        let a = try spilled.finish()
        let b = try GeofenceAnalysis(scenario: s, outcomes: outcomes)
        #expect(a.rows.count == b.rows.count)
        #expect(b.rows.contains { $0.timeToTriggerMedianSeconds != nil })
        for (x, y) in zip(a.rows, b.rows) {
            #expect(x.timeToTriggerMedianSeconds?.bitPattern == y.timeToTriggerMedianSeconds?.bitPattern)
            #expect(x.timeToTriggerP95Seconds?.bitPattern == y.timeToTriggerP95Seconds?.bitPattern)
            #expect(x.visits == y.visits && x.missedVisits == y.missedVisits && x.falseTriggers == y.falseTriggers)
        }
    }
}
